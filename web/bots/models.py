"""Bots and their versions.

A bot belongs to one game.  Each version is either a built-in agent of
``arena.agents`` (by name) or an uploaded file, kept under ``MEDIA_ROOT`` with
a generated name (the uploader's file name is only recorded, never used as a
path) and readable by the platform's user only.
"""
import uuid

from django.conf import settings
from django.db import models


class Bot(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="bots", help_text="empty for the house's built-in bots")
    game = models.CharField(max_length=32, db_index=True)
    name = models.CharField(max_length=64)
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    deleted_at = models.DateTimeField(null=True, blank=True,
                                      help_text="when it was retired: it keeps its history but plays no more")
    anonymised_at = models.DateTimeField(null=True, blank=True,
                                         help_text="deleted by its owner after it had played: its name, "
                                                   "owner and files are gone, its matches stay")
    others_may_enter = models.BooleanField(
        default=False, help_text="whether other people may enter it in their tournaments (its owner decides)")
    active_version = models.ForeignKey("BotVersion", null=True, blank=True, on_delete=models.SET_NULL,
                                       related_name="+", help_text="the passed version its owner chose to "
                                                                   "play; empty: the newest passed version")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "name"], name="bot_unique_name_per_game")]
        ordering = ["game", "name"]

    def __str__(self):
        return f"{self.name} ({self.game})"

    @property
    def is_deleted(self):
        """Retired (by its owner, or when deleted with a history): it plays no more."""
        return self.deleted_at is not None

    @property
    def is_builtin(self):
        """One of the platform's own bots: no owner, and not a person's bot deleted after it played."""
        return self.owner_id is None and self.anonymised_at is None


def _upload_path(instance, filename):
    lower = filename.lower()
    # the kind of bot is read from the suffix: a bare executable keeps none
    suffix = ".zip" if lower.endswith(".zip") else ".py" if lower.endswith(".py") else ""
    return f"bots/{instance.bot_id}/{uuid.uuid4().hex}{suffix}"


class BotVersion(models.Model):
    class Kind(models.TextChoices):
        BUILTIN = "builtin"
        UPLOAD = "upload"

    class Status(models.TextChoices):
        """Validation: an uploaded version is ``pending`` until it has played the validation
        matches of ``arena validate``; only a ``passed`` version enters rated play."""
        PENDING = "pending"
        PASSED = "passed"
        FAILED = "failed"

    bot = models.ForeignKey(Bot, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    builtin_name = models.CharField(max_length=64, blank=True)
    file = models.FileField(upload_to=_upload_path, blank=True)
    original_name = models.CharField(max_length=255, blank=True)
    sha256 = models.CharField(max_length=64, blank=True)
    size = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    validation_problem = models.TextField(blank=True, help_text="why it failed validation, in one sentence")
    validation_verdict = models.JSONField(null=True, blank=True,
                                          help_text="the validation matches: seat, status, reason, decisions")
    validation_log = models.TextField(blank=True, help_text="the bot's error output in its validation, capped; "
                                                            "shown to its owner only")
    created_at = models.DateTimeField(auto_now_add=True)
    validated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bot", "number"], name="botversion_unique_number"),
            models.CheckConstraint(
                condition=(models.Q(kind="builtin") & ~models.Q(builtin_name=""))
                | (models.Q(kind="upload") & models.Q(builtin_name="")),
                name="botversion_builtin_has_name"),
        ]
        # By the column, not the relation: ordering by ``bot`` would follow Bot's own ordering and join
        # ``bots_bot`` into every query of versions, where a subquery's join shadows the outer bot that
        # ``OuterRef`` names (every bot then resolved to one bot's chosen version).
        ordering = ["bot_id", "-number"]

    def __str__(self):
        return f"{self.bot.name} v{self.number}"

    @property
    def agent_ref(self):
        """What the match engine adapter needs to build the agent of this version."""
        if self.kind == self.Kind.BUILTIN:
            return {"kind": "builtin", "name": self.builtin_name}
        return {"kind": "upload", "path": self.file.path if self.file else "", "sha256": self.sha256}

"""Bots and their versions.

A bot belongs to one game.  Each version is either a built-in agent of
``arena.agents`` (by name) or an uploaded file.  An uploaded file is kept by
its content's address, the sha256 of its bytes, in the blob store
(``web.bots.blobs``: the database's ``BotBlob`` table by default, or an
S3-compatible store), never on a disk the web server and the workers would
have to share; the uploader's file name is only recorded, never used as a
path.  A worker fetches the bytes by their sha256 into a cache of its own
(``web.bots.files``).
"""
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


class BotBlob(models.Model):
    """The bytes of an uploaded bot file, by their sha256: one row for every version that has these
    bytes (uploading the same file twice stores it once).  Used by the database blob store, the
    default; with an S3-compatible store the table stays empty."""
    sha256 = models.CharField(max_length=64, primary_key=True)
    content = models.BinaryField()
    size = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.sha256[:12]} ({self.size:,} bytes)"


def upload_suffix(filename):
    """The suffix an uploaded file is run under: the kind of bot is read from it (``.py``, ``.zip``;
    a bare executable keeps none)."""
    lower = filename.lower()
    return ".zip" if lower.endswith(".zip") else ".py" if lower.endswith(".py") else ""


def _upload_path(instance, filename):
    """Where the file of the first migrations went under ``MEDIA_ROOT`` (named by those migrations;
    migration 0006 moved every such file into the blob store)."""
    return f"bots/{instance.bot_id}/{filename}"


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
    file_suffix = models.CharField(max_length=8, blank=True,
                                   help_text="the suffix its file runs under: .py, .zip, or empty (an executable)")
    original_name = models.CharField(max_length=255, blank=True)
    sha256 = models.CharField(max_length=64, blank=True, db_index=True,
                              help_text="its file's address in the blob store (an upload)")
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
        return {"kind": "upload", "sha256": self.sha256, "suffix": self.file_suffix}

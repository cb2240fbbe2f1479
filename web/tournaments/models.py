"""Tournaments: a format, participants (bot versions frozen at the start), rounds and standings."""
from django.conf import settings
from django.db import models


class Tournament(models.Model):
    class Format(models.TextChoices):
        """The formats of ``arena.tournaments`` (docs/tournaments.md)."""
        TABLES = "tables", "rounds of tables, each a full rotation"
        ROUND_ROBIN = "round-robin", "round robin (two players)"
        SWISS = "swiss", "Swiss (two players)"
        SINGLE_ELIM = "single-elim", "single elimination (duels, or tables whose best go through)"
        DOUBLE_ELIM = "double-elim", "double elimination (two players)"
        STORY = "story", "story campaign (one bot, chapter by chapter against an automaton level)"

    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"
        CANCELLED = "cancelled"

    name = models.CharField(max_length=120)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="tournaments")
    game = models.CharField(max_length=32)
    format = models.CharField(max_length=32, choices=Format.choices)
    players_per_match = models.PositiveSmallIntegerField()
    games_per_pairing = models.PositiveSmallIntegerField(
        default=1, help_text="games per pairing; a story campaign: the attempts per chapter")
    rounds_planned = models.PositiveSmallIntegerField(
        default=1, help_text="rounds of tables or of Swiss; 0 when the format decides (knock-outs)")
    options = models.JSONField(default=dict, help_text="its matches' options; a story campaign: the automaton "
                                                        "level it plays against")
    seed = models.BigIntegerField()
    official = models.BooleanField(
        default=False, help_text="made official by staff: its matches feed the pools' published ratings; otherwise "
                                 "its entrants are rated inside the tournament only")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    standings = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self):
        return f"{self.name} ({self.game})"


class TournamentParticipant(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="participants")
    bot = models.ForeignKey("bots.Bot", on_delete=models.PROTECT, related_name="tournament_entries")
    bot_version = models.ForeignKey("bots.BotVersion", on_delete=models.PROTECT,
                                    related_name="tournament_entries")
    number = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "bot"], name="participant_unique_bot"),
            models.UniqueConstraint(fields=["tournament", "number"], name="participant_unique_number"),
        ]
        ordering = ["tournament", "number"]


class TournamentRound(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running"
        DONE = "done"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number")]
        ordering = ["tournament", "number"]

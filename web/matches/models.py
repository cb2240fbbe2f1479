"""Matches: one row per game to play, with a status machine and a lease.

``queued -> running -> done``, or ``error`` once its attempts are used up or
the match itself cannot be played.  A worker moves a match to ``running``
only with a conditional update that also writes a fresh ``lease_token``; the
result is stored only by the holder of that token while the match is still
``running``, so a match is finished exactly once whatever happens to workers
and to the broker.
"""
from django.conf import settings
from django.db import models

from web.matches.fields import ReplayField

# How the error of a match stopped by an unexpected exception of the platform starts: its reason
# (the exception) is shown to staff only.
INTERNAL_ERROR_PREFIX = "internal error while "


class Match(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        ERROR = "error"

    class Kind(models.TextChoices):
        LADDER = "ladder"
        TOURNAMENT = "tournament"
        CHALLENGE = "challenge"
        MANUAL = "manual"
        TABLE = "table"   # people sit at it, with bots or not (web.tables): played by the tables' workers
        # two versions of one bot in paired games (web.version_tests): never rated
        VERSION_TEST = "version_test", "Version test"

    game = models.CharField(max_length=32)
    rules_version = models.CharField(max_length=32)
    options = models.JSONField(default=dict)
    rating_pool = models.ForeignKey("ratings.Pool", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+",
                                    help_text="where its ratings go, from its game, rules version, seats and "
                                              "options when it is created")
    rated = models.BooleanField(
        default=True, help_text="whether it feeds its pool's published rating: a ladder match does, a tournament's "
                                "only when staff made the tournament official, a challenge's only when it "
                                "was created rated (web.matches.services.feeds_pool)")
    seed = models.BigIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.MANUAL)
    tournament_round = models.ForeignKey("tournaments.TournamentRound", null=True, blank=True,
                                         on_delete=models.PROTECT, related_name="matches")
    challenge = models.ForeignKey("challenges.Challenge", null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="matches")
    table_key = models.CharField(max_length=200, blank=True,
                                 help_text="a tournament's or challenge's match: the key of its table in the schedule")

    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveIntegerField(default=0, help_text="times a worker claimed it")
    lease_token = models.UUIDField(null=True, blank=True)
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    worker = models.CharField(max_length=255, blank=True)
    error = models.TextField(blank=True)

    result = models.JSONField(null=True, blank=True)
    replay = ReplayField(null=True, blank=True)
    steps = models.PositiveIntegerField(null=True, blank=True)
    engine_seconds = models.FloatField(null=True, blank=True, help_text="time spent playing, bots included")

    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(help_text="when its task was last published")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "queued_at"], name="match_status_queued"),
            models.Index(fields=["status", "lease_expires_at"], name="match_status_lease"),
            models.Index(fields=["game", "status", "-finished_at"], name="match_game_finished"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(status="running") | models.Q(lease_token__isnull=False),
                name="match_running_has_lease"),
            models.CheckConstraint(
                condition=~models.Q(status="done") | models.Q(result__isnull=False),
                name="match_done_has_result"),
        ]
        ordering = ["-id"]

    def __str__(self):
        return f"match {self.pk} ({self.game}, {self.status})"

    @property
    def is_finished(self):
        return self.status in (self.Status.DONE, self.Status.ERROR)


class MatchSeat(models.Model):
    class Status(models.TextChoices):
        PENDING = "", "not played yet"
        OK = "ok"
        TIMEOUT = "timeout"
        CRASH = "crash"
        ILLEGAL = "illegal"
        LIMIT = "limit"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    # A seat is played by a bot (its version) or, at a table (``Match.Kind.TABLE``), by a person.
    bot = models.ForeignKey("bots.Bot", null=True, blank=True, on_delete=models.PROTECT, related_name="seats")
    bot_version = models.ForeignKey("bots.BotVersion", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="seats")
    person = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="match_seats", help_text="the person who played it in the browser")
    status = models.CharField(max_length=16, choices=Status.choices, blank=True, default="")
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    team = models.CharField(max_length=32, blank=True)
    reason = models.TextField(blank=True, help_text="why the seat forfeited (its status); shown to its owner only")
    log = models.TextField(blank=True, help_text="the bot's own output, capped; shown to its owner only")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="matchseat_unique_seat"),
            models.CheckConstraint(
                condition=(models.Q(bot__isnull=False, bot_version__isnull=False, person__isnull=True)
                           | models.Q(bot__isnull=True, bot_version__isnull=True, person__isnull=False)),
                name="matchseat_bot_or_person"),
        ]
        indexes = [models.Index(fields=["bot", "match"], name="matchseat_bot_match")]
        ordering = ["match", "seat"]

    def __str__(self):
        return f"match {self.match_id} seat {self.seat}"

    @property
    def player_name(self):
        """Who played the seat: its bot's name, or the person's name."""
        return self.bot.name if self.bot_id is not None else self.person.username

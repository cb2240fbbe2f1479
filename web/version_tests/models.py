"""Version tests: is a bot's new version stronger than its old one?  Paired games until an SPRT decides.

A version test freezes the two versions, the table and the test's settings when it starts, then
plays *pairs* of games (``arena.version_test.pair_tables``: one seed, the two versions' seats
swapped in the second game, every other seat a built-in player) as matches of their own kind
(``Match.Kind.VERSION_TEST``: never rated), a few pairs at a time, until the sequential
probability ratio test accepts H0 or H1 or the game limit is reached.  The tally (pentanomial
counts, LLR after each pair) is stored on the test; the matches it played are its ``games``.
"""
from django.conf import settings
from django.db import models

# The most games one version test may be given (the owner's daily cap bounds it further).
MAX_GAMES_LIMIT = 100_000


class VersionTest(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        ACCEPTED_H1 = "h1", "accepted H1"
        ACCEPTED_H0 = "h0", "accepted H0"
        LIMIT = "limit", "stopped at its game limit"
        CANCELLED = "cancelled", "cancelled"
        FAILED = "failed", "failed"

    LIVE = (Status.QUEUED, Status.RUNNING)

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="version_tests")
    # A bot deleted before any of its games was played takes its tests with it (a test whose games
    # were played keeps the bot: it is anonymised, never deleted).
    bot = models.ForeignKey("bots.Bot", on_delete=models.CASCADE, related_name="version_tests")
    game = models.CharField(max_length=32)
    new_version = models.ForeignKey("bots.BotVersion", on_delete=models.CASCADE, related_name="+",
                                    help_text="the version on trial: is it stronger than the old one?")
    old_version = models.ForeignKey("bots.BotVersion", on_delete=models.CASCADE, related_name="+")
    seats = models.PositiveSmallIntegerField(help_text="seats at each game's table, both versions included")
    options = models.JSONField(default=dict)
    other_version = models.ForeignKey("bots.BotVersion", null=True, blank=True, on_delete=models.CASCADE,
                                      related_name="+",
                                      help_text="at tables of more than two: the built-in player in every other seat")
    elo0 = models.FloatField(help_text="H0: the new version is this many Elo stronger")
    elo1 = models.FloatField(help_text="H1: the new version is this many Elo stronger")
    alpha = models.FloatField(help_text="the rate of accepting H1 when H0 holds")
    beta = models.FloatField(help_text="the rate of accepting H0 when H1 holds")
    max_games = models.PositiveIntegerField(help_text="the test stops undecided after this many games")
    seed = models.BigIntegerField(help_text="pair p plays on seed + p")

    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    pairs_queued = models.PositiveIntegerField(default=0, help_text="pairs whose matches were created")
    pentanomial = models.JSONField(default=list, help_text="pairs by the new version's score: 0, 1/2, 1, 3/2, 2")
    trinomial = models.JSONField(default=list, help_text="games the new version lost, drew, won")
    llr_history = models.JSONField(default=list, help_text="the log-likelihood ratio after each pair")
    errored_pairs = models.PositiveIntegerField(default=0, help_text="pairs with a game in error: not counted")
    verdict = models.TextField(blank=True)
    error = models.TextField(blank=True, help_text="why a failed test stopped")

    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["bot"], condition=models.Q(status__in=["queued", "running"]),
                                    name="version_test_one_running_per_bot"),
        ]
        indexes = [models.Index(fields=["owner", "-created_at"], name="version_test_owner_created")]

    def __str__(self):
        return f"version test {self.pk} ({self.bot_id}: v{self.new_version_id} vs v{self.old_version_id})"

    @property
    def is_live(self):
        return self.status in self.LIVE


class VersionTestGame(models.Model):
    """One match of a version test: game ``leg`` (0 or 1) of pair ``pair``, and where each version sat."""
    test = models.ForeignKey(VersionTest, on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField("matches.Match", on_delete=models.CASCADE, related_name="version_test_game")
    pair = models.PositiveIntegerField()
    leg = models.PositiveSmallIntegerField()
    new_seat = models.PositiveSmallIntegerField()
    old_seat = models.PositiveSmallIntegerField()
    counted = models.BooleanField(default=False, help_text="its pair is in the tally (or was set aside in error)")

    class Meta:
        ordering = ["test", "pair", "leg"]
        constraints = [models.UniqueConstraint(fields=["test", "pair", "leg"], name="version_test_game_unique_leg")]

"""Ratings: an append-only history per bot and rating pool, and the current value of each.

A pool (``Pool``) is one leaderboard: a game, its rules version and the values of the options
that split pools (``arena.games.Game.rating_pool``), keyed by text such as
``risques@1.2[mode=duel]``.  Every match records its pool when it is created; its ratings go
there.  A pool of kind ``score`` (one bot seat against the game's automata) rates by mean score:
its rows keep the running mean as ``rating``, the sum of squared deviations as ``score_m2`` and
the results against each automaton level in ``automata``.

Each finished match appends one ``live`` entry per bot that played it (a
unique constraint on (match, bot) makes counting a match twice impossible);
each refit appends one ``fit`` entry per bot with the published rating and its
interval.  ``CurrentRating`` is the latest value, kept in the same
transaction as the entry that changed it, so leaderboards read one row per bot.
"""
from django.db import models


class Pool(models.Model):
    class Kind(models.TextChoices):
        RANKS = "ranks"
        TEAMS = "teams"
        SCORE = "score"

    key = models.CharField(max_length=200, primary_key=True)
    game = models.CharField(max_length=32, db_index=True)
    rules_version = models.CharField(max_length=32)
    splits = models.JSONField(default=dict, help_text="the splitting options' canonical values")
    kind = models.CharField(max_length=8, choices=Kind.choices)

    class Meta:
        ordering = ["game", "key"]

    def __str__(self):
        return self.key

    @property
    def label(self):
        """What a reader picks the pool by: its splitting options (and "solo"), or its rules version."""
        parts = [f"{name} {value}" for name, value in self.splits.items()]
        if self.kind == self.Kind.SCORE:
            parts.append("solo")
        return ", ".join(parts) or f"rules {self.rules_version}"


class RatingEntry(models.Model):
    class Kind(models.TextChoices):
        LIVE = "live"
        FIT = "fit"

    bot = models.ForeignKey("bots.Bot", on_delete=models.PROTECT, related_name="rating_entries")
    game = models.CharField(max_length=32)
    pool = models.ForeignKey(Pool, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    match = models.ForeignKey("matches.Match", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="rating_entries")
    rating = models.FloatField()
    delta = models.FloatField(default=0.0)
    low = models.FloatField(null=True, blank=True)
    high = models.FloatField(null=True, blank=True)
    games = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "bot"], condition=models.Q(match__isnull=False),
                                    name="ratingentry_once_per_match_and_bot"),
            models.CheckConstraint(condition=~models.Q(kind="live") | models.Q(match__isnull=False),
                                   name="ratingentry_live_has_match"),
        ]
        indexes = [models.Index(fields=["bot", "pool", "-id"], name="ratingentry_bot_history")]
        ordering = ["-id"]

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("rating entries are append-only")
        super().save(*args, **kwargs)


# A rating is provisional until its 95% interval is narrower than PROVISIONAL_WIDTH Elo points or
# its bot has played PROVISIONAL_GAMES games in the pool (a score pool: SCORE_PROVISIONAL_GAMES
# games, its t interval being wide and unstable before).  200 points is the gap at which one bot
# wins about three games in four against another: a narrower interval places a bot among its
# neighbours; 50 games bound how long a bot in games that say little about each seat (a member
# of a large hidden team) stays apart.
PROVISIONAL_WIDTH = 200.0
PROVISIONAL_GAMES = 50
SCORE_PROVISIONAL_GAMES = 10


def provisional_q():
    """The rows of ``CurrentRating`` that are provisional, as a filter (for ordering boards)."""
    settled = models.Q(games__gte=PROVISIONAL_GAMES) | models.Q(
        low__isnull=False, high__isnull=False, high__lt=models.F("low") + PROVISIONAL_WIDTH)
    score_settled = models.Q(games__gte=SCORE_PROVISIONAL_GAMES)
    return (models.Q(pool__kind="score") & ~score_settled) | (~models.Q(pool__kind="score") & ~settled)


class CurrentRating(models.Model):
    bot = models.ForeignKey("bots.Bot", on_delete=models.PROTECT, related_name="current_ratings")
    game = models.CharField(max_length=32)
    pool = models.ForeignKey(Pool, on_delete=models.PROTECT, related_name="+")
    rating = models.FloatField(help_text="a score pool: the mean score")
    low = models.FloatField(null=True, blank=True)
    high = models.FloatField(null=True, blank=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    score_m2 = models.FloatField(default=0.0, help_text="a score pool: the sum of squared deviations "
                                                         "from the mean score (Welford)")
    automata = models.JSONField(default=dict, blank=True,
                                help_text='a score pool: {"<level>": {"name", "games", "wins"}}, a win being '
                                          "a finish strictly above that automaton")
    updated_at = models.DateTimeField(auto_now=True)

    @property
    def provisional(self):
        """Too few games or too wide an interval to be placed among the others (``provisional_q``)."""
        if self.pool.kind == Pool.Kind.SCORE:
            return self.games < SCORE_PROVISIONAL_GAMES
        narrow = self.low is not None and self.high is not None and self.high - self.low < PROVISIONAL_WIDTH
        return not (narrow or self.games >= PROVISIONAL_GAMES)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["bot", "pool"], name="currentrating_unique")]
        indexes = [models.Index(fields=["pool", "-rating"], name="currentrating_board")]

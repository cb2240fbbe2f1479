"""Ratings: an append-only history per bot and game, and the current value of each.

Each finished match appends one ``live`` entry per bot that played it (a
unique constraint on (match, bot) makes counting a match twice impossible);
each refit appends one ``fit`` entry per bot with the published rating and its
interval.  ``CurrentRating`` is the latest value, kept in the same
transaction as the entry that changed it, so leaderboards read one row per bot.
"""
from django.db import models


class RatingEntry(models.Model):
    class Kind(models.TextChoices):
        LIVE = "live"
        FIT = "fit"

    bot = models.ForeignKey("bots.Bot", on_delete=models.PROTECT, related_name="rating_entries")
    game = models.CharField(max_length=32)
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
        indexes = [models.Index(fields=["bot", "game", "-id"], name="ratingentry_bot_history")]
        ordering = ["-id"]

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("rating entries are append-only")
        super().save(*args, **kwargs)


class CurrentRating(models.Model):
    bot = models.ForeignKey("bots.Bot", on_delete=models.PROTECT, related_name="current_ratings")
    game = models.CharField(max_length=32)
    rating = models.FloatField()
    low = models.FloatField(null=True, blank=True)
    high = models.FloatField(null=True, blank=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["bot", "game"], name="currentrating_unique")]
        indexes = [models.Index(fields=["game", "-rating"], name="currentrating_board")]

"""Challenges: a bot's owner asks for a number of games against opponents of their choosing.

A challenge freezes the versions that play when it is created and queues all
its games at once, as matches (``Match.challenge``) played by the workers like
any other; its progress and results are read from those matches.  Unrated
unless its owner asked for a rated one, which ``web.challenges.services``
allows only against opponents rated at or above the challenger (docs/challenges.md).
"""
from django.conf import settings
from django.db import models

# The most games one challenge asks for.
MAX_GAMES = 20


class Challenge(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="challenges")
    game = models.CharField(max_length=32)
    bot = models.ForeignKey("bots.Bot", on_delete=models.PROTECT, related_name="challenges",
                            help_text="the challenger: a bot of the owner's")
    bot_version = models.ForeignKey("bots.BotVersion", on_delete=models.PROTECT, related_name="challenges")
    seats = models.PositiveSmallIntegerField(help_text="seats at each game's table, the challenger's included")
    games = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    rated = models.BooleanField(default=False, help_text="whether its matches feed their pool's published rating")
    rating = models.FloatField(null=True, blank=True,
                               help_text="a rated challenge: the challenger's rating in the pool when it was created")
    seed = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["owner", "-created_at"], name="challenge_owner_created")]

    def __str__(self):
        return f"challenge {self.pk} ({self.game})"


class ChallengeOpponent(models.Model):
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="opponents")
    bot = models.ForeignKey("bots.Bot", on_delete=models.PROTECT, related_name="challenged")
    bot_version = models.ForeignKey("bots.BotVersion", on_delete=models.PROTECT, related_name="challenged")
    number = models.PositiveSmallIntegerField(help_text="its place in the order the owner chose them, from 1")
    rating = models.FloatField(null=True, blank=True,
                               help_text="a rated challenge: its rating in the pool when the challenge was created")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["challenge", "bot"], name="challenge_opponent_unique_bot"),
            models.UniqueConstraint(fields=["challenge", "number"], name="challenge_opponent_unique_number"),
        ]
        ordering = ["challenge", "number"]

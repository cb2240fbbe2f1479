"""What a game's own play reveals about its balance, per player count: the site's ladder matches
and self-play between the built-in players, each as the report of ``arena.balance``."""
from django.db import models


class BalanceReport(models.Model):
    class Source(models.TextChoices):
        LADDER = "ladder", "ladder matches"
        SELF_PLAY = "self_play", "self-play"

    game = models.CharField(max_length=32)
    players = models.PositiveSmallIntegerField()
    source = models.CharField(max_length=16, choices=Source.choices)
    rules_version = models.CharField(max_length=32)
    games = models.PositiveIntegerField(help_text="games the report counts")
    first_played_at = models.DateTimeField(null=True, blank=True, help_text="ladder: the oldest match counted")
    last_played_at = models.DateTimeField(null=True, blank=True, help_text="ladder: the newest match counted")
    computed_at = models.DateTimeField(auto_now=True)
    report = models.JSONField(help_text="arena.balance's report: win rates with 95% intervals by seat and facts")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "players", "source"], name="one_report_per_table")]
        ordering = ["game", "players", "source"]

    def __str__(self):
        return f"{self.game} {self.players}p {self.source}: {self.games} games"

"""Tables: a game people sit at in the browser, with bots in the other seats or not.

A table is created by a person, who takes one seat, gives some seats to bots and leaves the
others open for people who follow its link.  While a seat is open the table is ``open``; once
every seat is taken it is ``started``: its match is created (``Match.Kind.TABLE``) and played by
the tables' workers (``web.tables.runner``).  What happens then (queued, playing, finished) is
the match's status; the table keeps who sat where.
"""
from django.conf import settings
from django.db import models


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "waiting for people"
        STARTED = "started", "started"
        CANCELLED = "cancelled", "cancelled"

    game = models.CharField(max_length=32)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tables")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    clock_seconds = models.FloatField(help_text="a person's time for each decision, past which the seat forfeits")
    match = models.OneToOneField("matches.Match", null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="table")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["game", "status"], name="table_game_status")]
        ordering = ["-id"]

    def __str__(self):
        return f"table {self.pk} ({self.game}, {self.status})"


class TableSeat(models.Model):
    """A seat: a bot's (``bot``), or a person's (``person``, empty while the seat is open)."""
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    bot = models.ForeignKey("bots.Bot", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    person = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="table_seats")
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="tableseat_unique_seat"),
            models.UniqueConstraint(fields=["table", "person"], condition=models.Q(person__isnull=False),
                                    name="tableseat_one_seat_per_person"),
            models.CheckConstraint(condition=models.Q(bot__isnull=True) | models.Q(person__isnull=True),
                                   name="tableseat_bot_or_person"),
        ]
        ordering = ["table", "seat"]

    def __str__(self):
        return f"table {self.table_id} seat {self.seat}"

    @property
    def is_bot(self):
        return self.bot_id is not None

    @property
    def is_open(self):
        return self.bot_id is None and self.person_id is None

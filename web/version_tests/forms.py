"""The version test form on a bot's page: two of its passed versions, the hypotheses, the game limit."""
from django import forms

from web.bots.models import BotVersion
from web.version_tests.models import MAX_GAMES_LIMIT
from web.version_tests.services import ELO_BOUND


class VersionTestForm(forms.Form):
    new = forms.TypedChoiceField(coerce=int, label="New version", help_text="the version on trial")
    old = forms.TypedChoiceField(coerce=int, label="Old version", help_text="the version it must beat")
    elo0 = forms.FloatField(label="H0 (Elo)", initial=0.0, min_value=-ELO_BOUND, max_value=ELO_BOUND,
                            help_text="the new version is this much stronger (usually 0)")
    elo1 = forms.FloatField(label="H1 (Elo)", initial=5.0, min_value=-ELO_BOUND, max_value=ELO_BOUND,
                            help_text="the new version is this much stronger (greater than H0)")
    max_games = forms.IntegerField(label="Game limit", initial=2000, min_value=2, max_value=MAX_GAMES_LIMIT,
                                   help_text="the test stops undecided after this many games")

    def __init__(self, *args, bot, **kwargs):
        super().__init__(*args, **kwargs)
        passed = list(bot.versions.filter(status=BotVersion.Status.PASSED).order_by("-number"))
        choices = [(v.number, f"v{v.number}") for v in passed]
        self.fields["new"].choices = choices
        self.fields["old"].choices = choices
        if len(passed) >= 2 and not self.is_bound:
            self.initial.setdefault("new", passed[0].number)
            self.initial.setdefault("old", passed[1].number)
        self.enough_versions = len(passed) >= 2

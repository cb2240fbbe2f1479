"""The tournament form: the entrants are the passed bots of the chosen game the organiser may enter."""
from django import forms

from web.bots import selectors as bot_selectors
from web.bots.forms import game_choices
from web.games import catalog
from web.tournaments.models import Tournament

MAX_ENTRANTS = 64


class BotChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, bot):
        return f"{bot.name} ({bot.owner.username if bot.owner_id else 'house'})"


class TournamentCreateForm(forms.Form):
    name = forms.CharField(max_length=120, required=False, help_text="optional")
    game = forms.ChoiceField(choices=game_choices)
    format = forms.ChoiceField(choices=Tournament.Format.choices, initial=Tournament.Format.TABLES)
    bots = BotChoiceField(queryset=None, widget=forms.CheckboxSelectMultiple,
                          help_text="bots with a version that passed validation: the house's, yours, and those whose "
                                    "owners let others enter them")
    games_per_pairing = forms.IntegerField(min_value=1, max_value=100, initial=1)
    players_per_match = forms.IntegerField(min_value=1, max_value=7, required=False,
                                           help_text="seats per table; empty: as many as the game and the "
                                                     "entrants allow")
    rounds = forms.IntegerField(min_value=1, max_value=100, required=False,
                                help_text="rounds of tables or of Swiss; empty: the format's default")
    level = forms.IntegerField(required=False, label="Ghost level",
                               help_text="story campaign: the level of the automaton every chapter is played against")
    attempts = forms.IntegerField(min_value=1, required=False, label="Attempts per chapter",
                                  help_text="story campaign: times a chapter may be played, retries after a defeat "
                                            "(empty: 1)")

    def __init__(self, *args, game, organiser=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["bots"].queryset = bot_selectors.enterable_bots(game=game, organiser=organiser).select_related("owner")
        campaign = catalog.campaign(game)
        self.campaign = campaign
        if campaign is None:   # only a game that declares a campaign offers the story format
            self.fields["format"].choices = [choice for choice in Tournament.Format.choices
                                             if choice[0] != Tournament.Format.STORY]
            del self.fields["level"], self.fields["attempts"]
        else:
            self.fields["level"].label = f"{campaign.level_option.capitalize()} level (story)"
            self.fields["level"].widget = forms.Select(choices=[("", "—")] + [(v, v) for v in campaign.levels])
            self.fields["attempts"].max_value = campaign.max_attempts
            self.fields["attempts"].widget.attrs["max"] = campaign.max_attempts

    def clean_bots(self):
        bots = list(self.cleaned_data["bots"])
        if len(bots) > MAX_ENTRANTS:
            raise forms.ValidationError(f"a tournament has at most {MAX_ENTRANTS} bots")
        return bots

    def clean(self):
        data = super().clean()
        bots = data.get("bots")
        if bots is None:
            return data
        if data.get("format") == Tournament.Format.STORY:
            if len(bots) != 1:
                self.add_error("bots", "a story campaign is played by one bot: choose one")
            if data.get("level") is None:
                self.add_error("level", "a story campaign needs the level it is played against")
        elif len(bots) < 2:
            self.add_error("bots", "choose at least two bots")
        return data

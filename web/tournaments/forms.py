"""The tournament form: the entrants are the passed bots of the chosen game the organiser may enter."""
from django import forms

from web.bots import selectors as bot_selectors
from web.bots.forms import game_choices
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

    def __init__(self, *args, game, organiser=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["bots"].queryset = bot_selectors.enterable_bots(game=game, organiser=organiser).select_related("owner")

    def clean_bots(self):
        bots = list(self.cleaned_data["bots"])
        if len(bots) < 2:
            raise forms.ValidationError("choose at least two bots")
        if len(bots) > MAX_ENTRANTS:
            raise forms.ValidationError(f"a tournament has at most {MAX_ENTRANTS} bots")
        return bots

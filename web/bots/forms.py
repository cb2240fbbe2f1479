"""The upload form of the site; the checks of the file itself are the upload service's."""
from django import forms

from web.bots import services
from web.games import catalog


def game_choices():
    return [(game_id, catalog.game_info(game_id).name) for game_id in catalog.game_ids()]


class BotUploadForm(forms.Form):
    game = forms.ChoiceField(choices=game_choices)
    name = forms.CharField(max_length=services.NAME_MAX, help_text="unique among the game's bots")
    description = forms.CharField(required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))
    file = forms.FileField(help_text="a .py file, a .zip with main.py or an executable run at its root, or an executable",
                           allow_empty_file=True)

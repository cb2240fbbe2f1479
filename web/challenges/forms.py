"""The challenge form on a bot's page: the opponents are the passed bots of its game that its owner
may enter, the seats and options the game's, the number of games capped."""
from django import forms

from arena import games as arena_games
from web.bots import selectors as bot_selectors
from web.challenges.models import MAX_GAMES

OPTION_PREFIX = "option_"


class OpponentChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, bot):
        return f"{bot.name} ({bot.owner.username if bot.owner_id else 'house'})"


class ChallengeForm(forms.Form):
    opponents = OpponentChoiceField(
        queryset=None, widget=forms.CheckboxSelectMultiple,
        help_text="bots of this game with a version that passed validation: the house's built-in players, yours, "
                  "and those whose owners let others enter them")
    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=6,
                               help_text=f"at most {MAX_GAMES}; the seats rotate from one game to the next")
    rated = forms.BooleanField(required=False, label="Rated",
                               help_text="only against opponents rated at or above your bot in the pool, none of "
                                         "them yours")

    def __init__(self, *args, bot, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.bot = bot
        game = arena_games.get(bot.game)
        self.fields["opponents"].queryset = (bot_selectors.enterable_bots(game=bot.game, organiser=user)
                                             .exclude(pk=bot.pk).select_related("owner"))
        self.fields["seats"] = forms.IntegerField(
            required=False, min_value=game.min_players, max_value=game.max_players,
            help_text=f"seats at each table, yours included ({game.min_players} to {game.max_players}); empty: you "
                      "and every opponent")
        self.options = {option.name: option for option in game.options}
        for option in game.options:
            self.fields[OPTION_PREFIX + option.name] = forms.ChoiceField(
                label=option.name.replace("_", " "), help_text=option.help, initial=str(option.default),
                choices=[(str(choice), str(choice)) for choice in option.choices])

    def option_fields(self):
        return [self[OPTION_PREFIX + name] for name in self.options]

    def chosen_options(self):
        """The options as the game takes them (the choice whose text was sent)."""
        chosen = {}
        for name, option in self.options.items():
            text = self.cleaned_data[OPTION_PREFIX + name]
            chosen[name] = next(choice for choice in option.choices if str(choice) == text)
        return chosen

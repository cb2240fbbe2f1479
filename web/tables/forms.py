"""The form that sets a table: how many players, the options, and who sits in each seat."""
from django import forms
from django.conf import settings

from web.api import games
from web.games import catalog
from web.tables import selectors, services

YOU = "you"
OPEN = "open"


def _option_value(option, text):
    """An option's value from the form's text, of the type of its choices (``scenes``: an int)."""
    for choice in option["choices"]:
        if str(choice) == text:
            return choice
    return text


class TableForm(forms.Form):
    """``players`` decides how many seat fields there are; each seat is you, an open seat for a
    person with the link, or a bot the person may seat (``selectors.seatable_bots``)."""

    def __init__(self, *args, game, person, players=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = catalog.game_info(game)
        self.detail_options = _options(game)
        low, high = self.game.min_players, self.game.max_players
        self.seat_count = players if players is not None and low <= players <= high else max(low, min(high, 4))
        self.bots = selectors.seatable_bots(game=game, person=person)
        self.fields["players"] = forms.TypedChoiceField(
            choices=[(n, str(n)) for n in range(low, high + 1)], coerce=int, initial=self.seat_count)
        bot_choices = [(f"bot:{bot.pk}", f"{bot.name} ({bot.owner.username if bot.owner_id else 'built-in'})")
                       for bot in self.bots]
        choices = [(YOU, "you"), (OPEN, "open: a person with the link")] + bot_choices
        for seat in range(self.seat_count):
            default = YOU if seat == 0 else (bot_choices[(seat - 1) % len(bot_choices)][0] if bot_choices else OPEN)
            self.fields[f"seat_{seat}"] = forms.ChoiceField(choices=choices, initial=default, label=f"Seat {seat}")
        for option in self.detail_options:
            self.fields[f"option_{option['name']}"] = forms.ChoiceField(
                choices=[(str(c), str(c)) for c in option["choices"]], initial=str(option["default"]),
                label=option["name"], help_text=option["help"], required=False)
        self.fields["minutes"] = forms.FloatField(
            min_value=0.5, max_value=60, initial=round(settings.ARENA_PERSON_CLOCK_SECONDS / 60, 2),
            label="Minutes per decision", help_text="past it your seat forfeits (the game goes on without it)")

    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(self.seat_count)]

    def option_fields(self):
        return [self[f"option_{option['name']}"] for option in self.detail_options]

    def clean(self):
        data = super().clean()
        by_id = {bot.pk: bot for bot in self.bots}
        seats = []
        for seat in range(self.seat_count):
            value = data.get(f"seat_{seat}")
            if value == YOU:
                seats.append(services.ME)
            elif value == OPEN:
                seats.append(services.OPEN)
            elif value and value.startswith("bot:") and value[4:].isdigit() and int(value[4:]) in by_id:
                seats.append(by_id[int(value[4:])])
            else:
                raise forms.ValidationError(f"seat {seat}: choose who sits there")
        if seats.count(services.ME) != 1:
            raise forms.ValidationError("choose exactly one seat for yourself")
        data["seats"] = seats
        data["options"] = {option["name"]: _option_value(option, data.get(f"option_{option['name']}"))
                           for option in self.detail_options if data.get(f"option_{option['name']}") not in (None, "")}
        return data


def _options(game):
    return games.game_detail(game=game)["options"]

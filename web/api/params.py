"""Query-string parameters read by a serializer: one given empty (``?status=``) is refused with a
400 that names it, never read as if it were absent."""
from rest_framework import serializers
from rest_framework.exceptions import ValidationError


class QueryParams(serializers.Serializer):
    def to_internal_value(self, data):
        empty = {name: ["must not be empty: leave the parameter out instead"]
                 for name in self.fields if hasattr(data, "getlist") and name in data
                 and any(value == "" for value in data.getlist(name))}
        if empty:
            raise ValidationError(empty)
        return super().to_internal_value(data)


def query_params(params_class, request):
    """The validated parameters of ``request``'s query string (400 for a refused one)."""
    params = params_class(data=request.query_params)
    params.is_valid(raise_exception=True)
    return params.validated_data


def game_field(**kwargs):
    """A game's id, one of the platform's: an enum in the schema, 400 naming the games otherwise."""
    from web.games import catalog
    games = catalog.game_ids()
    return serializers.ChoiceField(choices=games, error_messages={
        "invalid_choice": f"unknown game {{input!r}}: the games are {', '.join(games)}"}, **kwargs)


def game_path_parameter():
    """The ``{game}`` of a path, as an enum of the platform's games."""
    from drf_spectacular.utils import OpenApiParameter
    from web.games import catalog
    return OpenApiParameter("game", str, OpenApiParameter.PATH, enum=catalog.game_ids())

"""Pig's flat observation: the one declaration of its layout (see ``engine_ext.flat``)."""
from engine_ext.flat import FlatLayout, PerSeat, flag, number, one_hot, seat, seats

from .spec import SPEC

MAX = SPEC.max_players

LAYOUT = FlatLayout(
    "toy", MAX,
    number("target", lambda o: o["target"], 30, "points that end the game"),
    number("round", lambda o: o["round"], 50, "the round"),
    seat("turn", lambda o: o["turn"], "whose turn it is", MAX),
    seats("to_act", lambda o: o["to_act"], "the seats that must decide now", MAX),
    number("turn_points", lambda o: o["turn_points"], 200, "points of the turn, not banked yet"),
    one_hot("house.level", (1, 2), lambda o: (o["house"] or {}).get("level"), "the house's level (none: zeros)"),
    number("house.score", lambda o: (o["house"] or {}).get("score"), 200, "the house's score"),
    flag("over", lambda o: o["over"], "the game is over"),
    PerSeat("players", lambda o: o["players"], (
        number("score", lambda e: e["score"], 200, "banked points"),
        flag("in_game", lambda e: e["in_game"], "still in the game"),
    ), "every seat, yours first, then in seat order", MAX),
    players_of=lambda o: len(o["players"]),
)

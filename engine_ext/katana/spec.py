"""Katana's declaration: everything the platform knows of the game without loading its rules."""
from ..spec import GameSpec, GoldenCase, TimeControl
from . import data
from .actions import ACTIONS

SPEC = GameSpec(
    id="katana",
    name="Katana",
    rules_version="1.0",
    min_players=data.MIN_PLAYERS,
    max_players=data.MAX_PLAYERS,
    actions=ACTIONS,
    rules_module="engine_ext.katana._rules",
    summary=(
        "Samurai Sword for 3 to 7 players. Hidden roles in teams: the shogun and his samurai against "
        "the ninjas, with a ronin alone. Each turn a player draws two cards and plays weapons "
        "(within a weapon limit and a reach), actions and permanents; a target may parry out of turn. "
        "A player whose resilience falls to zero loses honour points; when someone has none left the "
        "game ends and teams score their honour, weighted by role."),
    options=(),                       # the 3-player variant follows from the player count
    simultaneous=False,
    max_decisions=20_000,
    result_kind="teams",
    time_control=TimeControl(move=1.0, bank=10.0, startup=5.0),
    heuristic_aliases=("katana-aggressor",),
    heuristic="engine_ext.katana.heuristic:KatanaAggressor",
    golden=(GoldenCase("default", players=5, seed=7),),
    docs="docs/bots/katana.md",
    starter_bots=("examples/bots/katana_samurai.py", "examples/bots/katana_random.js"),
    balance=('role', 'character'),
    balance_facts="engine_ext.katana.views:balance_facts",
)

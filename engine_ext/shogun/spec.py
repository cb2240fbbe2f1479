"""Shōgun no Katana's declaration: everything the platform knows of the game without loading its rules.

The solo ghost (an automaton seat played by the engine) comes with a later rules version: it will
add a ``ghost`` option (0 = none, 1-5 = its level) and ``automata=(Automaton("ghost", "ghost"),)``.
"""
from ..spec import GameSpec, GoldenCase, TimeControl
from . import data
from .actions import ACTIONS

SPEC = GameSpec(
    id="shogun",
    name="Shōgun no Katana",
    rules_version="0.1",
    min_players=data.MIN_PLAYERS,
    max_players=data.MAX_PLAYERS,
    actions=ACTIONS,
    rules_module="engine_ext.shogun._rules",
    summary=(
        "Shōgun no Katana for 2 to 4 players, over four rounds. Sword smiths place workers and paid "
        "monks to take sword orders from four Daimyō houses, buy resources and cards at the market, "
        "forge by activating a row or a column of their forge (each resource placed moves a sword one "
        "cell), decorate at the academy and seek favours in the Shōgun's palace, where the others "
        "profit too. Finished swords are delivered for points, line advantages and workers; their "
        "resources build the project of a Shōgun no Katana. Coins, resources, sashimono sets, honour "
        "cards and the Shōgun's favours score at the end."),
    options=(),
    simultaneous=False,
    max_decisions=20_000,
    result_kind="ranks",
    time_control=TimeControl(move=1.0, bank=20.0, startup=5.0),
    heuristic="engine_ext.shogun.heuristic:SwordSmith",
    heuristic_aliases=("shogun-smith",),
    golden=(GoldenCase("two", players=2, seed=14), GoldenCase("three", players=3, seed=15),
            GoldenCase("four", players=4, seed=16)),
    docs="docs/bots/shogun.md",
    starter_bots=("examples/bots/shogun_forger.py",),
    balance=('starting sashimono',),
    balance_facts="engine_ext.shogun.views:balance_facts",
)

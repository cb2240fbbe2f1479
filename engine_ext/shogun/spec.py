"""Shōgun no Katana's declaration: everything the platform knows of the game without loading its rules.

Option ``ghost`` (0 none, 1-5 its level) adds the ghost, an automaton seat played by the engine,
to 1, 2 or 3 bot seats; a seat alone needs it.
"""
from ..spec import Automaton, GameSpec, GoldenCase, Option, TimeControl
from . import data
from .actions import ACTIONS


def check_table(n_players, options):
    """The ghost (R115-R120) joins 1 to 3 seats; a seat alone needs it.  A story chapter (R133) is
    one seat against the ghost."""
    ghost = options["ghost"]
    if options["chapter"] and (n_players != 1 or not ghost):
        raise ValueError(f"a story chapter is played by 1 seat against the ghost (option ghost=1..5), "
                         f"not {n_players} seat(s) {'with' if ghost else 'without'} the ghost")
    if ghost and n_players > data.MAX_PLAYERS - 1:
        raise ValueError(f"the ghost plays with 1 to {data.MAX_PLAYERS - 1} seats, not {n_players}")
    if not ghost and n_players < data.MIN_PLAYERS_WITHOUT_GHOST:
        raise ValueError(f"shogun is played by {data.MIN_PLAYERS_WITHOUT_GHOST} to {data.MAX_PLAYERS} players "
                         f"without the ghost, not {n_players} (option ghost=1..5 adds it)")


SPEC = GameSpec(
    id="shogun",
    name="Shōgun no Katana",
    rules_version="0.3",
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
    options=(
        Option("ghost", 0, (0, 1, 2, 3, 4, 5), "the ghost, an automaton opponent: 0 none, 1 (easiest) to 5; "
               "with 1 to 3 seats, and required by a seat alone", splits_pool=True, variant=True),
        Option("chapter", 0, tuple(range(data.NUM_CHAPTERS + 1)), "a story-mode chapter (R133-R138): 0 none, "
               "1 to 14, one seat against the ghost; its special rules and conditions are in the result "
               "(a story match rates into no pool)", variant=True),
    ),
    automata=(Automaton("ghost", "ghost"),),
    check_table=check_table,
    simultaneous=False,
    max_decisions=20_000,
    result_kind="ranks",
    time_control=TimeControl(move=1.0, bank=20.0, startup=5.0),
    heuristic="engine_ext.shogun.heuristic:SwordSmith",
    heuristic_aliases=("shogun-smith",),
    golden=(GoldenCase("two", players=2, seed=14), GoldenCase("three", players=3, seed=15),
            GoldenCase("four", players=4, seed=16),
            GoldenCase("solo-ghost", players=1, seed=17, options={"ghost": 3}),
            GoldenCase("solo-ghost-1", players=1, seed=18, options={"ghost": 1}),
            GoldenCase("two-ghost-2", players=2, seed=19, options={"ghost": 2}),
            GoldenCase("three-ghost-4", players=3, seed=20, options={"ghost": 4}),
            GoldenCase("solo-ghost-5", players=1, seed=21, options={"ghost": 5}))
    + tuple(GoldenCase(f"story-{c}", players=1, seed=30 + c, options={"ghost": c % 5 + 1, "chapter": c})
            for c in range(1, data.NUM_CHAPTERS + 1)),
    docs="docs/bots/shogun.md",
    starter_bots=("examples/bots/shogun_forger.py", "examples/bots/shogun_forger.js"),
    balance=('starting sashimono',),
    balance_facts="engine_ext.shogun.views:balance_facts",
    flat_observation="engine_ext.shogun.flat:LAYOUT",
    usage="engine_ext.shogun.usage:counts",
    campaign="engine_ext.shogun.story:CAMPAIGN",
    components="engine_ext.shogun.views:components",
)

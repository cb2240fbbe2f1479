"""Risques' declaration: everything the platform knows of the game without loading its rules."""
from ..spec import GameSpec, GoldenCase, Option, TimeControl
from . import data
from .actions import ACTIONS


def canonical_options(n_players, options):
    """``options`` with ``mode=auto`` replaced by the mode it means for ``n_players``."""
    canonical = dict(options)
    if canonical.get("mode", "auto") == "auto":
        canonical["mode"] = data.auto_mode(n_players)
    return canonical


SPEC = GameSpec(
    id="risques",
    name="Risques",
    rules_version="1.3",
    min_players=data.MIN_PLAYERS,
    max_players=data.MAX_PLAYERS,
    actions=ACTIONS,
    rules_module="engine_ext.risques._rules",
    summary=(
        "The duel and massacre rules of Sang & Honneur for 2 to 7 players. Samurai build dice pools, "
        "declare and wager in secret, roll, and wound each other over scenes; honour buys re-rolls and "
        "saves, glory and reputations make the score. Duel, frappe and massacre modes."),
    options=(
        Option("mode", "auto", ("auto", "duel", "frappe", "massacre"),
               "duel or frappe (2 players), massacre (3-7); auto: duel for 2 players, massacre for more",
               splits_pool=True, variant=True),
        Option("honor_pool", "shared", ("shared", "personal"),
               "one honor reserve for everybody (the rulebook) or one per samurai", variant=True),
        Option("scenes", 2, (1, 2, 3, 4), "violent scenes per match, one season apart"),
    ),
    simultaneous=True,
    max_decisions=5_000,
    result_kind="ranks",
    time_control=TimeControl(move=1.0, bank=10.0, startup=5.0),
    heuristic_aliases=("risques-odds",),
    heuristic="engine_ext.risques.heuristic:OddsPlayer",
    # Seeds chosen (rules 1.3) so that the recordings reach the rules of 1.3: a Surprise with
    # the striker's +2 (frappe, massacre-3, personal-honor), guards who left the Massacre
    # (massacre-3, personal-honor), a samurai or vassal who fell in his initiative group and
    # loses his own strike (massacre-7, personal-honor).  The duel has none of them.
    golden=(
        GoldenCase("duel", players=2, seed=35),
        GoldenCase("frappe", players=2, seed=40, options={"mode": "frappe"}),
        GoldenCase("massacre-3", players=3, seed=108),
        GoldenCase("massacre-7", players=7, seed=57),
        GoldenCase("personal-honor", players=4, seed=2291, options={"honor_pool": "personal"}),
    ),
    docs="docs/bots/risques.md",
    starter_bots=("examples/bots/risques_steady.py",),
    balance=('samurai',),
    balance_facts="engine_ext.risques.views:balance_facts",
    canonical_options=canonical_options,
)

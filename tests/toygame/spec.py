"""Pig's declaration: 1 to 3 players, an automaton seat, and a target that splits rating pools."""
from engine_ext.spec import ActionTable, Automaton, GameSpec, GoldenCase, Option, TimeControl

ACTIONS = ActionTable(("ROLL",), ("HOLD",))

SPEC = GameSpec(
    id="toy",
    name="Pig",
    rules_version="0.1",
    min_players=1,
    max_players=3,
    actions=ACTIONS,
    rules_module="toygame._rules",
    summary=("Pig, the dice game: on your turn roll as often as you dare; a 1 loses the turn's "
             "points, holding banks them. The first to the target wins; the house plays too "
             "when asked."),
    options=(
        Option("target", 20, (20, 30), "points that end the game", splits_pool=True, variant=True),
        Option("house", 0, (0, 1, 2), "an automaton seat: 0 none, 1 holds at 10, 2 holds at 15",
               splits_pool=True, variant=True),
    ),
    max_decisions=2_000,
    result_kind="ranks",
    automata=(Automaton("house", "house"),),
    time_control=TimeControl(move=1.0, bank=10.0, startup=5.0),
    heuristic="toygame.heuristic:HoldAtTwenty",
    heuristic_aliases=("pig-hold",),
    docs="tests/toygame/bots.md",
    flat_observation="toygame.flat:LAYOUT",
    starter_bots=("tests/toygame/starter.py",),
    golden=(GoldenCase("solo-house", players=1, seed=3, options={"house": 1}),
            GoldenCase("three", players=3, seed=4, options={"target": 30}),
            GoldenCase("two-house", players=2, seed=5, options={"house": 2})),
)

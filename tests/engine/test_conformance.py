"""The contract, checked the same way for every registered game, in both builds.

Random play from many seeds, every player count and every variant its spec
lists: the game ends within the spec's bound, exactly the listed actions are
applicable, observations are JSON and leak nothing, the decision structure
reveals nothing hidden, results are well formed.  The cost per game does not
grow with the size of its action table: every legal id is applied, and a fixed
number of illegal ones drawn at random are refused.

The match loop's premise has a check of its own, over many more games: a game
that is not over asks some seat, and every seat it asks has a legal decision,
at every table the spec allows (every player count, every value of every
option, random combinations of them).
"""
import json
import random

import pytest

from arena import agents, games
from arena.engines import COMPILED, PYTHON
from arena.match import agent_seed
from automata import seated

SEEDS = range(3)
ILLEGAL_PROBES = 12


def _variants(game, n):
    """The default options, then each variant value the spec lists, that ``n`` players can play (a
    seat alone at Shōgun no Katana needs its ghost).  A value playable only with an automaton seat
    (a Shōgun story chapter) is played with the automaton at its middle level."""
    if game.can_seat(n, {}):
        yield {}
    for option in game.spec.variant_options:
        for value in option.choices:
            if value == option.default:
                continue
            options = seated(game, n, {option.name: value})
            if options is not None:
                yield options




def _tables(game, random_tables, rng):
    """(players, options) of tables to play: each player count with the default options, each value
    of each option at some table that seats it (with the automaton where one is needed), then
    ``random_tables`` tables of random player count and options (each option at its default or
    at a random value, half the time each), drawn by ``rng`` among those the game can seat."""
    sizes = list(range(game.min_players, game.max_players + 1))
    tables = [(n, seated(game, n, {})) for n in sizes]
    for index, option in enumerate(game.spec.options):
        for value in option.choices:
            if value == option.default:
                continue
            rotated = sizes[index % len(sizes):] + sizes[:index % len(sizes)]
            tables += [next(((n, o) for n in rotated if (o := seated(game, n, {option.name: value})) is not None),
                            (None, None))]
    tables = [(n, options) for n, options in tables if options is not None]
    drawn = 0
    while drawn < random_tables:
        n = rng.choice(sizes)
        options = {o.name: o.default if rng.random() < 0.5 else rng.choice(o.choices) for o in game.spec.options}
        if game.can_seat(n, options):
            tables.append((n, options))
            drawn += 1
    return tables


def _check_every_asked_seat_can_decide(game, n, options, seed, purposeful):
    """Plays one game, each decision random or, at a ``purposeful`` game, the game's heuristic's
    three times in four (it reaches positions random play seldom does: a katana put in play, a
    long-kept project); fails at the first position that is not over and asks nobody, or asks a
    seat that has no legal decision."""
    rng = random.Random(seed)
    state = game.new_state(n, seed, options)
    players = [agents.builtin("mix-0.25", agent_seed(seed, seat), game.id) for seat in range(n)] if purposeful else []
    seen = [0] * n
    where = f"{game.id} ({game.build}) with {n} players, options {options}, seed {seed}" + (
        ", played by mix-0.25" if purposeful else "")
    for step in range(game.spec.max_decisions):
        if state.is_terminal():
            return step
        seats = state.current_seats()
        if not seats:
            pytest.fail(f"{where}: at step {step} the game is not over and asks nobody")
        for seat in seats:
            if not state.legal_actions(seat):
                pytest.fail(f"{where}: at step {step} seat {seat} must act (of {seats}) "
                            f"and has no legal decision")
        seat = rng.choice(seats)
        legal = state.legal_actions(seat)
        if players:
            observation = state.observation(seat, seen[seat])
            seen[seat] = observation["event_count"]
            state.apply(seat, players[seat].act(observation, legal))
        else:
            state.apply(seat, rng.choice(legal))
    pytest.fail(f"{where}: the game did not end within {game.spec.max_decisions} decisions")


# Per build: random tables beyond those that cover every option value, games at each covering
# table, and how many of the games, spread among them, the heuristic plays (it costs up to a
# hundred times a random game).  The default run keeps to a few seconds a game and build; the
# slow run plays many more.  The uncompiled build plays fewer: it is several times slower, and
# ``test_builds`` holds both builds to the same games step by step.
EVERY_SEAT_CAN_DECIDE = {
    "default": {COMPILED: (150, 2, 8), PYTHON: (30, 1, 4)},
    "many": {COMPILED: (3000, 10, 800), PYTHON: (600, 3, 100)},
}


@pytest.mark.parametrize("scale", [pytest.param("default"), pytest.param("many", marks=pytest.mark.slow)])
@pytest.mark.parametrize("game_id", list(games.game_ids()))
def test_every_seat_that_must_act_has_a_legal_decision(game_id, scale, build):
    game = games.get(game_id, build)
    random_tables, seeds_per_table, purposeful_games = EVERY_SEAT_CAN_DECIDE[scale][build]
    rng = random.Random(f"{game_id}-{scale}")
    tables = _tables(game, random_tables, rng)
    covering = len(tables) - random_tables
    games_to_play = covering * seeds_per_table + random_tables
    purposeful_every = max(1, games_to_play // purposeful_games) if game.spec.heuristic else games_to_play + 1
    played = steps = 0
    for index, (n, options) in enumerate(tables):
        for _ in range(seeds_per_table if index < covering else 1):
            purposeful = played % purposeful_every == 0 and played // purposeful_every < purposeful_games
            steps += _check_every_asked_seat_can_decide(game, n, options, rng.randrange(1 << 30), purposeful)
            played += 1
    assert steps > played, "the games were played, not set up and over at once"


def _cases():
    """Every player count with the default options; each variant at the smallest table in the
    default run, and at the largest too in the ``slow`` run (the largest tables of the biggest
    games cost the most, and a variant's rules rarely depend on the table's size)."""
    for game_id in games.game_ids():
        game = games.get(game_id, PYTHON)  # metadata only: the uncompiled build always loads
        combined = set()       # a variant played with an automaton: its first value is the representative
        for n in range(game.min_players, game.max_players + 1):
            for options in _variants(game, n) if n in (game.min_players, game.max_players) else [{}]:
                label = ",".join(f"{k}={v}" for k, v in options.items())
                slow = options and n == game.max_players and n != game.min_players
                if len(options) > 1:
                    slow = slow or tuple(options) in combined
                    combined.add(tuple(options))
                yield pytest.param(game_id, n, options, id=f"{game_id}-{n}p" + (f"-{label}" if label else ""),
                                   marks=[pytest.mark.slow] if slow else [])


def _random_walk(game, n, seed, options=None):
    """Yields (state, seat, legal) along one random game, ending with the terminal state."""
    rng = random.Random(seed)
    state = game.new_state(n, seed, options)
    for _ in range(game.spec.max_decisions):
        if state.is_terminal():
            yield state, None, None
            return
        seats = state.current_seats()
        assert seats, "a game that is not over must ask someone"
        seat = rng.choice(seats)
        legal = state.legal_actions(seat)
        yield state, seat, legal
        state.apply(seat, rng.choice(legal))
    pytest.fail(f"{game.id} with {n} players did not end within {game.spec.max_decisions} decisions")


@pytest.mark.parametrize("game_id,n,options", list(_cases()))
def test_random_play_ends_and_listed_actions_are_exactly_the_applicable_ones(game_id, n, options, build):
    game = games.get(game_id, build)
    size = len(game.action_names)
    rng = random.Random(size)
    checked = 0
    for seed in SEEDS:
        for state, seat, legal in _random_walk(game, n, seed, options):
            if seat is None:
                break
            assert legal == sorted(set(legal)) or len(set(legal)) == len(legal), "duplicate actions"
            assert legal, "a seat asked to decide must have a legal action"
            for other in range(n):
                if other not in state.current_seats():
                    assert state.legal_actions(other) == []
            if checked % 7 == 0:  # every legal id and a sample of illegal ones, on a sample of decisions
                assert all(0 <= action < size for action in legal)
                for action in legal:
                    state.clone().apply(seat, action)
                allowed = set(legal)
                for _ in range(ILLEGAL_PROBES):
                    action = rng.randrange(size)
                    if action not in allowed:
                        with pytest.raises(ValueError):
                            state.clone().apply(seat, action)
                for bad in (-1, len(game.action_names), 10**9, True, "END_TURN", None):
                    with pytest.raises(ValueError):
                        state.clone().apply(seat, bad)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("game_id,n,options", list(_cases()))
def test_results_are_well_formed(game_id, n, options, build):
    game = games.get(game_id, build)
    for seed in SEEDS:
        *_, (state, _, _) = _random_walk(game, n, seed, options)
        result = state.result()
        json.dumps(result)
        assert len(result["scores"]) == len(result["ranks"]) == len(result["teams"]) == n
        automata = result.get("automata", [])
        assert len(automata) == sum(1 for a in game.spec.automata if game.resolve_options(options)[a.option])
        for automaton in automata:
            assert set(automaton) >= {"name", "level", "score", "rank"}
        ranks = sorted(set(result["ranks"]) | {a["rank"] for a in automata})
        assert ranks == list(range(1, len(ranks) + 1)), "ranks are 1, 2, ... without gaps"
        assert result["end_reason"]
        for team in set(result["teams"]):
            members = [s for s in range(n) if result["teams"][s] == team]
            assert len({result["ranks"][s] for s in members}) == 1, "a team shares its rank"
        with pytest.raises(ValueError):
            state.apply(0, 0)
        assert state.current_seats() == []


def _leak_cases():
    """``_cases`` in both builds, except that the uncompiled build's tables above the smallest run
    with the slow checks: the two builds agree step by step (``test_builds``), and the leak check's
    cost is the views', which both builds share.  The slow run checks every fifth decision of every
    seed; the default run, every 25th decision of one game (a random Samouraï game runs to thousands
    of decisions, each check redrawing the hidden cards for every seat: every fifth of three games
    was six minutes of the default run for Samouraï alone)."""
    for case in _cases():
        game_id, n, options = case.values
        game = games.get(game_id, PYTHON)
        for build in (COMPILED, PYTHON):
            slow = any(mark.name == "slow" for mark in case.marks) or (
                build == PYTHON and n != game.min_players)
            if not slow:
                yield pytest.param(game_id, n, options, build, "sampled", id=f"{build}-{case.id}-sampled")
            yield pytest.param(game_id, n, options, build, "every", id=f"{build}-{case.id}",
                               marks=[pytest.mark.slow])


@pytest.mark.parametrize("game_id,n,options,build,scale", list(_leak_cases()))
def test_observations_leak_nothing(game_id, n, options, build, scale):
    """Redrawing what a seat has not seen changes neither its observation nor who is asked next."""
    game = games.get(game_id, build)
    rng = random.Random(n)
    seeds, stride = (SEEDS, 5) if scale == "every" else (SEEDS[:1], 25)
    for seed in seeds:
        for step, (state, seat, legal) in enumerate(_random_walk(game, n, seed, options)):
            if seat is None or step % stride:
                continue
            observation = state.observation(seat)
            json.dumps(observation)
            assert observation["event_count"] == len(state.events), "the contract's event log"
            assert state.observation(seat, observation["event_count"])["events"] == []
            for viewer in range(n):
                twin = state.resample_hidden(viewer, rng.randrange(1 << 30))
                assert twin.observation(viewer) == state.observation(viewer)
                assert twin.current_seats() == state.current_seats()
                if viewer == seat:
                    assert twin.legal_actions(seat) == legal
                    action = rng.choice(legal)
                    after, twin_after = state.clone(), twin
                    after.apply(seat, action)
                    twin_after.apply(seat, action)
                    assert twin_after.current_seats() == after.current_seats(), (
                        "who decides next must not depend on what the actor cannot see")


@pytest.mark.parametrize("game_id,n,options", list(_cases()))
def test_a_forfeiting_seat_ranks_last_alone(game_id, n, options, build):
    game = games.get(game_id, build)
    for seed in SEEDS:
        for step, (state, seat, legal) in enumerate(_random_walk(game, n, seed, options)):
            if seat is None or step % 17 != 3:
                continue
            quitter = (seat + step) % n
            probe = state.clone()
            probe.forfeit(quitter)
            if probe.is_terminal():
                result = probe.result()
                every_rank = result["ranks"] + [a["rank"] for a in result.get("automata", [])]
                assert result["ranks"][quitter] == max(every_rank)
                assert sum(1 for r in every_rank if r == result["ranks"][quitter]) == 1
                assert quitter in result["forfeited"]
                ranks = sorted(set(every_rank))
                assert ranks == list(range(1, len(ranks) + 1))
            else:
                assert quitter not in probe.current_seats()
            with pytest.raises(ValueError):
                probe.forfeit(n)

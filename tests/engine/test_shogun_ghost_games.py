"""Shōgun no Katana with the ghost in play (option ``ghost``): set-up, its place in the turn order,
restoration, the result and hidden information, in both builds.  Rule numbers are those of
shared/rules/shogun-no-katana.md (R115-R132)."""
import random

import pytest

from arena.engines import load_module
from engine_ext.shogun import data
from engine_ext.shogun.views import EVENT_NAMES

from shogun_positions import act, phase, position, put_sword

EV_FAVOUR = EVENT_NAMES.index("favour")


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def play_out(state, seed):
    rnd = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_seats()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_a_seat_alone_needs_the_ghost_and_four_seats_leave_it_no_colour(build):
    R = rules(build)
    with pytest.raises(ValueError, match="without the ghost"):
        R.new_state(1, 1)
    with pytest.raises(ValueError, match="1 to 3 seats"):
        R.new_state(4, 1, {"ghost": 2})
    with pytest.raises(ValueError):
        R.new_state(2, 1, {"ghost": 6})
    assert R.new_state(2, 1).ghost is None


def test_r119_r120_the_ghost_opens_board_spaces_and_honour_cards_as_a_player_but_takes_no_favour(build):
    R = rules(build)
    solo, two = R.new_state(1, 3, {"ghost": 3}), R.new_state(2, 3)
    assert list(solo.space_open) == list(two.space_open)
    assert list(solo.market_used) == list(two.market_used) and list(solo.palace_used) == list(two.palace_used)
    assert len(solo.honour_display) == 2
    assert sum(1 for f in solo.favour if f == -2) == 1                 # favour cards: one per seat
    trio = R.new_state(3, 3, {"ghost": 1})
    assert sum(trio.space_open) == sum(R.new_state(4, 3).space_open)
    assert sum(1 for f in trio.favour if f == -2) == 3


def test_r117_a_seat_alone_drafts_its_tile_and_the_ghost_plays_after_it(build):
    R = rules(build)
    state = R.new_state(1, 4, {"ghost": 3})
    assert (phase(state), state.actor) == ("turn", 0)
    assert sum(1 for t in state.cell_tile if t >= 0) == 1              # the one draft tile
    ghost = state.ghost
    assert ghost.available == 4 and ghost.score == 0
    act(state, 0, "PASS", "HONOUR_1")                                  # the ghost then plays alone
    assert state.round == 1                                            # ... its 4 workers, then passes
    assert len(ghost.set_aside) == 2                                   # R130: one joined its deck
    assert ghost.score > 0
    played_first = 1 if ghost.plays_first else 0                       # after its Komainu (R129)
    assert state.observation(0)["ghost"]["workers_available"] == 4 + ghost.unlocked - played_first


def test_r129_the_ghost_on_the_komainu_plays_first_next_round_and_the_order_stays(build):
    R = rules(build)
    state = R.new_state(2, 6, {"ghost": 3})
    ghost = state.ghost
    while phase(state) == "draft":
        act(state, state.actor, "DRAFT_1")
    ghost.deck = [data.G_DAIMYO] * 3 + [data.G_KOMAINU]               # drawn from the end
    first = state.first
    act(state, first, "PASS", "HONOUR_1")
    act(state, 1 - first, "PASS", "HONOUR_1")
    # the ghost played its 4 workers alone: Komainu first, then swords; the round ended
    assert state.round == 1 and state.first == first
    assert ghost.plays_first and state.komainu == -1
    assert ghost.score >= 4


def test_the_ghost_deck_is_hidden_resampled_and_absent_from_observations(build):
    R = rules(build)
    state = R.new_state(2, 7, {"ghost": 3})
    seen = state.observation(0)
    assert seen["ghost"]["deck"] == 10 and "ghost_deck" not in str(seen)
    orders = {tuple(state.resample_hidden(0, seed).ghost.deck) for seed in range(12)}
    assert len(orders) > 1
    for seed in range(3):
        other = state.resample_hidden(0, seed)
        assert other.observation(0) == seen
    assert sorted(state.full_view()["hidden"]["ghost_deck"]) == sorted(data.GHOST_CARDS[c] for c in data.GHOST_DECK)


@pytest.mark.parametrize("players,level", [(1, 1), (1, 5), (2, 3), (3, 2)])
def test_r131_r132_a_game_with_the_ghost_ends_with_its_total_and_rank(build, players, level):
    R = rules(build)
    state = play_out(R.new_state(players, 20 + level, {"ghost": level}), level)
    result = state.result()
    (ghost,) = result["automata"]
    parts = ghost["breakdown"]
    assert ghost["name"] == "ghost" and ghost["level"] == level
    assert ghost["score"] == sum(parts.values()) and parts["marker"] == state.ghost.score
    above = sum(1 for s in result["scores"] if s > ghost["score"])
    assert ghost["rank"] == above + 1
    assert all(r > ghost["rank"] for s, r in zip(result["scores"], result["ranks"]) if s < ghost["score"])
    again = play_out(R.new_state(players, 20 + level, {"ghost": level}), level)
    assert again.result() == result                                    # deterministic


def test_the_fast_path_plays_with_the_ghost_alike_in_both_builds():
    """``play_random_games`` takes the ghost's option (for ``arena bench shogun --options ghost=L``);
    both builds play the same games."""
    compiled, uncompiled = rules("compiled"), rules("python")
    for players, level in ((1, 1), (2, 5)):
        fast = compiled.play_random_games(players, 6, 300 + level, {"ghost": level})
        assert fast == uncompiled.play_random_games(players, 6, 300 + level, {"ghost": level})
        assert fast["decisions"] > 0
    assert compiled.play_random_games(2, 3, 9) != compiled.play_random_games(2, 3, 9, {"ghost": 3})


def _katana_in_the_forge(state, seat, where, placed):
    """Seat's katana L B A G in its forge with its first ``placed`` resources on it."""
    state.katana_comp[seat] = [data.LAQUE, data.BOIS, data.ACIER, data.GALUCHAT]
    state.katana_state[seat] = 1
    put_sword(state, seat, where, "katana", placed)


def test_r103_a_katana_delivered_in_the_ghosts_turn_takes_favour_i_alone_before_the_next_seat_plays(build):
    """« au cours de la même séquence de jeu »: the ghost's turn is a sequence of its own.  Seat 0
    delivers its katana in it (a side benefit of the ghost's palace: the move hall), seat 1 in its
    own next turn: seat 0 takes Favour I alone, with its 6 points."""
    R = rules(build)
    state = position(R, 2, ghost=3, turn=0, first=1, halls=("coins", "galuchat", "laque", "move", "artisan"),
                     members={0: (3,)}, stock={0: "G"})
    _katana_in_the_forge(state, 0, "R3C2", 3)                          # its Galuchat left to place
    _katana_in_the_forge(state, 1, "R4C2", 4)                          # complete
    state.favour[data.FAVOUR_FIRST] = -2                               # Favour I in play
    state.ghost.deck = [data.G_PALACE]
    act(state, 0, "WORKER_KOMAINU", "DONE")                            # then the ghost plays
    assert (phase(state), state.actor, state.turn) == ("side_hall", 0, 2)
    act(state, 0, "HALL_4", "MOVE_R3C2", "DELIVER_R4C2", "DONE", "COLLECT_ROW", "COLLECT_COLUMN", "DONE")
    assert (phase(state), state.actor, state.turn) == ("turn", 1, 1)
    act(state, 1, "DELIVER_R4C2", "DONE", "COLLECT_ROW", "COLLECT_COLUMN", "WORKER_ROW_1", "DONE", "DONE")
    assert state.katana_state[1] == 2 and state.turn != 1              # seat 1's turn is over
    favours = [e[1:4] for e in state.events if e[0] == EV_FAVOUR]      # seat, favour, points
    assert favours == [(0, data.FAVOUR_FIRST, 6)] and state.favour[data.FAVOUR_FIRST] == 0

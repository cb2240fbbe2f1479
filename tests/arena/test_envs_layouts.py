"""The flat observations each game declares: their size, their bounds over real play, what they
read from the observation, and their documentation."""
import random

import pytest

from arena import games
from arena.bots import docs
from engine_ext.katana import data as katana_data

EVERY_SAMOURAI_OPTION = {"target": 20, "province_variant": True, "new_card_scale": True, "kyoto_imperial": True,
                         "justice_for_others": True, "new_ninja": True, "seppuku": True, "koku_land": True,
                         "diplomacy": True, "clan_treasury": True, "shogun_power": True, "exchange": True,
                         "emperor_office": True, "emperor_support": True, "limited_emperor": True,
                         "rank_changes": True}


def _out_of_bounds(game_id, players, seed, options=None, decisions=None):
    """Plays a random game (its first ``decisions``), encoding every seat's observation at every
    step; returns the numbers found outside their declared bounds, by name, and the steps."""
    game = games.get(game_id)
    layout = game.flat_layout
    names = layout.names()
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    found, steps = {}, 0
    while not state.is_terminal() and (decisions is None or steps < decisions):
        for seat in range(players):
            vector = layout.encode(state.observation(seat, len(state.events)), clip=False)
            assert len(vector) == layout.size
            for i, value in enumerate(vector):
                if not layout.low[i] <= value <= layout.high[i]:
                    found[names[i]] = value
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    return found, steps


@pytest.mark.parametrize("game_id", games.game_ids())
def test_every_game_declares_a_flat_observation_of_one_size_with_a_name_per_number(game_id):
    layout = games.get(game_id).flat_layout
    names = layout.names()
    assert len(names) == len(set(names)) == layout.size == len(layout.low) == len(layout.high)
    assert all(low < high for low, high in zip(layout.low, layout.high))


# The default run: the first 50 decisions of one game per game (Samouraï with every option on);
# the slow run: whole games at the smallest and largest tables (a ghost, whose figures are no seat, at the smallest).
FAST = [("katana", 7, {}), ("risques", 5, {"honor_pool": "personal"}), ("shogun", 4, {}), ("shogun", 1, {"ghost": 3}),
        ("shogun", 1, {"ghost": 3, "chapter": 13}), ("samourai", 5, EVERY_SAMOURAI_OPTION), ("toy", 3, {"house": 2})]


@pytest.mark.parametrize("game_id, players, options", FAST,
                         ids=[f"{g}-{n}" + (f"-chapter-{o['chapter']}" if "chapter" in o else "") for g, n, o in FAST])
def test_the_flat_observation_stays_within_its_declared_bounds_in_play(game_id, players, options):
    found, steps = _out_of_bounds(game_id, players, seed=3, options=options, decisions=50)
    assert found == {} and steps > 20


@pytest.mark.slow
@pytest.mark.parametrize("game_id", games.game_ids())
def test_the_flat_observation_stays_within_its_declared_bounds_in_whole_games(game_id):
    game = games.get(game_id)
    for players in sorted({game.min_players, game.max_players}):
        # a seat alone at Shōgun no Katana plays against the ghost
        options = {"ghost": 3} if game_id == "shogun" and players == 1 else None
        for seed in range(3):
            found, steps = _out_of_bounds(game_id, players, seed, options)
            assert found == {}, (players, seed)


def test_katanas_vector_reads_the_observation_with_seats_relative_to_the_observer():
    game = games.get("katana")
    layout = game.flat_layout
    names = layout.names()
    state = game.new_state(5, 12)
    rng = random.Random(1)
    for _ in range(40):
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    me = 3
    observation = state.observation(me, len(state.events))
    vector = dict(zip(names, layout.encode(observation)))
    row_of = {(me + k) % 5: k for k in range(5)}
    characters = [c.key for c in katana_data.CHARACTERS]
    for s, entry in enumerate(observation["seats"]):
        k = row_of[s]
        assert vector[f"seats[{k}].present"] == 1
        assert vector[f"seats[{k}].resilience"] == entry["resilience"]
        assert vector[f"seats[{k}].hand_size"] == entry["hand_size"]
        assert vector[f"seats[{k}].character[{characters.index(entry['character'])}]"] == 1
    assert vector["seats[5].present"] == vector["seats[6].present"] == 0      # 5 seats of 7
    assert [vector[f"turn[{k}]"] for k in range(7)] == [1 if k == row_of[observation["turn"]] else 0 for k in range(7)]
    assert vector[f"shogun[{row_of[observation['shogun']]}]"] == 1
    cards = [name.removeprefix("PLAY_").lower() for name in game.action_names[1:26]]
    hand = {card: vector[f"you.hand[{i}]"] for i, card in enumerate(cards) if vector[f"you.hand[{i}]"]}
    assert hand == observation["you"]["hand"] and sum(hand.values()) == observation["seats"][me]["hand_size"]
    assert vector["draw_pile"] == observation["draw_pile"]
    # the observer's own role is known, the others' roles are zeros where unknown
    assert sum(vector[f"seats[0].role[{i}]"] for i in range(4)) == 1
    unknown = [s for s, entry in enumerate(observation["seats"]) if entry["role"] is None]
    assert unknown and all(vector[f"seats[{row_of[s]}].role[{i}]"] == 0 for s in unknown for i in range(4))


def test_values_past_their_bounds_are_clipped_to_them():
    layout = games.get("toy").flat_layout
    observation = {"game": "toy", "seat": 1, "target": 20, "round": 80, "turn": 0, "to_act": [0],
                   "turn_points": 500, "house": None, "over": False,
                   "players": [{"score": 5, "in_game": True}, {"score": 7, "in_game": True}]}
    vector = dict(zip(layout.names(), layout.encode(observation)))
    assert (vector["round"], vector["turn_points"]) == (50, 200)
    assert (vector["players[0].score"], vector["players[1].score"]) == (7, 5)     # yours first
    assert (vector["turn[0]"], vector["turn[1]"]) == (0, 1)
    assert vector["players[2].present"] == 0


@pytest.mark.parametrize("game_id", games.game_ids())
def test_each_game_documents_its_flat_observation_as_declared(game_id):
    path = docs.docs_path(game_id)
    assert docs.document_table(path.read_text(), docs.FLAT_BEGIN, docs.FLAT_END) == docs.flat_table(game_id), \
        f"regenerate with: python -m arena.bots.docs {game_id}"

"""Shōgun no Katana's flat observation with the ghost and in story mode: the ghost's public
belongings, its figures on the board, the chapter, in the layout and in the compiled reader alike,
and never the order of the ghost's action deck."""
import random

import numpy as np
import pytest

from arena import games
from arena.engines import load_module
from engine_ext.shogun import data

GHOST = 4                                       # the "ghost" number after a figure's 4 seat rows


def _vector(layout, observation):
    return dict(zip(layout.names(), layout.encode(observation)))


def test_the_vector_gives_the_ghosts_public_belongings_and_figures_but_never_its_deck_order(build):
    game = games.get("shogun", build)
    layout = game.flat_layout
    reader = load_module(layout.reader, build)
    out = np.zeros((2, layout.size), dtype=np.float32)
    state = game.new_state(2, 4, game.resolve_options({"ghost": 4}))
    rng = random.Random(4)
    seen, step = set(), 0
    while not state.is_terminal():
        seat = state.current_seats()[0]
        observation = state.observation(seat, len(state.events))
        v = _vector(layout, observation)
        ghost = observation["ghost"]
        assert v["ghost.present"] == 1 and [v[f"ghost.level[{k}]"] for k in range(5)] == [0, 0, 0, 1, 0]
        assert (v["ghost.score"], v["ghost.workers_available"], v["ghost.deck"], v["ghost.set_aside"]) == (
            ghost["score"], ghost["workers_available"], ghost["deck"], ghost["set_aside"])
        assert (v["ghost.passed"], v["ghost.plays_first"]) == (ghost["passed"], ghost["plays_first"])
        assert v["ghost.swords"] == len(ghost["washitsu"])
        assert [v[f"ghost.blocked_slots[{k}]"] for k in range(data.WASHITSU_SLOTS)] == [
            int(k in ghost["blocked_slots"]) for k in range(data.WASHITSU_SLOTS)]
        assert [v[f"ghost.sashimono[{h}]"] for h in range(4)] == [ghost["sashimono"][h] for h in data.HOUSES]
        assert [v[f"ghost.katana[{r}]"] for r in range(4)] == [
            sum(e["resource"] == key for e in ghost["katana"]) for key in data.RESOURCES]
        assert [v[f"ghost.katana_decorated[{r}]"] for r in range(4)] == [
            sum(e["resource"] == key and e["decorated"] for e in ghost["katana"]) for key in data.RESOURCES]
        assert [v[f"ghost.discard[{k}]"] for k in range(len(data.GHOST_CARDS))] == [
            ghost["discard"].count(key) for key in data.GHOST_CARDS]
        assert v["ghost.market_cards"] == len(ghost["market_cards"])
        assert [v[f"ghost.last_card[{k}]"] for k in range(len(data.GHOST_CARDS))] == [
            int(key == ghost["last_card"]) for key in data.GHOST_CARDS]
        assert sum(v[f"ghost.honours[{k}]"] for k in range(data.NUM_HONOURS)) == len(ghost["honours"])
        for k, space in enumerate(observation["sword_spaces"]):
            worker = [v[f"sword_spaces[{k}].worker[{i}]"] for i in range(GHOST + 1)]
            if space["worker"] == "ghost":
                seen.add("sword space")
                assert worker == [0, 0, 0, 0, 1]
            else:
                assert worker[GHOST] == 0
        komainu = [v[f"komainu[{i}]"] for i in range(GHOST + 1)]
        if observation["komainu"] == "ghost":
            seen.add("komainu")
            assert komainu == [0, 0, 0, 0, 1]
        for k in range(len(observation["halls"])):
            assert v[f"halls[{k}].ghost"] == ghost["halls"].count(k + 1)
            seen.update(["hall"] if v[f"halls[{k}].ghost"] else [])
        # the ghost's deck in another order (and other set-aside cards joined to it) changes no number
        other = state.clone()
        other.ghost.resample(random.Random(step))
        if other.ghost.deck != state.ghost.deck:
            seen.add("deck redrawn")
        reader.encode_many([state, other], np.array([seat, seat], dtype=np.int64), out)
        assert np.array_equal(out[0], out[1])
        assert np.array_equal(out[0], np.asarray(layout.encode(observation), dtype=np.float32))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    assert seen == {"sword space", "komainu", "hall", "deck redrawn"}


@pytest.mark.parametrize("players, options", [(1, {"ghost": 2, "chapter": 1}), (1, {"ghost": 3, "chapter": 13}),
                                              (3, {})], ids=["chapter-1", "chapter-13", "no-ghost"])
def test_the_vector_gives_the_story_chapter_its_conditions_and_chapter_13s_prices(players, options):
    game = games.get("shogun")
    layout = game.flat_layout
    state = game.new_state(players, 8, game.resolve_options(options))
    rng = random.Random(8)
    surcharged = False
    for _ in range(120 * players):
        if state.is_terminal():
            break
        seat = state.current_seats()[0]
        observation = state.observation(seat, len(state.events))
        v = _vector(layout, observation)
        chapter = observation.get("chapter")
        if chapter is None:            # neither chapter nor ghost: their numbers are all zeros
            assert not any(value for name, value in v.items() if name.startswith(("ghost.", "chapter")))
        else:
            assert [v[f"chapter[{c}]"] for c in range(data.NUM_CHAPTERS)] == [
                int(c + 1 == chapter["number"]) for c in range(data.NUM_CHAPTERS)]
            listed = chapter["conditions"]
            assert [v[f"chapter_conditions[{k}].present"] for k in range(2)] == [int(k < len(listed)) for k in range(2)]
            assert [v[f"chapter_conditions[{k}].met"] for k in range(len(listed))] == [c["met"] for c in listed]
            prices = chapter.get("market_prices", {})
            surcharges = [v[f"chapter_surcharge[{r}]"] for r in range(4)]
            assert surcharges == [prices.get(key, data.PRICE[r]) - data.PRICE[r]
                                  for r, key in enumerate(data.RESOURCES)]
            surcharged |= any(surcharges)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert surcharged == (options.get("chapter") == 13)

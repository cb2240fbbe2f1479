"""The compiled and the uncompiled build are the same rules: identical games, step by step."""
import random

import pytest

from arena import engines, games
from arena.engines import COMPILED, PYTHON, EngineBuildError


def _game_ids():
    return list(games.game_ids())


def _player_counts(game_id):
    game = games.get(game_id, PYTHON)
    return range(game.min_players, game.max_players + 1)


def assert_builds_agree(compiled, uncompiled, n, seed, options=None, observe_every=10):
    """Plays one random game in both builds (``new_state`` of each: a registry game or a rules
    module), checking at every step that they ask the same seats the same choices, and compares
    observations every ``observe_every`` steps and the final views and results."""
    rng = random.Random(seed)
    a, b = compiled.new_state(n, seed, options), uncompiled.new_state(n, seed, options)
    step = 0
    while not a.is_terminal():
        assert a.current_seats() == b.current_seats()
        seat = a.current_seats()[0]
        legal = a.legal_actions(seat)
        assert legal == b.legal_actions(seat), f"{n}p seed {seed} step {step}"
        if step % observe_every == 0:
            assert a.observation(seat) == b.observation(seat)
        action = rng.choice(legal)
        a.apply(seat, action)
        b.apply(seat, action)
        step += 1
    assert b.is_terminal()
    assert a.full_view() == b.full_view()
    assert a.result() == b.result()


@pytest.mark.parametrize("seeds", [pytest.param(8, id="8-seeds"), pytest.param(40, id="40-seeds", marks=pytest.mark.slow)])
@pytest.mark.parametrize("game_id", _game_ids())
def test_both_builds_play_identical_games_for_every_player_count(game_id, seeds):
    """Step by step, at every table size: eight games each in the default run (a random Samouraï
    game is thousands of decisions in the uncompiled build), forty in the slow run."""
    compiled, uncompiled = games.get(game_id, COMPILED), games.get(game_id, PYTHON)
    for n in _player_counts(game_id):
        options = _options_for(uncompiled, n)
        for seed in range(seeds):
            assert_builds_agree(compiled, uncompiled, n, seed, options)


def _options_for(game, n):
    """The default options, or where ``n`` seats cannot play them (a seat alone at Shōgun no Katana
    needs its ghost), each automaton at its first level."""
    if game.can_seat(n):
        return None
    first_level = {option.name: option.choices[1] for option in game.spec.options}
    return {automaton.option: first_level[automaton.option] for automaton in game.spec.automata}


@pytest.mark.parametrize("game_id", _game_ids())
def test_both_fast_paths_play_identical_games(game_id):
    compiled, uncompiled = games.get(game_id, COMPILED), games.get(game_id, PYTHON)
    for n in _player_counts(game_id):
        assert compiled.play_random_games(n, 20, 1000 + n) == uncompiled.play_random_games(n, 20, 1000 + n)


KATANA = "engine_ext.katana._rules"
RISQUES = "engine_ext.risques._rules"


def test_the_uncompiled_build_runs_sources_only():
    module = engines.load_module(KATANA, PYTHON)
    assert module.__file__.endswith("katana/_rules.py")
    assert module.Rng.__module__.endswith("_rng")
    assert engines.load_module("engine_ext._rng", PYTHON).__file__.endswith("_rng.py")
    assert not hasattr(module, "BUILD_SOURCE_DIGEST")


def test_the_compiled_build_is_the_extension_built_from_these_sources():
    module = engines.load_module(KATANA, COMPILED)
    assert module.__file__.endswith(".so")
    assert module.BUILD_SOURCE_DIGEST == engines.current_digest(KATANA)


def test_a_stale_compiled_module_is_refused(monkeypatch):
    monkeypatch.setattr(engines, "current_digest", lambda name: "0" * 64)
    with pytest.raises(EngineBuildError, match="built from other sources.*make build"):
        engines.load_module(KATANA, COMPILED)


def _copy_engine_package(tmp_path):
    import shutil
    shutil.copytree(engines.package_dir(), tmp_path / "engine_ext",
                    ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__", "golden"))
    return tmp_path / "engine_ext"


def test_an_edited_source_changes_the_digest(tmp_path):
    from arena.engine_sources import source_digest

    root = _copy_engine_package(tmp_path)
    before = source_digest(root, KATANA)
    rng_before = source_digest(root, "engine_ext._rng")
    for other in ("risques/data.py", "risques/_rules.py", "katana/heuristic.py"):
        with open(root / other, "a") as handle:
            handle.write("\n# not a source of Katana's rules\n")
    assert source_digest(root, KATANA) == before, "other games' files and the heuristic do not count"
    for edited in ("katana/data.py", "katana/views.py", "katana/actions.py", "katana/spec.py", "spec.py",
                   "_rng.py", "katana/_rules.pxd", "katana/_core.py", "katana/_core.pxd"):
        with open(root / edited, "a") as handle:
            handle.write("\n# an edit\n")
        assert source_digest(root, KATANA) != before, edited
        before = source_digest(root, KATANA)
    assert source_digest(root, "engine_ext._rng") != rng_before


def test_unknown_build_and_game_are_clear_errors():
    with pytest.raises(ValueError, match="unknown build 'fast'"):
        games.get("katana", "fast")
    with pytest.raises(ValueError, match="unknown game 'chess': known games are katana"):
        games.get("chess")


def test_risques_digest_follows_its_cimported_core(tmp_path):
    from arena.engine_sources import module_sources, source_digest

    names = {path.relative_to(engines.package_dir()).as_posix()
             for path in module_sources(engines.package_dir(), RISQUES)}
    assert {"risques/_rules.py", "risques/_rules.pxd", "risques/_core.py", "risques/_core.pxd", "_rng.py",
            "risques/actions.py", "risques/data.py", "risques/views.py"} <= names
    root = _copy_engine_package(tmp_path)
    before = source_digest(root, RISQUES)
    with open(root / "risques" / "_core.py", "a") as handle:
        handle.write("\n# an edit\n")
    assert source_digest(root, RISQUES) != before, "an edit to the core rebuilds the rules module"


def test_engine_modules_are_of_reasonable_size():
    for path in engines.package_dir().rglob("*.py"):
        lines = path.read_text().count("\n")
        assert lines <= 800, f"{path} has {lines} lines"

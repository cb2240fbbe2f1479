"""Samouraï & Katana through the ``arena`` command: ``arena play samourai --players N --seed S`` at every
table from 3 to 6, with the default options and with every optional rule on, is determined by its seed
and its replay verifies (3 players with the defaults and 6 with every option by default; the other
tables with the slow checks)."""
import json

import pytest

from arena import games
from arena.engines import PYTHON
from test_cli import arena


def every_option_on():
    """Every boolean option on, and the longest game the Durée rule allows."""
    spec = games.get("samourai", PYTHON).spec
    values = {option.name: (max(option.choices) if option.name == "target" else True)
              for option in spec.options}
    assert set(values) >= {"diplomacy", "clan_treasury", "limited_emperor", "rank_changes", "seppuku"}
    return values


def _options_argument(values):
    return ",".join(f"{name}={str(value).lower() if isinstance(value, bool) else value}"
                    for name, value in values.items())


TABLES = [(players, every) for every in (False, True) for players in range(3, 7)]
FAST = ((3, False), (6, True))


@pytest.mark.parametrize("players, every", [
    pytest.param(p, e, id=f"{p}p-{'every-option' if e else 'defaults'}",
                 marks=[] if (p, e) in FAST else [pytest.mark.slow]) for p, e in TABLES])
def test_a_game_is_determined_by_its_seed_and_its_replay_verifies(tmp_path, players, every):
    replay = tmp_path / "samourai.json"
    options = ["--options", _options_argument(every_option_on())] if every else []
    argv = ["play", "samourai", "--players", str(players), *options, "--seed", "11"]
    out = arena(*argv, "--replay", str(replay))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["game"] == "samourai" and len(result["ranks"]) == players
    assert result["end_reason"] in ("target", "round_cap")
    best = max(result["scores"])
    assert all(score == best for rank, score in zip(result["ranks"], result["scores"]) if rank == 1), \
        "the most honour ranks first"
    assert min(result["ranks"]) == 1 and max(result["ranks"]) <= players

    again = arena(*argv)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == result, "a game is determined by its seed"
    other = arena(*argv[:-1], "12")
    assert json.loads(other.stdout) != result, "another seed plays another game"

    stored = json.loads(replay.read_text())
    assert stored["game"] == "samourai" and stored["players"] == players
    if every:
        assert stored["options"] == every_option_on()
    verified = arena("replay", "verify", str(replay))
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith(f"replay ok: samourai, {players} players")


def test_an_option_samourai_does_not_know_is_refused_with_a_clear_message():
    out = arena("play", "samourai", "--players", "4", "--options", "ghost=2")
    assert out.returncode == 2
    assert "ghost" in out.stderr

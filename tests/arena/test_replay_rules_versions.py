"""A replay recorded under rules the engine no longer plays (Shōgun before 0.3, Samouraï before 0.2)
is refused with its version named, never re-simulated under the new rules."""
import pytest

from arena import agents, games, replay
from arena.match import play_match

OLD = {"shogun": "0.2", "samourai": "0.1"}


@pytest.mark.parametrize("game_id", sorted(OLD))
def test_a_replay_of_the_previous_rules_is_refused_by_name(game_id):
    game = games.get(game_id)
    players = game.table_sizes()[0]
    outcome = play_match(game_id, seed=3, agents=[agents.builtin("random", s, game_id) for s in range(players)])
    recorded = replay.to_dict(outcome)
    replay.verify(recorded)   # the current rules re-play it
    assert game.rules_version != OLD[game_id]
    recorded["rules_version"] = OLD[game_id]
    with pytest.raises(replay.ReplayError) as refused:
        replay.verify(recorded)
    assert str(refused.value) == (f"replay recorded under {game_id} rules {OLD[game_id]}; this engine plays rules "
                                  f"{game.rules_version} and cannot re-simulate it")

"""Built-in bots: names, determinism, the heuristic's strength on Katana, and a clear error when asked to
choose from no legal action."""
import pytest

from arena import agents, games
from arena.match import agent_seed, play_match
from arena.tournaments import Table
from arena.tournaments.runner import make_format, play_table, run_tournament


def test_builtin_names_and_errors():
    assert agents.builtin("mix-0.25", 1, "katana").p == 0.25
    with pytest.raises(ValueError, match="mix-<p>"):
        agents.builtin("mix-lots", 1)
    with pytest.raises(ValueError, match="between 0 and 1"):
        agents.builtin("mix-2", 1)
    with pytest.raises(ValueError, match="unknown game .no-such-game."):
        agents.builtin("heuristic", 1, "no-such-game")
    with pytest.raises(ValueError, match="unknown built-in bot"):
        agents.builtin("grandmaster", 1)


@pytest.mark.parametrize("bot", ["katana-aggressor", "heuristic", "mix-0.5"])
def test_bots_are_deterministic_from_the_seed(bot):
    def game(seed):
        players = [agents.builtin(bot if s % 2 == 0 else "random", agent_seed(seed, s), "katana") for s in range(5)]
        return play_match("katana", seed=seed, agents=players).steps
    assert game(4) == game(4)
    assert game(4) != game(5)


def test_heuristic_learns_the_game_from_the_observation():
    table = Table("t", 0, ("heuristic", "random", "random"), 9)
    assert play_table("katana", table).ranks


def test_heuristic_beats_random_clearly_on_katana():
    # 4 entrants at 4-seat tables: every game has the heuristic and three random bots, all seats
    # rotated on each deal.  Random bots alone would each finish first in about 40% of games.
    fmt = make_format("katana", "tables", ["katana-aggressor", "random", "random", "random"], seed=1,
                      games_per=30, players=4)
    run = run_tournament(fmt)
    rows = {s.bot: s for s in run.standings}
    hero = rows["katana-aggressor"]
    assert run.standings[0].bot == "katana-aggressor"
    assert hero.wins / hero.games > max(rows[b].wins / rows[b].games for b in rows if b != hero.bot) + 0.1
    assert hero.low > 1500, "its rating interval lies above the pool mean"


def _first_question(game_id):
    """A real first observation of the game's default table, and the seat it is for."""
    game = games.get(game_id)
    n = next(n for n in range(game.min_players, game.max_players + 1) if game.can_seat(n))
    state = game.new_state(n, 1)
    seat = state.current_seats()[0]
    return state.observation(seat)


@pytest.mark.parametrize("bot", ["random", "heuristic", "mix-0", "mix-0.5", "mix-1"])
def test_a_built_in_player_asked_to_choose_from_nothing_says_so(bot):
    player = agents.builtin(bot, 1, "katana")
    observation = _first_question("katana")
    with pytest.raises(agents.NoLegalAction, match=f"{bot} was asked to decide with no legal action"):
        player.act(observation, [])
    if hasattr(player, "act_with_state"):
        with pytest.raises(agents.NoLegalAction):
            player.act_with_state(observation, [], lambda draw=0: None)


@pytest.mark.parametrize("game_id", [g for g in games.game_ids() if games.get(g).spec.heuristic.startswith("engine_ext.")])
def test_each_games_heuristic_asked_to_choose_from_nothing_says_so(game_id):
    alias = games.get(game_id).spec.heuristic_aliases[0]
    heuristic = agents.builtin(alias, 1, game_id)
    observation = _first_question(game_id)
    with pytest.raises(ValueError, match=f"{alias} was asked to decide with no legal action to choose from"):
        heuristic.act(observation, [])
    if hasattr(heuristic, "act_with_state"):
        with pytest.raises(ValueError, match="no legal action to choose from"):
            heuristic.act_with_state(observation, [], lambda draw=0: None)


@pytest.mark.parametrize("game_id,players", [("katana", 5), ("risques", 4), ("shogun", 3), ("samourai", 4)])
def test_an_observation_is_built_only_for_players_that_read_it(game_id, players):
    """Random players are passed None (nothing built for them); a reading player at the same
    table still gets every event since its previous decision, exactly as when all read."""

    class Reader(agents.RandomAgent):
        reads_observation = True

        def __init__(self, seed):
            super().__init__(seed)
            self.seen = []

        def act(self, observation, legal_actions):
            self.seen.append(observation)
            return super().act(observation, legal_actions)

    class Blind(agents.RandomAgent):
        reads_observation = False

        def act(self, observation, legal_actions):
            assert observation is None
            return super().act(observation, legal_actions)

    seed = 11
    mixed = [Reader(agent_seed(seed, 0))] + [Blind(agent_seed(seed, s)) for s in range(1, players)]
    reading = [Reader(agent_seed(seed, s)) for s in range(players)]
    played = play_match(game_id, seed=seed, agents=mixed)
    everyone_reads = play_match(game_id, seed=seed, agents=reading)
    assert played.steps == everyone_reads.steps and played.result == everyone_reads.result
    assert mixed[0].seen == reading[0].seen
    assert sum(len(o["events"]) for o in mixed[0].seen) > 0
    # a subclass that does not say is shown its observation (it may read it)
    assert agents.RandomAgent.reads_observation is False
    assert type("Recorder", (agents.RandomAgent,), {}).reads_observation is True

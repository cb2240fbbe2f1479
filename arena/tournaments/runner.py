"""Playing tournaments locally: each scheduled table goes through :func:`arena.match.play_match`.

:func:`make_format` builds a format for a registered game and checks the game can be played
that way; :func:`run_tournament` asks the format for tables until it has none left, plays them
with the built-in bots and returns the results and the standings; :func:`run_ladder` drives a
continuous :class:`~arena.tournaments.ladder.Ladder` for a number of groups.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from arena import agents, games
from arena.engines import COMPILED
from arena.match import agent_seed, play_match
from arena.ratings import LiveElo, fit_ratings

from .core import Format, GameResult, Standing, Table, entrant_ids, program_of
from .choice import FORMATS, TWO_PLAYER, build_format, default_seats, game_result
from .ladder import Ladder
from .story import ChapterMatch, StoryCampaign, campaign_of

__all__ = ["FORMATS", "make_format", "play_table", "run_tournament", "TournamentRun", "run_ladder",
           "result_from_outcome", "make_story", "play_chapter", "run_story"]

def make_format(game_id: str, format_name: str, bots: Sequence[str], *, seed: int = 0, games_per: int = 2,
                adaptive: bool | str = False, players: int | None = None, rounds: int | None = None,
                top: int = 3, build: str = COMPILED) -> Format:
    """A format over ``bots`` (built-in names; repeated names become ``name#1``, ``name#2``...).

    ``games_per``: games per pairing in two-player formats, rounds of tables in ``tables``.
    ``players``: seats per table for ``tables`` (and for ``single-elim`` over tables); the
    two-player formats need a game that two can play.  The choice is
    :func:`arena.tournaments.choice.build_format`'s, the same as the site's.
    """
    game = games.get(game_id, build)
    for name in dict.fromkeys(bots):
        agents.check_builtin(name, game_id)
    entrants = entrant_ids(list(bots))
    if players not in (None, 2) and format_name in TWO_PLAYER:
        raise ValueError(f"{format_name} is a two-player format; --players {players} is for "
                         f"tables (and single-elim over tables)")
    seats = players if players is not None else default_seats(format_name, game, len(entrants))
    return build_format(format_name, game, entrants, seats=seats, seed=seed, games=games_per, rounds=rounds,
                        adaptive=adaptive, top=top)


def result_from_outcome(table: Table, result: dict) -> GameResult:
    """A :class:`GameResult` from a game's ``result()`` (:func:`arena.tournaments.choice.game_result`)."""
    return game_result(table.key, table.bots, result["ranks"], result.get("teams"))


def play_table(game_id: str, table: Table, build: str = COMPILED) -> GameResult:
    players = [agents.builtin(program_of(bot), agent_seed(table.seed, seat), game_id)
               for seat, bot in enumerate(table.bots)]
    outcome = play_match(game_id, seed=table.seed, agents=players, build=build)
    return result_from_outcome(table, outcome.result)


@dataclass
class TournamentRun:
    format: Format
    results: list[GameResult] = field(default_factory=list)

    @property
    def standings(self) -> list[Standing]:
        return self.format.standings(self.results)

    def to_dict(self) -> dict:
        return {"game": self.format.game, "format": self.format.name, "seed": self.format.seed,
                "games": len(self.results), "max_games": self.format.max_games(),
                "standings": [s.as_dict() for s in self.standings]}


def run_tournament(fmt: Format, *, build: str = COMPILED,
                   play: Callable[[Table], GameResult] | None = None,
                   on_game: Callable[[int], None] | None = None) -> TournamentRun:
    """Plays ``fmt`` to the end.  ``play`` replaces the engine (tests); ``on_game(n)`` is called
    after each game with the number played so far."""
    play = play or (lambda table: play_table(fmt.game, table, build))
    run = TournamentRun(fmt)
    while True:
        tables = fmt.next_tables(run.results)
        if not tables:
            return run
        for table in tables:
            run.results.append(play(table))
            if on_game is not None:
                on_game(len(run.results))


def run_ladder(game_id: str, bots: Sequence[str], *, groups: int, seed: int = 0,
               seats: Sequence[int] | None = None, refit_every: int = 20, build: str = COMPILED,
               play: Callable[[Table], GameResult] | None = None):
    """Runs ``groups`` ladder groups: the live Elo moves after each game, the fitted rating
    (with its uncertainty) replaces it every ``refit_every`` groups.  Returns
    ``(ladder, results, live)``."""
    game = games.get(game_id, build)
    entrants = entrant_ids(list(bots))
    if seats is None:
        seats = range(game.min_players, min(game.max_players, len(entrants)) + 1)
    ladder = Ladder(entrants, seats=seats, seed=seed)
    live = LiveElo()
    play = play or (lambda table: play_table(game_id, table, build))
    results: list[GameResult] = []
    for g in range(groups):
        for table in ladder.next_tables():
            result = play(table)
            results.append(result)
            live.update(result.record(game_id))
            ladder.record(result, now=len(results))
        if (g + 1) % refit_every == 0:
            table = fit_ratings([r.record(game_id) for r in results], game=game_id)
            live.seed(table)
            ladder.update_ratings({p.player: (p.rating, p.sd) for p in table.ratings.values()})
        else:
            ladder.update_ratings({b: (live.rating(b), ladder.bots[b].sd) for b in live.ratings})
    return ladder, results, live


def make_story(game_id: str, bots: Sequence[str], *, level: int | None, attempts: int = 1, seed: int = 0,
               build: str = COMPILED) -> StoryCampaign:
    """The story campaign of one built-in bot against the automaton of ``level`` (``ValueError``
    saying why it cannot be played: a game without a campaign, no level or one out of range, not
    exactly one bot, options the game refuses)."""
    game = games.get(game_id, build)
    campaign = campaign_of(game)
    if len(bots) != 1:
        raise ValueError(f"a story campaign is played by one bot, not {len(bots)}")
    if level is None:
        raise ValueError(f"a story campaign needs the {campaign.level_option} level it is played against "
                         f"(one of {', '.join(str(v) for v in campaign.levels)})")
    agents.check_builtin(bots[0], game_id)
    story = StoryCampaign(game_id, campaign, level=level, attempts=attempts, seed=seed)
    game.check_match(1, story.match(1, 1).options)
    return story


def play_chapter(game_id: str, bot: str, match: ChapterMatch, build: str = COMPILED) -> dict:
    """Plays one chapter match with the built-in ``bot``; its result."""
    player = agents.builtin(program_of(bot), agent_seed(match.seed, 0), game_id)
    return play_match(game_id, seed=match.seed, agents=[player], options=match.options, build=build).result


def run_story(story: StoryCampaign, bot: str, *, build: str = COMPILED,
              play: Callable[[ChapterMatch], dict] | None = None,
              on_match: Callable[[ChapterMatch, dict, dict], None] | None = None) -> dict:
    """Plays ``story`` to the end with ``bot``, one match after the other (the next depends on the
    last); returns its summary (``StoryCampaign.summary``).  ``play`` replaces the engine (tests);
    ``on_match(match, result, summary)`` is called after each match."""
    play = play or (lambda match: play_chapter(story.game, bot, match, build))
    results: dict = {}
    while (match := story.next_match(results)) is not None:
        results[match.key] = play(match)
        if on_match is not None:
            on_match(match, results[match.key], story.summary(results))
    return story.summary(results)

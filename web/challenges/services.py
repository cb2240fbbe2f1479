"""Writing challenges: a bot's owner asks for games against opponents of their choosing.

Everything is checked before anything is stored (the challenger is the owner's own bot with a
version that passed validation; each opponent is a live bot of the same game with a passed
version whose owner lets others enter it, or one of the house's built-in players; the seats,
options and number of games can be played; a rated challenge meets the rule below), then the
challenge, its opponents and all its matches are written in one transaction and the matches'
tasks published once it commits (``web.matches.services.matches_create``): the workers play them
like any other match.

The schedule is ``arena.tournaments``' rotation: a table is the challenger and ``seats - 1``
opponents (taken in the order given, turn by turn when there are more opponents than chairs),
and plays one game per seat on one seed, everybody moved one seat each game, until the number of
games asked for is reached; the challenger sits in every seat in turn.

Rated (docs/challenges.md): a challenge is unrated unless asked; a rated one seats only other
people's bots and the house's, each already rated in the challenge's pool at or above the
challenger (so that nobody picks weaker or unrated opponents, or their own bots, to farm a
rating).  How often one may be created is the throttles' to say (``web.api.throttles``).
"""
import random

from django.db import transaction

from arena.tournaments.core import rotation
from web.bots import selectors as bot_selectors
from web.bots.models import Bot
from web.challenges.models import MAX_GAMES, Challenge, ChallengeOpponent
from web.errors import ServiceError
from web.games import catalog
from web.matches.models import Match
from web.matches.services import SEED_BOUND, MatchSpec, _resolve_seat, matches_create
from web.ratings import selectors as rating_selectors
from web.ratings.pools import pool_of
from web.ratings.services import INITIAL_RATING


def _challenger(bot, owner):
    if owner is None or not getattr(owner, "is_authenticated", False):
        raise ServiceError("sign in to challenge")
    if not isinstance(bot, Bot):
        raise ServiceError(f"expected a bot, not {type(bot).__name__}")
    stored = Bot.objects.filter(pk=bot.pk).first()
    if stored is None or stored.owner_id != owner.pk:
        raise ServiceError(f"{bot.name!r} is not your bot: a challenge is played by a bot of yours")
    return _resolve_seat(stored.game, stored, 0, where="the challenger")


def _opponents(game, bot, opponents, owner):
    if not opponents:
        raise ServiceError("choose at least one opponent")
    strange = next((o for o in opponents if not isinstance(o, Bot)), None)
    if strange is not None:
        raise ServiceError(f"an opponent is a bot, not {type(strange).__name__}")
    ids = [opponent.pk for opponent in opponents]
    if bot.pk in ids:
        raise ServiceError(f"{bot.name!r} cannot challenge itself")
    if len(set(ids)) != len(ids):
        twice = next(o.name for i, o in enumerate(opponents) if ids.index(ids[i]) != i)
        raise ServiceError(f"{twice!r} is chosen twice")
    stored = {b.pk: b for b in Bot.objects.filter(pk__in=ids)}
    refused = [o.name for o in opponents if o.pk in stored and not bot_selectors.may_enter(bot=stored[o.pk],
                                                                                           organiser=owner)]
    if refused:
        raise ServiceError(f"{', '.join(repr(n) for n in refused)}: "
                           + ("their owners do not let others enter them" if len(refused) > 1 else
                              "its owner does not let others enter it") + " in tournaments and challenges")
    return [_resolve_seat(game, opponent, number, where=f"opponent {number}")
            for number, opponent in enumerate(opponents, start=1)]


def _tables_played(games, seats):
    return -(-games // seats)


def _check_table(game, seats, n_opponents, games, options):
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ServiceError(f"a challenge plays 1 to {MAX_GAMES} games, not {games!r}")
    info = catalog.game_info(game)
    if seats is None:
        seats = max(info.min_players, min(info.max_players, n_opponents + 1))
    try:
        _, options = catalog.check_match(game, players=seats, options=options)
    except catalog.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    if seats > n_opponents + 1:
        raise ServiceError(f"a table of {seats} seats the challenger and {seats - 1} opponents: "
                           f"you chose {n_opponents}")
    seated = min(n_opponents, _tables_played(games, seats) * (seats - 1))
    if seated < n_opponents:
        raise ServiceError(f"{games} game{'s' if games != 1 else ''} at tables of {seats} seat {seated} of your "
                           f"{n_opponents} opponents: play more games or choose fewer opponents")
    return seats, options


def _ratings_for_rated(game, seats, options, challenger, opponents, owner):
    """The challenger's rating in the challenge's pool and each opponent's, when a rated challenge
    may be played; ``ServiceError`` saying why not otherwise."""
    pool = pool_of(game=game, n_players=seats, options=options)
    if pool is None:
        raise ServiceError("a chapter of a story campaign rates into no pool: play it unrated")
    row = rating_selectors.current_rating(bot=challenger, pool=pool.key)
    mine = row.rating if row is not None and row.games else INITIAL_RATING
    ratings = []
    for bot, _ in opponents:
        if bot.owner_id is not None and bot.owner_id == owner.pk:
            raise ServiceError(f"a rated challenge plays other people's bots and the house's, not yours: "
                               f"{bot.name!r} is yours")
        theirs = rating_selectors.current_rating(bot=bot, pool=pool.key)
        if theirs is None or not theirs.games:
            raise ServiceError(f"a rated challenge plays opponents rated at or above your bot: {bot.name!r} has no "
                               f"rating in the pool {pool.key} yet")
        if theirs.rating < mine:
            raise ServiceError(f"a rated challenge plays opponents rated at or above your bot ({mine:.1f} in the "
                               f"pool {pool.key}): {bot.name!r} is rated {theirs.rating:.1f}")
        ratings.append(theirs.rating)
    return mine, ratings


def challenge_schedule(*, challenger, opponents, seats, games, seed, options):
    """The challenge's matches as ``MatchSpec``s: tables of the challenger and ``seats - 1``
    opponents in turn, each played as a rotation on one seed, until ``games`` games."""
    chairs = seats - 1
    specs = []
    for number in range(_tables_played(games, seats)):
        table = [challenger] + [opponents[(number * chairs + j) % len(opponents)] for j in range(chairs)]
        for game in rotation(f"t{number + 1}", number, [str(i) for i in range(seats)], seed):
            if len(specs) < games:
                specs.append(MatchSpec(tuple(table[int(i)] for i in game.bots), game.seed, options, game.key))
    return specs


def challenge_create(*, owner, bot, opponents, games, seats=None, options=None, rated=False, seed=None):
    """Creates a challenge of ``owner``'s ``bot`` against ``opponents`` (bots, in order) and queues
    its ``games`` games at tables of ``seats`` (default: the challenger and every opponent, within
    the game's range) with ``options``.  The versions that play are frozen now.  Raises
    ``ServiceError`` (storing nothing) for what cannot be played or is not allowed."""
    challenger = _challenger(bot, owner)
    game = challenger[0].game
    seated = _opponents(game, challenger[0], list(opponents), owner)
    seats, options = _check_table(game, seats, len(seated), games, options)
    mine, theirs = (_ratings_for_rated(game, seats, options, challenger[0], seated, owner) if rated
                    else (None, [None] * len(seated)))
    if seed is not None and not (isinstance(seed, int) and 0 <= seed < SEED_BOUND):
        raise ServiceError(f"a seed is an integer from 0 to 2**62 - 1, not {seed!r}")
    seed = seed if seed is not None else random.SystemRandom().randrange(SEED_BOUND)
    specs = challenge_schedule(challenger=challenger[1], opponents=[version for _, version in seated], seats=seats,
                               games=games, seed=seed, options=options)
    with transaction.atomic():
        challenge = Challenge.objects.create(owner=owner, game=game, bot=challenger[0], bot_version=challenger[1],
                                             seats=seats, games=games, options=options, rated=bool(rated),
                                             rating=mine, seed=seed)
        ChallengeOpponent.objects.bulk_create([
            ChallengeOpponent(challenge=challenge, bot=opponent, bot_version=version, number=number, rating=rating)
            for number, ((opponent, version), rating) in enumerate(zip(seated, theirs), start=1)])
        matches_create(game=game, specs=specs, kind=Match.Kind.CHALLENGE, challenge=challenge)
    return challenge

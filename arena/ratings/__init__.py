"""Ratings for Samurai Arena bots.

* :func:`fit_ratings` - the published rating: a regularised maximum-likelihood
  fit (Bradley-Terry, Plackett-Luce or the hidden-team model) of the whole
  match record, on the Elo scale with 95% intervals;
* :class:`LiveElo` - an incremental Elo that moves the board after each match
  and is re-seeded from the published rating at each refit;
* :class:`MatchRecord`, :func:`read_jsonl`, :func:`write_jsonl` - the input.

The evaluation against Elo, OpenSkill and TrueSkill lives in
:mod:`arena.ratings.evaluation`.
"""
from .fitted import (
    FactionTerm,
    PlayerRating,
    RatingTable,
    choose_model,
    fit_by_game,
    fit_ratings,
)
from .live import LiveElo
from .records import MatchRecord, Unit, dumps_jsonl, games_in, iter_jsonl, read_jsonl, write_jsonl
from .scale import ELO_BASE, ELO_PER_NATURAL, from_elo, to_elo

__all__ = [
    "MatchRecord",
    "Unit",
    "read_jsonl",
    "write_jsonl",
    "iter_jsonl",
    "dumps_jsonl",
    "games_in",
    "fit_ratings",
    "fit_by_game",
    "choose_model",
    "RatingTable",
    "PlayerRating",
    "FactionTerm",
    "LiveElo",
    "ELO_BASE",
    "ELO_PER_NATURAL",
    "to_elo",
    "from_elo",
]

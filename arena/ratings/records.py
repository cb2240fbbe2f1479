"""Match records: the input shared by every rating system in this package.

A match record says who sat in which seat, how each seat finished (rank 1 is
best, equal ranks are a tie), optionally which team each seat played for, and
whether the match was voided.  Records are stored one JSON object per line;
the format is described in ``docs/ratings.md``.
"""
from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass
from typing import IO, Any, Iterable, Iterator, Sequence

__all__ = [
    "MatchRecord",
    "Unit",
    "forfeit_units",
    "read_jsonl",
    "write_jsonl",
    "iter_jsonl",
    "dumps_jsonl",
    "games_in",
]

@dataclass(frozen=True)
class Unit:
    """One competing side of a match: a single seat, or all seats of a team."""

    label: str | None  # team label, or None for a seat without a team
    seats: tuple[int, ...]
    players: tuple[str, ...]
    rank: int


@dataclass(frozen=True)
class MatchRecord:
    """One finished match.

    ``players`` and ``ranks`` have one entry per seat.  Ranks are positive
    integers, 1 is best and equal ranks are a tie; a seat that forfeited is
    given the worst rank by whoever builds the record.  ``teams`` optionally
    gives a team label per seat ("shogun", "ninja", "ronin", ...); seats with
    the same label form one side and must share a rank.  A voided match counts
    for nobody.  A match of one seat (a bot alone against the game's automata)
    is a valid record; it compares nobody, so the rank-based ratings skip it.
    """

    game: str
    players: tuple[str, ...]
    ranks: tuple[int, ...]
    teams: tuple[str, ...] | None = None
    voided: bool = False
    id: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or not self.game:
            raise ValueError("'game' must be a non-empty string")
        players = _as_tuple(self.players, "players")
        ranks = _as_tuple(self.ranks, "ranks")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "ranks", ranks)
        if not players:
            raise ValueError("a match needs at least 1 seat, got 0")
        for p in players:
            if not isinstance(p, str) or not p:
                raise ValueError(f"player ids must be non-empty strings, got {p!r}")
        if len(ranks) != len(players):
            raise ValueError(
                f"'ranks' has {len(ranks)} entries but 'players' has {len(players)}"
            )
        for r in ranks:
            if isinstance(r, bool) or not isinstance(r, int) or r < 1:
                raise ValueError(f"ranks must be integers >= 1, got {r!r}")
        if self.teams is not None:
            teams = _as_tuple(self.teams, "teams")
            object.__setattr__(self, "teams", teams)
            if len(teams) != len(players):
                raise ValueError(
                    f"'teams' has {len(teams)} entries but 'players' has {len(players)}"
                )
            team_rank: dict[str, int] = {}
            for label, r in zip(teams, ranks):
                if not isinstance(label, str) or not label:
                    raise ValueError(f"team labels must be non-empty strings, got {label!r}")
                if team_rank.setdefault(label, r) != r:
                    raise ValueError(
                        f"members of team {label!r} have different ranks "
                        f"({team_rank[label]} and {r}); a team shares one outcome"
                    )
            if len(team_rank) < 2 and len(players) > 1:
                raise ValueError("a team match needs at least 2 teams")
        if not isinstance(self.voided, bool):
            raise ValueError(f"'voided' must be true or false, got {self.voided!r}")
        if self.id is not None and not isinstance(self.id, str):
            raise ValueError(f"'id' must be a string, got {self.id!r}")

    @property
    def seats(self) -> int:
        return len(self.players)

    def units(self) -> list[Unit]:
        """The sides of the match in order of first seat: teams, or single seats."""
        if self.teams is None:
            return [
                Unit(None, (i,), (p,), r)
                for i, (p, r) in enumerate(zip(self.players, self.ranks))
            ]
        seats: dict[str, list[int]] = {}
        for i, label in enumerate(self.teams):
            seats.setdefault(label, []).append(i)
        return [
            Unit(
                label,
                tuple(idx),
                tuple(self.players[i] for i in idx),
                self.ranks[idx[0]],
            )
            for label, idx in seats.items()
        ]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "players": list(self.players),
            "ranks": list(self.ranks),
        }
        if self.teams is not None:
            out["teams"] = list(self.teams)
        if self.voided:
            out["voided"] = True
        if self.id is not None:
            out["id"] = self.id
        return out

    @classmethod
    def from_dict(cls, data: Any) -> "MatchRecord":
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object, got {type(data).__name__}")
        missing = [k for k in ("game", "players", "ranks") if k not in data]
        if missing:
            raise ValueError("missing key(s): " + ", ".join(repr(k) for k in missing))
        for key in ("players", "ranks"):
            if not isinstance(data[key], list):
                raise ValueError(f"{key!r} must be a list")
        teams = data.get("teams")
        if teams is not None and not isinstance(teams, list):
            raise ValueError("'teams' must be a list or null")
        return cls(
            game=data["game"],
            players=tuple(data["players"]),
            ranks=tuple(data["ranks"]),
            teams=None if teams is None else tuple(teams),
            voided=data.get("voided", False),
            id=data.get("id"),
        )


def _as_tuple(value: Any, name: str) -> tuple:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ValueError(f"{name!r} must be a sequence")
    return tuple(value)


def forfeit_units(teams: Sequence[str], ranks: Sequence[int]) -> tuple[str, ...]:
    """Team labels in which a seat ranked below its team (it forfeited: the game ranks it last
    and its team-mates keep the team's place) plays as a unit of its own, ``<team>/seat<i>``.

    A record's units are its teams (:meth:`MatchRecord.units`): the team keeps its members and
    its place, and the forfeiting seat is one more unit, ranked last, instead of the whole match
    losing its teams.
    """
    best: dict[str, int] = {}
    for team, rank in zip(teams, ranks):
        best[team] = min(best.get(team, rank), rank)
    return tuple(team if rank == best[team] else f"{team}/seat{seat}"
                 for seat, (team, rank) in enumerate(zip(teams, ranks)))


def games_in(records: Iterable[MatchRecord]) -> list[str]:
    """Distinct game names, in order of first appearance."""
    seen: dict[str, None] = {}
    for r in records:
        seen.setdefault(r.game, None)
    return list(seen)


def iter_jsonl(source: str | os.PathLike | IO[str]) -> Iterator[MatchRecord]:
    """Yield records from a JSON-lines file; blank lines are skipped.

    Raises ``ValueError("line N: ...")`` on the first malformed line.
    """
    if isinstance(source, (str, os.PathLike)):
        with open(source, encoding="utf-8") as fh:
            yield from _iter_lines(fh)
    else:
        yield from _iter_lines(source)


def _iter_lines(fh: IO[str]) -> Iterator[MatchRecord]:
    for lineno, line in enumerate(fh, start=1):
        if isinstance(line, bytes):
            line = line.decode("utf-8")
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"line {lineno}: invalid JSON: {exc.msg}") from None
        try:
            yield MatchRecord.from_dict(data)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"line {lineno}: {exc}") from None


def read_jsonl(source: str | os.PathLike | IO[str]) -> list[MatchRecord]:
    """Read all records of a JSON-lines file (a path or an open text file)."""
    return list(iter_jsonl(source))


def write_jsonl(
    records: Iterable[MatchRecord], target: str | os.PathLike | IO[str]
) -> int:
    """Write records one per line; returns the number written."""
    if isinstance(target, (str, os.PathLike)):
        with open(target, "w", encoding="utf-8") as fh:
            return _write(records, fh)
    return _write(records, target)


def _write(records: Iterable[MatchRecord], fh: IO[str]) -> int:
    n = 0
    for r in records:
        fh.write(json.dumps(r.to_dict(), ensure_ascii=False, separators=(",", ":")))
        fh.write("\n")
        n += 1
    return n


def dumps_jsonl(records: Iterable[MatchRecord]) -> str:
    buf = io.StringIO()
    _write(records, buf)
    return buf.getvalue()

"""The one place the platform plays, verifies and replays matches through ``arena``.

What a game is and whether a match can be described are ``web.games.catalog``'s.
Services describe a match as plain data (game, options, seed, one agent
reference per seat) and get plain data back; nothing here touches the
database.  An agent reference is ``{"kind": "builtin", "name": ...}``,
``{"kind": "upload", "path": ..., "sha256": ...}`` (``path``: the worker's copy of the file,
fetched and verified by ``web.bots.files``) or, for a seat a person plays
at a table, ``{"kind": "person", "person": ...}``, whose agent the caller gives
(``people``: ``web.tables`` knows how a person is reached).

Uploaded bots run as one sandboxed process each (``arena.bots.runner``, the
runner of ``arena match``); a bot that fails forfeits its seat with a status
(``ok``, ``timeout``, ``crash``, ``illegal``, ``limit``) and a reason, and its
capped stderr comes back as the seat's log.  Nothing a bot does raises out of
``play``: its failures are the seat's status.  What ``play`` raises is either
``MatchFailed`` (the match itself cannot be played) or ``PlatformFault`` (this
worker cannot play it now: no sandbox, the bot's file is not there; another
attempt may succeed), or the ``PlayAborted`` that the caller's ``on_step``
raised to stop the match (its worker no longer holds it).
"""
import os
import time
from dataclasses import dataclass, field

from arena import agents as arena_agents
from arena import games as arena_games
from arena import replay as arena_replay
from arena import replay_frames as arena_replay_frames
from arena.agents import BotFailure
from arena.bots.pool import BotPool
from arena.bots.runner import BotProcess
from arena.bots.sandbox import SandboxUnavailable
from arena.bots.submission import BotSubmissionError
from arena.match import agent_seed, play_match
from web.errors import PlatformFault
from web.games.catalog import EngineInputError

SEAT_STATUSES = ("ok", "timeout", "crash", "illegal", "limit")


class MatchFailed(RuntimeError):
    """The match itself cannot be played (not a platform fault: retrying would fail the same way)."""


class PlayAborted(RuntimeError):
    """Raised by the caller's ``on_step`` to stop a match half-way (nothing of it is kept); ``play``
    closes the bots and lets it through."""


@dataclass
class PlayedMatch:
    rules_version: str
    options: dict
    steps: list
    result: dict
    replay: dict
    seat_status: list = field(default_factory=list)
    seat_reasons: list = field(default_factory=list)
    seat_logs: list = field(default_factory=list)
    engine_seconds: float = 0.0


class _Forfeit:
    """Stands in for a bot that cannot even start (its file is no longer a valid bot): it
    forfeits at the start with ``status``, like a bot that crashes as it loads."""

    def __init__(self, status, reason):
        self.status, self.reason, self.log = status, reason, ""

    def start(self, info, clock):
        raise BotFailure(self.status, self.reason)

    def wait_ready(self):
        pass

    def act(self, observation, legal_actions):
        raise BotFailure(self.status, self.reason)

    def close(self):
        pass


def _upload_agent(ref, label, clock, pool):
    """A sandboxed bot process for an uploaded file (started by the match loop), on the platform's
    time control when one is set: from ``pool`` (an ``arena.bots.pool.BotPool``) when given,
    which may hand out the process of this bot version kept from an earlier match of the batch."""
    path = ref.get("path") or ""
    # The file was checked against its sha256 as it was handed out (web.bots.files), a moment ago.
    if not path or not os.path.isfile(path):
        raise PlatformFault(f"{label}: its file cannot be read on this worker ({path or 'no local copy'})")
    try:
        if pool is not None:
            # The label (bot@vN) tells versions apart: bot files are stored by content, and two bots
            # may have uploaded the same one.
            return pool.agent(path, label=label, clock=clock, sha256=ref.get("sha256"), identity=label)
        return BotProcess(path, label=label, clock=clock)
    except BotSubmissionError as exc:
        return _Forfeit("crash", f"not a valid bot: {exc}")
    except SandboxUnavailable as exc:
        raise PlatformFault(str(exc)) from None


def _agent(game, ref, seed, seat, label, clock, people, pool):
    if ref["kind"] == "builtin":
        return arena_agents.builtin(ref["name"], agent_seed(seed, seat), game)
    if ref["kind"] == "person":
        if people is None:
            raise MatchFailed(f"{label}: a person's seat is played at its table only")
        return people(seat, ref)
    return _upload_agent(ref, label, clock, pool)


def _close_all(players):
    """Best effort: no bot process of a match that stopped half-way is left running."""
    for player in players:
        try:
            if hasattr(player, "close"):
                player.close()
        except Exception:
            pass
        sandbox = getattr(player, "sandbox", None)
        if sandbox is not None and sandbox.process.poll() is None:
            try:
                sandbox.kill()
            except Exception:
                pass


def bot_pool():
    """The keeper of uploaded bots' processes between the matches of a batch (``with bot_pool() as
    pool: play(..., pool=pool)``): a bot version's process that finished a match cleanly plays its
    next match of the batch too, instead of a new sandbox started and ended per match (see
    ``arena.bots.pool``)."""
    return BotPool()


def play(*, game, rules_version, options, seed, seats, bot_labels=None, clock=None, on_step=None, people=None,
         pool=None):
    """Plays one match; raises ``MatchFailed`` or ``PlatformFault``, never for a bot's failure.

    ``clock`` (an ``arena.bots.runner.TimeControl``) replaces the game's time
    control for uploaded bots; ``on_step(n)`` is called after each decision and may raise
    ``PlayAborted`` to stop the match; ``people(seat, ref)`` gives the agent of a seat a person
    plays; ``pool`` (``bot_pool()``) keeps uploaded bots' processes for the next match.
    """
    try:
        engine_game = arena_games.get(game)
    except ValueError as exc:
        raise MatchFailed(str(exc)) from None
    if engine_game.rules_version != rules_version:
        raise MatchFailed(f"the match was queued for {game} rules {rules_version}; this worker plays "
                          f"rules {engine_game.rules_version}")
    labels = list(bot_labels or [f"seat {seat}" for seat in range(len(seats))])
    if bot_labels is None:
        pool = None   # the labels (bot@vN) are what tells one bot version's processes from another's
    started = time.perf_counter()
    players = []
    try:
        for seat, ref in enumerate(seats):
            players.append(_agent(game, ref, seed, seat, labels[seat], clock, people, pool))
        outcome = play_match(game, seed=seed, agents=players, options=options, on_step=on_step)
    except (MatchFailed, PlatformFault, PlayAborted):
        _close_all(players)
        raise
    except OSError as exc:   # the worker's own resources (processes, files): not the match's fault
        _close_all(players)
        raise PlatformFault(f"{type(exc).__name__}: {exc}") from None
    except Exception as exc:
        _close_all(players)
        raise MatchFailed(f"{type(exc).__name__}: {exc}") from None
    elapsed = time.perf_counter() - started
    n = len(seats)
    entries = getattr(outcome, "seat_status", None) or [{"status": "ok", "reason": ""}] * n
    statuses = [entry["status"] if isinstance(entry, dict) else entry for entry in entries]
    reasons = [entry.get("reason", "") if isinstance(entry, dict) else "" for entry in entries]
    logs = [log or "" for log in (getattr(outcome, "bot_logs", None) or [""] * n)]
    return PlayedMatch(
        rules_version=outcome.rules_version,
        options=outcome.options,
        steps=outcome.steps,
        result=outcome.result,
        replay=arena_replay.to_dict(outcome, bot_labels),
        seat_status=statuses,
        seat_reasons=reasons,
        seat_logs=logs,
        engine_seconds=elapsed,
    )


def verify_replay(replay):
    """Re-simulates a stored replay; raises ``arena.replay.ReplayError`` unless it matches."""
    return arena_replay.verify(replay)


class ReplayUnplayable(RuntimeError):
    """A stored replay that this engine cannot re-simulate (another rules version, a damaged row)."""


def replay_frames(replay, *, perspective=None):
    """The viewer's frames of ``replay`` (see ``arena.replay_frames``) from ``perspective``:
    ``None`` for everything, or a seat.  ``EngineInputError`` for a seat the match does not have."""
    try:
        return arena_replay_frames.build_frames(replay, perspective)
    except arena_replay_frames.PerspectiveError as exc:
        raise EngineInputError(str(exc)) from None
    except arena_replay.ReplayError as exc:
        raise ReplayUnplayable(str(exc)) from None


class ReplayFileError(ValueError):
    """A replay file that cannot be shown: not a replay, or one this engine does not re-simulate."""


def replay_file_frames(text, *, perspective=None):
    """The viewer's frames of a replay file's JSON ``text`` from ``perspective``, computed without
    storing anything.  The file is checked as arena checks a replay (its shape, then every step and
    the result re-simulated): ``ReplayFileError`` says what is wrong with it, ``EngineInputError``
    names a perspective it has no seat for."""
    try:
        replay = arena_replay.loads(text)
        arena_replay.verify(replay)
    except arena_replay.ReplayError as exc:
        raise ReplayFileError(str(exc)) from None
    try:
        return replay_frames(replay, perspective=perspective)
    except ReplayUnplayable as exc:
        raise ReplayFileError(str(exc)) from None

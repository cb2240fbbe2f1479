"""A worker's batch of matches keeps each uploaded bot's process from one match to the next: each
match's seats, logs and replay are as if the bot had been started for it alone."""
from arena import replay as arena_replay
from bot_sources import playable_upload
from sandbox_processes import sandboxes_started_here
from web.matches import execution, services
from web.matches.models import Match

# Says in its log how many matches its process has played, and how many moves this match.
COUNTING_BOT = b'''
import sys
PLAYED = 0

class Bot:
    def setup(self, info):
        global PLAYED
        PLAYED += 1
        self.moves = 0
        print(f"match {PLAYED} of this process", file=sys.stderr)

    def act(self, observation, legal_actions):
        self.moves += 1
        return legal_actions[-1]

    def end(self, message):
        print(f"moves this match: {self.moves}", file=sys.stderr)
'''


def test_a_batch_keeps_each_bots_process_and_every_replay_verifies(sandboxed, house, user, settings):
    settings.ARENA_BOT_TIME_CONTROL = (2.0, 5.0, 10.0)
    counting, _ = playable_upload(user, "counting", COUNTING_BOT)
    other, _ = playable_upload(user, "other", COUNTING_BOT)       # the same code, another bot
    specs = [services.MatchSpec((counting, house[0], other, house[1]), seed) for seed in (1, 2, 3)]
    ids = [m.pk for m in services.matches_create(game="katana", specs=specs, publish=False)]
    report = execution.matches_run(match_ids=ids, worker="test")
    assert sorted(report.done) == sorted(ids)
    matches = list(Match.objects.filter(pk__in=ids).order_by("seed"))
    for number, match in enumerate(matches, 1):
        assert match.status == Match.Status.DONE
        seats = list(match.seats.order_by("seat"))
        assert [s.status for s in seats] == ["ok"] * 4
        assert arena_replay.verify(match.replay) == match.result
        for seat in (seats[0], seats[2]):
            # The same process played the bot's seat in every match, its module counting them; each
            # seat's log holds its own match only, with the end of it.
            assert f"match {number} of this process" in seat.log
            assert seat.log.count("of this process") == 1 and seat.log.count("moves this match") == 1
    # The batch over, none of the processes this test started is left (other work on the machine
    # may run sandboxes of its own).
    assert sandboxes_started_here() == []


def test_two_bots_with_the_same_file_never_share_a_process(sandboxed, house, user, settings):
    """Bot files are stored by content: the two bots' versions are one file, yet each bot's
    matches are played by processes of its own."""
    settings.ARENA_BOT_TIME_CONTROL = (2.0, 5.0, 10.0)
    counting, _ = playable_upload(user, "counting", COUNTING_BOT)
    other, _ = playable_upload(user, "other", COUNTING_BOT)
    order = [counting, other, counting, other]
    specs = [services.MatchSpec((bot, *house[:3]), seed) for seed, bot in enumerate(order, 1)]
    ids = [m.pk for m in services.matches_create(game="katana", specs=specs, publish=False)]
    execution.matches_run(match_ids=ids, worker="test")
    logs = [Match.objects.get(pk=pk).seats.get(seat=0).log for pk in ids]
    assert ["match 1 of" in logs[0], "match 1 of" in logs[1], "match 2 of" in logs[2], "match 2 of" in logs[3]] \
        == [True] * 4, logs

"""A table's game played through the one match path (the worker in the test's thread, the person in
another, as a page plays): a person's seat sees its own observation only, forfeits when its clock
runs out, and the game is stored once with its replay, unrated; a worker lost in the middle of a
game ends it instead of replaying it.  Every registered game is played at a table."""
import pytest
from django.test import Client
from django.urls import reverse

from arena import games
from arena import replay as arena_replay
from arena import replay_frames
from tables_helpers import PersonThread, table_redis  # noqa: F401  (table_redis is a fixture)
from web.bots import services as bot_services
from web.matches import execution
from web.matches.models import Match, MatchSeat
from web.ratings.models import RatingEntry
from web.tables import services
from web.tables.channel import SeatChannel
from web.tables.models import Table
from web.tables.runner import NOT_REPLAYED, table_match_run


@pytest.fixture
def person(django_user_model):
    return django_user_model.objects.create_user(username="tomoe", password="x" * 12)


def _table(person, game="katana", players=4):
    bots = bot_services.demo_bots_ensure(game=game)
    return services.table_create(creator=person, game=game, seats=[services.ME, *bots[:players - 1]])


def _play(table, choose=lambda state: state["legal"][0]):
    """The table's match played to its end: the person answers every decision with ``choose``."""
    channel = SeatChannel(table.match_id, 0)
    person = PersonThread(channel, choose)
    person.start()
    outcome = table_match_run(match_id=table.match_id, worker="test")
    person.join(10)
    assert person.error is None and not person.is_alive()
    return outcome, channel, person.decisions


def _seen_by_seat_0(match):
    """The last view of the replay seen from seat 0: exactly what seat 0 saw at the end."""
    return replay_frames.views(replay_frames.build_frames(match.replay, 0))[-1]


def test_a_person_plays_a_whole_katana_game_against_three_bots(table_redis, person):
    table = _table(person)
    match = Match.objects.get(pk=table.match_id)
    assert (match.kind, match.rated, match.status) == ("table", False, "queued")
    end_turn = games.get("katana").action_id("END_TURN")
    outcome, channel, decisions = _play(table, lambda s: end_turn if end_turn in s["legal"] else s["legal"][0])
    assert outcome == "done" and decisions >= 1
    match.refresh_from_db()
    assert match.status == "done"
    seats = list(MatchSeat.objects.filter(match=match).order_by("seat"))
    assert seats[0].person_id == person.pk and seats[0].bot_id is None and seats[0].status == "ok"
    assert all(seat.bot_id for seat in seats[1:])
    assert not RatingEntry.objects.filter(match=match).exists()
    arena_replay.verify(match.replay)
    assert sum(1 for seat, _ in match.replay["steps"] if seat == 0) == decisions
    # the seat was shown exactly its own observation
    final = channel.read()
    assert final["result"] == match.result and final["match_status"] == "done" and final["over"]
    assert final["view"] == _seen_by_seat_0(match)
    assert len(channel.read_events(0)) == final["events_total"] > 0
    # the match's page and API name the person in their seat
    page = Client().get(reverse("match-detail", args=[match.pk])).content.decode()
    assert 'class="seat-person">tomoe</span>' in page and 'id="replay-viewer"' in page
    seat = Client().get(f"/api/matches/{match.pk}/").json()["seats"][0]
    assert (seat["person"], seat["bot"], seat["bot_id"], seat["status"]) == ("tomoe", None, None, "ok")


def test_a_person_who_leaves_forfeits_once_the_clock_runs_out_and_the_game_ends_as_its_rules_say(
        table_redis, person):
    table = _table(person)
    Table.objects.filter(pk=table.pk).update(clock_seconds=0.2)
    assert table_match_run(match_id=table.match_id, worker="test") == "done"
    match = Match.objects.get(pk=table.match_id)
    seat = MatchSeat.objects.get(match=match, seat=0)
    assert seat.status == "timeout" and "0.2 seconds" in seat.reason
    # Katana's hidden teams cannot play on one short: the game ends at once, the seat ranks last
    assert match.status == "done" and match.replay["steps"][-1] == [0, -1]
    assert match.result["ranks"][0] == max(match.result["ranks"])
    state = SeatChannel(match.pk, 0).read()
    assert state["status"] == "timeout" and state["over"] and state["result"] == match.result


def test_a_person_who_leaves_forfeits_at_once(table_redis, person):
    table = _table(person, "risques", 3)
    channel = SeatChannel(table.match_id, 0)

    def leave_at_the_second_decision(state):
        if state["decision"] == 2:
            channel.leave()
        return state["legal"][0]

    outcome, channel, decisions = _play(table, leave_at_the_second_decision)
    assert outcome == "done" and decisions == 2
    match = Match.objects.get(pk=table.match_id)
    seat = MatchSeat.objects.get(match=match, seat=0)
    assert (seat.status, seat.reason) == ("timeout", "the person left the game")
    # a Risques scene cannot go on with a fighter who vanished: the match ends at once, the seat last
    assert match.replay["steps"][-1] == [0, -1] and match.result["ranks"][0] == max(match.result["ranks"])
    assert channel.read()["status"] == "timeout"


def test_a_table_match_whose_worker_was_lost_ends_instead_of_being_played_again(table_redis, person):
    table = _table(person)
    token, claimed = execution.matches_claim(match_ids=[table.match_id], worker="lost", tables=True)
    assert claimed
    # its worker vanished: the sweep hands it back once its lease expires
    Match.objects.filter(pk=table.match_id).update(lease_expires_at="2000-01-01T00:00:00Z")
    assert execution.matches_sweep()["expired"] == 1
    assert table_match_run(match_id=table.match_id, worker="test") == "failed"
    match = Match.objects.get(pk=table.match_id)
    assert match.status == "error" and match.error == NOT_REPLAYED


@pytest.mark.parametrize("game", [
    "risques", "shogun", pytest.param("samourai", marks=pytest.mark.slow), pytest.param("toy", marks=pytest.mark.slow)])
def test_every_game_is_played_at_a_table(table_redis, person, game):
    """Any registered game, at its smallest table against its built-in players (the slow run has
    the longer ones)."""
    table = _table(person, game, games.get(game).table_sizes()[0])
    outcome, channel, _ = _play(table)
    assert outcome == "done"
    match = Match.objects.get(pk=table.match_id)
    assert match.status == "done" and MatchSeat.objects.get(match=match, seat=0).status == "ok"
    assert channel.read()["view"] == _seen_by_seat_0(match)

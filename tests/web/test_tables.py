"""Tables: setting one checks everything first; open seats wait for people; its match goes to the
tables' queue only; and a seat is played by its seated person only, only when it must decide:
every refusal (not your seat, not your turn, an illegal action, the game over) writes nothing."""
import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tables_helpers import table_redis  # noqa: F401  (a fixture)
from web import publishing
from web.bots import services as bot_services
from web.errors import ServiceError
from web.matches import execution
from web.matches.models import Match, MatchSeat
from web.tables import services
from web.tables.channel import SeatChannel
from web.tables.models import Table, TableSeat

ME, OPEN = services.ME, services.OPEN


@pytest.fixture
def guest(django_user_model):
    return django_user_model.objects.create_user(username="kojiro", password="y" * 12)


@pytest.fixture
def third(django_user_model):
    return django_user_model.objects.create_user(username="musashi", password="z" * 12)


def _api(user=None):
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def _stored():
    """Everything a refused request must leave as it was."""
    return (list(Table.objects.values_list("pk", "status", "match_id")),
            list(TableSeat.objects.values_list("pk", "person_id")),
            list(Match.objects.values_list("pk", "status", "steps")),
            list(MatchSeat.objects.values_list("pk", "status")))


def test_setting_a_table_checks_everything_and_a_refusal_stores_nothing(user, guest, house):
    private = bot_services.bot_create(game="katana", name="secret", owner=guest)
    bot_services.bot_version_add_builtin(bot=private, agent="random")
    risques_bot = bot_services.house_bots_ensure(game="risques", count=1)[0]
    refused = [
        (dict(seats=[ME, ME, house[0]]), "exactly one seat for yourself"),
        (dict(seats=[house[0], house[1], house[2]]), "exactly one seat for yourself"),
        (dict(seats=[ME, private, house[0]]), "does not let others seat it"),
        (dict(seats=[ME, risques_bot, house[0]]), "plays risques, not katana"),
        (dict(seats=[ME] + house[:6] + [OPEN, OPEN]), "katana"),          # nine seats
        (dict(seats=[ME, house[0], house[1]], options={"board": "big"}), "board"),
        (dict(seats=[ME, house[0], house[1]], clock_seconds=1), "clock"),
    ]
    for kwargs, words in refused:
        with pytest.raises(ServiceError, match=words):
            services.table_create(creator=user, game="katana", **kwargs)
    with pytest.raises(ServiceError, match="sign in"):
        services.table_create(creator=None, game="katana", seats=[ME, house[0], house[1]])
    assert _stored() == ([], [], [], [])
    # its owner seats a private bot; others seat it once the owner lets them
    assert services.table_create(creator=guest, game="katana", seats=[ME, private, house[0]]).status == "started"
    bot_services.bot_set_entry(bot=private, user=guest, others_may_enter=True)
    assert services.table_create(creator=user, game="katana", seats=[ME, private, house[0]]).status == "started"


def test_open_seats_wait_for_people_and_the_last_one_taken_starts_the_game(user, guest, third, house):
    table = services.table_create(creator=user, game="katana", seats=[ME, OPEN, house[0]])
    assert table.status == "open" and table.match_id is None and not Match.objects.exists()
    with pytest.raises(ServiceError, match="already have a seat"):
        services.table_join(table=table, person=user)
    assert services.table_join(table=table, person=guest) == 1
    table.refresh_from_db()
    match = Match.objects.get(pk=table.match_id)
    assert (table.status, match.kind, match.rated) == ("started", "table", False)
    seats = list(match.seats.order_by("seat").values_list("person__username", "bot__name"))
    assert seats == [("hanzo", None), ("kojiro", None), (None, house[0].name)]
    before = _stored()
    with pytest.raises(ServiceError, match="its seats are taken"):
        services.table_join(table=table, person=third)
    with pytest.raises(ServiceError, match="has started"):
        services.table_cancel(table=table, person=user)
    assert _stored() == before


def test_only_its_creator_cancels_an_open_table_and_a_person_sits_at_few_unfinished_tables(
        user, guest, house, settings):
    table = services.table_create(creator=user, game="katana", seats=[ME, OPEN, house[0]])
    with pytest.raises(ServiceError, match="only the person who created"):
        services.table_cancel(table=table, person=guest)
    assert _api(guest).post(f"/api/tables/{table.pk}/cancel/").status_code == 403
    assert services.table_cancel(table=table, person=user).status == "cancelled"
    settings.ARENA_TABLES_PER_PERSON = 2
    services.table_create(creator=user, game="katana", seats=[ME, OPEN, house[0]])
    services.table_create(creator=user, game="katana", seats=[ME, house[1], house[0]])   # playing: it counts
    before = _stored()
    with pytest.raises(ServiceError, match="unfinished tables"):
        services.table_create(creator=user, game="katana", seats=[ME, house[2], house[0]])
    assert _stored() == before


def test_a_tables_match_goes_to_the_tables_queue_and_ladder_workers_never_take_it(
        user, house, settings, monkeypatch, django_capture_on_commit_callbacks):
    settings.ARENA_PUBLISH_TASKS = True
    sent = []
    monkeypatch.setattr(publishing, "publish", lambda name, *args: sent.append((name, args)))
    with django_capture_on_commit_callbacks(execute=True):
        table = services.table_create(creator=user, game="katana", seats=[ME, house[0], house[1]])
    assert sent == [(publishing.PLAY_TABLE, (table.match_id,))]
    route = publishing.app.amqp.router.route({}, publishing.PLAY_TABLE, (table.match_id,), {})
    assert route["queue"].name == settings.ARENA_TABLE_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE
    report = execution.matches_run(match_ids=[table.match_id], worker="ladder")
    assert report.skipped == [table.match_id]
    assert Match.objects.get(pk=table.match_id).status == "queued"
    # the sweep republishes it to the tables' queue, not the ladder's
    sent.clear()
    Match.objects.filter(pk=table.match_id).update(queued_at="2000-01-01T00:00:00Z")
    with django_capture_on_commit_callbacks(execute=True):
        assert execution.matches_sweep()["republished"] == 1
    assert sent == [(publishing.PLAY_TABLE, (table.match_id,))]


# --- a seat's moves -------------------------------------------------------------------------------

@pytest.fixture
def playing_table(user, guest, house, table_redis):
    """A Katana table where the worker has asked ``user`` (seat 0) for decision 2, whose legal
    actions are END_TURN (0) and PLAY_KATANA (6)."""
    table = services.table_create(creator=user, game="katana", seats=[ME, house[0], house[1]])
    Match.objects.filter(pk=table.match_id).update(status="running", lease_token="00000000-0000-0000-0000-000000000001")
    channel = SeatChannel(table.match_id, 0)
    channel.publish({"version": 5, "seat": 0, "view": {"seat": 0}, "to_act": [0], "last_seat": 2,
                     "events_total": 0, "decision": 2, "legal": [0, 6], "deadline": 2e9, "clock_seconds": 300,
                     "over": False, "status": "ok", "reason": ""})
    table.refresh_from_db()
    return table, channel


def _nothing_handed_over(channel):
    return channel.redis.llen(channel.moves_key) == 0 and not list(channel.redis.scan_iter(f"{channel.taken_prefix}*"))


def _post_move(client, table, **data):
    return client.post(f"/api/tables/{table.pk}/move/", data, format="json")


def test_a_move_is_refused_unless_its_seated_person_makes_it_legally_in_turn(playing_table, user, guest, settings):
    settings.ARENA_TABLE_MOVE_WAIT_SECONDS = 0.05
    table, channel = playing_table
    before = _stored()
    refusals = [
        (None, dict(decision=2, action="END_TURN"), (401, 403)),         # anonymous: no session, no token
        (guest, dict(decision=2, action="END_TURN"), (403,)),             # not their seat
        (user, dict(decision=1, action="END_TURN"), (409,)),              # a past decision
        (user, dict(decision=3, action="END_TURN"), (409,)),              # not yet
        (user, dict(decision=2, action="PLAY_BOKKEN"), (400,)),           # not legal now
        (user, dict(decision=2, action="SEPPUKU"), (400,)),               # no such action
        (user, dict(decision=2, action="81"), (400,)),
    ]
    for who, data, codes in refusals:
        answer = _post_move(_api(who), table, **data)
        assert answer.status_code in codes, (who, data, answer.status_code, answer.content)
        assert "detail" in answer.json()
        assert _nothing_handed_over(channel) and _stored() == before
    assert _post_move(_api(guest), table, decision=2, action="END_TURN").json()["detail"].startswith(
        "you have no seat at this table")
    # the service says the same, with its code
    with pytest.raises(services.SeatRefused) as refusal:
        services.seat_move(table=table, person=guest, decision=2, action=0)
    assert refusal.value.code == "not_seated"

    # the seated person's legal move is handed over, once: a second one for the same decision is refused
    answer = _post_move(_api(user), table, decision=2, action="PLAY_KATANA")
    assert answer.status_code == 200 and answer.json()["version"] == 5   # no worker here to take it
    assert channel.redis.lrange(channel.moves_key, 0, -1) == [b'{"decision":2,"action":6}']
    second = _post_move(_api(user), table, decision=2, action="END_TURN")
    assert second.status_code == 409 and "already moved" in second.json()["detail"]
    assert channel.redis.llen(channel.moves_key) == 1 and _stored() == before


def test_no_move_once_the_game_is_over_or_the_seat_is_out(playing_table, user):
    table, channel = playing_table
    state = channel.read()
    channel.publish({**state, "version": 6, "decision": None, "legal": None, "to_act": [1]})
    assert _post_move(_api(user), table, decision=2, action="END_TURN").status_code == 409   # not your turn
    channel.publish({**state, "version": 7, "status": "timeout", "reason": "no move within 300 seconds"})
    answer = _post_move(_api(user), table, decision=2, action="END_TURN")
    assert answer.status_code == 409 and "out of the game" in answer.json()["detail"]
    channel.publish({**state, "version": 8, "over": True, "to_act": []})
    assert _post_move(_api(user), table, decision=2, action="END_TURN").json()["code"] == "game_over"
    channel.publish({**state, "version": 9})
    Match.objects.filter(pk=table.match_id).update(status="error", error="stopped")
    answer = _post_move(_api(user), table, decision=2, action="END_TURN")
    assert answer.status_code == 409 and answer.json()["detail"] == "the game is over"
    assert _nothing_handed_over(channel)


def test_only_the_seated_person_leaves_a_game_and_only_while_it_plays(playing_table, user, guest):
    table, channel = playing_table
    assert _api(guest).post(f"/api/tables/{table.pk}/leave/").status_code == 403
    assert _api().post(f"/api/tables/{table.pk}/leave/").status_code in (401, 403)
    assert not channel.has_left() and _nothing_handed_over(channel)
    answer = _api(user).post(f"/api/tables/{table.pk}/leave/")
    assert answer.status_code == 200 and channel.has_left()
    assert channel.redis.lrange(channel.moves_key, 0, -1) == [b'{"leave":true}']
    Match.objects.filter(pk=table.match_id).update(status="error", error="stopped")
    assert _api(user).post(f"/api/tables/{table.pk}/leave/").status_code == 409


def test_a_seats_state_is_its_seated_persons_only(playing_table, user, guest, client):
    table, channel = playing_table
    assert _api(guest).get(f"/api/tables/{table.pk}/state/").status_code == 403
    assert _api().get(f"/api/tables/{table.pk}/state/").status_code in (401, 403)
    mine = _api(user).get(f"/api/tables/{table.pk}/state/").json()
    assert mine["phase"] == "playing" and mine["view"] == {"seat": 0} and mine["decision"] == 2
    assert [entry["name"] for entry in mine["legal"]] == ["END_TURN", "PLAY_KATANA"]
    assert mine["legal"][1] == {"id": 6, "name": "PLAY_KATANA", "block": "PLAY", "label": "katana"}
    assert _api(user).get(f"/api/tables/{table.pk}/state/", {"after": 5}).json()["unchanged"] is True
    public = _api().get(f"/api/tables/{table.pk}/").json()
    assert "view" not in str(public) and [seat["kind"] for seat in public["seats"]] == ["person", "bot", "bot"]
    # the page: the seated person gets the seat's player, anybody else only who sits where
    client.force_login(guest)
    page = client.get(reverse("table-detail", args=[table.pk])).content.decode()
    assert 'id="table-play"' not in page and 'id="table-spectator"' in page
    client.force_login(user)
    page = client.get(reverse("table-detail", args=[table.pk])).content.decode()
    assert 'id="table-play"' in page and "replay/katana.js" in page and "tables/table.js" in page


def test_the_form_sets_a_table_of_any_game(client, user, house):
    client.force_login(user)
    form = client.get(reverse("table-new", args=["katana"]), {"players": 5}).content.decode()
    assert form.count('name="seat_') == 5 and 'value="you"' in form
    fragment = client.get(reverse("table-new", args=["katana"]), {"players": 3}, HTTP_HX_REQUEST="true")
    assert fragment.content.decode().startswith('<form') and fragment.content.decode().count('name="seat_') == 3
    answer = client.post(reverse("table-new", args=["katana"]), {
        "players": 3, "seat_0": "you", "seat_1": "open", "seat_2": f"bot:{house[0].pk}", "minutes": 2})
    table = Table.objects.get()
    assert answer.status_code == 302 and answer.url == reverse("table-detail", args=[table.pk])
    assert (table.status, table.clock_seconds) == ("open", 120.0)
    assert "· 3 players</span>" in client.get(answer.url).content.decode()
    bad = client.post(reverse("table-new", args=["katana"]), {
        "players": 3, "seat_0": "you", "seat_1": "you", "seat_2": "open", "minutes": 2})
    assert bad.status_code == 400 and "exactly one seat for yourself" in bad.content.decode()
    assert Table.objects.count() == 1
    risques = client.get(reverse("table-new", args=["risques"])).content.decode()
    assert 'name="option_mode"' in risques
    assert client.get(reverse("game-detail", args=["katana"])).content.decode().count(f"/tables/{table.pk}/") == 1
    assert f"/tables/{table.pk}/" in client.get(reverse("account")).content.decode()


def test_a_solo_tables_page_counts_one_player(client, user):
    client.force_login(user)
    answer = client.post(reverse("table-new", args=["shogun"]), {"players": 1, "seat_0": "you", "minutes": 2, "option_ghost": 1})
    assert answer.status_code == 302
    page = client.get(answer.url).content.decode()
    assert "· 1 player</span>" in page and "1 players" not in page


def test_a_tables_page_names_only_the_options_that_change_the_rules_in_words(client, user):
    client.force_login(user)
    answer = client.post(reverse("table-new", args=["samourai"]), {
        "players": 3, "seat_0": "you", "seat_1": "open", "seat_2": "open", "minutes": 2,
        "option_diplomacy": "True", "option_target": 30})
    assert answer.status_code == 302, answer.content.decode()[:400]
    table = Table.objects.get()
    assert table.options["diplomacy"] is True and table.options["seppuku"] is False
    page = client.get(answer.url).content.decode()
    assert "diplomacy on" in page and "target 30" in page
    assert "seppuku" not in page and "False" not in page and "koku_land" not in page

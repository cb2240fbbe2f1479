"""People at a table, in Chromium: a person sets a table from a game's page and plays their seat to
the game's end by clicking its legal actions, the bots' moves played by a real tables worker (the
uploaded bot in its sandbox); two people take two seats of one game from two browser contexts.

Each click's round trip (the click to the next decision shown, or the end) is printed."""
import re
import statistics
import time

import pytest

from conftest import ARTIFACTS
from live_servers import wait_for
from test_browser_journeys import GOOD_BOT, htmx_settled, sign_up
from web.bots import services as bot_services
from web.bots.models import BotVersion
from web.matches.models import Match, MatchSeat
from web.tables.models import Table


def seat_to_act_or_over(page, *, timeout):
    """Waits until the page's seat has a decision to send or the game is over and stored, on a
    table's page; True when it is over."""
    page.wait_for_function(
        "() => { const r = document.getElementById('table-play');"
        " return r.dataset.stored === 'true' || r.dataset.phase === 'finished'"
        " || (r.dataset.decision && r.dataset.decision !== r.dataset.sent"
        "     && document.querySelector('#table-actions button.table-action:not([disabled])')); }",
        timeout=timeout)
    root = page.locator("#table-play")
    return root.get_attribute("data-over") == "true" or root.get_attribute("data-phase") == "finished"


# a seat's page: whose turn it is, its legal actions, and whether the game is over and stored
ACTIONS = "#table-actions button.table-action"


def log_in(context, site, user):
    """Signs ``user`` in in a browser context (a session of their own): signing up through the
    pages is the journeys' test."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": site}])


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(username=name, password="x" * 12) for name in ("tomoe", "kojiro")]


@pytest.fixture
def tables_site(site, live, settings):
    """The running site with a tables worker too (a thread per game), as ``arena serve`` starts it."""
    live.worker("browser-tables", queue=settings.ARENA_TABLE_QUEUE, pool="threads", concurrency=4)
    return site


def play_to_the_end(page, *, pick=lambda names: 0, timeout=120, snapshot=None):
    """Clicks one legal action at every decision of the page's seat until the game is over and
    stored; returns each click's round trip in ms (to the next decision shown, or the end).
    ``snapshot``: a file name under artifacts/browser/ for a screenshot of the second decision."""
    root = page.locator("#table-play")
    trips = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if seat_to_act_or_over(page, timeout=60_000):
            break
        if snapshot and len(trips) == 1:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / snapshot), full_page=True)
        buttons = page.locator(ACTIONS)
        names = buttons.evaluate_all("(buttons) => buttons.map((b) => b.dataset.action)")
        decision = root.get_attribute("data-decision")
        started = time.perf_counter()
        buttons.nth(pick(names)).click()
        page.wait_for_function(
            f"() => {{ const r = document.getElementById('table-play');"
            f" return r.dataset.over === 'true' || (r.dataset.decision && r.dataset.decision !== '{decision}'); }}",
            timeout=30_000)
        trips.append((time.perf_counter() - started) * 1000)
    page.wait_for_function("() => document.getElementById('table-play').dataset.stored === 'true'", timeout=60_000)
    return trips


def _report(label, trips):
    if trips:
        print(f"\n{label}: {len(trips)} clicks, round trip median {statistics.median(trips):.0f} ms, "
              f"max {max(trips):.0f} ms")


def test_a_person_plays_a_whole_katana_game_at_four_against_three_built_in_bots(tables_site, page):
    bot_services.demo_bots_ensure(game="katana")
    sign_up(page, tables_site, "tomoe")
    page.goto(f"{tables_site}/games/katana/")
    page.click("#sit-at-a-table")
    # the seats follow the player count (htmx swaps the form)
    page.select_option("#id_players", "5")
    page.locator("#id_seat_4").wait_for()
    htmx_settled(page)
    page.select_option("#id_players", "4")
    page.locator("#id_seat_4").wait_for(state="detached")
    assert page.locator("#id_players").input_value() == "4"
    assert page.locator("#id_seat_0").input_value() == "you"
    assert page.locator("#id_seat_1 option").filter(has_text="built-in").count() >= 3
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    table = Table.objects.get()
    assert table.players == 4 and table.status == "started"
    # the table drawn by Katana's renderer, from seat 0's observation
    page.locator("#table-board table, #table-board svg").first.wait_for()
    trips = play_to_the_end(page, pick=lambda names: names.index("END_TURN") if "END_TURN" in names else 0,
                            snapshot="katana_table_mid_game.png")
    _report("Katana at 4, three built-in bots", trips)
    assert len(trips) >= 1
    assert page.locator("#table-turn").inner_text().startswith("The game is over.")
    board_words = page.locator("#table-board svg").first.text_content()
    assert "The game is over" in board_words and "weapons played this turn" not in board_words
    assert page.locator("#table-events li").count() > len(trips)
    match = Match.objects.get(pk=table.match_id)
    assert match.status == "done" and not match.rated
    assert list(match.seats.order_by("seat").values_list("status", flat=True)) == ["ok"] * 4
    ending = page.locator("#table-turn").inner_text()
    assert f"the {match.result['winner'].capitalize()} team won" in ending, ending
    assert match.result["ranks"][0] == 1 or " of 4 " in ending, ending
    page.click("#table-replay-link")
    page.locator("#replay-viewer[data-ready='true']").wait_for()


def test_a_person_plays_a_risques_duel_against_an_uploaded_bot(tables_site, page, people, django_user_model):
    owner = django_user_model.objects.create_user(username="kenshin", password="x" * 12)
    bot, _ = bot_services.bot_upload(owner=owner, game="risques", name="kenshin-random", filename="bot.py",
                                     content=GOOD_BOT)
    # validated beforehand (the journeys test validation itself): passed, and open to others' tables
    BotVersion.objects.filter(bot=bot).update(status=BotVersion.Status.PASSED)
    bot_services.bot_set_entry(bot=bot, user=owner, others_may_enter=True)
    log_in(page.context, tables_site, people[0])
    page.goto(f"{tables_site}/tables/new/risques/?players=2")
    page.select_option("#id_seat_1", f"bot:{bot.pk}")
    page.select_option("#id_option_mode", "duel")
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    trips = play_to_the_end(page, snapshot="risques_table_mid_game.png")
    _report("Risques duel, an uploaded bot", trips)
    table = Table.objects.get()
    seat = MatchSeat.objects.get(match_id=table.match_id, seat=1)
    assert seat.bot_id == bot.pk and seat.status == "ok"   # it played in its sandbox to the end
    assert Match.objects.get(pk=table.match_id).status == "done"


def test_two_people_take_two_seats_of_one_game_from_two_browsers(tables_site, page, browser, people):
    log_in(page.context, tables_site, people[0])
    page.goto(f"{tables_site}/tables/new/risques/?players=2")
    page.select_option("#id_seat_1", "open")
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    link = page.locator("#table-link").inner_text()
    page.locator("#table-play[data-phase='waiting_for_people']").wait_for()
    assert page.locator("#table-turn").inner_text().startswith("Waiting for people")

    other = browser.new_context(viewport={"width": 1280, "height": 900})
    other.set_default_timeout(15_000)
    errors = []
    guest = other.new_page()
    guest.on("pageerror", lambda error: errors.append(str(error)))
    guest.on("console", lambda message: errors.append(message.text)
             if message.type == "error" and "Content Security Policy" in message.text else None)
    try:
        log_in(other, tables_site, people[1])
        guest.goto(link)
        guest.click("#take-seat-1")
        guest.locator("#table-play[data-seat='1']").wait_for()
        # both seats play, each from its own page, until the game is over
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            done = 0
            for who in (page, guest):
                root = who.locator("#table-play")
                if root.get_attribute("data-stored") == "true":
                    done += 1
                    continue
                button = who.locator(f"{ACTIONS}:not([disabled])").first
                if root.get_attribute("data-decision") and root.get_attribute("data-decision") != \
                        root.get_attribute("data-sent") and button.count():
                    button.click()
            if done == 2:
                break
            time.sleep(0.05)
        table = Table.objects.get()
        wait_for(lambda: Match.objects.filter(pk=table.match_id, status="done").exists(), 30, message="stored")
        assert list(MatchSeat.objects.filter(match_id=table.match_id).order_by("seat")
                    .values_list("person__username", flat=True)) == ["tomoe", "kojiro"]
        for who in (page, guest):
            who.wait_for_function("() => document.getElementById('table-play').dataset.stored === 'true'")
            assert who.locator("#table-turn").inner_text().startswith("The game is over.")
        guest.screenshot(path=str(ARTIFACTS / "two_people_second_browser.png"), full_page=True)
    finally:
        other.close()
    assert not errors, errors


def test_every_games_renderer_draws_a_seat_at_a_table(tables_site, page, people):
    """Shōgun's and Samouraï's tables (their renderers drawing a seat's observation, the map's too)
    up to the person's second decision: the page's errors and blocked content fail the test."""
    log_in(page.context, tables_site, people[0])
    for game, players in (("samourai", 3), ("shogun", 2)):
        bot_services.demo_bots_ensure(game=game)
        page.goto(f"{tables_site}/tables/new/{game}/?players={players}")
        page.click("#create-table")
        page.wait_for_url(re.compile(r".*/tables/\d+/$"))
        page.locator(f"{ACTIONS}:not([disabled])").first.wait_for(timeout=60_000)
        assert page.locator("#table-board").inner_text().strip(), f"{game}: the board is drawn"
        decision = page.locator("#table-play").get_attribute("data-decision")
        on_the_map = page.locator("#table-board [data-territory].table-board-choice")
        if game == "samourai":   # placing a samurai: the territories are chosen on the map itself
            assert on_the_map.count() == page.locator(ACTIONS).count() >= 1
            on_the_map.first.click()
        else:
            page.locator(ACTIONS).first.click()
        page.wait_for_function(
            f"() => {{ const r = document.getElementById('table-play');"
            f" return r.dataset.over === 'true' || (r.dataset.decision && r.dataset.decision !== '{decision}'); }}",
            timeout=30_000)
        assert page.locator("#table-events li").count() >= 1
        page.screenshot(path=str(ARTIFACTS / f"{game}_table.png"), full_page=True)
        # leaving forfeits the seat at once: the game goes on or ends without it
        page.click("#leave-game")
        page.locator("#table-turn", has_text="out of the game").or_(
            page.locator("#table-turn", has_text="The game is over")).first.wait_for(timeout=30_000)

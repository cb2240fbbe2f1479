"""The bot page (owner-only logs, the rating chart, live validation status) and the upload form."""
import io
import os
import stat
import zipfile
from types import SimpleNamespace

import pytest
from django.urls import reverse

from bot_sources import CRASH_AT_MOVE, GOOD_BOT, playable_upload
from web.bots import services as bot_services
from web.bots.models import Bot, BotVersion
from web.matches import services as match_services
from web.matches.models import MatchSeat
from web.ratings import charts


@pytest.fixture
def stranger(db, django_user_model):
    return django_user_model.objects.create_user(username="kojiro", password="x" * 12)


def test_a_bot_page_shows_owner_game_versions_chart_and_matches_with_seat_statuses(client, played_match):
    seat = played_match.seats.select_related("bot").first()
    response = client.get(reverse("bot-detail", args=[seat.bot_id]))
    assert response.status_code == 200
    page = response.content.decode()
    assert seat.bot.name in page and "house (built-in)" in page
    assert f'href="{reverse("game-detail", args=["katana"])}"' in page
    assert 'id="version-1"' in page and "built-in random" in page and 'class="status-passed">passed<' in page
    assert '<svg id="rating-chart"' in page and "<polyline" in page
    assert f'href="{reverse("match-detail", args=[played_match.pk])}"' in page
    for other in played_match.seats.select_related("bot"):
        assert other.bot.name in page
    assert "<span class=\"status-ok\">ok</span>" in page
    assert 'id="bot-logs"' not in page


def test_an_unknown_bot_is_not_found(client, db):
    response = client.get(reverse("bot-detail", args=[424242]))
    assert response.status_code == 404 and "There is no bot 424242" in response.content.decode()


@pytest.fixture
def logged_bot(user, house):
    """A bot of ``user`` that forfeited a match (with its reason and output) and has a failed version."""
    bot, version = playable_upload(user, "kagemusha", GOOD_BOT)
    match = match_services.match_create(game="katana", seats=[bot] + house[:3], seed=5)
    MatchSeat.objects.filter(match=match, bot=bot).update(status="crash", reason="ZeroDivisionError at move 3",
                                                          log="secret-stderr-of-kagemusha")
    failed = bot_services.bot_version_upload(bot=bot, filename="v2.py", content=CRASH_AT_MOVE)
    BotVersion.objects.filter(pk=failed.pk).update(status="failed", validation_problem="crashed in validation",
                                                   validation_log="secret-validation-output")
    return bot, match


PRIVATE = ("secret-stderr-of-kagemusha", "ZeroDivisionError at move 3", "secret-validation-output",
           "crashed in validation")


def test_only_the_owner_sees_the_bots_logs_and_validation_output(client, user, stranger, logged_bot):
    bot, match = logged_bot
    url = reverse("bot-detail", args=[bot.pk])
    for viewer in (None, stranger):
        if viewer:
            client.force_login(viewer)
        page = client.get(url).content.decode()
        assert "kagemusha" in page and 'class="status-failed">failed<' in page
        assert 'class="status-crash">crash<' in page   # the seat's status is public
        assert not [secret for secret in PRIVATE if secret in page]
        assert GOOD_BOT.decode() not in page and "legal_actions" not in page   # never the source
        status = client.get(reverse("bot-status", args=[bot.pk])).content.decode()
        assert not [secret for secret in PRIVATE if secret in status]
    client.force_login(user)
    page = client.get(url).content.decode()
    assert 'id="bot-logs"' in page and all(secret in page for secret in PRIVATE)
    assert f'<summary>Match #{match.pk}, seat' in page
    assert f'href="{reverse("match-detail", args=[match.pk])}">The match</a>' in page
    assert "legal_actions" not in page


def test_the_upload_page_needs_a_login(client, db):
    response = client.get(reverse("bot-upload"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    response = client.post(reverse("bot-upload"), {"game": "katana", "name": "x"})
    assert response.status_code == 302 and not Bot.objects.exists()


def _zip(members, *, symlink=None):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        if symlink:
            info = zipfile.ZipInfo(symlink)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, "/etc/passwd")
    return buffer.getvalue()


def _upload(client, name, filename, content, game="katana"):
    return client.post(reverse("bot-upload"), {"game": game, "name": name,
                                               "file": _file(filename, content)})


def _file(filename, content):
    from django.core.files.uploadedfile import SimpleUploadedFile
    return SimpleUploadedFile(filename, content)


def _stored_files(settings):
    """The bot files kept: the blob store's (the database's, by default) and anything under MEDIA_ROOT."""
    from web.bots.models import BotBlob
    root = os.path.join(settings.MEDIA_ROOT, "bots")
    return (sorted(BotBlob.objects.values_list("sha256", flat=True))
            + sorted(os.path.join(d, f) for d, _, files in os.walk(root) for f in files))


@pytest.mark.parametrize("filename,content,problem", [
    ("bot.py", b"def act(:\n", "bot.py line 1: invalid syntax"),
    ("bot.txt", b"hello", "a bot is a .py file, a .zip archive, or an executable"),
    ("bot.py", b"", "the uploaded file is empty"),
    ("bot.zip", _zip({"../evil.py": "x", "main.py": "x = 1"}), "member &#x27;../evil.py&#x27; points outside the zip"),
    ("bot.zip", _zip({"/etc/evil.py": "x", "main.py": "x = 1"}), "has an absolute path"),
    ("bot.zip", _zip({"main.py": "x = 1"}, symlink="link"), "symbolic link; links are not allowed"),
    ("bot.zip", _zip({"main.py": "x = 1", "zeros": b"\0" * (65 << 20)}),
     "unpacks to 68,157,445 bytes, more than the 67,108,864 allowed"),
    ("bot.zip", _zip({f"f{i}.txt": "" for i in range(2001)} | {"main.py": "x = 1"}), "members, more than the 2000"),
    ("bot.zip", _zip({"helper.py": "x"}), "no main.py (Python) or run (executable)"),
])
def test_a_bad_upload_shows_its_error_and_stores_nothing(client, user, settings, tmp_path, filename, content,
                                                        problem):
    settings.MEDIA_ROOT = str(tmp_path)
    client.force_login(user)
    response = _upload(client, "ronin", filename, content)
    assert response.status_code == 400
    page = response.content.decode()
    error = page.split('id="upload-error"', 1)[1].split("</p>", 1)[0]
    assert problem in error
    assert 'value="ronin"' in page   # the form keeps what was typed
    assert not Bot.objects.exists() and not BotVersion.objects.exists() and _stored_files(settings) == []


def test_an_upload_over_the_size_limit_is_refused(client, user, settings):
    settings.ARENA_MAX_BOT_BYTES = 100
    client.force_login(user)
    response = _upload(client, "big", "big.py", b"#" * 101)
    assert response.status_code == 400
    assert "The upload was refused: the uploaded file has 101 bytes; the limit is 100" in response.content.decode()
    assert not Bot.objects.exists()


def test_a_bad_form_and_a_taken_name_are_explained(client, user, house):
    client.force_login(user)
    response = client.post(reverse("bot-upload"), {"game": "chess", "name": ""})
    page = response.content.decode()
    assert response.status_code == 400 and "Select a valid choice" in page and "This field is required" in page
    from web.bots import services as bot_services
    bot_services.bot_create(game="katana", name="sensei", owner=None)
    response = _upload(client, "sensei", "bot.py", GOOD_BOT)
    assert response.status_code == 400
    assert "there is already a katana bot named &#x27;sensei&#x27;" in response.content.decode()
    response = _upload(client, house[0].name, "bot.py", GOOD_BOT)
    assert response.status_code == 400
    assert (f"a bot&#x27;s name &#x27;{house[0].name}&#x27; reads as &#x27;random&#x27;, a name the arena keeps "
            "for itself or its built-in bots") in response.content.decode()
    assert not Bot.objects.filter(owner=user).exists()


def test_a_good_upload_goes_to_the_bot_page_whose_status_turns_from_pending_to_passed(client, user, sandboxed,
                                                                                     settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    client.force_login(user)
    response = _upload(client, "ronin", "ronin.py", GOOD_BOT)
    bot = Bot.objects.get(name="ronin")
    assert len(_stored_files(settings)) == 1
    assert bot.owner == user and bot.game == "katana"
    assert response.status_code == 302 and response["Location"] == reverse("bot-detail", args=[bot.pk])
    page = client.get(response["Location"]).content.decode()
    assert 'id="validation-state">pending<' in page
    status_url = reverse("bot-status", args=[bot.pk])
    pending = client.get(status_url).content.decode()
    assert 'id="validation-state">pending<' in pending and 'hx-trigger="every 1s"' in pending
    assert "<html" not in pending
    bot_services.bot_version_validate(version_id=bot.versions.get().pk)
    passed = client.get(status_url).content.decode()
    assert 'id="validation-state">passed<' in passed and "hx-trigger" not in passed


def test_a_failed_validation_shows_the_bots_error_output_to_its_owner(client, user, stranger, sandboxed):
    client.force_login(user)
    _upload(client, "clumsy", "clumsy.py", CRASH_AT_MOVE)
    bot = Bot.objects.get(name="clumsy")
    bot_services.bot_version_validate(version_id=bot.versions.get().pk)
    status_url = reverse("bot-status", args=[bot.pk])
    mine = client.get(status_url).content.decode()
    assert 'id="validation-state">failed<' in mine and "hx-trigger" not in mine
    assert "ZeroDivisionError" in mine.split('id="validation-log"')[1]
    client.force_login(stranger)
    theirs = client.get(status_url).content.decode()
    assert 'id="validation-state">failed<' in theirs and "ZeroDivisionError" not in theirs


def test_a_refused_upload_from_the_page_does_not_use_the_quota(client, user, settings):
    import web.api.throttles as throttles
    old = throttles.UploadThrottle.THROTTLE_RATES
    throttles.UploadThrottle.THROTTLE_RATES = dict(old, uploads="1/hour")
    try:
        client.force_login(user)
        refused = _upload(client, "broken", "broken.py", b"def act(:\n")
        assert refused.status_code == 400 and "broken.py line 1" in refused.content.decode()
        assert _upload(client, "first", "first.py", GOOD_BOT).status_code == 302
        assert _upload(client, "second", "second.py", GOOD_BOT).status_code == 429
    finally:
        throttles.UploadThrottle.THROTTLE_RATES = old
    page = client.get(reverse("bot-upload")).content.decode()
    assert f"of at most {settings.ARENA_MAX_BOT_BYTES / (1 << 20):g} MiB" in page


def test_uploads_from_the_page_share_the_apis_rate_limit(client, user):
    import web.api.throttles as throttles
    old = throttles.UploadThrottle.THROTTLE_RATES
    throttles.UploadThrottle.THROTTLE_RATES = dict(old, uploads="1/hour")
    try:
        client.force_login(user)
        assert _upload(client, "first", "first.py", GOOD_BOT).status_code == 302
        limited = _upload(client, "second", "second.py", GOOD_BOT)
        assert limited.status_code == 429
        error = limited.content.decode().split('id="upload-error"', 1)[1]
        assert ("The upload was refused: you have reached the limit of 1 uploads per hour: "
                "try again in 60 minutes.") in error
        assert list(Bot.objects.values_list("name", flat=True)) == ["first"]
    finally:
        throttles.UploadThrottle.THROTTLE_RATES = old


def test_the_rating_chart_draws_dated_points_with_the_interval_as_a_band():
    from datetime import datetime, timezone
    day = datetime(2026, 11, 24, tzinfo=timezone.utc)
    entries = [SimpleNamespace(rating=r, low=lo, high=hi, games=g, kind=k, created_at=day.replace(hour=h))
               for r, lo, hi, g, k, h in [
                   (1500, 1200, 1800, 1, "live", 4), (1520, 1300, 1740, 2, "live", 6), (1480, 1400, 1560, 2, "fit", 7),
                   (1510, 1440, 1580, 3, "fit", 10)]]
    chart = charts.rating_chart(entries)
    left, top, right, bottom = chart.plot
    points = [tuple(map(float, p.split(","))) for p in chart.line.split()]
    assert points[0][0] == left and points[-1][0] == right
    # x is time: 04:00, 06:00, 07:00, 10:00 over six hours
    assert [round((x - left) / (right - left) * 6, 3) for x, _ in points] == [0, 2, 3, 6]
    assert all(top <= y <= bottom for _, y in points)
    assert points[1][1] < points[0][1] < points[2][1]   # higher ratings are drawn higher
    assert chart.band.count(",") == 8   # four intervals: four upper and four lower corners
    assert chart.dots[2][2] == "1480.0 (1400.0 – 1560.0) after 2 games, refit, 24 Nov 2026 07:00 UTC"
    assert all(top <= high < y < low <= bottom for (_, high, low), (_, y) in zip(chart.whiskers, points))
    labels = [label for _, label in chart.y_ticks]
    assert labels[0] == "1200" and labels[-1] == "1800"
    assert [label for _, label, _ in chart.x_ticks] == ["04:00", "05:00", "06:00", "07:00", "08:00", "09:00", "10:00"]
    assert [x for x, _, _ in chart.x_ticks][::3] == [points[0][0], points[2][0], points[3][0]]  # 04, 07, 10 h
    assert chart.x_title == "time (UTC), 24 Nov 2026"
    assert charts.rating_chart([]) is None
    single = charts.rating_chart(entries[:1])
    assert single.line.count(",") == 1 and single.line.startswith(f"{(left + right) / 2:.1f},")
    assert single.x_title.endswith("24 Nov 2026") and single.x_ticks and not single.band


def test_a_chart_over_weeks_is_labelled_by_day():
    from datetime import datetime, timedelta, timezone
    start = datetime(2026, 11, 1, 12, tzinfo=timezone.utc)
    entries = [SimpleNamespace(rating=1500 + i, low=1400, high=1600 + i, games=i, kind="live",
                               created_at=start + timedelta(days=i)) for i in range(20)]
    chart = charts.rating_chart(entries)
    assert [label for _, label, _ in chart.x_ticks] == ["05 Nov", "12 Nov", "19 Nov"]
    assert chart.x_title == "time (UTC)"


def test_the_bot_and_game_pages_read_a_fixed_number_of_queries_however_many_matches(client, house, user):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    bot, _ = playable_upload(user, "counted", GOOD_BOT)
    client.force_login(user)

    def queries(url):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    match_services.match_create(game="katana", seats=[bot] + house[:3], seed=1)
    MatchSeat.objects.update(status="ok", log="output")   # the owner's logs section lists them too
    urls = [reverse("bot-detail", args=[bot.pk]), reverse("game-detail", args=["katana"]), reverse("account"),
            reverse("tournament-create")]
    few = [queries(url) for url in urls]
    for seed in range(2, 8):
        match_services.match_create(game="katana", seats=[bot] + house[seed % 3:seed % 3 + 3], seed=seed)
    MatchSeat.objects.update(status="ok", log="output")
    assert client.get(urls[0]).content.decode().count('class="log-entry"') == 7
    assert [queries(url) for url in urls] == few


def test_the_platforms_own_bots_carry_a_badge_nobody_elses_can(client, user, house):
    from web.bots import services as bot_services
    from web.matches import services as match_services
    mine = bot_services.bot_create(game="katana", name="kaze", owner=user)
    bot_services.bot_version_add_builtin(bot=mine, agent="random")
    match = match_services.match_create(game="katana", seats=[mine] + house[:2], seed=1)
    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    badge = '<span class="badge badge-builtin" title="a bot of the arena itself">built-in</span>'
    assert page.count(badge) == 2, "the two house bots, not kaze"
    assert f'>kaze</a> {badge}' not in page and f'>{house[0].name}</a> {badge}' in page
    assert f'<h1 id="bot-name">{house[0].name} {badge}' in client.get(
        reverse("bot-detail", args=[house[0].pk])).content.decode()
    assert '<h1 id="bot-name">kaze <span class="muted">' in client.get(
        reverse("bot-detail", args=[mine.pk])).content.decode()

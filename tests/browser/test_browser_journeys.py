"""What users do on the site, in Chromium, with real worker processes playing the matches."""
import io
import re
import zipfile

from live_servers import wait_for
from web.bots.models import Bot
from web.bots import services as bot_services
from web.ratings.models import CurrentRating

GOOD_BOT = b'''import random


def act(observation, legal_actions):
    return random.choice(legal_actions)
'''


def sign_up(page, site, username, password="a-long-passphrase-7"):
    page.goto(f"{site}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.click("#signup-form button[type=submit]")
    page.wait_for_url(re.compile(r".*/accounts/$|.*/$"))
    assert page.locator(f"text={username}").first.is_visible(), "the new user is logged in"


def upload(page, site, *, name, filename, content, game="katana"):
    page.goto(f"{site}/bots/upload/")
    page.select_option("#id_game", game)
    page.fill("#id_name", name)
    page.set_input_files("#id_file", files=[{"name": filename, "mimeType": "application/octet-stream",
                                             "buffer": content}])
    page.click("#upload-form button[type=submit]")


def switch_game(page, game):
    """Chooses a game on the tournament form and waits until htmx has swapped that game's form in
    (other parts of the form, such as the match count, settle on their own)."""
    page.select_option("#id_game", game)
    page.locator("#tournament-bots legend", has_text=f"Bots of {game}").wait_for()
    htmx_settled(page)


def htmx_settled(page):
    """Waits until htmx has no request, swap or settle under way.  A form htmx swaps in is in the
    page before htmx has wired it (it does so while the swap settles): a choice made in between
    would send no request."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def test_sign_up_upload_a_bot_see_it_validated_and_on_the_leaderboard(site, page):
    bot_services.house_bots_ensure(game="katana", count=4)
    sign_up(page, site, "tomoe")
    upload(page, site, name="tomoe-random", filename="tomoe.py", content=GOOD_BOT)
    page.wait_for_url(re.compile(r".*/bots/\d+/$"))
    assert page.locator("#bot-name").inner_text().startswith("tomoe-random")
    # the status fragment polls until the worker has played the validation matches in the sandbox
    state = page.locator("#validation-state")
    state.filter(has_text="passed").wait_for(timeout=90_000)
    # the rest of the page follows the status without a reload by hand
    page.locator("#version-1 .status-passed").wait_for()
    page.locator("#challenge-form").wait_for()
    assert "pending" not in page.locator("#versions").inner_text()
    bot = Bot.objects.get(name="tomoe-random")

    # the beat's ladder step, as the beat runs it; the worker plays the matches
    from web.matches.ladder import ladder_fill
    assert ladder_fill(game="katana", target=6)
    wait_for(lambda: CurrentRating.objects.filter(bot=bot, games__gt=0).exists(), 120,
             message="the uploaded bot's first rated match")
    page.goto(f"{site}/games/katana/")
    row = page.locator("#leaderboard tr", has_text="tomoe-random")
    row.wait_for()
    assert re.search(r"\d{3,4}", row.inner_text()), "its rating is shown"
    page.fill("#leaderboard-search", "tomoe")
    page.locator("#leaderboard tr", has_text="random-1").wait_for(state="detached")
    assert page.locator("#leaderboard tr", has_text="tomoe-random").is_visible(), "search keeps the match"


def test_a_bad_upload_shows_its_error_and_stores_nothing(site, page):
    sign_up(page, site, "kenshin")
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("main.py", GOOD_BOT)
        zf.writestr("../escape.py", b"print('out')\n")
    upload(page, site, name="escaper", filename="escaper.zip", content=archive.getvalue())
    error = page.locator("#upload-error")
    error.wait_for()
    assert ".." in error.inner_text(), error.inner_text()
    assert not Bot.objects.filter(name="escaper").exists()
    assert page.input_value("#id_name") == "escaper", "the form keeps what was typed"


def test_create_a_tournament_and_see_its_final_standings(site, page):
    bots = bot_services.house_bots_ensure(game="katana", count=4)
    sign_up(page, site, "musashi")
    page.goto(f"{site}/tournaments/new/")
    page.fill("#id_name", "Spring cup")
    # the form shows each game's bots, keeping what was typed
    switch_game(page, "risques")
    assert "No bot of this game" in page.locator("#tournament-bots").inner_text()
    switch_game(page, "katana")
    assert bots[0].name in page.locator("#tournament-bots").inner_text()
    assert page.input_value("#id_name") == "Spring cup"
    for bot in bots:
        page.get_by_label(f"{bot.name} (house)", exact=True).check()
    page.select_option("#id_format", "tables")
    page.fill("#id_players_per_match", "3")
    page.fill("#id_rounds", "1")
    # before creating it, the form says how many matches it will make without a click
    page.locator("#tournament-preview", has_text="This tournament will create at most").wait_for()
    page.click("#create-tournament")
    page.wait_for_url(re.compile(r".*/tournaments/\d+/$"))
    assert "Spring cup" in page.locator("#tournament-name").inner_text()
    # the page follows the tournament by itself until it is done
    page.locator("#tournament-status").filter(has_text="done").wait_for(timeout=120_000)
    standings = page.locator("#standings")
    assert "Final standings" in standings.inner_text()
    for bot in bots:
        assert bot.name in standings.inner_text()


def test_open_a_replay_step_through_it_and_switch_perspective(site, page):
    from arena import replay as arena_replay
    from web.matches import services as match_services
    from web.matches.models import Match
    bots = bot_services.house_bots_ensure(game="katana", count=5)
    match = match_services.match_create(game="katana", seats=bots, seed=2026)
    wait_for(lambda: Match.objects.filter(pk=match.pk, status="done").exists(), 120, message="the match played")
    steps = Match.objects.get(pk=match.pk).steps

    page.goto(f"{site}/matches/{match.pk}/")
    viewer = page.locator("#replay-viewer[data-ready=true]")
    viewer.wait_for()
    assert viewer.get_attribute("data-step") == "0"
    assert page.locator("#replay-board g.hand-hidden").count() == 0, "everything is shown"

    page.click("#replay-step-forward")
    page.click("#replay-step-forward")
    page.wait_for_function("() => document.querySelector('#replay-viewer').dataset.step === '2'")
    assert page.locator("#replay-events li").count() > 0, "the step's events are told in words"
    page.click("#replay-step-back")
    page.wait_for_function("() => document.querySelector('#replay-viewer').dataset.step === '1'")

    middle = steps // 2
    page.fill("#replay-step-number", str(middle))
    page.press("#replay-step-number", "Enter")
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{middle}'")

    page.select_option("#replay-perspective", "0")   # what seat 0 saw: the other hands are hidden
    page.wait_for_function("() => document.querySelectorAll('#replay-board g.hand').length === 5 && "
                           "document.querySelectorAll('#replay-board g.hand-hidden').length === 4")
    assert viewer.get_attribute("data-step") == str(middle), "the switch keeps the step"

    page.select_option("#replay-speed", index=page.locator("#replay-speed option").count() - 1)
    page.click("#replay-play")
    page.wait_for_function(f"() => Number(document.querySelector('#replay-viewer').dataset.step) > {middle}")
    page.click("#replay-play")   # pause

    download = page.locator("a", has_text="Download the replay")
    replay = page.request.get(site + download.get_attribute("href")).json()
    assert arena_replay.verify(replay) == Match.objects.get(pk=match.pk).result


def test_a_risques_replay_shows_the_samurai_and_hides_other_seats_secret_choices(site, page):
    from web.matches import services as match_services
    from web.matches.models import Match
    bots = bot_services.house_bots_ensure(game="risques", count=4)
    match = match_services.match_create(game="risques", seats=bots, seed=5, options={"mode": "massacre"})
    wait_for(lambda: Match.objects.filter(pk=match.pk, status="done").exists(), 120, message="the match played")

    page.goto(f"{site}/matches/{match.pk}/")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    board = page.locator("#replay-board")
    for words in ("glory", "score", "honour"):
        assert words in board.text_content()
    assert board.locator("g.seat").count() == len(bots)
    steps = Match.objects.get(pk=match.pk).steps
    page.press("body", "End")
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{steps}'")
    assert "ends" in page.locator("#replay-events").inner_text().lower() or \
        page.locator("#replay-events li").count() > 0

    # a secret choice (a wager, a target) shows for everything, and for another seat it does not
    secret_row = page.locator("#replay-board g.participant:has(g.card-secret.card-face)")
    for step in range(1, steps + 1):
        page.fill("#replay-step-number", str(step))
        page.press("#replay-step-number", "Enter")
        page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{step}'")
        if secret_row.count():
            break
    else:
        raise AssertionError("no step shows a secret choice in the full view")
    chooser = int(secret_row.first.get_attribute("data-owner"))
    other = (chooser + 1) % len(bots)
    page.select_option("#replay-perspective", str(other))
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{step}' && "
                           f"document.querySelector('#replay-viewer').dataset.perspective === '{other}' && "
                           "!document.querySelector('#replay-board g.card-secret.card-face') && "
                           "document.querySelector('#replay-board g.card-secret.card-back')")
    # the step is the chooser's secret decision: this seat is not told what it was
    assert page.locator("#replay-action").inner_text().endswith(f"seat {chooser} ({bots[chooser].name}) — decides in secret.")
    page.select_option("#replay-perspective", str(chooser))
    secret_row.first.wait_for()


def test_read_a_collapsed_log_then_retire_the_bot(site, page):
    from web.bots.models import BotVersion
    from web.matches import services as match_services
    from web.matches.models import Match, MatchSeat
    house = bot_services.house_bots_ensure(game="katana", count=2)
    sign_up(page, site, "musashi")
    from django.contrib.auth import get_user_model
    owner = get_user_model().objects.get(username="musashi")
    bot = bot_services.bot_create(game="katana", name="niten", owner=owner)
    bot_services.bot_version_add_builtin(bot=bot, agent="random")
    match = match_services.match_create(game="katana", seats=[bot] + house, seed=4)
    Match.objects.filter(pk=match.pk).update(status="done", result={"ranks": [1, 2, 3]})
    MatchSeat.objects.filter(match=match, bot=bot).update(status="timeout", rank=3, reason="took too long",
                                                          log="weighing two swords\n")
    assert BotVersion.objects.filter(bot=bot).exists()

    page.goto(f"{site}/bots/{bot.pk}/")
    log = page.locator(f"#log-{match.pk}")
    assert not log.locator("pre.log").is_visible(), "a log starts collapsed"
    log.locator("summary").click()
    log.locator("pre.log").wait_for(state="visible")
    assert "weighing two swords" in log.locator("pre.log").inner_text()
    questions = []

    def answer(dialog, accept):
        questions.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.click("#retire-form button[type=submit]")
    assert questions and questions[0].startswith("Retire niten?"), questions
    assert not Bot.objects.get(pk=bot.pk).is_deleted, "dismissed: nothing happens"
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.click("#retire-form button[type=submit]")
    page.locator(".messages", has_text="niten is retired").wait_for()
    assert "retired" in page.locator("#bot-owner").inner_text()
    assert Bot.objects.get(pk=bot.pk).is_deleted
    # the owner finds it on their account, apart, and brings it back
    page.goto(f"{site}/accounts/")
    page.locator("#my-retired-bots tr", has_text="niten").locator("button", has_text="Bring it back").click()
    page.locator(".messages", has_text="niten is back").wait_for()
    assert not Bot.objects.get(pk=bot.pk).is_deleted


def test_a_file_over_the_limit_is_refused_before_it_is_sent_and_the_form_is_kept(site, page, settings):
    from django.core.cache import cache
    cache.clear()   # the sign-ups of this file's earlier journeys count against one address's signup limit
    settings.ARENA_MAX_BOT_BYTES = 2048
    sign_up(page, site, "hanbei")
    page.goto(f"{site}/bots/upload/")
    page.fill("#id_name", "heavy")
    page.fill("#id_description", "a bot that thinks a lot")
    page.set_input_files("#id_file", files=[{"name": "heavy.py", "mimeType": "text/x-python",
                                             "buffer": b"# " + b"x" * 4096 + b"\n" + GOOD_BOT}])
    message = page.locator("#upload-size-error")
    message.wait_for()
    size = len(b"# " + b"x" * 4096 + b"\n" + GOOD_BOT)
    assert (f"heavy.py has {size:,} bytes and a bot file may have at most 2,048 bytes (0.00195312 MiB)"
            in message.inner_text()), message.inner_text()
    page.click("#upload-form button[type=submit]")
    assert page.url.endswith("/bots/upload/"), "nothing was sent"
    assert page.input_value("#id_name") == "heavy" and page.input_value("#id_description") == "a bot that thinks a lot"
    assert not Bot.objects.filter(name="heavy").exists()

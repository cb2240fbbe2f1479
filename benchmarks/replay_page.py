"""The replay viewer: how fast a long replay's match page is ready, and how big its frames are.

    .venv/bin/python benchmarks/replay_page.py [--steps 1000] [--runs 5] [--no-browser]
                                               [--games risques,katana,shogun]

Sets up a throw-away SQLite site in a temporary ARENA_HOME and stores two
finished matches: a Risques massacre of at least ``--steps`` steps (seven
samurai who rarely give up fighting, so that a scene lasts) and the longest of
a few random seven-seat Katana games; with ``--games`` naming shogun, a
three-seat Shōgun no Katana game of its built-in players of about 300 steps
(its board the largest picture of all).  For each it prints:

* server: the time to render the match page, and to build the frames of a
  perspective (everything, seat 0) cold (re-simulated) and cached;
* payload: the frames' JSON size, raw and gzipped, and per step;
* browser (when /usr/bin/chromium exists), against the site served as
  ``arena serve`` serves it (gunicorn): the time from navigation to the viewer
  showing step 0 with its controls usable (``data-ready="true"``,
  ``performance.mark("replay-ready")``), on a match's first visit (frames
  built then) and once its frames are cached, each visit in a new browser
  context (no HTTP cache); measured once the new context's own start-up is
  over (the target's measure) and, in turns with it, right after it; then a
  check that the viewer steps (buttons, keys, the step number, the
  perspective switch, play).

The target is a 1,000-step replay ready in 300 ms or less (Shōgun: 300 steps).
"""
import argparse
import gzip
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
TARGET_MS = 300
SETTLE_SECONDS = 1.0   # a new browser context's own work is over by then (0.3 s is not enough)


def _setup_django(home):
    os.environ["ARENA_HOME"] = home
    for name in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(name, None)
    os.environ["ARENA_PUBLISH_TASKS"] = "false"
    os.environ["ARENA_LADDER_ENABLED"] = "false"
    os.environ["DEBUG"] = "false"
    os.environ["DJANGO_SETTINGS_MODULE"] = "web.settings"
    import atexit

    from web import embedded
    stack = embedded.Stack().redis()   # the bundled Redis: the site's cache, as in `arena serve`
    atexit.register(stack.stop)
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)


def _long_risques_replay(min_steps):
    """A finished seven-samurai massacre of at least ``min_steps`` steps: players who mostly fight on,
    save themselves and wager nothing make the scenes last."""
    from arena import games
    from arena.replay import to_dict
    from arena.match import MatchOutcome
    game = games.get("risques")
    options = game.resolve_options({"mode": "massacre", "scenes": 4, "honor_pool": "personal"})
    patient = {game.action_id(name) for name in ("CONTINUE", "SAVE", "NO_SEPPUKU", "ABSORB", "PROTECT",
                                                 "SPEND_HONOR", "WAGER_0", "GARDE", "CALM")}
    for seed in range(100_000):
        state, rng, steps = game.new_state(7, seed, options), random.Random(seed), []
        while not state.is_terminal():
            seat = rng.choice(state.current_seats())
            legal = state.legal_actions(seat)
            preferred = [a for a in legal if a in patient]
            action = rng.choice(preferred) if preferred and rng.random() < 0.8 else rng.choice(legal)
            state.apply(seat, action)
            steps.append([seat, action])
        if len(steps) >= min_steps:
            return to_dict(MatchOutcome("risques", game.rules_version, 7, options, seed, steps, state.result()))
    raise SystemExit(f"no Risques game of {min_steps} steps found")


def _long_katana_replay(tries=30):
    from arena import agents
    from arena.match import agent_seed, play_match
    from arena.replay import to_dict
    best = None
    for seed in range(tries):
        bots = [agents.builtin("random", agent_seed(seed, seat), "katana") for seat in range(7)]
        outcome = play_match("katana", seed=seed, agents=bots)
        if best is None or len(outcome.steps) > len(best.steps):
            best = outcome
    return to_dict(best)


def _shogun_replay(min_steps=300, tries=40):
    """The shortest game of at least ``min_steps`` steps among a few of Shōgun's built-in players at
    two and three seats (their games run from about 250 to 450 steps)."""
    from arena import agents
    from arena.match import agent_seed, play_match
    from arena.replay import to_dict
    best = None
    for seed in range(tries):
        seats = 2 + seed % 2
        bots = [agents.builtin("shogun-smith", agent_seed(seed, seat), "shogun") for seat in range(seats)]
        outcome = play_match("shogun", seed=seed, agents=bots)
        if len(outcome.steps) >= min_steps and (best is None or len(outcome.steps) < len(best.steps)):
            best = outcome
    if best is None:
        raise SystemExit(f"no Shōgun game of {min_steps} steps found")
    return to_dict(best)


def _store(replay):
    from django.utils import timezone

    from web.bots.services import house_bots_ensure
    from web.matches import services
    from web.matches.models import Match
    bots = house_bots_ensure(game=replay["game"], count=replay["players"])
    match = services.match_create(game=replay["game"], seats=bots, seed=replay["seed"], options=replay["options"],
                                  publish=False)
    Match.objects.filter(pk=match.pk).update(status="done", replay=replay, result=replay["result"],
                                             steps=len(replay["steps"]), finished_at=timezone.now())
    return match.pk


def _ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def _server(match_id, runs):
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse
    client = Client(HTTP_HOST="127.0.0.1")
    page_url = reverse("match-detail", args=[match_id])
    frames_url = reverse("match-frames", args=[match_id])
    client.get(page_url)   # templates and static finders loaded once, as in a running server
    page = []
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get(page_url)
        page.append(time.perf_counter() - start)
        assert response.status_code == 200
    print(f"  server: match page {_ms(statistics.median(page))}")
    for perspective in ("all", "0"):
        cold, warm = [], []
        for _ in range(runs):
            cache.clear()
            start = time.perf_counter()
            response = client.get(f"{frames_url}?perspective={perspective}")
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            client.get(f"{frames_url}?perspective={perspective}", HTTP_ACCEPT_ENCODING="gzip")
            warm.append(time.perf_counter() - start)
        body = response.content
        print(f"  server: frames ({perspective}) cold {_ms(statistics.median(cold))}, "
              f"cached {_ms(statistics.median(warm))}; payload {len(body) / 1024:.0f} KiB raw, "
              f"{len(gzip.compress(body)) / 1024:.0f} KiB gzipped, "
              f"{len(body) / (int(response.json()['steps']) + 1):.0f} B per step")


def _serve():
    """The site as ``arena serve`` runs it (gunicorn, its worker count), on a free local port."""
    import socket
    import subprocess
    import urllib.request

    from web.embedded import web_command
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(web_command(port=port), cwd=ROOT, env=dict(os.environ),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{base}/health/", timeout=2)
            return server, base
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise SystemExit("the web server did not start")
            time.sleep(0.2)


def _ready_ms(browser, url, *, settled=True):
    """Milliseconds from navigation to the viewer's ``replay-ready`` mark, in a new browser context
    (a first visit: no HTTP cache carried over).  Making that context and closing the previous one
    keep Chromium's processes busy for up to about a second (a profile, a network context, a
    renderer process started and another torn down); ``settled`` starts the navigation once that
    is over, so that the figure is the page's, as in a person's browser that opens a link, and not
    the harness's own work on the same two cores."""
    context = browser.new_context()
    page = context.new_page()
    if settled:
        time.sleep(SETTLE_SECONDS)
    page.goto(url)
    page.wait_for_selector('#replay-viewer[data-ready="true"]')
    ready = page.evaluate("performance.getEntriesByName('replay-ready')[0].startTime")
    context.close()
    return ready


def _browser(base, matches, runs):
    """Cold: each run a fresh copy of the match, whose frames no server process has built yet.
    Warm: the same match again, once every server process has its frames cached."""
    from playwright.sync_api import sync_playwright
    copies = {match_id: [_store(replay) for _ in range(2 * runs)] for _, replay, match_id in matches}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            _ready_ms(browser, f"{base}/matches/{matches[0][2]}/")   # the browser's own start-up
            for label, replay, match_id in matches:
                url = f"{base}/matches/{match_id}/"
                for _ in range(4):
                    _ready_ms(browser, url, settled=False)
                figures = {settled: {"cold": [], "warm": []} for settled in (True, False)}
                for run in range(runs):
                    for settled in (True, False):   # in turns, so that both see the same moments
                        copy = copies[match_id][2 * run + settled]
                        figures[settled]["cold"].append(_ready_ms(browser, f"{base}/matches/{copy}/", settled=settled))
                        figures[settled]["warm"].append(_ready_ms(browser, url, settled=settled))
                for settled, words in ((True, "browser settled, the target's measure"),
                                       (False, "right after a new browser context")):
                    cold, warm = figures[settled]["cold"], figures[settled]["warm"]
                    print(f"  browser {label}: ready (step 0 shown, controls usable), {words}: "
                          f"first visit {statistics.median(cold):.0f} ms (max {max(cold):.0f}), "
                          f"frames cached {statistics.median(warm):.0f} ms (max {max(warm):.0f}); "
                          f"median of {runs}" + (f", target {TARGET_MS} ms" if settled else ""))
            _browser_check(browser, f"{base}/matches/{matches[0][2]}/")
        finally:
            browser.close()


def _browser_check(browser, url):
    """The viewer steps: buttons, keys, the step number, the perspective switch and play."""
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type in ("error", "warning") else None)
    page.goto(url)
    page.wait_for_selector('#replay-viewer[data-ready="true"]')
    viewer = page.locator("#replay-viewer")

    def step():
        return int(viewer.get_attribute("data-step"))

    assert step() == 0 and page.locator("#replay-events li").count() > 0
    page.click("#replay-step-forward")
    assert step() == 1, step()
    page.keyboard.press("ArrowRight")
    assert step() == 2, step()
    page.click("#replay-step-back")
    assert step() == 1, step()
    middle = min(500, int(page.inner_text("#replay-step-count")) // 2)
    page.fill("#replay-step-number", str(middle))
    page.press("#replay-step-number", "Enter")
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{middle}'")
    events = page.inner_text("#replay-events")
    page.select_option("#replay-perspective", "0")
    page.wait_for_function("() => !document.querySelector('#replay-viewer').hasAttribute('aria-busy')")
    assert step() == middle and page.locator("#replay-board g.seat-you[data-seat='0']").count() == 1
    page.keyboard.press("End")
    last = step()
    page.keyboard.press("Home")
    assert step() == 0
    page.select_option("#replay-speed", "50")
    page.click("#replay-play")
    page.wait_for_function("() => Number(document.querySelector('#replay-viewer').dataset.step) >= 10")
    page.click("#replay-play")
    assert errors == [], errors
    context.close()
    print(f"  browser check: steps by buttons, keys and number, switches perspective and plays "
          f"(last step {last}; step {middle} said: {events.splitlines()[0]!r}): ok")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=1000, help="the long replay's least number of steps")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--games", default="risques,katana", help="which replays, of risques, katana, shogun")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arena-replay-bench-") as home:
        _setup_django(home)
        matches = []
        makers = {"risques": lambda: _long_risques_replay(args.steps), "katana": _long_katana_replay,
                  "shogun": _shogun_replay}
        for label in args.games.split(","):
            replay = makers[label]()
            match_id = _store(replay)
            label = f"{label} ({len(replay['steps'])} steps, {replay['players']} seats)"
            matches.append((label, replay, match_id))
            print(label)
            _server(match_id, args.runs)
        if args.no_browser:
            return
        if not os.path.exists(CHROMIUM):
            print(f"browser: skipped, {CHROMIUM} is not installed")
            return
        server, base = _serve()
        try:
            _browser(base, matches, args.runs)
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()

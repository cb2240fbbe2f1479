"""A person's move at a table: the click to the next decision shown, when the bots answer at once.

    .venv/bin/python benchmarks/table_seat.py [--games 3] [--game shogun [--players 1 --ghost 1]]

Starts ``arena demo`` (as a person on one machine runs the site: SQLite, the bundled Redis, the
ladder's worker, the tables' worker, the beat and gunicorn) in a temporary ARENA_HOME, signs a
person up in Chromium, sets Katana tables of four against three built-in players (heuristic and
mixes: they answer in a millisecond) and plays ``--games`` games to their end by clicking (END_TURN
when legal, else the first legal action).  For every click it measures the round trip: from the
click to the page showing the seat's next decision (its buttons) or the end.  It also reads the
move request's own time from the browser's resource timing (the request sent to its answer: the
web server handing the move over, the worker taking it, the bots answering, the state read back).

With ``--game shogun`` the tables are Shōgun no Katana's (``--players`` seats, the others built-in
players, ``--ghost`` its level when the ghost plays) and the person clicks the board's picture:
a worker on a sword space or a forge line, a sword moved, else the first other part offered,
passing last (the page's tallest picture is redrawn at every answer).

The target is a median round trip of 300 ms or less.
"""
import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
TARGET_MS = 300


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_demo(home, port):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "ARENA_QUEUE", "ARENA_PUBLISH_TASKS")}
    env.update(ARENA_HOME=str(home), PYTHONPATH=str(ROOT))
    demo = subprocess.Popen([sys.executable, "-m", "arena.cli", "demo", "--no-browser", "--games", "1",
                             "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            cwd=home, env=env)
    for line in demo.stdout:
        if line.startswith("Samurai Arena is running at"):
            return demo
    raise RuntimeError("arena demo did not start")


_READY = ("() => { const r = document.getElementById('table-play');"
          " return r.dataset.stored === 'true' || (r.dataset.decision && r.dataset.decision !== r.dataset.sent"
          " && document.querySelector('#table-actions button.table-action:not([disabled])')); }")
_MOVE_REQUEST_MS = ("() => { const e = performance.getEntriesByType('resource').filter((x) => x.name.includes('/move/'));"
                    " return e.length ? e[0].responseEnd - e[0].requestStart : null; }")


def _play_to_end(page, click):
    """Plays the table open in ``page`` to its end, ``click(page)`` making each move; returns
    [(round trip ms, request ms)] per click."""
    root = page.locator("#table-play")
    trips = []
    while True:
        page.wait_for_function(_READY, timeout=60_000)
        if root.get_attribute("data-over") == "true":
            return trips
        decision = root.get_attribute("data-decision")
        page.evaluate("() => performance.clearResourceTimings()")
        started = time.perf_counter()
        click(page)
        page.wait_for_function(
            f"() => {{ const r = document.getElementById('table-play');"
            f" return r.dataset.over === 'true' || (r.dataset.decision && r.dataset.decision !== '{decision}'); }}",
            timeout=30_000)
        trips.append(((time.perf_counter() - started) * 1000, page.evaluate(_MOVE_REQUEST_MS)))


def _click_katana(page):
    """END_TURN when legal, else the first legal action."""
    buttons = page.locator("#table-actions button.table-action")
    names = buttons.evaluate_all("(buttons) => buttons.map((b) => b.dataset.action)")
    buttons.nth(names.index("END_TURN") if "END_TURN" in names else 0).click()


def _click_shogun(page):
    """A worker on a sword space or a forge line, a sword moved, else the first other part offered."""
    targets = page.locator("#table-board [data-action-name].table-board-choice")
    names = targets.evaluate_all("(nodes) => nodes.map((n) => n.dataset.actionName)")
    name = next((n for prefix in ("MOVE_", "DELIVER_", "WORKER_SPACE_", "WORKER_ROW_", "DRAFT_")
                 for n in names if n.startswith(prefix)), None) or next((n for n in names if n != "PASS"), names[0])
    page.locator(f'#table-board [data-action-name="{name}"].table-board-choice').click(position={"x": 3, "y": 3})


def _play(page, site):
    """One Katana table of four against three built-in players."""
    page.goto(f"{site}/tables/new/katana/?players=4")
    page.click("#create-table")
    page.wait_for_url("**/tables/*/")
    return _play_to_end(page, _click_katana)


def _play_shogun(page, site, players, ghost):
    """One Shōgun table played on the picture."""
    page.goto(f"{site}/tables/new/shogun/?players={players}")
    if ghost:
        page.select_option("#id_option_ghost", str(ghost))
    page.click("#create-table")
    page.wait_for_url("**/tables/*/")
    return _play_to_end(page, _click_shogun)


def _summary(values):
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(round(0.9 * (len(values) - 1))))]
    return f"median {statistics.median(values):.0f} ms, p90 {p90:.0f} ms, max {values[-1]:.0f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", choices=("katana", "shogun"), default="katana")
    parser.add_argument("--players", type=int, default=1, help="shogun: the table's seats")
    parser.add_argument("--ghost", type=int, default=1, help="shogun: the ghost's level, 0 for none")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory(prefix="arena-table-bench-") as home:
        port = _free_port()
        site = f"http://127.0.0.1:{port}"
        demo = _start_demo(Path(home), port)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                page = browser.new_page()
                page.goto(f"{site}/accounts/signup/")
                page.fill("#id_username", "bench")
                page.fill("#id_password1", "a-long-passphrase-7")
                page.fill("#id_password2", "a-long-passphrase-7")
                page.click("#signup-form button[type=submit]")
                page.wait_for_load_state()
                results = []
                for game in range(args.games):
                    trips = _play(page, site) if args.game == "katana" else \
                        _play_shogun(page, site, args.players, args.ghost)
                    print(f"game {game + 1}: {len(trips)} clicks, round trip {_summary([t for t, _ in trips])}",
                          flush=True)
                    results += trips
                browser.close()
        finally:
            demo.terminate()
            demo.wait(timeout=60)
    trips = [t for t, _ in results]
    requests = [r for _, r in results if r is not None]
    what = "Katana games at four (three built-in players)" if args.game == "katana" else \
        f"Shōgun games of {args.players} seat(s)" + (f" against ghost level {args.ghost}" if args.ghost else "")
    print(f"\n{len(trips)} clicks over {args.games} {what}:")
    print(f"  click -> next decision shown: {_summary(trips)} (target: median <= {TARGET_MS} ms)")
    if requests:
        print(f"  the move request alone:       {_summary(requests)}")
    print("  within target" if statistics.median(trips) <= TARGET_MS else "  OVER TARGET")


if __name__ == "__main__":
    main()

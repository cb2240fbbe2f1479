"""``arena test GAME --bot NAME --new N --old M``: a version test of one of your bots on the site.

The site plays the two versions' pairs on its workers (``docs/version-tests.md``); this starts the
test through the API, as ``arena challenge`` starts a challenge (plain HTTP, the token and URL kept
by ``arena login``), follows it with a progress bar (games played of the limit, the LLR between its
bounds) and prints its verdict.  Ctrl-C stops the following, never the test.
"""
import json
import sys
import time

from arena import cli_site
from arena.cli_common import CommandError, stderr_console

# How often the test is asked how it is going.
POLL_SECONDS = 2.0
LIVE = ("queued", "running")
ENDED_BY_ITSELF = ("h1", "h0", "limit")


def version_number(text):
    """``3`` for ``3`` or ``v3``; None when ``text`` is not a version number (a built-in player's name)."""
    digits = text[1:] if text[:1] in ("v", "V") else text
    return int(digits) if digits.isdigit() and int(digits) > 0 else None


def cmd_test_site(args, settings):
    """Starts the version test (``settings``: the checked ``arena.version_test.Settings``), follows it
    unless ``--no-wait``, and prints it; exit status 0 once it ended by itself (H1, H0 or its limit)."""
    for flag, value in (("--others", args.others), ("--option", args.option)):
        if value:
            raise CommandError(f"{flag} is for local tests of built-in players: on the site the house's built-in "
                               "player fills the other seats, on the game's standard options")
    payload = {"new": version_number(args.new), "old": version_number(args.old), "elo0": settings.elo0,
               "elo1": settings.elo1, "alpha": settings.alpha, "beta": settings.beta,
               "max_games": settings.max_games}
    if args.players is not None:
        payload["seats"] = args.players
    if args.seed is not None:
        payload["seed"] = args.seed
    try:
        return _start_and_follow(args, payload)
    except cli_site.SiteError as exc:
        raise CommandError(str(exc)) from None


def _start_and_follow(args, payload):
    base, token = cli_site._signed_in(args)
    with cli_site._client(base, token) as client:
        bot = cli_site._my_bot(client, args.bot, args.game)
        if bot["game"] != args.game:
            raise cli_site.SiteError(f"your bot {bot['name']!r} plays {bot['game']}, not {args.game}")
        response = cli_site._request("POST", client, f"/api/bots/{bot['id']}/version-tests/", json=payload)
        if response.status_code != 201:
            raise cli_site.SiteError(f"version test refused: {cli_site._problem(response)}")
        test = response.json()
        page = f"{base}{test['url']}"
        if not args.json:
            print(f"version test {test['id']}: {test['bot']} v{test['new_version']} against v{test['old_version']}, "
                  f"at most {test['max_games']:,} games at tables of {test['seats']}: {page}")
        if args.no_wait:
            if args.json:
                print(json.dumps(test, indent=2, ensure_ascii=False))
            return 0
        try:
            test = _follow(client, test, args)
        except KeyboardInterrupt:
            print(f"arena: stopped following; version test {test['id']} goes on on the site: {page}",
                  file=sys.stderr)
            return 130
    if args.json:
        print(json.dumps(test, indent=2, ensure_ascii=False))
    else:
        _print_outcome(test, page)
    return 0 if test["status"] in ENDED_BY_ITSELF else 1


def _llr_text(test):
    return (f"{test['bot']} v{test['new_version']} vs v{test['old_version']}: LLR {test['llr']:.2f} in "
            f"[{test['lower_bound']:.2f}, {test['upper_bound']:.2f}]")


def _follow(client, test, args):
    """Asks the site how the test is going until it ends (or ``--timeout``), with a progress bar of
    its games and its LLR; the test as it is then."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    with Progress(*columns, console=stderr_console(), transient=args.json) as progress:
        task = progress.add_task(_llr_text(test), total=test["max_games"], completed=test["games"])
        while test["status"] in LIVE and (deadline is None or time.monotonic() < deadline):
            time.sleep(POLL_SECONDS)
            response = cli_site._request("GET", client, f"/api/version-tests/{test['id']}/")
            if response.status_code != 200:
                raise cli_site.SiteError(cli_site._problem(response))
            test = response.json()
            progress.update(task, completed=test["games"], description=_llr_text(test))
    if test["status"] in LIVE:
        print(f"arena: {test['games']:,} of at most {test['max_games']:,} games played after {args.timeout:.0f} s; "
              "the test goes on on the site", file=sys.stderr)
    return test


def _print_outcome(test, page):
    print(test["verdict"] if test["status"] != "failed" else f"the test failed: {test['error']}")
    if test["status"] not in ENDED_BY_ITSELF:
        print(f"state: {test['status_text']}")
    print(f"H0: {test['elo0']:+g} Elo, H1: {test['elo1']:+g} Elo, alpha {test['alpha']:g}, beta {test['beta']:g}; "
          f"bounds [{test['lower_bound']:.2f}, {test['upper_bound']:.2f}]")
    new = f"v{test['new_version']}"
    print("pairs by score (0, 1/2, 1, 3/2, 2 of 2): " + ", ".join(f"{n:,}" for n in test["pentanomial"])
          + f"; games lost/drawn/won by {new}: " + ", ".join(f"{n:,}" for n in test["trinomial"]))
    if test["winner"] is not None:
        print(f"the winner is v{test['winner']}: its page can make it the version that plays")
    print(f"the test and its games, with their replays: {page}")

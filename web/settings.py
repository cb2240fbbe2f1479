"""Django settings, all from the environment (see ``web.runtime`` for the defaults)."""
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONCE

from arena.bots import submission as bot_submission
from web import runtime

BASE_DIR = runtime.home()
SECRET_KEY = runtime.secret_key()
DEBUG = runtime.env_bool("DEBUG", False)
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
                 if h.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "csp",
    "drf_spectacular_sidecar",
    "web.api",
    "web.bots",
    "web.matches",
    "web.ratings",
    "web.tournaments",
    "web.tables",
    "web.challenges",
    "web.version_tests",
    "web.balance",
    "web.games",
    "web.accounts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "web.request_limits.RequestSizeMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

# The site loads nothing from elsewhere and runs no inline style, and no inline script but the one
# a page marks with its own nonce (the match page's first request for its replay's frames): its
# policy is strict.  django-csp names the nonce in the header of a page that used it only.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", NONCE],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

ROOT_URLCONF = "web.urls"
WSGI_APPLICATION = "web.wsgi.application"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    # the site's shared layout; each app keeps its own pages in its templates/ folder
    "DIRS": [Path(__file__).resolve().parent / "templates"],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.contrib.auth.context_processors.auth",
        "django.contrib.messages.context_processors.messages",
    ]},
}]


def _postgres_timeouts():
    """Session settings that keep one stalled process from holding the others up: a statement
    waits at most ``lock_timeout`` for a row lock, and a transaction left idle (its process
    frozen half-way through a store) is ended by the server after
    ``idle_in_transaction_session_timeout``, releasing its locks.  Zero leaves one off."""
    seconds = {
        "lock_timeout": runtime.env_float("ARENA_DB_LOCK_TIMEOUT_SECONDS", 10.0),
        "idle_in_transaction_session_timeout": runtime.env_float("ARENA_DB_IDLE_IN_TRANSACTION_SECONDS", 30.0),
        "statement_timeout": runtime.env_float("ARENA_DB_STATEMENT_TIMEOUT_SECONDS", 0.0),
    }
    return " ".join(f"-c {name}={round(value * 1000)}" for name, value in seconds.items() if value > 0)


def _database():
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        config = dj_database_url.parse(url, conn_max_age=runtime.env_int("DATABASE_CONN_MAX_AGE", 60))
    else:
        config = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(BASE_DIR / "arena.sqlite3")}
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # Several worker processes write to one file: WAL lets readers go on while one writes, and
        # IMMEDIATE transactions take the write lock at BEGIN so that no transaction fails half-way.
        config["OPTIONS"] = {
            "timeout": 30,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    if config["ENGINE"] in ("django.db.backends.postgresql", "django.db.backends.postgresql_psycopg2"):
        options = config.setdefault("OPTIONS", {})
        options["options"] = " ".join(part for part in (options.get("options", ""), _postgres_timeouts()) if part)
    test_name = os.environ.get("ARENA_TEST_DATABASE_NAME", "").strip()
    if test_name:
        config["TEST"] = {"NAME": test_name}
    return config


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
# Every asset (htmx, the replay player, the API docs' Swagger UI) is served by the site itself,
# straight from the apps' static folders: no CDN, no collectstatic step needed.
STATICFILES_DIRS = [Path(__file__).resolve().parent / "static"]
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
# Uploaded bots are kept in the blob store (ARENA_BLOB_STORE below), not here: MEDIA_ROOT is read
# only by the migration that moved the files of earlier versions into the store (bots 0006).
MEDIA_ROOT = os.environ.get("MEDIA_ROOT") or str(BASE_DIR / "media")
MEDIA_URL = "/media-not-served/"  # uploaded bots are never served as files
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# --- Celery (see workers/celery.py) ---------------------------------------------------------
REDIS_URL = runtime.redis_url()
CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = None  # results live in the database, never in the broker
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("ARENA_QUEUE", "arena")
# The games people play in the browser (web.tables) go to a queue of their own, served by workers
# that wait on people (a thread per game): a person thinking never holds up the ladder's workers.
ARENA_TABLE_QUEUE = os.environ.get("ARENA_TABLE_QUEUE", f"{CELERY_TASK_DEFAULT_QUEUE}-tables")
CELERY_TASK_ROUTES = {"workers.tasks.play_table": {"queue": ARENA_TABLE_QUEUE}}


def _cache_location(url):
    # Celery's name for a Unix socket (the bundled Redis) is redis+socket://; redis-py's is unix://.
    return "unix://" + url[len("redis+socket://"):] if url.startswith("redis+socket://") else url


# Where a table's worker and the web servers meet (web.tables.channel): the same Redis, in redis-py's
# spelling, under keys named after the queue (two sites, or two test runs, on one Redis never mix).
ARENA_TABLE_REDIS_URL = _cache_location(REDIS_URL)
ARENA_TABLE_KEY_PREFIX = f"{CELERY_TASK_DEFAULT_QUEUE}:table"
# A person's clock: seconds for each decision; past it the seat forfeits (GameState.forfeit).
ARENA_PERSON_CLOCK_SECONDS = runtime.env_float("ARENA_PERSON_CLOCK_SECONDS", 300.0)
# Games people play at once on one tables worker (threads: each mostly waits on a person).
ARENA_TABLE_WORKER_THREADS = runtime.env_int("ARENA_TABLE_WORKER_THREADS", 8)
# How long a move's request waits for the worker to take it and the bots to answer, at most.
ARENA_TABLE_MOVE_WAIT_SECONDS = runtime.env_float("ARENA_TABLE_MOVE_WAIT_SECONDS", 1.0)
# Unfinished tables (waiting for people, or playing) a person may sit at at once: each playing one
# holds a thread of a tables worker.
ARENA_TABLES_PER_PERSON = runtime.env_int("ARENA_TABLES_PER_PERSON", 5)

# One cache for every web process, in the same Redis: the replay viewer's frames are built once per
# match and perspective, and the rate limits count every process's requests.
CACHES = {"default": {
    "BACKEND": "django.core.cache.backends.redis.RedisCache",
    "LOCATION": _cache_location(REDIS_URL),
    "KEY_PREFIX": os.environ.get("ARENA_CACHE_PREFIX", "arena"),
    "TIMEOUT": 3600,
}}

# --- Accounts ---------------------------------------------------------------------------------
# Failed sign-ins (log-in page and API token) allowed per account name and per address in a window.
ARENA_SIGN_IN_FAILURES_PER_ACCOUNT = runtime.env_int("ARENA_SIGN_IN_FAILURES_PER_ACCOUNT", 10)
ARENA_SIGN_IN_FAILURES_PER_ADDRESS = runtime.env_int("ARENA_SIGN_IN_FAILURES_PER_ADDRESS", 50)
ARENA_SIGN_IN_WINDOW_SECONDS = runtime.env_int("ARENA_SIGN_IN_WINDOW_SECONDS", 900)
ARENA_SIGN_UPS_PER_ADDRESS = runtime.env_int("ARENA_SIGN_UPS_PER_ADDRESS", 5)
ARENA_SIGN_UP_WINDOW_SECONDS = runtime.env_int("ARENA_SIGN_UP_WINDOW_SECONDS", 3600)

# --- Tournaments -------------------------------------------------------------------------------
# The most tournament matches one account may queue in a day (staff are not limited).
ARENA_TOURNAMENT_MATCHES_PER_DAY = runtime.env_int("ARENA_TOURNAMENT_MATCHES_PER_DAY", 2000)

# --- Version tests (web.version_tests) ---------------------------------------------------------
# The most version-test games one account may start in a day (a running test holds its whole game
# limit; staff are not limited), and how many pairs of one test wait or play at a time: a test
# never floods the workers' queue, so the ladder keeps its share.
ARENA_VERSION_TEST_GAMES_PER_DAY = runtime.env_int("ARENA_VERSION_TEST_GAMES_PER_DAY", 4000)
ARENA_VERSION_TEST_PAIRS_QUEUED = runtime.env_int("ARENA_VERSION_TEST_PAIRS_QUEUED", 2)

# --- Matches ---------------------------------------------------------------------------------
# How long a worker may hold a match before the sweep gives it to another worker.
ARENA_MATCH_LEASE_SECONDS = runtime.env_float("ARENA_MATCH_LEASE_SECONDS", 120.0)
# A match whose worker died this many times (or that hit this many platform faults) is an error.
ARENA_MATCH_MAX_ATTEMPTS = runtime.env_int("ARENA_MATCH_MAX_ATTEMPTS", 5)
# A queued match not claimed after this long is published again (its message may have been lost
# with a restarted Redis).
ARENA_REQUEUE_AFTER_SECONDS = runtime.env_float("ARENA_REQUEUE_AFTER_SECONDS", 60.0)
# The largest replay file the replay viewer reads (a page opens one from the disk and the server
# computes its frames without storing it); the longest games' replays are a few hundred kB.
ARENA_REPLAY_FILE_MAX_BYTES = runtime.env_int("ARENA_REPLAY_FILE_MAX_BYTES", 2 * 1024 * 1024)
# Matches per task message.
ARENA_MATCH_BATCH = runtime.env_int("ARENA_MATCH_BATCH", 50)
# Whether services publish tasks (off only where a test wants rows without a broker).
ARENA_PUBLISH_TASKS = runtime.env_bool("ARENA_PUBLISH_TASKS", True)
# Ladder: how many ladder matches each game keeps queued.
ARENA_LADDER_QUEUED = runtime.env_int("ARENA_LADDER_QUEUED", 20)
ARENA_LADDER_ENABLED = runtime.env_bool("ARENA_LADDER_ENABLED", True)
ARENA_BEAT_LADDER_SECONDS = runtime.env_float("ARENA_BEAT_LADDER_SECONDS", 10.0)
ARENA_BEAT_SWEEP_SECONDS = runtime.env_float("ARENA_BEAT_SWEEP_SECONDS", 15.0)
ARENA_BEAT_REFIT_SECONDS = runtime.env_float("ARENA_BEAT_REFIT_SECONDS", 600.0)
# The balance reports on game pages: recomputed from the ladder matches this often; self-play
# between the built-in players, this many games per game and player count, once per rules version
# (0: none).
ARENA_BEAT_BALANCE_SECONDS = runtime.env_float("ARENA_BEAT_BALANCE_SECONDS", 1800.0)
ARENA_BALANCE_SELF_PLAY_GAMES = runtime.env_int("ARENA_BALANCE_SELF_PLAY_GAMES", 200)
# one missing self-play table a round (workers.tasks.self_play_balance)
ARENA_BEAT_SELF_PLAY_SECONDS = runtime.env_float("ARENA_BEAT_SELF_PLAY_SECONDS", 120.0)
ARENA_BEAT_TOURNAMENT_SECONDS = runtime.env_float("ARENA_BEAT_TOURNAMENT_SECONDS", 5.0)
# Uploaded bots: "MOVE,BANK,STARTUP" seconds replaces every game's own time control (its spec's),
# for validation and rated matches alike (arena.bots.runner.time_control); empty keeps them.
ARENA_BOT_TIME_CONTROL = tuple(float(part) for part in os.environ.get("ARENA_BOT_TIME_CONTROL", "").split(",")
                               if part.strip())
if ARENA_BOT_TIME_CONTROL and len(ARENA_BOT_TIME_CONTROL) != 3:
    raise ValueError("ARENA_BOT_TIME_CONTROL is MOVE,BANK,STARTUP in seconds, e.g. 1,10,5")
# Uploads.
# An uploaded version still pending this long after its upload is failed by the sweep.
ARENA_VALIDATION_DEADLINE_SECONDS = runtime.env_float("ARENA_VALIDATION_DEADLINE_SECONDS", 900.0)
# The bot file size limit is arena's own (ARENA_MAX_BOT_BYTES, read there), so that what
# ``arena validate`` accepts the site accepts too.
ARENA_MAX_BOT_BYTES = bot_submission.MAX_FILE_BYTES
# Where uploaded bot files are kept, by their sha256 (web/bots/blobs.py): "database" (a table of the
# database, the default) or "s3" (an S3-compatible store through django-storages, pip install
# 'django-storages[s3]'; credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY as boto3 reads them).
ARENA_BLOB_STORE = os.environ.get("ARENA_BLOB_STORE", "database").strip().lower()
ARENA_BLOB_S3 = {
    "bucket_name": os.environ.get("ARENA_BLOB_S3_BUCKET", ""),
    "endpoint_url": os.environ.get("ARENA_BLOB_S3_ENDPOINT_URL", ""),   # e.g. MinIO's; empty: AWS
    "region_name": os.environ.get("ARENA_BLOB_S3_REGION", ""),
    "location": os.environ.get("ARENA_BLOB_S3_PREFIX", "bots"),
}
# Each worker machine's own copy of the bots it plays (web/bots/files.py): bounded, least recently
# used evicted, shared by the worker processes of the machine.
ARENA_BOT_CACHE_DIR = os.environ.get("ARENA_BOT_CACHE_DIR") or str(runtime.home() / "bot-cache")
ARENA_BOT_CACHE_BYTES = runtime.env_int("ARENA_BOT_CACHE_BYTES", 1 << 30)
# A worker stores the results it has played at least this often (one transaction each time).
ARENA_STORE_EVERY_SECONDS = runtime.env_float("ARENA_STORE_EVERY_SECONDS", 0.5)
# For tests of crashed and stalled workers only: "STEP:MATCH_ID=ACTION,..." makes a worker kill
# (SIGKILL) or stop (SIGSTOP) its own process at a step ("play", "store") of a chosen match.
ARENA_FAULT_POINTS = {point.split("=")[0].strip(): point.split("=")[1].strip()
                      for point in os.environ.get("ARENA_FAULT_POINTS", "").split(",") if "=" in point}

# --- The API (Django REST framework; docs/api.md) ----------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "web.api.schema.ArenaAutoSchema",
    "EXCEPTION_HANDLER": "web.api.errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "uploads": os.environ.get("ARENA_UPLOAD_RATE", "30/hour"),
        "tournaments": os.environ.get("ARENA_TOURNAMENT_RATE", "10/hour"),
        "challenges": os.environ.get("ARENA_CHALLENGE_RATE", "20/hour"),
        "rated_challenges": os.environ.get("ARENA_RATED_CHALLENGE_RATE", "5/day"),
        "login": os.environ.get("ARENA_LOGIN_RATE", "30/minute"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Samurai Arena API",
    "DESCRIPTION": "Games, bots, matches and replays, leaderboards, tournaments and rating histories.\n\n"
                   "Request bodies are JSON, apart from the uploads of bot files (multipart). Every error "
                   "answers `application/problem+json` (RFC 9457): `type`, `title`, `status`, `detail` (what "
                   "went wrong, in a sentence), `code` (for programs: `invalid`, `not_authenticated`, "
                   "`throttled`, ...) and, for a refused input, `errors` (each field's messages). Each "
                   "operation lists the errors it can answer. A query parameter given empty (`?status=`) is "
                   "refused: leave it out instead.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",   # served from this site's static files, no CDN
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}

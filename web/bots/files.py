"""A worker's copy of an uploaded bot: fetched from the blob store by its sha256, verified, cached.

Every worker process keeps the bots it plays in ``ARENA_BOT_CACHE_DIR`` (in its
own ``ARENA_HOME`` unless set), at most ``ARENA_BOT_CACHE_BYTES``, least
recently used evicted (``arena.bots.file_cache``: safe for the processes of
one machine).  Nothing is read from ``MEDIA_ROOT``: the web server and the
workers share only the database and the broker.

A blob that is missing from the store, or whose bytes are not those of its
sha256, will not come back by trying again: ``BotFileLost`` says so, and the
callers end the match (and the version) with that reason instead of handing
the match back to the queue.  The store being unreachable is a
``PlatformFault`` (another attempt may succeed).
"""
import logging

from django.conf import settings
from django.db import DatabaseError

from arena.bots.file_cache import CorruptFile, FileCache
from web.bots import blobs
from web.errors import PlatformFault

log = logging.getLogger(__name__)


class BotFileLost(RuntimeError):
    """An uploaded version's file is missing from the blob store or damaged there."""


_caches = {}


def bot_file_cache():
    """This process's cache (one per folder and bound, made on first use)."""
    key = (str(settings.ARENA_BOT_CACHE_DIR), settings.ARENA_BOT_CACHE_BYTES)
    if key not in _caches:
        _caches.clear()
        _caches[key] = FileCache(key[0], max_bytes=key[1])
    return _caches[key]


def bot_file_path(*, sha256, suffix=""):
    """The local path of the uploaded file ``sha256`` (run under ``suffix``), fetched when this
    machine does not have it yet.  Raises ``BotFileLost`` or ``PlatformFault``."""
    store = blobs.blob_store()

    def fetch():
        try:
            return store.get(sha256=sha256)
        except blobs.BlobMissing:
            raise BotFileLost(f"its file (sha256 {sha256[:12]}) is missing from the {store.name} blob store") from None
        except DatabaseError:
            raise
        except Exception as exc:   # the S3 endpoint unreachable, refusing the credentials, ...
            raise PlatformFault(f"the {store.name} blob store cannot be read: {type(exc).__name__}: {exc}") from None

    try:
        return str(bot_file_cache().path(sha256, suffix, fetch))
    except CorruptFile:
        raise BotFileLost(f"its file in the {store.name} blob store is damaged (its bytes are not those of "
                          f"sha256 {sha256[:12]})") from None
    except ValueError as exc:   # no sha256 recorded (a version from before content addresses)
        raise BotFileLost(f"its file has no valid address ({exc})") from None
    except OSError as exc:
        raise PlatformFault(f"the bot file cache {settings.ARENA_BOT_CACHE_DIR} cannot be written: "
                            f"{exc.strerror or exc}") from None


def local_agent_ref(ref):
    """An upload's agent reference with the local ``path`` of its file that ``web.matches.playing``
    runs; any other reference as it is."""
    if ref.get("kind") != "upload" or ref.get("path"):
        return ref
    return {**ref, "path": bot_file_path(sha256=ref.get("sha256") or "", suffix=ref.get("suffix") or "")}

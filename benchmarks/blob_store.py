"""What the blob store adds to a match: a worker's fetch of its uploaded bots' files.

    .venv/bin/python benchmarks/blob_store.py [--matches 2000] [--seats 5] [--bot examples/bots/katana_samurai.py]

In one process, on PostgreSQL (a fresh database ``arena_bench_blobs``, created and dropped), with
``--seats`` uploaded bots of different files at every seat, it times what ``web.matches.execution``
does before each match (``web.bots.files.local_agent_ref`` for each seat):

* warm: every file already in this machine's cache (the common case: a worker plays the same bots
  match after match): a hash of each local file against its sha256 and its use recorded;
* cold: the cache emptied before each match: each file read from the ``BotBlob`` table, checked,
  written to the cache and renamed into place.

It prints milliseconds per match for both, and per file for the cold path, with the file's size.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.scratch_database import django_migrated, scratch_database  # noqa: E402


def _setup_env():
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/14")
    os.environ["ARENA_PUBLISH_TASKS"] = "false"
    os.environ["ARENA_QUEUE"] = f"arena-bench-{uuid.uuid4().hex[:8]}"
    os.environ["ARENA_BOT_CACHE_DIR"] = tempfile.mkdtemp(prefix="arena-bench-bot-cache-")
    os.environ["DJANGO_SETTINGS_MODULE"] = "web.settings"


def run(args):
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from web.bots import services
    from web.bots.files import local_agent_ref

    owner = get_user_model().objects.create(username="bench-owner")
    source = Path(args.bot).read_bytes()
    refs, sizes = [], []
    for seat in range(args.seats):   # a different file at each seat: five blobs, five cache entries
        content = source + f"\n# seat {seat}\n".encode()
        bot, version = services.bot_upload(owner=owner, game="katana", name=f"uploaded-{seat}",
                                           filename=Path(args.bot).name, content=content)
        refs.append(version.bot.versions.get().agent_ref)
        sizes.append(len(content))
    cache = Path(settings.ARENA_BOT_CACHE_DIR)

    def timed(before_each):
        total = 0.0
        for _ in range(args.matches):
            before_each()
            started = time.perf_counter()
            for ref in refs:
                local_agent_ref(ref)
            total += time.perf_counter() - started
        return total / args.matches * 1000

    def empty_cache():
        for path in cache.iterdir():
            if not path.name.startswith("."):
                path.unlink()

    cold_ms = timed(empty_cache)
    timed(lambda: None)   # warm up the warm path (imports, the cache object)
    warm_ms = timed(lambda: None)
    return {"matches": args.matches, "uploaded_seats": args.seats, "file_bytes": max(sizes),
            "warm_ms_per_match": round(warm_ms, 4), "cold_ms_per_match": round(cold_ms, 4),
            "cold_ms_per_file": round(cold_ms / args.seats, 4), "load_average": os.getloadavg()[0]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--bot", default=str(ROOT / "examples" / "bots" / "katana_samurai.py"))
    parser.add_argument("--database", default="arena_bench_blobs")
    args = parser.parse_args()
    _setup_env()
    try:
        with scratch_database(args.database):
            django_migrated()
            report = run(args)
    finally:
        shutil.rmtree(os.environ["ARENA_BOT_CACHE_DIR"], ignore_errors=True)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

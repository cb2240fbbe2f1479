"""A worker machine's cache of bot files: by content address, verified, bounded, least recently used
evicted, shared by several processes."""
import hashlib
import multiprocessing
import os
import time

import pytest

from arena.bots.file_cache import CorruptFile, FileCache


def _blob(n, size=1000):
    content = bytes([n % 256]) * size
    return hashlib.sha256(content).hexdigest(), content


def test_a_file_is_fetched_once_then_served_from_the_cache(tmp_path):
    cache = FileCache(tmp_path, max_bytes=10_000)
    sha, content = _blob(1)
    fetched = []
    path = cache.path(sha, ".py", lambda: fetched.append(1) or content)
    assert path == tmp_path / f"{sha}.py" and path.read_bytes() == content
    assert cache.path(sha, ".py", lambda: pytest.fail("fetched again")) == path and fetched == [1]
    assert oct(path.stat().st_mode & 0o777) == "0o600"


def test_wrong_bytes_are_refused_and_a_damaged_copy_is_fetched_again(tmp_path):
    cache = FileCache(tmp_path, max_bytes=10_000)
    sha, content = _blob(2)
    with pytest.raises(CorruptFile, match="have another sha256"):
        cache.path(sha, "", lambda: content + b"!")
    assert cache.entries() == [] and not list(tmp_path.glob(".part-*"))
    path = cache.path(sha, "", lambda: content)
    path.write_bytes(b"damaged")
    assert cache.path(sha, "", lambda: content).read_bytes() == content
    with pytest.raises(ValueError, match="not a sha256"):
        cache.path("../../etc/passwd", "", lambda: content)


def test_the_least_recently_used_files_go_first_and_recent_ones_stay(tmp_path):
    cache = FileCache(tmp_path, max_bytes=3000, keep_seconds=0)
    blobs = [_blob(n) for n in range(3)]
    for index, (sha, content) in enumerate(blobs):
        path = cache.path(sha, "", lambda: content)
        os.utime(path, (time.time() - 100 + index, time.time() - 100 + index))
    cache.path(blobs[0][0], "", lambda: pytest.fail("cached"))   # used again: now the most recent
    sha, content = _blob(3)
    cache.path(sha, "", lambda: content)
    assert sorted(p.name for p, _, _ in cache.entries()) == sorted([blobs[0][0], blobs[2][0], sha])
    assert cache.size() == 3000
    guarded = FileCache(tmp_path, max_bytes=1000, keep_seconds=3600)
    guarded.evict()
    assert guarded.size() == 3000, "a file used in the last keep_seconds may be being staged: it stays"


def _worker(root, seed, errors):
    cache = FileCache(root, max_bytes=8_000, keep_seconds=0)
    for step in range(60):
        sha, content = _blob((seed + step) % 12, size=1000)
        try:
            path = cache.path(sha, "", lambda: content)
            data = path.read_bytes()
        except FileNotFoundError:   # evicted by another process between the two lines (keep_seconds=0)
            continue
        if data != content:
            errors.put(f"{sha[:8]}: {len(data)} bytes")


def test_several_processes_share_one_cache_and_never_see_half_a_file(tmp_path):
    errors = multiprocessing.get_context("fork").Queue()
    processes = [multiprocessing.get_context("fork").Process(target=_worker, args=(tmp_path, seed, errors))
                 for seed in range(4)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(30)
        assert process.exitcode == 0
    assert errors.empty(), errors.get()
    cache = FileCache(tmp_path, max_bytes=8_000, keep_seconds=0)
    cache.evict()
    assert cache.size() <= 8_000 and all(hashlib.sha256(p.read_bytes()).hexdigest() == p.name
                                          for p, _, _ in cache.entries())

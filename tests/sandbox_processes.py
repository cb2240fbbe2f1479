"""Which sandboxed processes a test left behind.  Only this test process's own tree is looked at:
tests run in parallel, and another test's bots may be playing on the same machine at that moment."""
import os

from arena.bots import sandbox
from arena.bots.sandbox import SANDBOX_UID_BASE, _process_uids


def sandboxes_started_here():
    """Processes below this one (workers it started included) that run as a sandbox's user id or
    are a ``bwrap`` still running."""
    uids = dict(_process_uids())
    return [pid for pid in sandbox._descendants(os.getpid())[1:]
            if uids.get(pid, 0) >= SANDBOX_UID_BASE or b"bwrap" in _cmdline(pid)]


def _cmdline(pid):
    try:
        return sandbox._read_proc(f"/proc/{pid}/cmdline")
    except OSError:
        return b""

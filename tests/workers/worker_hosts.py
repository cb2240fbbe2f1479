"""Worker machines on one machine: each in a network namespace of its own, reaching the site's
PostgreSQL and Redis only through a veth address.

What a worker machine is given, here and in ``docker-compose.workers.yml``, is
``WORKER_HOST_NEEDS``: the site's database and broker, nothing else (the
multi-host test adds only test tuning and the queue's name).

PostgreSQL and Redis listen on 127.0.0.1, which a namespace does not share:
a forwarder in the root namespace, bound to the veth's address, passes each
connection on to them (socat when installed, else a small asyncio one).
"""
import asyncio
import os
import shutil
import signal
import subprocess
import sys
import threading

WORKER_HOST_NEEDS = ("DATABASE_URL", "REDIS_URL")


def _ip(*args, check=True):
    return subprocess.run(["ip", *args], capture_output=True, text=True, check=check)


def namespaces_available():
    """``(True, "")`` when this process can make network namespaces and veth pairs, else
    ``(False, why)`` in one line."""
    if shutil.which("ip") is None:
        return False, "no `ip` command (iproute2) to make network namespaces"
    if os.geteuid() != 0:
        return False, "network namespaces need root (CI runs the tests as root)"
    name = f"arprobe{os.getpid() % 100000}"
    made = _ip("netns", "add", name, check=False)
    if made.returncode != 0:
        return False, f"`ip netns add` refused: {made.stderr.strip() or made.returncode}"
    _ip("netns", "del", name, check=False)
    return True, ""


class _AsyncForwarder:
    """TCP from ``listen`` to ``target``, on a thread of its own (when socat is not installed)."""

    def __init__(self, listen, target):
        self.listen, self.target = listen, target
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.ready.wait(5)

    async def _pipe(self, reader, writer):
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def _serve(self, reader, writer):
        try:
            target_reader, target_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._pipe(reader, target_writer), self._pipe(target_reader, writer))

    def _run(self):
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(asyncio.start_server(self._serve, *self.listen))
        self.ready.set()
        self.loop.run_forever()

    def stop(self):
        self.loop.call_soon_threadsafe(self.server.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


class WorkerHost:
    """A network namespace with a veth pair to the root namespace (``address`` on the root side,
    ``address + 1`` inside) and forwarders from ``address:PORT`` to ``127.0.0.1:PORT``."""

    def __init__(self, index, ports):
        tag = f"{os.getpid() % 100000}"
        self.name = f"ar{tag}h{index}"
        self.outside, self.inside = f"ar{tag}v{index}", f"ar{tag}p{index}"
        third = (os.getpid() % 120) * 2 + index   # a /30 of its own for each run and host
        self.address, self.peer = f"10.231.{third}.1", f"10.231.{third}.2"
        self.ports = ports
        self.forwarders = []

    def __enter__(self):
        _ip("netns", "add", self.name)
        try:
            _ip("link", "add", self.outside, "type", "veth", "peer", "name", self.inside)
            _ip("link", "set", self.inside, "netns", self.name)
            _ip("addr", "add", f"{self.address}/30", "dev", self.outside)
            _ip("link", "set", self.outside, "up")
            self.exec_ip("addr", "add", f"{self.peer}/30", "dev", self.inside)
            self.exec_ip("link", "set", self.inside, "up")
            self.exec_ip("link", "set", "lo", "up")
            for port in self.ports:
                self.forwarders.append(self._forward(port))
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def exec_ip(self, *args):
        return _ip("netns", "exec", self.name, "ip", *args)

    @property
    def prefix(self):
        """The command prefix that runs a process on this host."""
        return ["ip", "netns", "exec", self.name]

    def _forward(self, port):
        if shutil.which("socat"):
            process = subprocess.Popen(
                ["socat", f"TCP-LISTEN:{port},bind={self.address},fork,reuseaddr", f"TCP:127.0.0.1:{port}"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            return process
        return _AsyncForwarder((self.address, port), ("127.0.0.1", port))

    def reaches(self, host, port):
        """Whether a process on this host can open a TCP connection to ``host:port``."""
        probe = (f"import socket; s = socket.socket(); s.settimeout(2); "
                 f"print(s.connect_ex(({host!r}, {port})))")
        out = subprocess.run([*self.prefix, sys.executable, "-c", probe], capture_output=True, text=True, timeout=20)
        return out.stdout.strip() == "0"

    def __exit__(self, *exc):
        for forwarder in self.forwarders:
            if isinstance(forwarder, subprocess.Popen):
                try:   # socat and the children it forked for open connections
                    os.killpg(forwarder.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                forwarder.wait(5)
            else:
                forwarder.stop()
        _ip("link", "del", self.outside, check=False)
        _ip("netns", "del", self.name, check=False)

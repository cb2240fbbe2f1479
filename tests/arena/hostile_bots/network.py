import socket
import sys

for host, port in (("127.0.0.1", 5432), ("127.0.0.1", 6379), ("1.1.1.1", 53), ("8.8.8.8", 443)):
    try:
        socket.create_connection((host, port), timeout=1).close()
    except OSError as exc:
        print(f"contained: connect {host}:{port}: {exc}", file=sys.stderr)
    else:
        raise RuntimeError(f"BREACH: connected to {host}:{port}")
try:
    socket.getaddrinfo("example.com", 80)
except OSError as exc:
    print(f"contained: dns: {exc}", file=sys.stderr)
else:
    raise RuntimeError("BREACH: resolved a name")


def act(observation, legal_actions):
    return legal_actions[0]

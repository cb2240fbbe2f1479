"""Worker tests use the ``live`` fixture: real PostgreSQL, Redis and worker processes."""
from live_servers import live  # noqa: F401  (a fixture)

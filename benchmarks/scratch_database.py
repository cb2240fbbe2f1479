"""A benchmark's own PostgreSQL database: created empty, migrated, dropped when the benchmark ends.

``DATABASE_URL`` (default PostgreSQL on 127.0.0.1 as postgres) names the server; the benchmark's
database replaces its path for the rest of the process and for the workers it starts.
"""
import contextlib
import os
from urllib.parse import urlparse


@contextlib.contextmanager
def scratch_database(name):
    base = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    url = urlparse(base)
    admin = url._replace(path="/postgres").geturl()
    import psycopg
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    os.environ["DATABASE_URL"] = url._replace(path=f"/{name}").geturl()
    try:
        yield
    finally:
        with contextlib.suppress(Exception):   # Django may not have been set up yet
            from django.db import connections
            connections.close_all()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def django_migrated():
    """Sets Django up on the scratch database (the settings read from the environment) and migrates it."""
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)

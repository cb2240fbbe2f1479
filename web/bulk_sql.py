"""Hand-written batch statements shared by the apps that store many rows per transaction.

The ORM's cost per row (model instances, per-field preparation) and per
statement is what the workers' store paid most for; these helpers write one
statement for a whole batch instead, portable between PostgreSQL and SQLite.
"""
from django.db import connection

# Rows per statement: far above a worker's flush (one message's matches), and below SQLite's
# limit of bound parameters (32,766) at the widest batch statement.
CHUNK = 500


def values_table(rows, width):
    """``(VALUES (%s, ...), ...) AS v``: ``rows`` rows of ``width`` parameters, read as
    ``v.column1`` to ``v.column<width>`` (the default column names of PostgreSQL and SQLite)."""
    row = "(" + ", ".join(["%s"] * width) + ")"
    return f"(VALUES {', '.join([row] * rows)}) AS v"


def cast(expression, db_type):
    """PostgreSQL types a VALUES column from its literals (text when they are strings or all
    NULL): cast where the target column is not text.  SQLite stores the values as they are."""
    return f"CAST({expression} AS {db_type})" if connection.vendor == "postgresql" else expression


def chunks(rows, size=CHUNK):
    for start in range(0, len(rows), size):
        yield rows[start:start + size]

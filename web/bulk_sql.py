"""Hand-written batch statements for the apps that store many rows per transaction.

A batch travels as ONE parameter, a JSON array of rows, that the statement
reads as a table (``batch_table``): one statement whatever the number of rows,
and nearly nothing for the worker to do per row.  The ORM (a model instance
and a per-field preparation per row) and even a ``VALUES`` list of
placeholders (which the driver splits and quotes one by one, in Python) cost
the workers more than the database's work did.  PostgreSQL and SQLite both
read the JSON natively (PostgreSQL as ``jsonb``, parsed once: reading ``json``
re-parses a row's text for each of its columns).

A ``JSON_TEXT`` column is a document that travels as its JSON text (a string in the row) into a
``json`` column: PostgreSQL checks it and keeps the text, parsing nothing into ``jsonb``.
"""
import msgspec
from django.db import connection

_JSON_TYPES = ("json", "jsonb")
JSON_TEXT = "json text"


def batch_table(columns, alias="v"):
    """A FROM item reading ``batch_rows(...)`` as the table ``alias`` with ``columns``:
    ``(name, PostgreSQL type)`` pairs, one per position in a row.  A ``json``/``jsonb`` column
    takes the row's value as a JSON document (an object, a list) rather than as text; a
    ``JSON_TEXT`` column takes a string, the document's text (``json_text``)."""
    if connection.vendor == "postgresql":
        items = ", ".join(
            f"CAST(e -> {index} AS {db_type}) AS {name}" if db_type in _JSON_TYPES
            else f"CAST(e ->> {index} AS json) AS {name}" if db_type == JSON_TEXT
            else f"CAST(e ->> {index} AS {db_type}) AS {name}"
            for index, (name, db_type) in enumerate(columns))
        return f"(SELECT {items} FROM jsonb_array_elements(CAST(%s AS jsonb)) AS e) AS {alias}"
    items = ", ".join(f"json_extract(e.value, '$[{index}]') AS {name}" for index, (name, _) in enumerate(columns))
    return f"(SELECT {items} FROM json_each(%s) AS e) AS {alias}"


def batch_rows(rows):
    """The parameter of a ``batch_table``: its rows (lists of JSON values) as one JSON text.
    (msgspec writes the same text as ``json.dumps`` with compact separators, ten times faster:
    a batch of replays is most of what a worker encodes.)"""
    return msgspec.json.encode(rows).decode()


def json_text(document):
    """A ``JSON_TEXT`` column's value."""
    return msgspec.json.encode(document).decode()

"""The column a replay is kept in.

A replay is written once, read whole and never searched inside. PostgreSQL's ``jsonb`` (Django's
``JSONField``) would parse it into its binary form on every store (a few hundred numbers per
replay) and compress that with pglz: half of the database's CPU per stored match. Kept as ``json``
it is stored as the text it arrives as (checked, not converted), compressed with lz4 (migration
``0009``). SQLite keeps every JSON field as text already.
"""
from django.db import models


class ReplayField(models.JSONField):
    def db_type(self, connection):
        return "json" if connection.vendor == "postgresql" else super().db_type(connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        if connection.vendor != "postgresql":
            return super().get_db_prep_value(value, connection, prepared)
        from psycopg.types.json import Json   # PostgreSQL's driver, imported only where it is used
        if not prepared:
            value = self.get_prep_value(value)
        return value if hasattr(value, "as_sql") else Json(value)

    def from_db_value(self, value, expression, connection):
        # The driver reads a ``json`` column into Python values itself (Django has it hand over only
        # ``jsonb`` as text).
        if value is None or not isinstance(value, str):
            return value
        return super().from_db_value(value, expression, connection)

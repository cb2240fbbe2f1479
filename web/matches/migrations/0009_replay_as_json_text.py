"""Replays move from ``jsonb`` to ``json`` compressed with lz4 (see ``web.matches.fields``).

Existing replays are converted in place; lz4 applies to what is written from now on (and is left
out where the server was built without it: pglz stays, nothing else changes)."""
from django.db import migrations

import web.matches.fields


def _lz4(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_settings WHERE name = 'default_toast_compression' "
                       "AND 'lz4' = ANY(enumvals)")
        if cursor.fetchone()[0]:
            cursor.execute("ALTER TABLE matches_match ALTER COLUMN replay SET COMPRESSION lz4")


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0008_match_kind_version_test"),
    ]

    operations = [
        migrations.AlterField(
            model_name="match",
            name="replay",
            field=web.matches.fields.ReplayField(blank=True, null=True),
        ),
        migrations.RunPython(_lz4, migrations.RunPython.noop),
    ]

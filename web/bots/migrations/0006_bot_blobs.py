"""Uploaded bot files move from ``MEDIA_ROOT`` into the blob store, by their sha256.

Each uploaded version's file is read from ``MEDIA_ROOT``, checked against the
sha256 recorded at its upload, and put in the store that ``ARENA_BLOB_STORE``
chooses (the ``BotBlob`` table by default).  Nothing is deleted from
``MEDIA_ROOT``: once this ran on every site it may be removed by hand.  A file
that is missing or changed is reported, and stays out of the store: the
version's next match or validation fails with that reason (``web.bots.files``),
instead of playing another file than the one uploaded.
"""
import hashlib
import logging

from django.db import migrations, models

log = logging.getLogger(__name__)


def _suffix(name):
    lower = name.lower()
    return ".zip" if lower.endswith(".zip") else ".py" if lower.endswith(".py") else ""


def _store(apps):
    from django.conf import settings

    from web.bots import blobs
    if settings.ARENA_BLOB_STORE == "database":
        return blobs.DatabaseBlobStore(apps.get_model("bots", "BotBlob"))
    return blobs.blob_store()


def move_files_into_blobs(apps, schema_editor):
    BotVersion = apps.get_model("bots", "BotVersion")
    store = _store(apps)
    for version in BotVersion.objects.filter(kind="upload").exclude(file="").iterator():
        version.file_suffix = _suffix(version.file.name)
        try:
            with version.file.open("rb") as handle:
                content = handle.read()
        except OSError as exc:
            log.warning("bot version %s: its file %s cannot be read (%s); its matches will fail",
                        version.pk, version.file.name, exc)
            content = None
        if content is not None:
            digest = hashlib.sha256(content).hexdigest()
            if version.sha256 and digest != version.sha256:
                log.warning("bot version %s: its file %s changed since it was uploaded; left out of the store",
                            version.pk, version.file.name)
            else:
                version.sha256 = digest
                store.put(sha256=digest, content=content)
        version.save(update_fields=["file_suffix", "sha256"])


def write_blobs_back(apps, schema_editor):
    """Back to files under ``MEDIA_ROOT`` (only the blobs that are in the store)."""
    from django.core.files.base import ContentFile

    from web.bots.blobs import BlobMissing
    BotVersion = apps.get_model("bots", "BotVersion")
    store = _store(apps)
    for version in BotVersion.objects.filter(kind="upload", file="").exclude(sha256="").iterator():
        try:
            content = store.get(sha256=version.sha256)
        except BlobMissing:
            continue
        version.file.save(f"{version.sha256}{version.file_suffix}", ContentFile(content), save=True)


class Migration(migrations.Migration):

    dependencies = [
        ('bots', '0005_versions_ordered_by_bot_column'),
    ]

    operations = [
        migrations.CreateModel(
            name='BotBlob',
            fields=[
                ('sha256', models.CharField(max_length=64, primary_key=True, serialize=False)),
                ('content', models.BinaryField()),
                ('size', models.PositiveIntegerField()),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.AddField(
            model_name='botversion',
            name='file_suffix',
            field=models.CharField(blank=True, help_text='the suffix its file runs under: .py, .zip, or empty (an executable)', max_length=8),
        ),
        migrations.AlterField(
            model_name='botversion',
            name='sha256',
            field=models.CharField(blank=True, db_index=True, help_text="its file's address in the blob store (an upload)", max_length=64),
        ),
        migrations.RunPython(move_files_into_blobs, write_blobs_back),
    ]

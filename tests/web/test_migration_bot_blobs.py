"""The data migration that moves uploaded bot files from MEDIA_ROOT into the blob store."""
import hashlib
import os

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from bot_sources import GOOD_BOT

BEFORE = [("bots", "0005_versions_ordered_by_bot_column")]
AFTER = [("bots", "0007_remove_botversion_file")]


@pytest.fixture
def old_schema(transactional_db, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    yield executor.loader.project_state(BEFORE).apps
    call_command("migrate", verbosity=0)


def test_every_readable_upload_moves_into_a_blob_and_a_lost_one_is_left_to_fail(old_schema, settings, tmp_path):
    apps = old_schema
    Bot, BotVersion = apps.get_model("bots", "Bot"), apps.get_model("bots", "BotVersion")
    bot = Bot.objects.create(game="katana", name="old")
    zipped = b"PK\x05\x06" + b"\0" * 18   # an empty zip: the migration copies bytes, it does not judge them
    files = {"kept.py": GOOD_BOT, "same.py": GOOD_BOT, "archive.zip": zipped, "run": b"#!/bin/sh\necho\n",
             "lost.py": b"x = 1\n", "changed.py": b"y = 2\n"}
    versions = {}
    for number, (name, content) in enumerate(files.items(), start=1):
        relative = f"bots/{bot.pk}/{number:02d}{name}"
        os.makedirs(os.path.join(settings.MEDIA_ROOT, os.path.dirname(relative)), exist_ok=True)
        with open(os.path.join(settings.MEDIA_ROOT, relative), "wb") as handle:
            handle.write(content)
        versions[name] = BotVersion.objects.create(bot=bot, number=number, kind="upload", file=relative,
                                                   original_name=name, size=len(content), status="passed",
                                                   sha256=hashlib.sha256(content).hexdigest())
    os.remove(os.path.join(settings.MEDIA_ROOT, versions["lost.py"].file.name))
    with open(os.path.join(settings.MEDIA_ROOT, versions["changed.py"].file.name), "ab") as handle:
        handle.write(b"# changed on disk\n")

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    BotVersion, BotBlob = apps.get_model("bots", "BotVersion"), apps.get_model("bots", "BotBlob")

    stored = {blob.sha256: bytes(blob.content) for blob in BotBlob.objects.all()}
    assert stored == {hashlib.sha256(content).hexdigest(): content
                      for content in (GOOD_BOT, zipped, b"#!/bin/sh\necho\n")}, "deduplicated, nothing lost"
    suffixes = dict(BotVersion.objects.values_list("original_name", "file_suffix"))
    assert suffixes == {"kept.py": ".py", "same.py": ".py", "archive.zip": ".zip", "run": "",
                        "lost.py": ".py", "changed.py": ".py"}
    assert os.path.exists(os.path.join(settings.MEDIA_ROOT, versions["kept.py"].file.name)), \
        "MEDIA_ROOT is left as it was, to be removed by hand"

    call_command("migrate", verbosity=0)
    from web.bots.files import bot_file_path, BotFileLost
    settings.ARENA_BOT_CACHE_DIR = str(tmp_path / "cache")
    assert open(bot_file_path(sha256=versions["kept.py"].sha256, suffix=".py"), "rb").read() == GOOD_BOT
    for name in ("lost.py", "changed.py"):
        with pytest.raises(BotFileLost, match="is missing from the database blob store"):
            bot_file_path(sha256=versions[name].sha256, suffix=".py")

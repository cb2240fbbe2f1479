"""Bot services: built-in and uploaded versions, validation, deletion."""
import io
import os
import stat
import zipfile

import pytest

from web.bots import selectors, services
from web.bots.models import Bot, BotVersion
from web.errors import ServiceError


def test_house_bots_are_created_once_with_a_valid_builtin_version(db):
    first = services.house_bots_ensure(game="katana", count=4)
    again = services.house_bots_ensure(game="katana", count=4)
    assert [b.pk for b in first] == [b.pk for b in again]
    assert Bot.objects.count() == 4
    version = selectors.bot_current_version(bot=first[0])
    assert version.kind == "builtin" and version.builtin_name == "random" and version.status == "valid"
    assert version.agent_ref == {"kind": "builtin", "name": "random"}
    assert [b.pk for b in selectors.playable_bots(game="katana")] == [b.pk for b in first]


@pytest.mark.parametrize("kwargs,message", [
    ({"game": "chess", "name": "x"}, "unknown game 'chess'"),
    ({"game": "katana", "name": "  "}, "needs a name"),
    ({"game": "katana", "name": "x" * 65}, "at most 64"),
])
def test_bad_bots_are_refused(db, kwargs, message):
    with pytest.raises(ServiceError, match=message):
        services.bot_create(**kwargs)
    assert Bot.objects.count() == 0


def test_names_are_unique_per_game_and_builtins_must_exist(db):
    services.bot_create(game="katana", name="kenshin")
    with pytest.raises(ServiceError, match="already a katana bot named 'kenshin'"):
        services.bot_create(game="katana", name="kenshin")
    with pytest.raises(ServiceError, match="unknown built-in bot 'genius'"):
        services.bot_create_builtin(game="katana", name="g", agent="genius")
    assert list(Bot.objects.values_list("name", flat=True)) == ["kenshin"]


def test_an_upload_is_stored_under_a_generated_name_readable_by_the_platform_only(db, user):
    bot = services.bot_create(game="katana", name="mine", owner=user)
    version = services.bot_version_upload(bot=bot, filename="../../etc/passwd.py", content=b"X = 1\n")
    assert version.status == "pending" and version.number == 1 and version.size == 6
    path = version.file.path
    assert os.path.basename(path) != "passwd.py" and f"bots{os.sep}{bot.pk}{os.sep}" in path
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert version.original_name == ".._.._etc_passwd.py"
    assert services.bot_version_validate(version_id=version.pk).status == "valid"


def _zip(members):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return buffer.getvalue()


@pytest.mark.parametrize("filename,content,verdict", [
    ("bot.py", b"def act(:\n", "syntax error line 1"),
    ("bot.py", b"\xff\xfe", "not UTF-8"),
    ("bot.zip", b"not a zip", "not a valid zip"),
    ("bot.zip", _zip({"../evil.py": "x"}), "unsafe path"),
    ("bot.zip", _zip({"helper.py": "x"}), "no main.py"),
    ("bot.zip", _zip({"main.py": "X = 1"}), ""),
])
def test_validation_records_a_verdict(db, user, filename, content, verdict):
    bot = services.bot_create(game="katana", name="v", owner=user)
    version = services.bot_version_upload(bot=bot, filename=filename, content=content)
    version = services.bot_version_validate(version_id=version.pk)
    assert version.status == ("invalid" if verdict else "valid")
    assert verdict in version.validation_log and (verdict or version.validation_log == "")


def test_uploads_that_cannot_be_stored_are_refused(db, user, settings):
    settings.ARENA_MAX_BOT_BYTES = 10
    bot = services.bot_create(game="katana", name="u", owner=user)
    for filename, content, message in [("bot.exe", b"x", ".py file or a .zip"), ("bot.py", b"", "empty"),
                                       ("bot.py", b"x" * 11, "limit is 10")]:
        with pytest.raises(ServiceError, match=message):
            services.bot_version_upload(bot=bot, filename=filename, content=content)
    services.bot_delete(bot=bot)
    with pytest.raises(ServiceError, match="was deleted"):
        services.bot_version_upload(bot=bot, filename="bot.py", content=b"x")
    assert BotVersion.objects.count() == 0
    assert selectors.bot_list(game="katana").count() == 0
    assert selectors.bot_list(game="katana", include_deleted=True).count() == 1

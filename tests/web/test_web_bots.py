"""Bot services: built-in and uploaded versions, validation, deletion."""
import hashlib
import io
import zipfile

import pytest

from web.bots import selectors, services
from web.bots.models import Bot, BotVersion
from bot_sources import CRASH_AT_MOVE, GOOD_BOT, ILLEGAL_ACTION
from web.errors import ServiceError


def test_house_bots_are_created_once_with_a_valid_builtin_version(db):
    first = services.house_bots_ensure(game="katana", count=4)
    again = services.house_bots_ensure(game="katana", count=4)
    assert [b.pk for b in first] == [b.pk for b in again]
    assert Bot.objects.count() == 4
    version = selectors.bot_current_version(bot=first[0])
    assert version.kind == "builtin" and version.builtin_name == "random" and version.status == "passed"
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


def test_an_upload_is_stored_once_by_its_content_address_in_its_own_transaction(db, user, sandboxed):
    from web.bots.models import BotBlob
    bot = services.bot_create(game="katana", name="mine", owner=user)
    version = services.bot_version_upload(bot=bot, filename="../../etc/passwd.py", content=GOOD_BOT)
    assert version.status == "pending" and version.number == 1 and version.size == len(GOOD_BOT)
    assert version.sha256 == hashlib.sha256(GOOD_BOT).hexdigest() and version.file_suffix == ".py"
    assert version.agent_ref == {"kind": "upload", "sha256": version.sha256, "suffix": ".py"}
    assert bytes(BotBlob.objects.get(pk=version.sha256).content) == GOOD_BOT
    assert version.original_name == ".._.._etc_passwd.py"
    again = services.bot_version_upload(bot=bot, filename="same.py", content=GOOD_BOT)
    assert again.sha256 == version.sha256 and BotBlob.objects.count() == 1, "the same bytes are one blob"
    assert services.bot_version_validate(version_id=version.pk).status == "passed"
    with pytest.raises(ServiceError, match="is retired"):   # the upload's transaction rolls back: no blob
        services.bot_retire(bot=bot, user=user)
        services.bot_version_upload(bot=bot, filename="other.py", content=GOOD_BOT + b"\n# other\n")
    assert BotBlob.objects.count() == 1


def _zip(members):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def _damaged_zip():
    """A zip whose directory and ``main.py`` are intact and whose other member fails its CRC check."""
    data = bytearray(_zip({"main.py": "def act(observation, legal_actions):\n    return legal_actions[0]\n",
                           "table.txt": "one two three four\n"}))
    at = data.index(b"one two three four")
    data[at] ^= 0x01
    return bytes(data)


@pytest.mark.parametrize("filename,content,problem", [
    ("bot.py", b"def act(:\n", "bot.py line 1: invalid syntax"),
    ("bot.zip", _damaged_zip(), "bot.zip: damaged zip (member 'table.txt' fails its CRC check)"),
    ("bot.zip", b"not a zip", "bot.zip: not a valid zip"),
    ("bot.zip", _zip({"../evil.py": "x"}), "bot.zip: member '../evil.py' points outside the zip"),
    ("bot.zip", _zip({"/abs.py": "x"}), "has an absolute path"),
    ("bot.zip", _zip({"helper.py": "x"}), "no main.py (Python) or run (executable)"),
])
def test_a_file_that_is_not_a_bot_is_refused_at_upload_and_nothing_is_stored(db, user, filename, content,
                                                                             problem):
    bot = services.bot_create(game="katana", name="v", owner=user)
    with pytest.raises(ServiceError) as refused:
        services.bot_version_upload(bot=bot, filename=filename, content=content)
    assert problem in str(refused.value) and "arena-upload-" not in str(refused.value)
    assert not bot.versions.exists()
    with pytest.raises(ServiceError, match="line 1"):
        services.bot_upload(owner=user, game="katana", name="other", filename="x.py", content=b"def (")
    assert not Bot.objects.filter(name="other").exists()


@pytest.mark.parametrize("filename,content,problem,log", [
    ("bot.py", b"X = 1\n", "match 1 (seed 1, seat 0): crash: reported an error: 'TypeError: main.py defines "
                           "neither act", "TypeError"),
    ("bot.py", CRASH_AT_MOVE, "crash: reported an error: 'ZeroDivisionError", "ZeroDivisionError"),
    ("bot.py", ILLEGAL_ACTION, "illegal: answered action 'x', not an integer", "contained"),
    ("bot.zip", _zip({"main.py": GOOD_BOT.decode()}), "", "thinking"),
    ("bot.py", GOOD_BOT, "", "thinking"),
])
def test_validation_plays_the_bot_in_its_sandbox_and_records_the_verdict(db, user, sandboxed, filename,
                                                                        content, problem, log):
    bot = services.bot_create(game="katana", name="v", owner=user)
    version = services.bot_version_upload(bot=bot, filename=filename, content=content)
    version = services.bot_version_validate(version_id=version.pk)
    assert version.status == ("failed" if problem else "passed"), version.validation_problem
    assert problem in version.validation_problem and (problem or version.validation_problem == "")
    assert log in version.validation_log
    verdict = version.validation_verdict
    assert verdict["passed"] is (not problem) and verdict["bot"] == filename
    if not problem:
        assert [m["status"] for m in verdict["matches"]] == ["ok", "ok"]
        assert selectors.bot_current_version(bot=bot) == version
    else:
        assert selectors.bot_current_version(bot=bot) is None
    assert services.bot_version_validate(version_id=version.pk).validated_at == version.validated_at, \
        "a verdict is final"


def test_a_version_that_has_not_passed_stays_out_of_rated_play(db, user, house, sandboxed):
    from web.matches.services import match_create
    from web.tournaments.services import tournament_create
    bot = services.bot_create(game="katana", name="late", owner=user)
    version = services.bot_version_upload(bot=bot, filename="bot.py", content=CRASH_AT_MOVE)
    with pytest.raises(ServiceError, match="entry 4: bot 'late' has no version that passed validation"):
        tournament_create(name="t", game="katana", bots=house[:3] + [bot])
    with pytest.raises(ServiceError, match=r"v1 has not passed validation \(it is still being validated\)"):
        match_create(game="katana", seats=house[:3] + [version])
    services.bot_version_validate(version_id=version.pk)
    with pytest.raises(ServiceError, match=r"v1 has not passed validation \(it failed validation: match 1 .*"
                                           r"ZeroDivisionError"):
        match_create(game="katana", seats=house[:3] + [version])
    assert bot.pk not in {b.pk for b in selectors.playable_bots(game="katana")}
    from web.matches.ladder import ladder_fill
    ladder_fill(game="katana", target=5)
    from web.matches.models import MatchSeat
    assert not MatchSeat.objects.filter(bot=bot).exists()


def test_a_damaged_or_missing_blob_fails_validation_and_an_unreachable_store_is_retried(db, user, monkeypatch,
                                                                                        settings, tmp_path):
    settings.ARENA_BOT_CACHE_DIR = str(tmp_path / "bot-cache")   # this worker has no copy yet
    from web.bots import blobs
    from web.bots.models import BotBlob
    from web.errors import PlatformFault
    bot = services.bot_create(game="katana", name="w", owner=user)
    changed = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
    BotBlob.objects.filter(pk=changed.sha256).update(content=GOOD_BOT + b"# later\n")
    changed = services.bot_version_validate(version_id=changed.pk)
    assert changed.status == "failed" and "blob store is damaged" in changed.validation_problem
    missing = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT + b"# missing\n")
    BotBlob.objects.filter(pk=missing.sha256).delete()
    missing = services.bot_version_validate(version_id=missing.pk)
    assert missing.status == "failed"
    assert missing.validation_problem == f"its file (sha256 {missing.sha256[:12]}) is missing from the database blob store"

    class Unreachable(blobs.DatabaseBlobStore):
        def get(self, *, sha256):
            raise ConnectionError("no route to host")

    pending = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT + b"# pending\n")
    monkeypatch.setattr(blobs, "blob_store", lambda: Unreachable())
    with pytest.raises(PlatformFault, match="blob store cannot be read: ConnectionError: no route to host"):
        services.bot_version_validate(version_id=pending.pk)
    pending.refresh_from_db()
    assert pending.status == "pending"


def test_a_bare_executable_uploaded_under_any_name_validates_in_its_sandbox(db, user, sandboxed):
    from pathlib import Path
    script = (Path(__file__).resolve().parents[2] / "examples" / "bots" / "first_legal.sh").read_bytes()
    bot = services.bot_create(game="katana", name="shell", owner=user)
    version = services.bot_version_upload(bot=bot, filename="first_legal", content=script)
    version = services.bot_version_validate(version_id=version.pk)
    assert version.status == "passed", version.validation_problem


def test_an_error_inside_validation_fails_the_version_with_its_reason(db, user, monkeypatch):
    from arena.bots import validate as arena_validate

    def broken(game, path, **kwargs):
        raise zipfile.BadZipFile("Bad CRC-32 for file 'main.py'")

    monkeypatch.setattr(arena_validate, "validate", broken)
    bot = services.bot_create(game="katana", name="v", owner=user)
    version = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
    version = services.bot_version_validate(version_id=version.pk)
    assert version.status == "failed" and version.validated_at is not None
    assert version.validation_problem == "validation stopped on an error: BadZipFile: Bad CRC-32 for file 'main.py'"


def test_versions_left_pending_past_the_deadline_are_failed_by_the_sweep(db, user, settings):
    from django.utils import timezone

    from workers import tasks
    settings.ARENA_VALIDATION_DEADLINE_SECONDS = 600
    bot = services.bot_create(game="katana", name="v", owner=user)
    stale = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
    fresh = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
    BotVersion.objects.filter(pk=stale.pk).update(created_at=timezone.now() - timezone.timedelta(minutes=11))
    assert tasks.fail_stale_validations.run() == 1
    stale.refresh_from_db(), fresh.refresh_from_db()
    assert stale.status == "failed"
    assert stale.validation_problem == "its validation did not finish within 10 minutes; upload it again"
    assert fresh.status == "pending"
    assert tasks.fail_stale_validations.run() == 0


def test_validation_is_queued_on_commit(db, user, settings, django_capture_on_commit_callbacks, monkeypatch):
    from web import publishing
    settings.ARENA_PUBLISH_TASKS = True
    sent = []
    monkeypatch.setattr(publishing.app, "send_task", lambda name, args: sent.append((name, args)))
    bot = services.bot_create(game="katana", name="q", owner=user)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        version = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
        assert sent == []
    assert len(callbacks) == 1 and sent == [("workers.tasks.validate_bot_version", (version.pk,))]


def test_uploads_that_cannot_be_stored_are_refused(db, user, settings):
    settings.ARENA_MAX_BOT_BYTES = 10
    bot = services.bot_create(game="katana", name="u", owner=user)
    for filename, content, message in [("bot.exe", b"x", ".py file, a .zip archive, or an executable"), ("bot.py", b"", "empty"),
                                       ("bot.py", b"x" * 11, "limit is 10")]:
        with pytest.raises(ServiceError, match=message):
            services.bot_version_upload(bot=bot, filename=filename, content=content)
    services.bot_retire(bot=bot)
    with pytest.raises(ServiceError, match="is retired"):
        services.bot_version_upload(bot=bot, filename="bot.py", content=b"x")
    assert BotVersion.objects.count() == 0
    assert selectors.bot_list(game="katana").count() == 0
    assert selectors.bot_list(game="katana", include_deleted=True).count() == 1

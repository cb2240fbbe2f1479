"""A bot's owner manages it: renames it, chooses the version that plays, retires it, deletes it;
through the services and the API (which answered DELETE with 405 before)."""
import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from bot_sources import GOOD_BOT
from web.bots import selectors, services
from web.bots.models import Bot, BotVersion
from web.errors import ServiceError
from web.matches import services as match_services


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user(username="kojiro", password="y" * 12)


def _api(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def _passed_bot(owner, name="kaze", versions=2):
    bot = services.bot_create(game="katana", name=name, owner=owner)
    for _ in range(versions):
        version = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
        BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.PASSED)
    return Bot.objects.get(pk=bot.pk)


def test_the_owner_chooses_which_passed_version_plays(db, user, house):
    bot = _passed_bot(user)
    assert selectors.bot_current_version(bot=bot).number == 2
    services.bot_version_choose(bot=bot, user=user, number=1)
    match = match_services.match_create(game="katana", seats=[bot] + house[:2], seed=1)
    assert match.seats.get(seat=0).bot_version.number == 1
    playable = {b.pk: b.current_version_id for b in selectors.playable_bots(game="katana")}
    assert playable[bot.pk] == bot.versions.get(number=1).pk
    services.bot_version_choose(bot=bot, user=user, number=None)
    assert selectors.bot_current_version(bot=bot).number == 2
    pending = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
    with pytest.raises(ServiceError, match="'kaze' v3 has not passed validation; only a version that passed plays"):
        services.bot_version_choose(bot=bot, user=user, number=pending.number)
    with pytest.raises(ServiceError, match="'kaze' has no version 9"):
        services.bot_version_choose(bot=bot, user=user, number=9)


def test_only_the_owner_changes_a_bot(db, user, stranger):
    bot = _passed_bot(user)
    for change in (lambda: services.bot_rename(bot=bot, user=stranger, name="mine"),
                   lambda: services.bot_retire(bot=bot, user=stranger),
                   lambda: services.bot_delete(bot=bot, user=stranger)):
        with pytest.raises(ServiceError, match="only the owner of 'kaze' can change it"):
            change()
    api = _api(stranger)
    assert api.patch(f"/api/bots/{bot.pk}/", {"name": "mine"}, format="json").status_code == 403
    assert api.delete(f"/api/bots/{bot.pk}/").status_code == 403
    assert Bot.objects.get(pk=bot.pk).name == "kaze"


def test_rename_checks_the_name_like_a_new_one(db, user):
    bot = _passed_bot(user)
    _passed_bot(user, name="taken", versions=1)
    api = _api(user)
    assert api.patch(f"/api/bots/{bot.pk}/", {"name": "arashi"}, format="json").json()["name"] == "arashi"
    taken = api.patch(f"/api/bots/{bot.pk}/", {"name": "taken"}, format="json")
    assert taken.status_code == 400 and taken.json()["detail"] == "there is already a katana bot named 'taken'"
    builtin = api.patch(f"/api/bots/{bot.pk}/", {"name": "heuristic-1"}, format="json")
    assert builtin.status_code == 400 and "reads as 'heuristic'" in builtin.json()["detail"]


def test_a_retired_bot_keeps_its_history_and_plays_no_more(db, user, house):
    bot = _passed_bot(user)
    match_services.match_create(game="katana", seats=[bot] + house[:2], seed=1)
    answer = _api(user).patch(f"/api/bots/{bot.pk}/", {"retired": True}, format="json")
    assert answer.status_code == 200 and answer.json()["deleted"] is True
    assert bot.pk not in {b.pk for b in selectors.playable_bots(game="katana")}
    assert bot.seats.count() == 1
    with pytest.raises(ServiceError, match="seat 0: bot 'kaze' is retired"):
        match_services.match_create(game="katana", seats=[bot] + house[:2], seed=2)


def test_deleting_a_bot_that_never_played_removes_it_and_its_files(db, user, django_capture_on_commit_callbacks):
    from web.bots.models import BotBlob
    bot = _passed_bot(user)
    hashes = [v.sha256 for v in bot.versions.all()]
    assert BotBlob.objects.filter(pk__in=hashes).count() == len(set(hashes)) > 0
    with django_capture_on_commit_callbacks(execute=True):
        answer = _api(user).delete(f"/api/bots/{bot.pk}/")
    assert answer.status_code == 200 and answer.json() == {"outcome": "deleted"}
    assert not Bot.objects.filter(pk=bot.pk).exists() and not BotVersion.objects.filter(bot_id=bot.pk).exists()
    assert not BotBlob.objects.filter(pk__in=hashes).exists()


def test_deleting_a_bot_that_played_anonymises_it_and_keeps_its_matches(db, user, house,
                                                                         django_capture_on_commit_callbacks):
    from web.bots.models import BotBlob
    bot = _passed_bot(user)
    match = match_services.match_create(game="katana", seats=[bot] + house[:2], seed=1)
    hashes = [v.sha256 for v in bot.versions.all()]
    with django_capture_on_commit_callbacks(execute=True):
        outcome = services.bot_delete(bot=bot, user=user)
    assert outcome == "anonymised"
    bot.refresh_from_db()
    assert bot.name == f"deleted bot {bot.pk}" and bot.owner_id is None and bot.is_deleted
    assert not bot.is_builtin, "an anonymised bot does not pass for one of the platform's own"
    assert all(v.original_name == "" and v.validation_log == "" for v in bot.versions.all())
    assert not BotBlob.objects.filter(pk__in=hashes).exists()
    assert match.seats.get(seat=0).bot_id == bot.pk
    shown = APIClient().get(f"/api/bots/{bot.pk}/").json()
    assert shown["owner"] is None and shown["builtin"] is False and shown["name"] == f"deleted bot {bot.pk}"
    assert APIClient().get(f"/api/bots/{house[0].pk}/").json()["builtin"] is True


def test_deleting_a_bot_keeps_the_blob_another_live_bot_shares(db, user, django_user_model,
                                                               django_capture_on_commit_callbacks):
    from web.bots.models import BotBlob
    other = django_user_model.objects.create_user(username="musashi", password="x" * 12)
    mine, theirs = _passed_bot(user, name="kaze", versions=1), _passed_bot(other, name="nami", versions=1)
    sha256 = mine.versions.get().sha256
    assert theirs.versions.get().sha256 == sha256 and BotBlob.objects.filter(pk=sha256).count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert services.bot_delete(bot=mine, user=user) == "deleted"
    assert bytes(BotBlob.objects.get(pk=sha256).content) == GOOD_BOT, "musashi's bot still plays these bytes"
    with django_capture_on_commit_callbacks(execute=True):
        assert services.bot_delete(bot=theirs, user=other) == "deleted"
    assert not BotBlob.objects.filter(pk=sha256).exists()

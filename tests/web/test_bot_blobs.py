"""The blob stores of uploaded bot files: one contract, the database's and a Django storage's (S3 in
production; Django's in-memory storage here, no S3 endpoint being reachable from the tests), and
how ``ARENA_BLOB_STORE`` chooses one."""
import hashlib

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.files.storage import InMemoryStorage

from bot_sources import GOOD_BOT
from web.bots import blobs, services
from web.bots.files import bot_file_path

OTHER = b"def act(observation, legal_actions):\n    return legal_actions[-1]\n"


def _address(content):
    return hashlib.sha256(content).hexdigest()


@pytest.fixture(params=["database", "storage"])
def store(request, db):
    return blobs.DatabaseBlobStore() if request.param == "database" else blobs.StorageBlobStore(InMemoryStorage())


def test_a_store_keeps_bytes_by_their_sha256_once_and_says_when_one_is_missing(store):
    store.put(sha256=_address(GOOD_BOT), content=GOOD_BOT)
    store.put(sha256=_address(GOOD_BOT), content=GOOD_BOT)
    store.put(sha256=_address(OTHER), content=OTHER)
    assert store.get(sha256=_address(GOOD_BOT)) == GOOD_BOT and store.get(sha256=_address(OTHER)) == OTHER
    with pytest.raises(ValueError, match="have another sha256"):
        store.put(sha256=_address(GOOD_BOT), content=OTHER)
    store.delete(sha256=_address(GOOD_BOT))
    assert not store.exists(sha256=_address(GOOD_BOT)) and store.exists(sha256=_address(OTHER))
    with pytest.raises(blobs.BlobMissing):
        store.get(sha256=_address(GOOD_BOT))
    store.delete(sha256=_address(GOOD_BOT))   # absent: nothing to do


def test_the_storage_store_names_objects_by_their_address():
    storage = InMemoryStorage()
    blobs.StorageBlobStore(storage).put(sha256=_address(GOOD_BOT), content=GOOD_BOT)
    digest = _address(GOOD_BOT)
    assert storage.listdir(digest[:2]) == ([], [digest])


def test_s3_is_chosen_by_the_environment_and_configured_from_it(settings):
    pytest.importorskip("storages.backends.s3", reason="django-storages[s3] is an optional dependency")
    assert isinstance(blobs.blob_store(), blobs.DatabaseBlobStore), "the database by default"
    settings.ARENA_BLOB_STORE = "s3"
    settings.ARENA_BLOB_S3 = {"bucket_name": "", "endpoint_url": "", "region_name": "", "location": "bots"}
    with pytest.raises(ImproperlyConfigured, match="ARENA_BLOB_STORE=s3 needs ARENA_BLOB_S3_BUCKET"):
        blobs.blob_store()
    settings.ARENA_BLOB_S3 = {"bucket_name": "arena-bots", "endpoint_url": "http://minio.internal:9000",
                              "region_name": "eu-west-3", "location": "uploads"}
    store = blobs.blob_store()
    from storages.backends.s3 import S3Storage
    assert isinstance(store, blobs.StorageBlobStore) and isinstance(store.storage, S3Storage)
    assert (store.storage.bucket_name, store.storage.endpoint_url, store.storage.region_name,
            store.storage.location) == ("arena-bots", "http://minio.internal:9000", "eu-west-3", "uploads")
    assert store.storage.file_overwrite and store.storage.default_acl is None
    assert blobs.blob_store() is store, "one client per process"
    settings.ARENA_BLOB_STORE = "nfs"
    with pytest.raises(ImproperlyConfigured, match="ARENA_BLOB_STORE is 'nfs'; it is 'database' or 's3'"):
        blobs.blob_store()


def test_an_upload_through_another_store_is_fetched_from_it_by_a_worker(db, user, settings, tmp_path, monkeypatch,
                                                                        django_capture_on_commit_callbacks):
    from web.bots.models import BotBlob
    memory = blobs.StorageBlobStore(InMemoryStorage())
    monkeypatch.setattr(blobs, "blob_store", lambda: memory)
    settings.ARENA_BOT_CACHE_DIR = str(tmp_path / "cache")
    bot = services.bot_create(game="katana", name="s3", owner=user)
    version = services.bot_version_upload(bot=bot, filename="s3.py", content=GOOD_BOT)
    assert not BotBlob.objects.exists() and memory.get(sha256=version.sha256) == GOOD_BOT
    path = bot_file_path(sha256=version.sha256, suffix=".py")
    assert path == str(tmp_path / "cache" / f"{version.sha256}.py") and open(path, "rb").read() == GOOD_BOT
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert services.bot_delete(bot=bot, user=user) == "deleted"
    assert memory.exists(sha256=version.sha256), "not before the deletion commits"
    for callback in callbacks:
        callback()
    assert not memory.exists(sha256=version.sha256)


def test_an_upload_the_store_cannot_take_is_refused_in_one_sentence_and_stores_nothing(db, user, monkeypatch):
    from web.bots.models import Bot, BotVersion
    from web.errors import ServiceError

    class Down(blobs.StorageBlobStore):
        def put(self, *, sha256, content):
            raise ConnectionError("endpoint unreachable")

    monkeypatch.setattr(blobs, "blob_store", lambda: Down(InMemoryStorage()))
    with pytest.raises(ServiceError, match=r"the bot file store cannot take the file now \(ConnectionError\); "
                                           "nothing was stored: try again later"):
        services.bot_upload(owner=user, game="katana", name="s3", filename="s3.py", content=GOOD_BOT)
    assert not Bot.objects.exists() and not BotVersion.objects.exists()

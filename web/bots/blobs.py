"""Where uploaded bot files are kept: a blob store, keyed by the sha256 of the bytes.

Nothing here is on a disk the web server and the workers share: a worker on
any machine reaches the store with what it already has (the database) or with
the S3 credentials of its environment.  Two stores, one interface
(``BlobStore``):

* ``DatabaseBlobStore`` (the default, ``ARENA_BLOB_STORE=database``): the
  ``BotBlob`` table.  A blob is written in the transaction of the upload that
  brings it, so a version never exists without its bytes;
* ``StorageBlobStore`` over any Django storage; ``ARENA_BLOB_STORE=s3`` gives
  it django-storages' ``S3Storage`` (an optional dependency:
  ``pip install 'django-storages[s3]'``), configured by the ``ARENA_BLOB_S3_*``
  variables (README, "Bot files").  An object is written before the upload's
  transaction commits; an upload that then fails leaves an object that no
  version names, harmless since the same bytes always have the same key.

Blobs are deduplicated: the same bytes uploaded twice are one blob.
"""
import abc
import hashlib

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.files.base import ContentFile


class BlobMissing(LookupError):
    """The store has no blob of that sha256."""


class BlobStore(abc.ABC):
    """What a blob store does.  ``put`` stores ``content`` under its sha256 (nothing if it is there);
    ``get`` returns the bytes or raises ``BlobMissing``; ``delete`` removes one (nothing if absent)."""

    name = "abstract"

    @abc.abstractmethod
    def put(self, *, sha256, content):
        """Implemented by each store."""

    @abc.abstractmethod
    def get(self, *, sha256):
        """Implemented by each store."""

    @abc.abstractmethod
    def exists(self, *, sha256):
        """Implemented by each store."""

    @abc.abstractmethod
    def delete(self, *, sha256):
        """Implemented by each store."""


def content_address(content):
    return hashlib.sha256(content).hexdigest()


def _check_address(sha256, content):
    if content_address(content) != sha256:
        raise ValueError(f"the bytes given for blob {sha256[:12]} have another sha256")


class DatabaseBlobStore(BlobStore):
    """Blobs as rows of ``BotBlob`` (``model``: the migrations give theirs).

    ``put`` writes in the caller's transaction and locks the row until it ends; ``delete`` locks it
    too.  So an upload and the removal of the last version that had the same bytes do not cross:
    whichever comes second waits for the first and sees what it did (``web.bots.services``)."""

    name = "database"

    def __init__(self, model=None):
        if model is None:
            from web.bots.models import BotBlob as model
        self.model = model

    def put(self, *, sha256, content):
        _check_address(sha256, content)
        rows = self.model.objects.filter(pk=sha256)
        # Inserting and then locking: a removal that held the row (and deleted it) has committed
        # by the time the lock is granted, and the row is inserted again.
        while not rows.select_for_update().exists():
            self.model.objects.bulk_create([self.model(sha256=sha256, content=content, size=len(content))],
                                           ignore_conflicts=True)

    def get(self, *, sha256):
        content = self.model.objects.filter(pk=sha256).values_list("content", flat=True).first()
        if content is None:
            raise BlobMissing(sha256)
        return bytes(content)

    def exists(self, *, sha256):
        return self.model.objects.filter(pk=sha256).exists()

    def lock(self, *, sha256s):
        """Locks the rows of ``sha256s`` until the caller's transaction ends (before deciding to
        delete them)."""
        list(self.model.objects.filter(pk__in=list(sha256s)).select_for_update().values_list("pk", flat=True))

    def delete(self, *, sha256):
        self.model.objects.filter(pk=sha256).delete()


class StorageBlobStore(BlobStore):
    """Blobs as files of a Django storage, named ``<sha256[:2]>/<sha256>`` (an S3 bucket through
    django-storages in production; any storage in tests)."""

    name = "storage"

    def __init__(self, storage):
        self.storage = storage

    @staticmethod
    def key(sha256):
        return f"{sha256[:2]}/{sha256}"

    def put(self, *, sha256, content):
        _check_address(sha256, content)
        if not self.storage.exists(self.key(sha256)):
            self.storage.save(self.key(sha256), ContentFile(content))

    def get(self, *, sha256):
        try:
            with self.storage.open(self.key(sha256), "rb") as handle:
                return handle.read()
        except FileNotFoundError:
            raise BlobMissing(sha256) from None

    def exists(self, *, sha256):
        return self.storage.exists(self.key(sha256))

    def delete(self, *, sha256):
        self.storage.delete(self.key(sha256))


def s3_storage():
    """django-storages' ``S3Storage`` from the ``ARENA_BLOB_S3`` settings (no request is made here)."""
    try:
        from storages.backends.s3 import S3Storage
    except ImportError:
        raise ImproperlyConfigured("ARENA_BLOB_STORE=s3 needs django-storages with boto3: "
                                   "pip install 'django-storages[s3]'") from None
    options = {key: value for key, value in settings.ARENA_BLOB_S3.items() if value not in (None, "")}
    if not options.get("bucket_name"):
        raise ImproperlyConfigured("ARENA_BLOB_STORE=s3 needs ARENA_BLOB_S3_BUCKET")
    # Objects are named by their content: the same name is the same bytes, never another file's.
    return S3Storage(file_overwrite=True, default_acl=None, querystring_auth=False, **options)


_stores = {}


def blob_store():
    """The store ``ARENA_BLOB_STORE`` chooses: ``database`` (default) or ``s3``."""
    kind = settings.ARENA_BLOB_STORE
    if kind == "database":
        return DatabaseBlobStore()
    if kind == "s3":
        key = ("s3", tuple(sorted(settings.ARENA_BLOB_S3.items())))
        if key not in _stores:
            _stores.clear()
            _stores[key] = StorageBlobStore(s3_storage())
        return _stores[key]
    raise ImproperlyConfigured(f"ARENA_BLOB_STORE is {kind!r}; it is 'database' or 's3'")

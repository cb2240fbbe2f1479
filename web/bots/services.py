"""Writing bots: creating them, adding versions (built-in or uploaded), validating, deleting.

An uploaded version is ``pending`` until a worker has validated it: the same
validation as ``arena validate`` (``arena.bots.validate``: short matches
against built-in bots, the bot in its sandbox).  It becomes ``passed`` or
``failed``, with the verdict, the problem in one sentence and the bot's
error output; only a passed version is matched (ladder, tournaments, any match).
"""
import hashlib
import logging
import os
import tempfile

from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from arena.bots import submission
from web import publishing
from web.bots import blobs
from web.bots.models import Bot, BotVersion, upload_suffix
from web.errors import PlatformFault, ServiceError
from web.games import catalog
from web.names import check_name

NAME_MAX = 64

log = logging.getLogger(__name__)


def _check_game(game):
    try:
        return catalog.game_info(game)
    except catalog.EngineInputError as exc:
        raise ServiceError(str(exc)) from None


def _check_name(name, *, owner):
    """A bot's name, stripped; a person's bot may not pass for another or for a built-in one
    (``web.names``), the platform's own built-in bots (no owner) may use the names kept for them."""
    name = (name or "").strip()
    if not name:
        raise ServiceError("a bot needs a name")
    if len(name) > NAME_MAX:
        raise ServiceError(f"a bot's name has at most {NAME_MAX} characters")
    return check_name(name, what="a bot's name", reserved=owner is not None)


@transaction.atomic
def bot_create(*, game, name, owner=None, description=""):
    _check_game(game)
    name = _check_name(name, owner=owner)
    if Bot.objects.filter(game=game, name=name).exists():
        raise ServiceError(f"there is already a {game} bot named {name!r}")
    try:
        with transaction.atomic():
            return Bot.objects.create(game=game, name=name, owner=owner, description=description)
    except IntegrityError:
        raise ServiceError(f"there is already a {game} bot named {name!r}") from None


def _next_number(bot):
    return (bot.versions.aggregate(n=Max("number"))["n"] or 0) + 1


def _locked_live_bot(bot):
    locked = Bot.objects.select_for_update().get(pk=bot.pk)
    if locked.is_deleted:
        raise ServiceError(f"bot {locked.name!r} is retired")
    return locked


@transaction.atomic
def bot_version_add_builtin(*, bot, agent):
    """A version that plays the built-in agent ``agent``; valid at once."""
    try:
        catalog.check_agent_ref({"kind": "builtin", "name": agent}, game=bot.game)
    except catalog.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    bot = _locked_live_bot(bot)
    return BotVersion.objects.create(bot=bot, number=_next_number(bot), kind=BotVersion.Kind.BUILTIN,
                                     builtin_name=agent, status=BotVersion.Status.PASSED,
                                     validated_at=timezone.now())


@transaction.atomic
def bot_create_builtin(*, game, name, agent, owner=None, description=""):
    bot = bot_create(game=game, name=name, owner=owner, description=description or f"built-in bot {agent}")
    bot_version_add_builtin(bot=bot, agent=agent)
    return bot


def _is_executable(content):
    """A script with a ``#!`` line or an ELF binary: ``arena.bots.submission`` runs either as is."""
    return content[:2] == b"#!" or content[:4] == b"\x7fELF"


def _check_upload(name, content, max_bytes):
    lower = name.lower()
    if not content:
        raise ServiceError("the uploaded file is empty")
    if not (lower.endswith(".py") or lower.endswith(".zip") or _is_executable(content)):
        raise ServiceError("a bot is a .py file, a .zip archive, or an executable (a script starting "
                           "with #! or a Linux binary)")
    if len(content) > max_bytes:
        raise ServiceError(f"the uploaded file has {len(content):,} bytes; the limit is {max_bytes:,}")
    submission_check(filename=name, content=content)


def submission_check(*, filename, content):
    """The checks of ``arena.bots.submission`` on uploaded bytes, before anything is stored: Python
    that compiles; a zip with ``main.py`` or ``run`` at its root, no absolute or ``..`` paths, no
    links, not too many members, not unpacking past the limit.  ``ServiceError`` says what is wrong,
    naming the file as the user uploaded it."""
    base = os.path.basename(filename.replace("\\", "/")) or "bot"
    lower = base.lower()
    suffix = ".zip" if lower.endswith(".zip") else ".py" if lower.endswith(".py") else ""
    with tempfile.TemporaryDirectory(prefix="arena-upload-") as folder:
        path = os.path.join(folder, "upload" + suffix)
        with open(path, "wb") as handle:
            handle.write(content)
        try:
            submission.load(path)
        except submission.BotSubmissionError as exc:
            raise ServiceError(str(exc).replace(path, base).replace("upload" + suffix, base)) from None


def bot_version_upload(*, bot, filename, content, max_bytes=None):
    """Stores an uploaded version (pending) and queues its validation.  Its bytes go to the blob store
    by their sha256 (``web.bots.blobs``), in the same transaction as the version (database store)."""
    from django.conf import settings
    _check_upload(filename, content, max_bytes or settings.ARENA_MAX_BOT_BYTES)
    sha256 = hashlib.sha256(content).hexdigest()
    with transaction.atomic():
        locked = _locked_live_bot(bot)
        _store_blob(sha256, content)
        version = BotVersion.objects.create(
            bot=locked, number=_next_number(locked), kind=BotVersion.Kind.UPLOAD,
            original_name=filename.replace("/", "_").replace("\\", "_")[-255:],
            sha256=sha256, size=len(content), file_suffix=upload_suffix(filename))
        transaction.on_commit(lambda: _publish_validation(version.pk))
    return version


def _store_blob(sha256, content):
    """Puts the upload's bytes in the blob store; a store that cannot take them now (an S3 endpoint
    down, refusing the credentials) refuses the upload in one sentence, nothing stored."""
    store = blobs.blob_store()
    try:
        store.put(sha256=sha256, content=content)
    except DatabaseError:
        raise
    except Exception as exc:
        log.exception("the %s blob store refused an upload", store.name)
        raise ServiceError(f"the bot file store cannot take the file now ({type(exc).__name__}); nothing was "
                           "stored: try again later") from None


def bot_upload(*, owner, game, name, filename, content, description="", max_bytes=None):
    """A new bot of ``owner`` with ``content`` as its first version (pending validation); the file
    is checked before anything is stored."""
    from django.conf import settings
    _check_game(game)
    _check_name(name, owner=owner)
    _check_upload(filename, content, max_bytes or settings.ARENA_MAX_BOT_BYTES)
    with transaction.atomic():
        bot = bot_create(game=game, name=name, owner=owner, description=description)
        version = bot_version_upload(bot=bot, filename=filename, content=content, max_bytes=max_bytes)
    return bot, version


def _publish_validation(version_id):
    from django.conf import settings
    if settings.ARENA_PUBLISH_TASKS:
        publishing.publish(publishing.VALIDATE_BOT_VERSION, version_id)


VALIDATION_LOG_CAP = 64 * 1024


def bot_version_validate(*, version_id):
    """Validates a pending version in the sandbox and records the verdict; returns the version.

    Raises ``PlatformFault`` (the version stays pending, to be tried
    again) when this machine cannot validate it: no sandbox, the blob store
    unreachable.  A file missing from the blob store, or damaged there, fails
    the version with that reason.
    """
    from arena.bots import validate as arena_validate
    from arena.bots.sandbox import SandboxUnavailable
    from web.bots.files import BotFileLost, bot_file_path

    version = BotVersion.objects.select_related("bot").get(pk=version_id)
    if version.status != BotVersion.Status.PENDING:
        return version
    try:
        path = bot_file_path(sha256=version.sha256, suffix=version.file_suffix)
    except BotFileLost as exc:
        path = None
        verdict = {"passed": False, "problem": str(exc), "matches": []}
        validation_log = ""
    if path is not None:
        try:
            result = arena_validate.validate(version.bot.game, path)
        except SandboxUnavailable as exc:
            raise PlatformFault(str(exc)) from None
        except Exception as exc:   # whatever the file does to the validator, the version ends
            log.exception("validation of %s raised", version)
            result = None
            verdict = {"passed": False, "matches": [],
                       "problem": f"validation stopped on an error: {type(exc).__name__}: {exc}"[:500]}
            validation_log = ""
        if result is not None:
            verdict, validation_log = result.to_dict(), result.log
        verdict["bot"] = version.original_name   # not the stored file's generated path
        for stored_as in (path, os.path.basename(path)):   # the user knows the name they uploaded
            verdict["problem"] = verdict["problem"].replace(stored_as, version.original_name)
    status = BotVersion.Status.PASSED if verdict["passed"] else BotVersion.Status.FAILED
    BotVersion.objects.filter(pk=version.pk, status=BotVersion.Status.PENDING).update(
        status=status, validation_problem=verdict["problem"], validation_verdict=verdict,
        validation_log=(validation_log or "")[:VALIDATION_LOG_CAP], validated_at=timezone.now())
    version.refresh_from_db()
    return version


def bot_versions_fail_stale(*, older_than_seconds=None):
    """Ends as ``failed`` the uploaded versions still pending ``older_than_seconds`` after their
    upload (``ARENA_VALIDATION_DEADLINE_SECONDS``): a validation that never finished (its task
    lost, its worker gone) must not leave a version pending for ever.  Returns how many."""
    from django.conf import settings
    seconds = older_than_seconds if older_than_seconds is not None else settings.ARENA_VALIDATION_DEADLINE_SECONDS
    cutoff = timezone.now() - timezone.timedelta(seconds=seconds)
    minutes = max(1, round(seconds / 60))
    return BotVersion.objects.filter(status=BotVersion.Status.PENDING, kind=BotVersion.Kind.UPLOAD,
                                     created_at__lt=cutoff).update(
        status=BotVersion.Status.FAILED, validated_at=timezone.now(),
        validation_problem=f"its validation did not finish within {minutes} minute{'s' if minutes > 1 else ''}; "
                           "upload it again",
        validation_verdict={"passed": False, "matches": [], "problem": "validation did not finish"})


def _check_owner(bot, user):
    if user is None or bot.owner_id is None or bot.owner_id != user.pk:
        raise ServiceError(f"only the owner of {bot.name!r} can change it")


@transaction.atomic
def bot_retire(*, bot, user=None):
    """Retires a bot: it is no longer matched nor entered anywhere; its history stays.  ``user``
    must own it (``None``: the platform itself)."""
    if user is not None:
        _check_owner(bot, user)
    Bot.objects.filter(pk=bot.pk, deleted_at__isnull=True).update(deleted_at=timezone.now())
    bot.refresh_from_db()
    return bot


@transaction.atomic
def bot_unretire(*, bot, user):
    """Brings a retired bot back to play, for its owner; a deleted one (anonymised) stays gone."""
    _check_owner(bot, user)
    locked = Bot.objects.select_for_update().get(pk=bot.pk)
    if locked.anonymised_at is not None:
        raise ServiceError(f"{locked.name!r} was deleted: it cannot play again")
    Bot.objects.filter(pk=bot.pk).update(deleted_at=None)
    bot.refresh_from_db()
    return bot


# The mixes of the demo: the probability of a uniformly random move instead of the heuristic's
# (``arena.agents.MixAgent``): a ladder of strengths from the heuristic (0) to random (1).
DEMO_MIXES = (0.2, 0.4, 0.6, 0.8)


def demo_roster(*, game):
    """``[(name, agent, description)]`` of the built-in players the demo registers for ``game``: its
    heuristic, the mixes of ``DEMO_MIXES`` and random; a game without a heuristic gets six random
    players."""
    if not catalog.has_heuristic(game):
        return [(f"random-{i}", "random", "uniformly random legal moves") for i in range(1, 7)]
    mixes = [(f"mix-{p:g}", f"mix-{p:g}", f"the heuristic's move, or with probability {p:g} a uniformly random "
                                          "legal move") for p in DEMO_MIXES]
    return [("heuristic", "heuristic", "the game's heuristic player")] + mixes + \
        [("random", "random", "uniformly random legal moves")]


@transaction.atomic
def demo_bots_ensure(*, game):
    """The built-in bots of ``demo_roster``, created when missing; strongest first."""
    bots = []
    for name, agent, description in demo_roster(game=game):
        bot = Bot.objects.filter(game=game, name=name, owner__isnull=True).first()
        if bot is None:
            bot = bot_create_builtin(game=game, name=name, agent=agent, description=description)
        bots.append(bot)
    return bots


@transaction.atomic
def bot_rename(*, bot, user, name):
    _check_owner(bot, user)
    name = _check_name(name, owner=user)
    if Bot.objects.filter(game=bot.game, name=name).exclude(pk=bot.pk).exists():
        raise ServiceError(f"there is already a {bot.game} bot named {name!r}")
    Bot.objects.filter(pk=bot.pk).update(name=name)
    bot.refresh_from_db()
    return bot


@transaction.atomic
def bot_version_choose(*, bot, user, number):
    """The passed version ``number`` plays from now on (``None``: the newest passed, as by default)."""
    _check_owner(bot, user)
    if number is None:
        version = None
    else:
        version = bot.versions.filter(number=number).first()
        if version is None:
            raise ServiceError(f"{bot.name!r} has no version {number}")
        if version.status != BotVersion.Status.PASSED:
            raise ServiceError(f"{bot.name!r} v{number} has not passed validation; only a version that passed plays")
    Bot.objects.filter(pk=bot.pk).update(active_version=version)
    bot.refresh_from_db()
    return bot


@transaction.atomic
def bot_set_entry(*, bot, user, others_may_enter):
    """Whether other people may enter the bot in their tournaments and challenges (its owner decides)."""
    _check_owner(bot, user)
    Bot.objects.filter(pk=bot.pk).update(others_may_enter=bool(others_may_enter))
    bot.refresh_from_db()
    return bot


def _release_blobs(sha256s):
    """Removes the blobs of ``sha256s`` that no live version has any more (a deleted bot's files;
    another bot's upload of the same bytes keeps them).  The database store does it in the caller's
    transaction, its rows locked against an upload of the same bytes; another store after the
    commit."""
    store = blobs.blob_store()
    sha256s = sorted(set(sha256s) - {""})
    if not sha256s:
        return

    def release():
        kept = set(BotVersion.objects.filter(sha256__in=sha256s, kind=BotVersion.Kind.UPLOAD,
                                             bot__anonymised_at__isnull=True).values_list("sha256", flat=True))
        for sha256 in sha256s:
            if sha256 not in kept:
                store.delete(sha256=sha256)

    if isinstance(store, blobs.DatabaseBlobStore):
        store.lock(sha256s=sha256s)
        release()
    else:
        transaction.on_commit(release)


@transaction.atomic
def bot_versions_fail_lost_file(*, sha256, problem):
    """The uploaded versions whose file (``sha256``) is missing from the blob store or damaged
    there: they play no more (failed, with ``problem``); returns how many changed."""
    return BotVersion.objects.filter(sha256=sha256, kind=BotVersion.Kind.UPLOAD).exclude(
        status=BotVersion.Status.FAILED).update(status=BotVersion.Status.FAILED, validation_problem=problem[:500],
                                                validated_at=timezone.now())


@transaction.atomic
def bot_delete(*, bot, user):
    """Deletes a bot for its owner.  A bot that never played is removed with its versions and
    files.  One that played keeps its matches (other bots' results and ratings rest on them), so
    it is anonymised instead: retired, its name replaced, its owner, description and files
    removed.  Returns ``"deleted"`` or ``"anonymised"``."""
    from web.bots.selectors import bot_has_history
    _check_owner(bot, user)
    bot = Bot.objects.select_for_update().get(pk=bot.pk)
    versions = list(bot.versions.all())
    if not bot_has_history(bot=bot):
        Bot.objects.filter(pk=bot.pk).update(active_version=None)
        bot.current_ratings.all().delete()   # the empty rows a bot gets when it is first matched
        bot.versions.all().delete()
        bot.delete()
        _release_blobs(v.sha256 for v in versions if v.kind == BotVersion.Kind.UPLOAD)
        return "deleted"
    now = timezone.now()
    Bot.objects.filter(pk=bot.pk).update(name=f"deleted bot {bot.pk}", owner=None, description="",
                                         deleted_at=bot.deleted_at or now, anonymised_at=now, active_version=None)
    bot.versions.update(original_name="", validation_log="", validation_verdict=None, validation_problem="")
    _release_blobs(v.sha256 for v in versions if v.kind == BotVersion.Kind.UPLOAD)
    return "anonymised"


@transaction.atomic
def house_bots_ensure(*, game, count=6, agent="random"):
    """The built-in bots the ladder and the demo play with: ``count`` bots named after ``agent``."""
    _check_game(game)
    bots = []
    for index in range(1, count + 1):
        name = f"{agent}-{index}"
        bot = Bot.objects.filter(game=game, name=name, owner__isnull=True).first()
        if bot is None:
            bot = bot_create_builtin(game=game, name=name, agent=agent)
        bots.append(bot)
    return bots

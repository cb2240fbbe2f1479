"""Uploaded bots for the platform's tests: a well-behaved one and hostile ones, as uploaded bytes."""
from web.bots import services as bot_services


GOOD_BOT = b'''import sys


def act(observation, legal_actions):
    print("thinking", file=sys.stderr)
    return legal_actions[0]
'''

CRASH_AT_MOVE = b'''def act(observation, legal_actions):
    return legal_actions[0] / 0
'''

ILLEGAL_ACTION = b'''import sys


def act(observation, legal_actions):
    print("contained", file=sys.stderr)
    return "x"
'''

INFINITE_LOOP = b'''def act(observation, legal_actions):
    while True:
        pass
'''


def playable_upload(owner, name, source, game="katana"):
    """An uploaded bot whose version has passed (its validation is tested apart)."""
    from web.bots.models import BotVersion
    bot = bot_services.bot_create(game=game, name=name, owner=owner)
    version = bot_services.bot_version_upload(bot=bot, filename=f"{name}.py", content=source)
    BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.PASSED)
    version.refresh_from_db()
    return bot, version


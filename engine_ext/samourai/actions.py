"""Samouraï & Katana's actions: the one declaration of their integer ids and names (see
``engine_ext.spec``).

A turn is a sequence of small decisions: the Emperor names a clan (``PLAYER_<seat>``); a
purchase is ``BUY_SAMURAI`` or ``BUY_CASTLE`` then the territory; a move is ``MOVE``, its
origin, its destination (``TERRITORY_<key>``) and the samurai sent (``COUNT_<n>``); a card is
``PLAY_<kind>`` then its target; a battle is two ``COMMIT_<kind>`` then a blue
``COMMIT_<kind>`` or ``NO_SPECIAL`` by each side; the phase-4 discards are ``DISCARD_<kind>``
then ``DONE``.  Seats asked in a reaction window answer ``PASS`` or ``PLAY_<kind>``.  The
optional rules add their own verbs: a secret treasury (``SET_ASIDE``), the exchange of a hand of
warriors (``ECHANGE``), the Emperor's office and support (``SELL_OFFICE``, ``SUPPORT_*``, answered
``ACCEPT`` or ``REFUSE``), the Shogun's power (``SHOGUN_CANCEL``, or
``CANCEL_ATTACKER``/``CANCEL_DEFENDER`` for a battle's special), diplomacy (``OFFER_TRADE``,
``OFFER_<kind>``, ``GIVE_KOKU``) and rank changes (``UP``, ``DOWN``, ``COUNTER``).
"""
from ..spec import ActionTable
from . import data

MAX_COUNT = max(data.SAMURAI_ALLOWANCE[0].values())     # a move carries at most every samurai

ACTIONS = ActionTable(
    ("END_TURN",), ("PASS",), ("DONE",), ("MOVE",), ("BUY_SAMURAI",), ("BUY_CASTLE",),
    ("SELL_HONOR",), ("NO_SPECIAL",), ("DESTROY",), ("REPLACE",), ("RELOCATE",),
    ("TERRITORY", data.TERRITORY_KEYS),
    ("PLAYER", range(data.MAX_PLAYERS)),
    ("COUNT", range(1, MAX_COUNT + 1)),
    ("PLAY", data.CARD_KEYS),
    ("COMMIT", data.CARD_KEYS),
    ("DISCARD", data.CARD_KEYS),
    ("SEPPUKU",),
    # optional rules
    ("SET_ASIDE",), ("ECHANGE",), ("SELL_OFFICE",), ("ACCEPT",), ("REFUSE",), ("SUPPORT_ATTACKER",),
    ("SUPPORT_DEFENDER",), ("SHOGUN_CANCEL",), ("OFFER_TRADE",), ("GIVE_KOKU",),
    ("OFFER", data.CARD_KEYS),
    ("UP",), ("DOWN",), ("COUNTER",),
    # the Shogun's power on a battle's blue special (appended: ids are never reordered)
    ("CANCEL_ATTACKER",), ("CANCEL_DEFENDER",),
)
ACTION_NAMES = ACTIONS.names

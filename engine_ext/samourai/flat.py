"""Samouraï & Katana's flat observation: the one declaration of its layout (see ``engine_ext.flat``).

Read from the observation a bot receives; the bot reference lists it field by field.  A
territory is a one-hot over ``data.TERRITORY_KEYS`` (the map's order).  Events are left out.
"""
from ..flat import FlatLayout, PerSeat, Rows, counts, flag, number, one_hot, seat, seats
from . import data
from .spec import SPEC
from .views import PHASE_NAMES, STEP_NAMES, WINDOW_NAMES

MAX = data.MAX_PLAYERS
CARDS = data.CARD_KEYS
TERRITORIES = data.TERRITORY_KEYS
MOST = 100        # koku, samurai, cards: a count no game reaches
HONOUR = 200
KOKU = 1000
SWITCHES = [o.name for o in SPEC.options if isinstance(o.default, bool)]


def _battle(key):
    return lambda o: (o["battle"] or {}).get(key)


def _side(side, key):
    return lambda o: ((o["battle"] or {}).get(side) or {}).get(key)


def _pending(*keys):
    def read(o):
        value = o["pending"]
        for key in keys:
            value = (value or {}).get(key)
        return value
    return read


SEAT = (
    one_hot("clan", [clan for clan, _ in data.CLANS], lambda e: e["clan"], "its clan"),
    number("koku", lambda e: e["koku"], KOKU, "koku"),
    number("honor", lambda e: e["honor"], HONOUR, "honour (the score)"),
    number("reserve_samurai", lambda e: e["reserve_samurai"], MOST, "samurai in reserve"),
    number("reserve_castles", lambda e: e["reserve_castles"], 10, "castles in reserve"),
    number("hand_size", lambda e: e["hand_size"], MOST, "cards in hand"),
    number("territories", lambda e: e["territories"], len(TERRITORIES), "territories held"),
    number("clan_points", lambda e: e["clan_points"], MOST, "clan points"),
    number("cities", lambda e: e["cities"], len(TERRITORIES), "cities held"),
    number("samurai_on_board", lambda e: e["samurai_on_board"], MOST, "samurai on the map"),
    flag("castle_built", lambda e: e["castle_built"], "built a castle this round"),
    flag("eliminated", lambda e: e["eliminated"], "eliminated"),
    flag("forfeited", lambda e: e["forfeited"], "left the game"),
    flag("played_this_phase", lambda e: e["played_this_phase"], "has played in this phase"),
    flag("emperor", lambda e: e["emperor"], "is the Emperor"),
    flag("shogun", lambda e: e["shogun"], "is the Shogun"),
)

LAYOUT = FlatLayout(
    "samourai", MAX,
    number("players", lambda o: o["players"], MAX, "seats in this game"),
    number("target", lambda o: o["target"], 40, "honour to pass to end the game"),
    number("round", lambda o: o["round"], 100, "the round"),
    one_hot("phase", PHASE_NAMES, lambda o: o["phase"], "the phase of the round"),
    seats("to_act", lambda o: o["to_act"], "the seats that must decide now", MAX),
    seat("active", lambda o: o["active"], "the seat whose turn it is", MAX),
    seat("emperor", lambda o: o["emperor"], "the Emperor", MAX),
    seat("shogun", lambda o: o["shogun"], "the Shogun", MAX),
    flag("end_latched", lambda o: o["end_latched"], "a clan passed the target: this round is the last"),
    flag("shogun_free_move_used", lambda o: o["shogun_free_move_used"], "the Shogun's free move is used"),
    number("moves_this_turn", lambda o: o["moves_this_turn"], 20, "moves made this turn"),
    Rows("order", lambda o: [{"seat": s} for s in (o["order"] or ())] + [None] * (MAX - len(o["order"] or ())), (
        seat("seat", lambda e: e["seat"], "the seat", MAX),
    ), "the limited Emperor's order for the round, first first", MAX),
    flag("emperor_office_sold", lambda o: o["emperor_office_sold"], "the Emperor sold his office this round"),
    flag("emperor_support_used", lambda o: o["emperor_support_used"], "the Emperor's support is used"),
    flag("shogun_power_used", lambda o: o["shogun_power_used"], "the Shogun's power is used"),
    Rows("territories", lambda o: o["territories"], (
        seat("owner", lambda e: e["owner"], "its owner", MAX),
        number("samurai", lambda e: e["samurai"], MOST, "samurai on it"),
        seat("castle", lambda e: e["castle"], "whose castle is on it", MAX),
        flag("barred", lambda e: e["barred"], "barred"),
    ), "the territories, in the map's order", len(TERRITORIES)),
    number("draw_pile", lambda o: o["draw_pile"], MOST, "cards in the draw pile"),
    counts("discard_pile", CARDS, lambda o: o["discard_pile"], MOST, "cards in the discard pile"),
    flag("battle", lambda o: o["battle"] is not None, "a battle is being fought"),
    one_hot("battle.territory", TERRITORIES, _battle("territory"), "where"),
    one_hot("battle.from", TERRITORIES, _battle("from"), "where the attack comes from"),
    number("battle.attacking_samurai", _battle("attacking_samurai"), MOST, "attacking samurai"),
    seat("battle.attacker", _side("attacker", "seat"), "the attacker", MAX),
    seat("battle.defender", _side("defender", "seat"), "the defender", MAX),
    number("battle.attacker_committed", _side("attacker", "committed"), 3, "cards the attacker committed"),
    number("battle.defender_committed", _side("defender", "committed"), 3, "cards the defender committed"),
    counts("battle.attacker_cards", CARDS, _side("attacker", "cards"), 3, "the attacker's cards, once shown to you"),
    counts("battle.defender_cards", CARDS, _side("defender", "cards"), 3, "the defender's cards, once shown to you"),
    flag("battle.forced_defence", _battle("forced_defence"), "a forced defence"),
    one_hot("battle.winner", ("attacker", "defender", "tie"), _battle("winner"), "who won"),
    counts("battle.retreat_to", TERRITORIES, _battle("retreat_to"), MOST,
           "the defender's plan: how many of his samurai there would retreat to each territory"),
    one_hot("pending.step", STEP_NAMES[1:], _pending("step"), "what is being decided"),
    seat("pending.seat", _pending("seat"), "who decides", MAX),
    one_hot("pending.move.from", TERRITORIES, _pending("move", "from"), "a move's origin"),
    one_hot("pending.move.to", TERRITORIES, _pending("move", "to"), "a move's destination"),
    number("pending.move.count", _pending("move", "count"), MOST, "samurai moving"),
    flag("pending.move.sea", _pending("move", "sea"), "a move by sea"),
    one_hot("pending.window", WINDOW_NAMES[1:], _pending("window"), "the window for cards"),
    one_hot("pending.card", CARDS, _pending("card", "card"), "the card being played"),
    seat("pending.card.by", _pending("card", "by"), "who plays it", MAX),
    seat("pending.card.target_seat", _pending("card", "target_seat"), "the seat it targets", MAX),
    one_hot("pending.card.target_territory", TERRITORIES, _pending("card", "target_territory"),
            "the territory it targets"),
    one_hot("pending.buying", ("samurai", "castle"), _pending("buying"), "what is being bought"),
    number("pending.office.price", _pending("office", "price"), MOST, "the office's price"),
    one_hot("pending.support.side", ("attacker", "defender"), _pending("support", "side"), "the side supported"),
    number("pending.support.samurai", _pending("support", "samurai"), 3, "samurai lent"),
    seat("pending.trade.by", _pending("trade", "by"), "who offers a swap", MAX),
    one_hot("pending.trade.card", CARDS, _pending("trade", "card"), "the card offered"),
    counts("options", SWITCHES, lambda o: [name for name in SWITCHES if o["options"].get(name)], 1,
           "the optional rules in play"),
    counts("you.hand", CARDS, lambda o: o["you"]["hand"], MOST, "your hand"),
    counts("you.discards_set_aside", CARDS, lambda o: o["you"]["discards_set_aside"], MOST,
           "your phase-4 discards set aside"),
    number("you.treasury", lambda o: o["you"]["treasury"], KOKU, "koku in your treasury"),
    PerSeat("seats", lambda o: o["seats"], SEAT, "every seat, yours first, then in seat order", MAX),
    reader="engine_ext.samourai._flat",
)

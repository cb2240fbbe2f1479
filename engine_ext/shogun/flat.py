"""Shōgun no Katana's flat observation: the one declaration of its layout (see ``engine_ext.flat``).

Read from the observation a bot receives (everything there is public); the bot reference lists
it field by field.  A sword tile is described by what it needs and gives (its resources, points
and coins, from ``data.TILES``) rather than by its name.  Events are left out.

The ghost (option ``ghost``) is no seat: its figures on the board are a "ghost" number after the
seats of a figure's one-hot, its belongings the ``ghost.*`` fields (its deck by its size only, its
order being hidden) and its members a count per hall.  A story chapter (option ``chapter``) is its
number, the met flags of its conditions and chapter 13's price surcharges; all zeros without.
"""
from ..flat import Field, FlatLayout, PerSeat, Rows, counts, flag, number, one_hot, seat, seats, values
from . import data
from .actions import CELLS, LINES
from .views import PHASE_NAMES

MAX = data.MAX_PLAYERS
CARDS = [c.key for c in data.CARDS]
HONOURS = [h.key for h in data.HONOURS]
TILE_KEYS = [t.key for t in data.TILES] + ["katana"]
TILES = {t.key: t for t in data.TILES}
MOST = 60         # a count of resources, cards or workers no game reaches
MONEY = 300       # coins or points
GHOST_LEVELS = tuple(range(1, len(data.GHOST_LEVELS) + 1))
CHAPTERS = tuple(range(1, data.NUM_CHAPTERS + 1))
CONDITIONS = max(len(c.conditions) for c in data.CHAPTERS)     # a chapter's conditions, at most


def tile(name, read, meaning):
    """A sword tile: 1 if there is one, its resources (one per resource, counted), points and coins."""
    def write(o, f, out, at):
        key = read(o)
        if key is None:
            return
        out[at] = 1
        t = TILES.get(key)
        if t is not None:
            for r in t.composition:
                out[at + 1 + r] += 1
            out[at + 5] = t.points
            out[at + 6] = t.coins
    return Field(name, 7, 0, 20, f"{meaning}: present, resources needed ({', '.join(data.RESOURCES)}), "
                                  "points, coins", write, "sword tile")


def favour(name, read, meaning):
    """Who holds a favour: not in play, open, removed, or a seat (relative one-hot)."""
    states = ("not_in_play", "open", "removed")

    def write(o, f, out, at):
        holder = read(o)
        if holder in states:
            out[at + states.index(holder)] = 1
        else:
            row = f.relative(holder)
            if row is not None:
                out[at + 3 + row] = 1
    return Field(name, 3 + MAX, 0, 1, f"{meaning}: not in play, open, removed, then the holding seat",
                 write, "one-hot")


def figure(name, read, meaning):
    """Whose figure holds a board space: a seat (relative one-hot), then the ghost's, zeros for none."""
    def write(o, f, out, at):
        holder = read(o)
        if holder == "ghost":
            out[at + MAX] = 1
        else:
            row = f.relative(holder)
            if row is not None:
                out[at + row] = 1
    return Field(name, MAX + 1, 0, 1, f"{meaning}: the seat (relative order), then the ghost", write,
                 "seat one-hot + ghost")


def _ghost(key, default=None):
    """Reads the ghost's ``key`` (``default`` in a game without the ghost)."""
    return lambda o: o["ghost"][key] if "ghost" in o else default


def _halls(o):
    """The halls in play, each with the ghost's members in it (its ``halls`` are 1-based slots)."""
    slots = o["ghost"]["halls"] if "ghost" in o else ()
    return [hall | {"ghost": slots.count(k + 1)} for k, hall in enumerate(o["halls"])]


def _chapter(key, default=None):
    return lambda o: o["chapter"].get(key, default) if "chapter" in o else default


def _conditions(o):
    listed = o["chapter"]["conditions"] if "chapter" in o else []
    return (list(listed) + [None] * CONDITIONS)[:CONDITIONS]


def _surcharges(o):
    """Chapter 13: what each resource costs at the market above its printed price."""
    prices = o["chapter"].get("market_prices") if "chapter" in o else None
    return [prices[r] - data.PRICE[k] for k, r in enumerate(data.RESOURCES)] if prices else None


def _by_cell(entry):
    swords = {sword["cell"]: sword for sword in entry["forge"]}
    return [swords.get(cell) for cell in CELLS]


SWORD = (
    tile("tile", lambda e: e["tile"], "the sword"),
    number("placed", lambda e: e["placed"], 10, "resources placed on it"),
    counts("decorated", data.RESOURCES, lambda e: e["decorated"], 1, "decorations"),
    one_hot("sashimono", list(data.HOUSES) + ["starting"], lambda e: e["sashimono"], "its sashimono"),
    flag("complete", lambda e: e["complete"], "complete"),
)

SEAT = (
    number("coins", lambda e: e["coins"], MONEY, "coins"),
    number("score", lambda e: e["score"], MONEY, "points"),
    flag("passed", lambda e: e["passed"], "passed this round"),
    number("workers_available", lambda e: e["workers_available"], 10, "workers left to place"),
    number("workers_unlocked", lambda e: e["workers_unlocked"], 10, "workers unlocked"),
    number("monks_used", lambda e: e["monks_used"], 10, "paid monks used"),
    counts("stock", data.RESOURCES, lambda e: e["stock"], MOST, "resources in stock"),
    counts("artisans", data.RESOURCES, lambda e: e["artisans"], MOST, "artisans"),
    counts("project", data.RESOURCES, lambda e: e["project"], MOST, "resources in the project"),
    counts("sashimono", data.HOUSES, lambda e: e["sashimono"], MOST, "sashimono held"),
    Rows("forge", _by_cell, SWORD, "the swords in its forge, by cell (row by row)", len(CELLS)),
    counts("cards", CARDS, lambda e: e["cards"], MOST, "cards in hand"),
    values("under", len(LINES), lambda e: [len(e["under"].get(line, ())) for line in LINES], MOST,
           "cards under each line (rows, then columns)"),
    counts("open_cards", CARDS, lambda e: [c["card"] for c in e["open_cards"]], MOST, "cards played open"),
    number("family_home", lambda e: e["family_home"], 10, "its family's hall"),
    one_hot("katana.state", ("project", "forge", "delivered"), lambda e: e["katana"]["state"],
            "its Shōgun no Katana"),
    counts("katana.composition", data.RESOURCES, lambda e: e["katana"]["composition"], MOST,
           "the katana's resources"),
    number("katana.column", lambda e: e["katana"]["column"], data.FORGE_COLS, "the katana's column (0: none)"),
    number("katana.value", lambda e: e["katana"]["value"], MONEY, "the katana's value"),
    one_hot("shame", ("honte", "deshonneur"), lambda e: e["shame"], "its shame"),
    number("delivered", lambda e: len(e["delivered"]), MOST, "swords delivered"),
    counts("honours", HONOURS, lambda e: e["honours"], MOST, "honour cards held"),
)

LAYOUT = FlatLayout(
    "shogun", MAX,
    number("players", lambda o: o["players"], MAX, "seats in this game"),
    number("round", lambda o: o["round"], 5, "the round (1-4)"),
    seat("first_player", lambda o: o["first_player"], "the first player", MAX),
    seat("turn", lambda o: o["turn"], "whose turn it is", MAX),
    one_hot("phase", PHASE_NAMES, lambda o: o["phase"], "what is being decided"),
    seats("to_act", lambda o: o["to_act"], "the seats that must decide now", MAX),
    number("temple_cost", lambda o: o["temple_cost"], 20, "the temple's cost this round"),
    counts("draft", TILE_KEYS, lambda o: o["draft"], 1, "the tiles of the draft"),
    Rows("sword_spaces", lambda o: o["sword_spaces"], (
        flag("open", lambda e: e["open"], "open"),
        tile("tile", lambda e: e["tile"], "the sword on it"),
        figure("worker", lambda e: e["worker"], "whose worker is on it"),
    ), "the sword order spaces, in order", len(data.SWORD_SPACES)),
    number("sword_stack", lambda o: o["sword_stack"], data.NUM_TILES, "tiles left in the sword stack"),
    Rows("daimyo_decks", lambda o: o["daimyo_decks"], (
        number("size", lambda e: e["size"], MOST, "cards in the deck"),
        one_hot("top", CARDS, lambda e: e["top"], "its visible top card"),
    ), "the Daimyō decks, by house", data.DAIMYO_DECKS),
    counts("market_display", CARDS, lambda o: o["market_display"], MOST, "the market's cards"),
    number("market_deck", lambda o: o["market_deck"], MOST, "cards in the market deck"),
    number("market_spaces_used", lambda o: o["market_spaces_used"], 10, "market spaces taken"),
    number("academy_spaces_used", lambda o: o["academy_spaces_used"], 10, "academy spaces taken"),
    number("palace_spaces_used", lambda o: o["palace_spaces_used"], 10, "palace spaces taken"),
    figure("komainu", lambda o: o["komainu"], "who took the Komainu"),
    Rows("halls", _halls, (
        one_hot("hall", [h.key for h in data.HALLS], lambda e: e["hall"], "the hall"),
        seats("members", lambda e: e["members"], "the seats with a member in it", MAX),
        number("ghost", lambda e: e["ghost"], data.FAMILY_MEMBERS, "the ghost's members in it"),
    ), "the palace halls in play (3 in story chapter 12)", data.HALLS_IN_PLAY),
    counts("honour_display", HONOURS, lambda o: o["honour_display"], MOST, "honour cards on display"),
    number("honour_deck", lambda o: o["honour_deck"], MOST, "cards in the honour deck"),
    Rows("favours", lambda o: [{"holder": o["favours"][f]} for f in data.FAVOURS], (
        favour("holder", lambda e: e["holder"], "who holds it"),
    ), "the Shōgun's favours, I to V", len(data.FAVOURS)),
    counts("sashimono_supply", data.HOUSES, lambda o: o["sashimono_supply"], MOST, "sashimono left by house"),
    flag("over", lambda o: o["over"], "the game is over"),
    flag("ghost.present", lambda o: "ghost" in o, "the ghost plays (option ghost; all ghost.* are 0 without)"),
    one_hot("ghost.level", GHOST_LEVELS, _ghost("level"), "the ghost's level"),
    number("ghost.score", _ghost("score"), MONEY, "the ghost's score marker"),
    number("ghost.workers_available", _ghost("workers_available"), 10, "the ghost's workers left to place"),
    flag("ghost.passed", _ghost("passed"), "the ghost passed this round"),
    flag("ghost.plays_first", _ghost("plays_first"), "the ghost took the Komainu: it plays first next round"),
    number("ghost.swords", lambda o: len(o["ghost"]["washitsu"]) if "ghost" in o else 0, data.NUM_TILES,
           "swords on the ghost's Washitsu"),
    number("ghost.sword_coins", lambda o: sum(TILES[t].coins for t in o["ghost"]["washitsu"]) if "ghost" in o else 0,
           MONEY, "the coins printed on those swords (a point per 5 at the end)"),
    counts("ghost.blocked_slots", range(data.WASHITSU_SLOTS), _ghost("blocked_slots"), 1,
           "the Washitsu slots still holding a blocked worker (a sword there frees it)"),
    counts("ghost.sashimono", data.HOUSES, _ghost("sashimono"), MOST, "the ghost's sashimono"),
    counts("ghost.katana", data.RESOURCES, lambda o: [e["resource"] for e in o["ghost"]["katana"]]
           if "ghost" in o else None, data.GHOST_KATANA_SLOTS, "the resources of the ghost's katana"),
    counts("ghost.katana_decorated", data.RESOURCES, lambda o: [e["resource"] for e in o["ghost"]["katana"]
                                                                if e["decorated"]] if "ghost" in o else None,
           data.GHOST_KATANA_SLOTS, "its decorated resources"),
    number("ghost.market_cards", lambda o: len(o["ghost"]["market_cards"]) if "ghost" in o else 0, MOST,
           "market cards the ghost took"),
    counts("ghost.honours", HONOURS, _ghost("honours"), MOST, "the ghost's honour cards"),
    number("ghost.deck", _ghost("deck"), MOST, "cards in the ghost's action deck (its order is hidden)"),
    counts("ghost.discard", data.GHOST_CARDS, _ghost("discard"), MOST, "the ghost's discarded action cards"),
    one_hot("ghost.last_card", data.GHOST_CARDS, _ghost("last_card"), "the top card of its discard pile"),
    number("ghost.set_aside", _ghost("set_aside"), MOST, "its action cards still set aside"),
    one_hot("chapter", CHAPTERS, _chapter("number"), "the story chapter (option chapter; zeros without)"),
    Rows("chapter_conditions", _conditions, (
        flag("met", lambda e: e["met"], "met (so far; final once the game is over)"),
    ), "the chapter's conditions, in its order", CONDITIONS),
    values("chapter_surcharge", len(data.RESOURCES), _surcharges, MOST,
           "chapter 13: coins on each resource's market price, in the order " + ", ".join(data.RESOURCES)),
    PerSeat("seats", lambda o: o["seats"], SEAT, "every seat, yours first, then in seat order", MAX),
    reader="engine_ext.shogun._flat",
)

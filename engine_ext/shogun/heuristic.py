"""A built-in Shōgun no Katana player that forges steadily and delivers everything it finishes.

``SwordSmith`` ("shogun-smith") reads the public table, like any bot:

* it delivers a finished sword at once (points, line advantages, the Washitsu's workers) and feeds
  the project with the types it still lacks; it puts its katana in play once the project holds
  every type and at least five resources, or from round 3;
* on its turn it values each placement: a forge line by the swords there that can move (more for
  those a move completes), the market by what its swords need next and it can pay, a house by the
  tile's points and coins while its forge has room, the academy by the coins of the decorations it
  could make, the palace by its halls, the Komainu by its coins; it keeps up to three swords in the
  forge (four from round 3); a monk only when the action is worth clearly more than its price; it
  passes when nothing is worth a figure;
* against the ghost it keeps five swords in the forge (six from round 3), puts its katana in play
  as soon as the project holds every type, sends monks only to a forge line or a sword space worth
  clearly more than their price (any good one in round 4, when coins left over score little), and
  a place in an area the ghost's cards name costs a little (the ghost scores that area when full);
* against the ghost, when the match loop offers it copies of the game (``act_with_state``), it
  weighs its best few placements by playing each on to the end of the game (``planner``);
* inside an action it moves the swords closest to completion first, buys the next resources of its
  swords, decorates whatever pays, activates every hall that gives something;
* cards: it plays immediate gains at once, every effect that does something where it is (a
  sashimono, an artisan's advance, a decoration, a family member, a sword move when a sword can
  move, a reorganization that moves a member to a better hall) and delivery cards at deliveries; it
  buys a permanent advantage when it pays coins or a resource and at least two rounds remain, on
  the line where most of its swords will finish (with market n°4 first when that line holds one
  already), and discards the others;
* the palace is worth the halls its family would activate there, each hall by what it gives the
  seat now (a resource its swords need counts more, a paid hall only with coins to spare);
* passing, it takes the honour card worth most to it as things stand (the palace's by its members
  there: 2 in all in chapter 12, else 3);
* chapter 13: the coin after a purchase goes on the resource bought its swords need least.
"""
import random

from . import data
from . import planner
from .actions import ACTIONS

NAMES = ACTIONS.names
# immediate effects played whenever the engine offers them (it offers them only when they do something)
ALWAYS_PLAYED = (data.E_COINS, data.E_RESOURCE, data.E_POINTS, data.E_TEMPLE_COINS, data.E_SASHIMONO,
                 data.E_ADVANCE, data.E_DECORATE, data.E_FAMILY)
LETTERS = data.RESOURCE_LETTERS.lower()
RESOURCE_NAMES = [r.upper() for r in data.RESOURCES]
CARDS = {c.key: c for c in data.CARDS}
TILES = {t.key: t for t in data.TILES}
HALLS = {h.key: h for h in data.HALLS}
MARKET_PREFERENCE = ("m3_double_points", "m5_line_twice", "m7_temple", "m1_delivery_points", "a_coins",
                     "b_coins", "b_laque", "d_points", "m6_advance", "m2_decorate", "b_galuchat", "a_acier",
                     "b_bois", "a_move", "c_decorate", "c_advance_any", "c_advance", "c_decorate_academy",
                     "d_coins", "a_sashimono", "d_family", "d_reorganize", "m4_second_advantage")


def _cell(name):
    return int(name[1]) - 1, int(name[3]) - 1


class SwordSmith:
    SWORDS_IN_FORGE = 3          # swords it keeps forging at once (one more from round 3)
    MONK_WORTH = 25              # a placement worth a monk (with the temple's price and 3 coins to spare)
    MONK_WORTH_LAST = 25         # the same in round 4
    MONK_PLACES = ("ROW_", "COL_", "SPACE_", "MARKET", "KOMAINU", "ACADEMY", "PALACE")   # where a monk may go
    PASS_BELOW = 4               # it passes when no placement is worth this much
    KATANA_ROUND = 3             # it puts its katana in play from this round, or once the project holds
    KATANA_PROJECT = 5           # this many resources (the engine offers it with every type there)
    SPACE_BASE = 8               # a sword space's worth before the tile's points and coins
    # Against the ghost (measured solo, BENCHMARKS.md « Shōgun: the heuristic against the ghost »): more
    # swords at once and a sword space worth a little more, the katana as soon as it can, monks only
    # on the forge and the sword spaces (any good one in round 4, when coins left over score little).
    AGAINST_GHOST = {"SWORDS_IN_FORGE": 5, "MONK_WORTH": 35, "MONK_WORTH_LAST": 10, "KATANA_PROJECT": 4,
                     "MONK_PLACES": ("ROW_", "COL_", "SPACE_"), "SPACE_BASE": 10}
    PALACE_SCALE = 2.5           # the palace's worth per coin its halls give
    MARKET_BASE = 10             # the market's worth when the swords lack resources (3 more per one lacking)
    GHOST_AREA = 2               # with a ghost: what a place in an area its cards name costs (R127: the
                                 # ghost scores a full area and draws again; « placez vos Ouvriers avec précaution »)

    PLANNER = None               # set below the class: weighs placements on copies of the game

    def __init__(self, seed):
        self._rng = random.Random(seed)
        self._tuned = False

    def _tune(self, observation):
        """Once, at the first decision: the ghost's settings when a ghost is at the table."""
        self._tuned = True
        if "ghost" in observation:
            for name, value in self.AGAINST_GHOST.items():
                setattr(self, name, value)

    # ------------------------------------------------------------------ reading the table
    def _read(self, observation):
        self.obs = observation
        self.me = observation["seats"][observation["seat"]]
        self.round = observation["round"]
        self.swords = []
        for sword in self.me["forge"]:
            row, column = _cell(sword["cell"])
            if sword["tile"] == "katana":
                comp = [data.RESOURCES.index(r) for r in self.me["katana"]["composition"]]
            else:
                comp = [LETTERS.index(c) for c in sword["tile"]]
            self.swords.append({"row": row, "column": column, "comp": comp, "placed": sword["placed"],
                                "complete": sword["complete"], "cell": sword["cell"]})

    def _stock(self, r):
        return self.me["stock"][data.RESOURCES[r]]

    def _needs(self):
        """How many of each resource the swords need next, then the one after."""
        need = [0] * 4
        for sword in self.swords:
            for k in range(sword["placed"], min(sword["placed"] + 2, len(sword["comp"]))):
                need[sword["comp"][k]] += 1
        return need

    def _movable_in(self, line):
        value = 0
        for sword in self.swords:
            if sword["complete"]:
                continue
            inside = sword["row"] == line if line < 4 else sword["column"] == line - 4
            if inside and self._stock(sword["comp"][sword["placed"]]) > 0:
                left = len(sword["comp"]) - sword["placed"]
                value += 10 + (15 if left == 1 else 4 if left == 2 else 0)
        return value

    # ------------------------------------------------------------------ deciding
    def act(self, observation, legal_actions):
        if not legal_actions:   # the engine's fault: said plainly rather than as a StopIteration inside
            raise ValueError("shogun-smith was asked to decide with no legal action to choose from")
        if len(legal_actions) == 1:                      # nothing to weigh
            return legal_actions[0]
        if not self._tuned:
            self._tune(observation)
        self._read(observation)
        self.placements = []
        named = {NAMES[a]: a for a in legal_actions}
        phase = observation["phase"]
        choice = self._choose(phase, named)
        return named[choice] if choice in named else legal_actions[0]

    def act_with_state(self, observation, legal_actions, sample):
        """``act``, with its placements weighed on copies of the game (``planner``) when it may
        look ahead: ``sample(draw)`` gives a copy its seat cannot tell from the real game."""
        choice = self.act(observation, legal_actions)
        if len(legal_actions) == 1 or "ghost" not in observation or observation["phase"] not in planner.PLANNED_PHASES \
                or not NAMES[choice].startswith(planner.PLACEMENTS):
            return choice
        return self.PLANNER.choose(self, observation, legal_actions, choice, sample, NAMES)

    def _first(self, named, prefix):
        for name in named:
            if name.startswith(prefix):
                return name
        return None

    def _choose(self, phase, named):
        for prefix in ("DELIVER_", "DRAFT_"):
            found = self._first(named, prefix)
            if found and prefix == "DELIVER_":
                return found
            if found:
                return self._draft(named)
        if "KATANA" in named and (self.round >= self.KATANA_ROUND or sum(self.me["project"].values()) >= self.KATANA_PROJECT):
            return "KATANA"
        handler = getattr(self, "_" + phase, None)
        if handler is not None:
            choice = handler(named)
            if choice:
                return choice
        return "DONE" if "DONE" in named else next(iter(named))

    def _gain_cards(self, named):
        """A card worth playing here and now: gains at once; the others when their effect does
        something (the engine offers an advance, a decoration, a sashimono or a family member only
        when there is one to take); delivery cards are played in the delivery's own steps."""
        for name in named:
            if not name.startswith("PLAY_"):
                continue
            card = CARDS[name[5:].lower()]
            effect = card.effect
            if effect in ALWAYS_PLAYED:
                return name
            if effect == data.E_MOVE and not self._first(named, "MOVE_") and self._movable():
                return name
            if effect == data.E_REORGANIZE and self._better_reorganization() is not None:
                return name
            if effect == data.E_SECOND_ADVANTAGE and self._second_line_wanted():
                return name
        return None

    def _worth_buying(self, key):
        """A permanent advantage worth its price: coins or a resource, with deliveries ahead."""
        card = CARDS[key]
        return bool(card.perm_coins or card.perm_resource >= 0) and self.round <= 2

    def _best_line(self):
        """The line where most of the swords in the forge will finish (its label, ROW_2 or COL_4)."""
        ends = {}
        for sword in self.swords:
            cells = data.walk(tuple(sword["comp"]))
            if cells:
                row, column = cells[len(cells) - 1]
                for label in ("ROW_%d" % (row + 1), "COL_%d" % (column + 1)):
                    ends[label] = ends.get(label, 0) + 1
        return ends

    def _second_line_wanted(self):
        """Market n°4 helps when a card to buy at the Moment's end would go best on a line that
        holds a permanent already."""
        ends = self._best_line()
        if not ends:
            return False
        best = max(ends.items(), key=lambda item: (item[1], item[0]))[0]
        if best not in self.me["under"]:
            return False
        return any(e["used"] and not e["bought"] and self._worth_buying(e["card"]) for e in self.me["open_cards"])

    def _target(self, sword):
        """The cell (row, column) the sword moves to with its next resource, or None (the golden rule)."""
        r = sword["comp"][sword["placed"]]
        if r == sword["row"]:
            return (r, sword["column"] + 1) if sword["column"] + 1 < data.FORGE_COLS else None
        if abs(r - sword["row"]) == 1:
            return r, sword["column"]
        return None

    def _movable(self):
        """How many swords could move now with one more move (resource in stock, free cell)."""
        taken = {(s["row"], s["column"]) for s in self.swords}
        count = 0
        for sword in self.swords:
            if sword["complete"] or self._stock(sword["comp"][sword["placed"]]) == 0:
                continue
            target = self._target(sword)
            if target is not None and target not in taken:
                count += 1
        return count

    def _draft(self, named):
        offered = self.obs["draft"]
        best = max(range(len(offered)), key=lambda i: TILES[offered[i]].coins * 2 + TILES[offered[i]].points)
        return "DRAFT_%d" % (best + 1)

    def _turn(self, named):
        play = self._gain_cards(named)
        if play:
            return play
        options = []
        workers = self.me["workers_available"] > 0
        for line in range(9):
            label = ("ROW_%d" % (line + 1)) if line < 4 else ("COL_%d" % (line - 3))
            options.append((self._movable_in(line), label))
        need = self._needs()
        short = sum(max(0, need[r] - self._stock(r)) for r in range(4))
        coins = self.me["coins"]
        options.append(((self.MARKET_BASE + 3 * short) if short and coins >= 2 else 1, "MARKET"))
        if len(self.swords) < self.SWORDS_IN_FORGE + (self.round >= 3):
            for k, space in enumerate(self.obs["sword_spaces"]):
                if space["tile"]:
                    tile = TILES[space["tile"]]
                    options.append((self.SPACE_BASE + tile.points + 2 * tile.coins - len(tile.composition),
                                    "SPACE_%d" % (k + 1)))
        options.append((7 + (3 if self.round < 4 else 0), "KOMAINU"))
        options.append((self._academy_value(), "ACADEMY"))
        options.append((self._palace_value(), "PALACE"))
        if "ghost" in self.obs and self.GHOST_AREA:
            options = [(value - self.GHOST_AREA if place in ("MARKET", "KOMAINU", "ACADEMY", "PALACE") else value, place)
                       for value, place in options]
        options.sort(reverse=True)
        self.placements = [(value, place) for value, place in options]   # what a planner weighs (planner.py)
        for value, place in options:
            if value < self.PASS_BELOW:
                break
            monk_worth = self.MONK_WORTH if self.round < 4 else self.MONK_WORTH_LAST
            if (self.me["monks_used"] < 2 and coins >= self.obs["temple_cost"] + 3 and value >= monk_worth
                    and place.startswith(tuple(self.MONK_PLACES))):
                if "MONK_" + place in named:
                    return "MONK_" + place
            if workers and "WORKER_" + place in named:
                return "WORKER_" + place
        if "PASS" in named:
            return "PASS"
        return self._first(named, "DISCARD_") or self._first(named, "BUY_")

    def _academy_value(self):
        value = 2
        for r in range(4):
            column = self.me["artisans"][data.RESOURCES[r]]
            if any(r in s["comp"][:s["placed"]] and data.RESOURCES[r] not in self._decorated(s) for s in self.swords):
                value += 2 + data.ACADEMY_COINS[column]
        return value

    def _decorated(self, sword):
        for s in self.me["forge"]:
            if s["cell"] == sword["cell"]:
                return s["decorated"]
        return []

    def _market_buy(self, named):
        need = self._needs()
        for r in sorted(range(4), key=lambda r: data.PRICE[r]):
            if need[r] > self._stock(r) and "PURCHASE_" + RESOURCE_NAMES[r] in named:
                return "PURCHASE_" + RESOURCE_NAMES[r]
        return self._gain_cards(named) or "DONE"

    def _market_card(self, named):
        display = self.obs["market_display"]
        ranked = sorted((MARKET_PREFERENCE.index(display[p]) if display[p] in MARKET_PREFERENCE else 99, p)
                        for p in range(len(display)) if display[p] and "MARKET_CARD_%d" % (p + 1) in named)
        return "MARKET_CARD_%d" % (ranked[0][1] + 1) if ranked else None

    def _forge(self, named):
        best, best_left = None, 99
        for name in named:
            if name.startswith("SWAP_"):
                return name
            if name.startswith("MOVE_"):
                sword = next(s for s in self.swords if s["cell"] == name[5:])
                left = len(sword["comp"]) - sword["placed"]
                if left < best_left:
                    best, best_left = name, left
        if best:
            return best
        return self._gain_cards(named) or "DONE"

    _move = _forge

    def _advance(self, named):
        ranked = sorted(((self.me["artisans"][data.RESOURCES[r]], r) for r in range(4)
                         if "ADVANCE_" + RESOURCE_NAMES[r] in named))
        return "ADVANCE_" + RESOURCE_NAMES[ranked[0][1]] if ranked else None

    def _decorate(self, named):
        return self._first(named, "DECORATE_") or self._gain_cards(named) or "DONE"

    _side_decorate = _decorate
    _decorate_one = _decorate

    def _palace_place(self, named):
        return self._best_hall(named, placing=True)

    def _family(self, named):
        return self._best_hall(named, placing=True)

    def _hall_worth(self, key, placing=False):
        """What a hall gives the seat now, about in coins; a member placed there (``placing``) is
        there for the rest of the game, so a paid hall counts then even without coins to spare."""
        hall = HALLS[key]
        if hall.kind == data.H_TAKE or hall.kind == data.H_PAY:
            if hall.kind == data.H_PAY and self.me["coins"] < hall.cost + 2 and not placing:
                return 0
            need = self._needs()
            worth = hall.coins + 2 * hall.points - hall.cost          # 5 coins score 1 point at the end
            for r in range(4):
                if hall.resources[r]:
                    worth += hall.resources[r] * data.PRICE[r] * (1.5 if need[r] > self._stock(r) else 1)
            return worth
        if hall.kind == data.H_MOVE:
            return 4 if self._movable() else 1
        if hall.kind == data.H_ADVANCE:
            return 1 + len(self._decoratable())
        if hall.kind == data.H_DISCOUNT:
            return 2 if self.round <= 2 else 0.5
        return 3 if self.round <= 3 else 1                    # the market-move hall

    def _decoratable(self):
        """The resource types placed on a sword of the forge and not decorated there yet."""
        types = set()
        for sword in self.swords:
            decorated = self._decorated(sword)
            for r in sword["comp"][:sword["placed"]]:
                if data.RESOURCES[r] not in decorated:
                    types.add(r)
        return types

    def _best_hall(self, named, placing=False):
        halls = self.obs["halls"]
        ranked = []
        for slot in range(len(halls)):
            name = "HALL_%d" % (slot + 1)
            if name in named:
                ranked.append((self._hall_worth(halls[slot]["hall"], placing), name))
        ranked.sort(reverse=True)
        return ranked[0][1] if ranked and ranked[0][0] > 0 else None

    def _palace_value(self):
        """The halls the family would activate (with a new member in the best free hall), scaled
        like the other placements."""
        seat = self.obs["seat"]
        mine, free = [], []
        for hall in self.obs["halls"]:
            (mine if seat in hall["members"] else free).append(self._hall_worth(hall["hall"], placing=True))
        if self.me["family_home"] and free:
            mine.append(max(free))
        return self.PALACE_SCALE * sum(worth for worth in mine if worth > 0)

    def _better_reorganization(self):
        """(from, to) hall numbers moving a member from its worst hall to a better free one, or None."""
        seat = self.obs["seat"]
        worth = [(self._hall_worth(h["hall"], placing=True), slot + 1, seat in h["members"])
                 for slot, h in enumerate(self.obs["halls"])]
        held = [w for w in worth if w[2]]
        free = [w for w in worth if not w[2]]
        if not held or not free:
            return None
        worst, best = min(held), max(free)
        return (worst[1], best[1]) if best[0] > worst[0] + 1 else None

    def _reorganize(self, named):
        move = self._better_reorganization()
        if move is not None and "REORGANIZE_%d_%d" % move in named:
            return "REORGANIZE_%d_%d" % move
        return "DONE"

    def _palace_activate(self, named):
        return self._best_hall(named) or self._gain_cards(named) or "DONE"

    _side_hall = _palace_activate
    _hall_once = _palace_activate

    def _komainu(self, named):
        for effect in ("FORGE", "MARKET", "HOUSE", "ACADEMY", "PALACE"):
            if "KOMAINU_EFFECT_" + effect in named:
                return "KOMAINU_EFFECT_" + effect
        return "DONE"

    def _sashimono(self, named):
        counts = self.me["sashimono"]
        ranked = sorted((counts[house], house) for house in data.HOUSES if "SASHIMONO_" + house.upper() in named)
        return "SASHIMONO_" + ranked[0][1].upper() if ranked else None

    def _deliver_score(self, named):
        for card in ("m3_double_points", "m1_delivery_points"):
            if "PLAY_" + card.upper() in named:
                return "PLAY_" + card.upper()
        return "DONE"

    def _deliver_lines(self, named):
        if "PLAY_M5_LINE_TWICE" in named:
            return "PLAY_M5_LINE_TWICE"
        return "COLLECT_ROW" if "COLLECT_ROW" in named else "COLLECT_COLUMN"

    def _project(self, named):
        project = self.me["project"]
        if sum(project.values()) >= data.KATANA_MAX_RESOURCES:
            return "DONE"
        ranked = sorted((project[data.RESOURCES[r]], -data.PRICE[r], r) for r in range(4)
                        if "PROJECT_" + RESOURCE_NAMES[r] in named)
        return "PROJECT_" + RESOURCE_NAMES[ranked[0][2]] if ranked else "DONE"

    def _katana_modify(self, named):
        if "DONE" in named:
            return "DONE"
        project = self.me["project"]
        for r in range(4):                      # a type the project lacks first: nothing is laid without it
            if not project[data.RESOURCES[r]] and "RECOVER_" + RESOURCE_NAMES[r] in named:
                return "RECOVER_" + RESOURCE_NAMES[r]
        drops = sorted((-project[data.RESOURCES[r]], r) for r in range(4) if "DROP_" + RESOURCE_NAMES[r] in named)
        return "DROP_" + RESOURCE_NAMES[drops[0][1]] if drops else None

    def _compose(self, named):
        return self._first(named, "COMPOSE_")

    def _line(self, named):
        ends = self._best_line()
        ranked = sorted(((ends.get(name[5:], 0), name) for name in named if name.startswith("LINE_")), reverse=True)
        return ranked[0][1] if ranked else None

    def _resolve_cards(self, named):
        for name in named:
            if name.startswith("BUY_"):
                card = CARDS[name[4:].lower()]
                if self._worth_buying(card.key):
                    return name
        return self._first(named, "DISCARD_")

    def _honour(self, named):
        display = self.obs["honour_display"]
        ranked = sorted(((self._honour_worth(display[p]), p) for p in range(len(display))
                         if "HONOUR_%d" % (p + 1) in named), reverse=True)
        return "HONOUR_%d" % (ranked[0][1] + 1) if ranked else None

    def _honour_worth(self, key):
        h = next(card for card in data.HONOURS if card.key == key)
        me = self.me
        counts = {data.HC_COINS: me["coins"], data.HC_SWORDS: len(me["delivered"]) + 2,
                  data.HC_SASHIMONO: sum(me["sashimono"].values()) + 2,
                  data.HC_PALACE: self._members_in_palace(),
                  data.HC_STOCK: sum(me["stock"].values()), data.HC_CARDS: sum(me["cards"].values()),
                  data.HC_WORKERS: me["workers_unlocked"] + 1, data.HC_POWER: 2 * len(me["delivered"]) + 3,
                  data.HC_SETS: min(me["sashimono"].values())}
        count = counts.get(h.kind, 1)
        return min(data.HONOUR_MAX, count * h.per // h.divisor)

    def _members_in_palace(self):
        """The seat's family members in the palace's halls (2 members in all in chapter 12, else 3)."""
        seat = self.obs["seat"]
        return sum(hall["members"].count(seat) for hall in self.obs["halls"])

    def _market_coin(self, named):
        """Chapter 13: the coin goes on the resource bought that its swords need least from now on
        (it raises that resource's price), the cheapest of those on a tie."""
        need = self._needs()
        ranked = sorted((need[r] - self._stock(r), data.PRICE[r], r) for r in range(4)
                        if "PURCHASE_" + RESOURCE_NAMES[r] in named)
        return "PURCHASE_" + RESOURCE_NAMES[ranked[0][2]] if ranked else None

    def _side_free(self, named):
        return self._gain_cards(named) or "DONE"

    def _after_action(self, named):
        return self._gain_cards(named) or "DONE"


# five placements weighed on a first copy, the heuristic's choice and the best other on three more;
# another placement must beat the heuristic's by 3 points of mean margin (BENCHMARKS.md)
SwordSmith.PLANNER = planner.TurnPlanner(SwordSmith, candidates=5, draws=4, keep_margin=3.0, finalists=2)

"""A built-in Shōgun no Katana player that forges steadily and delivers everything it finishes.

``SwordSmith`` ("shogun-smith") reads the public table, like any bot:

* it delivers a finished sword at once (points, line advantages, the Washitsu's workers) and feeds
  the project with the types it still lacks; it puts its katana in play once the project holds
  every type and at least five resources, or from round 3;
* on its turn it values each placement: a forge line by the swords there that can move (more for
  those a move completes), the market by what its swords need next and it can pay, a house by the
  tile's points and coins while its forge has room, the academy by the coins of the decorations it
  could make, the palace by its halls, the Komainu by its coins; a monk only when the action is
  worth clearly more than its price; it passes when nothing is worth a figure;
* inside an action it moves the swords closest to completion first, buys the next resources of its
  swords, decorates whatever pays, activates every hall that gives something;
* cards: it plays immediate gains at once and delivery cards at deliveries; it buys a permanent
  advantage when it pays coins or a resource and at least two rounds remain, on the line where
  most of its swords will finish, and discards the others;
* passing, it takes the honour card worth most to it as things stand.
"""
import random

from . import data
from .actions import ACTIONS

NAMES = ACTIONS.names
LETTERS = data.RESOURCE_LETTERS.lower()
RESOURCE_NAMES = [r.upper() for r in data.RESOURCES]
CARDS = {c.key: c for c in data.CARDS}
TILES = {t.key: t for t in data.TILES}
MARKET_PREFERENCE = ("m3_double_points", "m5_line_twice", "m7_temple", "m1_delivery_points", "a_coins",
                     "b_coins", "b_laque", "d_points", "m6_advance", "m2_decorate", "b_galuchat", "a_acier",
                     "b_bois", "a_move", "c_decorate", "c_advance_any", "c_advance", "c_decorate_academy",
                     "d_coins", "a_sashimono", "d_family", "d_reorganize", "m4_second_advantage")


def _cell(name):
    return int(name[1]) - 1, int(name[3]) - 1


class SwordSmith:
    def __init__(self, seed):
        self._rng = random.Random(seed)

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
        self._read(observation)
        named = {NAMES[a]: a for a in legal_actions}
        phase = observation["phase"]
        choice = self._choose(phase, named)
        return named[choice] if choice in named else legal_actions[0]

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
        if "KATANA" in named and (self.round >= 3 or sum(self.me["project"].values()) >= 5):
            return "KATANA"
        handler = getattr(self, "_" + phase, None)
        if handler is not None:
            choice = handler(named)
            if choice:
                return choice
        return "DONE" if "DONE" in named else next(iter(named))

    def _gain_cards(self, named):
        for name in named:
            if name.startswith("PLAY_"):
                card = CARDS[name[5:].lower()]
                if card.effect in (data.E_COINS, data.E_RESOURCE, data.E_POINTS, data.E_TEMPLE_COINS):
                    return name
        return None

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
        options.append(((10 + 3 * short) if short and coins >= 2 else 1, "MARKET"))
        if len(self.swords) < 3 + (self.round >= 3):
            for k, space in enumerate(self.obs["sword_spaces"]):
                if space["tile"]:
                    tile = TILES[space["tile"]]
                    options.append((8 + tile.points + 2 * tile.coins - len(tile.composition), "SPACE_%d" % (k + 1)))
        options.append((7 + (3 if self.round < 4 else 0), "KOMAINU"))
        options.append((self._academy_value(), "ACADEMY"))
        halls = sum(1 for h in self.obs["halls"] if self.obs["seat"] in h["members"])
        options.append((3 * halls + (4 if self.me["family_home"] else 0), "PALACE"))
        options.sort(reverse=True)
        for value, place in options:
            if value < 4:
                break
            if self.me["monks_used"] < 2 and coins >= self.obs["temple_cost"] + 3 and value >= 25:
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
        return self._first(named, "DECORATE_") or "DONE"

    _side_decorate = _decorate
    _decorate_one = _decorate

    def _palace_place(self, named):
        return self._best_hall(named, placing=True)

    def _family(self, named):
        return self._best_hall(named, placing=True)

    def _best_hall(self, named, placing=False):
        halls = self.obs["halls"]
        ranked = []
        for slot in range(len(halls)):
            name = "HALL_%d" % (slot + 1)
            if name not in named:
                continue
            hall = data.HALLS[[h.key for h in data.HALLS].index(halls[slot]["hall"])]
            worth = {data.H_TAKE: 6, data.H_PAY: 4, data.H_MOVE: 5, data.H_ADVANCE: 3,
                     data.H_DISCOUNT: 1, data.H_MARKET_MOVE: 2}[hall.kind]
            if hall.kind == data.H_PAY and self.me["coins"] < hall.cost + 2 and not placing:
                worth = 0
            ranked.append((worth, name))
        ranked.sort(reverse=True)
        return ranked[0][1] if ranked and ranked[0][0] > 0 else None

    def _palace_activate(self, named):
        return self._best_hall(named) or "DONE"

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
        drops = sorted((-project[data.RESOURCES[r]], r) for r in range(4) if "DROP_" + RESOURCE_NAMES[r] in named)
        return "DROP_" + RESOURCE_NAMES[drops[0][1]] if drops else None

    def _compose(self, named):
        return self._first(named, "COMPOSE_")

    def _line(self, named):
        ends = {}
        for sword in self.swords:
            cells = data.walk(tuple(sword["comp"]))
            if cells:
                row, column = cells[len(cells) - 1]
                for label in ("ROW_%d" % (row + 1), "COL_%d" % (column + 1)):
                    ends[label] = ends.get(label, 0) + 1
        ranked = sorted(((ends.get(name[5:], 0), name) for name in named if name.startswith("LINE_")), reverse=True)
        return ranked[0][1] if ranked else None

    def _resolve_cards(self, named):
        for name in named:
            if name.startswith("BUY_"):
                card = CARDS[name[4:].lower()]
                if (card.perm_coins or card.perm_resource >= 0) and self.round <= 2:
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
                  data.HC_PALACE: data.FAMILY_MEMBERS - me["family_home"],
                  data.HC_STOCK: sum(me["stock"].values()), data.HC_CARDS: sum(me["cards"].values()),
                  data.HC_WORKERS: me["workers_unlocked"] + 1, data.HC_POWER: 2 * len(me["delivered"]) + 3,
                  data.HC_SETS: min(me["sashimono"].values())}
        count = counts.get(h.kind, 1)
        return min(data.HONOUR_MAX, count * h.per // h.divisor)

    def _side_free(self, named):
        return "DONE"

    def _after_action(self, named):
        return self._gain_cards(named) or "DONE"

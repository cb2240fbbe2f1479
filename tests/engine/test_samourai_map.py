"""Samouraï & Katana's designed map and cards against every constraint the rulebook puts on them
(C1-C12 of shared/rules/samourai-et-katana.md) and the counts of the design."""
import json
import math
from collections import Counter, deque

import pytest

from engine_ext.samourai import data

KEYS = data.TERRITORY_KEYS
BY_KEY = {t.key: t for t in data.TERRITORIES}


def _component(start, links):
    adjacency = {k: set() for k in KEYS}
    for a, b in links:
        adjacency[a].add(b)
        adjacency[b].add(a)
    seen, todo = {start}, deque([start])
    while todo:
        for other in adjacency[todo.popleft()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def test_the_design_counts_46_territories_9_provinces_86_land_and_29_sea_links():
    assert len(data.TERRITORIES) == 46 and len(set(KEYS)) == 46
    assert len(data.PROVINCES) == 9
    assert len(data.LAND_LINKS) == 86 and len(data.SEA_LINKS) == 29


def test_links_name_known_territories_once_and_are_land_or_sea_never_both():
    pairs = [frozenset(link) for link in data.LAND_LINKS + data.SEA_LINKS]
    assert all(len(p) == 2 and p <= set(KEYS) for p in pairs), "a link joins two known territories"
    assert len(set(pairs)) == len(pairs), "a link is listed once, as land or as sea (C5)"


def test_every_territory_is_reachable_from_every_other():
    assert _component("yamashiro", data.LAND_LINKS + data.SEA_LINKS) == set(KEYS)


def test_shikoku_kyushu_and_sado_are_reached_only_by_sea():
    by_land = _component("yamashiro", data.LAND_LINKS)
    shikoku = {"awa", "sanuki", "iyo", "tosa"}
    kyushu = {"chikuzen", "buzen", "bungo", "hizen", "higo", "hyuga", "satsuma"}
    assert not by_land & (shikoku | kyushu | {"sado"})
    assert _component("awa", data.LAND_LINKS) == shikoku
    assert _component("chikuzen", data.LAND_LINKS) == kyushu
    assert by_land | shikoku | kyushu | {"sado"} == set(KEYS), "Honshu is one land mass"


def test_cities_are_7_majors_with_kyoto_and_12_minors_worth_26_pc_on_19_territories():
    # C1: 6 majors besides Kyoto and 12 minors are drawn at 6 players, from 19 tokens.
    kinds = Counter(t.city_kind for t in data.TERRITORIES if t.city)
    assert kinds == {data.MAJOR: 7, data.MINOR: 12}
    assert sum(data.city_points(t) for t in data.TERRITORIES) == 26
    assert len({t.city for t in data.TERRITORIES if t.city}) == 19
    assert BY_KEY[data.KYOTO].city == "Kyoto" and BY_KEY[data.KYOTO].city_kind == data.MAJOR
    assert all((t.city is None) == (t.city_kind is None) for t in data.TERRITORIES)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_enough_cities_for_the_draw_at_every_player_count(players):
    majors_besides_kyoto = sum(1 for t in data.TERRITORIES if t.city_kind == data.MAJOR and t.key != data.KYOTO)
    minors = sum(1 for t in data.TERRITORIES if t.city_kind == data.MINOR)
    assert majors_besides_kyoto >= players * data.MAJORS_DRAWN[0]
    assert minors >= players * data.MINORS_DRAWN[0][players]
    # every clan's samurai suffice for the cities and the extras placed at set-up
    per_clan = data.MAJORS_DRAWN[0] + data.MINORS_DRAWN[0][players] + data.EXTRA_SAMURAI[0][players]
    assert per_clan <= data.SAMURAI_ALLOWANCE[0][players]


def test_terrain_provinces_and_honour_values():
    # C2: each territory is a plain or a mountain in one known province
    assert {t.terrain for t in data.TERRITORIES} == {data.PLAIN, data.MOUNTAIN}
    assert {t.province for t in data.TERRITORIES} == set(data.PROVINCE_KEYS)
    assert Counter(t.terrain for t in data.TERRITORIES) == {data.PLAIN: 32, data.MOUNTAIN: 14}
    honor = {p.key: p.honor for p in data.PROVINCES}
    # C3: Kinai contains Kyoto and is worth 5; Tōkaidō is worth 4 (3 in the province variant)
    assert BY_KEY[data.KYOTO].province == "kinai" and honor["kinai"] == 5 and honor["tokaido"] == 4
    # C4: the province variant subtracts 1 and leaves every province worth something
    assert min(honor.values()) >= 2


def test_the_kinai_is_rich_and_the_north_and_south_are_poorer():
    # C6: Kinai has many cities and only plains; it holds more PC than any other province
    pc = Counter()
    for t in data.TERRITORIES:
        pc[t.province] += data.city_points(t)
    assert pc.most_common(1)[0] == ("kinai", 5)
    assert all(t.terrain == data.PLAIN for t in data.TERRITORIES if t.province == "kinai")
    mountains = Counter(t.province for t in data.TERRITORIES if t.terrain == data.MOUNTAIN)
    assert mountains["kinai"] == 0 and mountains["saikaido"] >= 2 and mountains["sanindo"] >= 3


def test_sea_routes_are_dense_with_hubs():
    # C5: "voies maritimes ... volontairement surestimées"; the tips' castle-worthy sea hubs
    sea_degree = Counter(k for link in data.SEA_LINKS for k in link)
    assert sea_degree["awa"] >= 4 and sea_degree["iyo"] >= 4
    assert sum(1 for k in KEYS if sea_degree[k]) >= 30
    assert len(data.neighbours("awa")) == 7 and len(data.neighbours("iyo")) == 7


def test_no_tohoku_on_the_map():
    # C7: the board stops a little north of Edo
    assert not {"mutsu", "dewa"} & set(KEYS)
    # y = 90 * (38.5 - latitude): only the island of Sado lies north of 37.5°N (Echigo's coast)
    assert [t.key for t in data.TERRITORIES if t.y < 90] == ["sado"]


def test_drawing_positions_are_distinct_and_inside_the_frame():
    positions = [(t.x, t.y) for t in data.TERRITORIES]
    assert len(set(positions)) == 46
    assert all(0 <= x <= 900 and 0 <= y <= 660 for x, y in positions)


def test_no_two_territories_are_drawn_closer_than_26_units():
    # the replay draws a territory as a disc of radius 11 (a mountain's triangle a little larger)
    positions = [(t.key, t.x, t.y) for t in data.TERRITORIES]
    closest = min(math.hypot(x1 - x2, y1 - y2) for i, (_, x1, y1) in enumerate(positions)
                  for _, x2, y2 in positions[i + 1:])
    assert closest >= 26
    width, height = data.DRAWING_FRAME[0]
    assert all(0 <= x <= width and 0 <= y <= height for _, x, y in positions)


def test_the_board_tables_the_replay_draws_are_the_maps_own_tables():
    board = data.board_tables()
    assert [(t["key"], t["province"], t["terrain"], t["city"], t["city_kind"], t["x"], t["y"])
            for t in board["territories"]] == [(t.key, t.province, t.terrain, t.city, t.city_kind, t.x, t.y)
                                               for t in data.TERRITORIES]
    assert [t["city_points"] for t in board["territories"]].count(2) == 7
    assert [(p["key"], p["honor"]) for p in board["provinces"]] == [(p.key, p.honor) for p in data.PROVINCES]
    assert [tuple(link) for link in board["land_links"]] == list(data.LAND_LINKS)
    assert [tuple(link) for link in board["sea_links"]] == list(data.SEA_LINKS)
    assert board["kyoto"] == "yamashiro" and board["frame"] == {"width": 900, "height": 660}
    assert [c["key"] for c in board["cards"]] == list(data.CARD_KEYS)
    assert [c["daimyo"] for c in board["clans"]][:2] == ["Oda Nobunaga", "Takeda Shingen"]
    assert json.loads(json.dumps(board)) == board, "plain JSON, as the page gets it"


def test_the_deck_is_55_cards_in_24_kinds_with_the_designed_categories():
    assert sum(c.copies for c in data.CARDS) == data.DECK_SIZE[0] == 55 == len(data.deck())
    assert len(data.CARDS) == 24 and len(set(data.CARD_KEYS)) == 24
    copies = Counter()
    for c in data.CARDS:
        copies[c.category] += c.copies
    assert copies == {data.WARRIOR: 24, data.SPECIAL: 10, data.EVENT: 13, data.ANY_TIME: 8}
    assert sum(c.copies * c.sabres for c in data.CARDS) == 33


def test_card_fields_follow_the_rulebook_constraints():
    for c in data.CARDS:
        assert c.value >= 1 and c.sabres >= 0 and c.copies >= 1
        assert not (c.fan and c.cost), "a card carries a fan or a koku value, not both (R20)"
        if c.fan:
            assert c.category == data.SPECIAL, "a fan is a bonus of a card played as the special"
        if c.category == data.WARRIOR:
            assert c.effect == data.FX_NONE and c.cost == 0 and c.fan == 0
        else:
            assert c.effect != data.FX_NONE
    # C10: the cards the text names exist
    for key in ("ikko_ikki", "hokke", "nichiren", "justice_shogunale", "affront", "complot", "tsunami",
                "alliance", "ninja", "terre_brulee", "ceremonie_du_the", "theatre_no", "wako"):
        assert key in data.CARD_KEYS
    assert data.CARDS[data.card_index("alliance")].category == data.SPECIAL
    for key in ("ninja", "justice_shogunale", "tsunami", "terre_brulee"):
        assert data.CARDS[data.card_index(key)].category == data.ANY_TIME


def test_a_stronger_power_has_a_higher_combat_value():
    # R19 / C9: warriors span 1-4; the strongest powers (uprising, tea, ninja, justice) are worth 5
    warriors = [c.value for c in data.CARDS if c.category == data.WARRIOR]
    assert min(warriors) == 1 and max(warriors) == 4
    for key in ("ikko_ikki", "ceremonie_du_the", "ninja", "justice_shogunale"):
        assert data.CARDS[data.card_index(key)].value == 5
    assert data.CARDS[data.card_index("gunbai")].value > data.CARDS[data.card_index("nobori")].value \
        >= data.CARDS[data.card_index("ronin")].value


def test_a_whole_hand_of_warriors_is_possible():
    # option Échange: "une main complète de cartes de combat (guerriers)"
    assert sum(c.copies for c in data.CARDS if c.category == data.WARRIOR) >= data.HAND_REFILL[0]


def test_extra_cards_by_city_points_follow_both_scales():
    assert [data.extra_cards(pc) for pc in (0, 1, 5, 6, 10)] == [0, 1, 1, 2, 2]
    scale = data.NEW_EXTRA_CARDS_SCALE[0]
    assert [data.extra_cards(pc, scale) for pc in (0, 2, 3, 5, 6)] == [0, 0, 1, 1, 2]


def test_every_value_names_its_source():
    sources = {data.RULEBOOK, data.DERIVED, data.CHOSEN}
    for name in dir(data):
        value = getattr(data, name)
        if name.isupper() and isinstance(value, tuple) and len(value) == 2 and value[1] in sources:
            continue
        if name.isupper() and isinstance(value, tuple) and value and hasattr(value[0], "source"):
            assert all(entry.source in sources for entry in value)
    assert data.MAP_SOURCE == data.CHOSEN

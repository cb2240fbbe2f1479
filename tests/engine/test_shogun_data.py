"""Shōgun no Katana's designed data: counts, legality on the forge, and every value an example pins."""
from collections import Counter

from engine_ext.shogun import data
from engine_ext.shogun.data import ACIER, BOIS, GALUCHAT, LAQUE


def test_component_counts_match_the_rulebook():
    assert len(data.TILES) == data.NUM_TILES == 50
    assert sum(c.copies for c in data.CARDS if c.deck == data.DAIMYO) == data.DAIMYO_CARDS == 64
    assert data.DAIMYO_DECKS * data.DAIMYO_DECK_SIZE == 64
    market = [c for c in data.CARDS if c.deck == data.MARKET]
    assert sum(c.copies for c in market) == data.MARKET_CARDS == 28
    assert sorted(c.label for c in market) == list("1234567")
    assert len(data.HONOURS) == data.NUM_HONOURS == 22
    assert len(data.HALLS) == 9 and sum(h.passive for h in data.HALLS) == 2
    assert len(set(t.key for t in data.TILES)) == 50
    assert len(set(c.key for c in data.CARDS)) == len(data.CARDS)
    assert len(set(h.key for h in data.HONOURS)) == 22


def test_every_tile_can_be_forged_from_its_entry_cell():
    for tile in data.TILES:
        cells = data.walk(tile.composition)
        assert cells is not None, tile.key
        assert cells[0] == (tile.composition[0], 0)
        assert cells[-1][1] >= 1, "a finished sword has left column 1"
        assert 3 <= len(tile.composition) <= 6
        assert tile.points > 0 and tile.coins >= 1 and 1 <= tile.power <= 4


def test_illegal_compositions_are_refused():
    assert data.walk((LAQUE, ACIER)) is None            # skips the Bois row
    assert data.walk((BOIS,) * 6) is None               # leaves the forge on the right
    assert data.walk((BOIS,) * 4)[-1] == (BOIS, 4)      # four steps right reach column 5


def test_tiles_the_examples_need():
    by_key = {t.key: t for t in data.TILES}
    e19 = by_key["agga"]                                 # 6 points, first resource Acier
    assert (e19.points, e19.composition[0]) == (6, ACIER)
    e11 = by_key["llbaa"]                                # 6 points, L, B, 2 A, Acier row, 1-coin column
    end = data.walk(e11.composition)[-1]
    assert e11.points == 6 and end[0] == ACIER and data.COLUMN_ADVANTAGES[end[1]].coins == 1
    assert Counter(e11.composition)[ACIER] >= 2 and {LAQUE, BOIS} <= set(e11.composition)
    e13 = by_key["abba"]                                 # 5 points, ends row 3 column 3
    assert e13.points == 5 and data.walk(e13.composition)[-1] == (ACIER, 2)
    e14 = by_key["gabl"]                                 # 5 points, ends row 1 column 2
    assert e14.points == 5 and data.walk(e14.composition)[-1] == (LAQUE, 1)
    assert any(t.coins == 4 for t in data.TILES)         # E3
    assert any(t.coins == 5 for t in data.TILES)         # E1 + E2: Ringo 3 + 5 = 8 coins
    blue = by_key["abbbl"]                               # E8: Acier, Bois, Bois, Bois, X
    assert blue.composition[:4] == (ACIER, BOIS, BOIS, BOIS)


def test_printed_numbers_the_examples_pin():
    assert data.PRICE[BOIS] == 1 and data.PRICE[ACIER] == 2                   # E4
    assert data.PRICE[LAQUE] == 4 and data.PRICE[GALUCHAT] == 3                # l.775, E17
    assert data.ROUND_POINTS == (0, 2, 4, 6)                                   # E19, E13, E11, E17
    assert data.TEMPLE_COST[0] == 5                                            # E2
    assert data.ACADEMY_COINS[-1] == 3 and 1 in data.ACADEMY_COINS             # E20, E5b
    assert data.ROW_ADVANTAGES[LAQUE].resource == LAQUE                        # E14
    assert data.ROW_ADVANTAGES[ACIER].resource == ACIER                        # E11, E13
    assert data.COLUMN_ADVANTAGES[1].coins == 3                                # E14
    assert data.COLUMN_ADVANTAGES[2].coins == 2                                # E13
    assert data.DECORATION_POINTS == (4, 1, 2, 3)
    assert data.SET_POINTS[4] + data.SET_POINTS[3] == 16                       # E18
    m3, m5 = data.CARDS[data.card_index("m3_double_points")], data.CARDS[data.card_index("m5_line_twice")]
    for card in (m3, m5):                                                      # E13, E14
        assert (card.perm_coins, card.price) == (2, 3)
    bois_permanents = [c for c in data.CARDS if c.perm_resource == BOIS and c.perm_coins == 0]
    assert bois_permanents and all(c.price == 1 for c in bois_permanents)      # hall note: Bois free at -1
    reorganize = data.CARDS[data.card_index("d_reorganize")]                   # E12a
    assert reorganize.effect == data.E_REORGANIZE and reorganize.price <= 2
    coins = data.HONOURS[0]                                                    # E21
    assert (coins.kind, coins.per, coins.divisor, coins.human) == (data.HC_COINS, 1, 4, True)


def test_the_halls_of_example_6_make_the_first_game_set():
    halls = [data.HALLS[h] for h in data.FIRST_GAME_HALLS]
    assert not any(h.passive for h in halls)
    kinds = {(h.kind, h.cost, h.coins, h.resources) for h in halls}
    assert (data.H_TAKE, 0, 2, data.NO_GOODS) in kinds
    assert (data.H_PAY, 1, 0, (0, 0, 0, 1)) in kinds
    assert (data.H_PAY, 2, 0, (1, 0, 0, 0)) in kinds
    assert {data.H_MOVE, data.H_ADVANCE} <= {h.kind for h in halls}
    assert {data.HALLS[h].kind for h in range(9) if data.HALLS[h].passive} == {data.H_DISCOUNT, data.H_MARKET_MOVE}


def test_board_spaces_fit_the_sword_stack_and_player_counts():
    for n in range(data.MIN_PLAYERS_WITHOUT_GHOST, data.MAX_PLAYERS + 1):   # the ghost opens spaces as a player
        spaces = sum(1 for _, least in data.SWORD_SPACES if least <= n)
        assert n + data.ROUNDS * spaces <= data.NUM_TILES
        assert {house for house, least in data.SWORD_SPACES if least <= n} == {0, 1, 2, 3}
        for area in (data.MARKET_SPACES, data.ACADEMY_SPACES, data.PALACE_SPACES):
            assert any(least <= n for least in area)
    assert all(least >= 2 for _, least in data.SWORD_SPACES)
    assert data.MAX_PLAYERS * data.ROUNDS <= data.NUM_HONOURS        # one honour card per seat per round


def test_washitsu_and_supplies():
    assert len(data.BLOCKED_SLOTS) == data.WORKERS_BLOCKED
    assert all(0 <= s < data.WASHITSU_SLOTS for s in data.BLOCKED_SLOTS)
    assert data.STARTING_SASHIMONO_COINS == (0, 1, 2, 3)
    assert data.STARTING_STOCK == (0, 2, 1, 0)

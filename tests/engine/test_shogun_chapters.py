"""Shōgun no Katana's story mode (« MODE HISTOIRE », R133-R138, §4.2 of shared/rules/shogun-no-katana.md):
the option ``chapter``, the chapters' data and each chapter's conditions, reported met or unmet from
constructed positions, in both builds; the result block the story campaign reads."""
import random

import pytest

from arena import games
from arena.engines import load_module
from engine_ext.shogun import chapters, data

KATANA = data.NUM_TILES
SPEC = games.get("shogun").spec


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def story(build, chapter, *, ghost=3, seed=1):
    """A chapter's game at its first decision (the solo draft is automatic)."""
    return rules(build).new_state(1, seed, {"ghost": ghost, "chapter": chapter})


def tile(key):
    return data.tile_index(key)


def met(state):
    return {c["key"]: c["met"] for c in chapters.conditions(state)}


def play_out(state, seed=0):
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# ---------------------------------------------------------------- the option and its table
def test_r133_a_chapter_is_one_seat_against_the_ghost():
    check = SPEC.check_table
    check(1, {"ghost": 3, "chapter": 7})
    with pytest.raises(ValueError, match="1 seat against the ghost"):
        check(1, {"ghost": 0, "chapter": 7})
    with pytest.raises(ValueError, match="1 seat against the ghost"):
        check(2, {"ghost": 3, "chapter": 1})
    check(2, {"ghost": 3, "chapter": 0})                      # no chapter: the ghost's own tables
    option = next(o for o in SPEC.options if o.name == "chapter")
    assert option.choices == tuple(range(15)) and option.default == 0 and not option.splits_pool and option.variant


def test_r135_the_fourteen_chapters_titles_and_difficulties():
    assert [c.number for c in data.CHAPTERS] == list(range(1, 15)) == list(range(1, data.NUM_CHAPTERS + 1))
    by = {d: [c.number for c in data.CHAPTERS if c.difficulty == d]
          for d in (data.EASY, data.INTERMEDIATE, data.DIFFICULT)}
    assert by == {"easy": [1, 3, 5, 12], "intermediate": [2, 4, 7, 10], "difficult": [6, 8, 9, 11, 13, 14]}
    assert data.CHAPTERS[0].title == "L'ORIGINE" and data.CHAPTERS[13].title == "UN REPOS BIEN MÉRITÉ"
    with_conditions = [c.number for c in data.CHAPTERS if c.conditions]
    assert with_conditions == [1, 2, 3, 4, 5, 6, 8, 9, 10, 14]          # 7, 11, 12, 13: « AUCUNE »
    with_rules = [c.number for c in data.CHAPTERS if c.rules != ("none",)]
    assert with_rules == [2, 7, 11, 12, 13]
    assert all(c.source for c in data.CHAPTERS)
    assert sum(data.CH6_KATANA_COUNTS) == data.KATANA_MAX_RESOURCES and all(data.CH6_KATANA_COUNTS)


# ---------------------------------------------------------------- the result's chapter block
def test_r134_the_result_reports_the_chapter_its_conditions_and_the_verdict(build):
    state = play_out(story(build, 9, seed=4))
    block = state.result()["chapter"]
    assert set(block) == {"number", "title", "difficulty", "conditions", "beat_ghost", "won"}
    assert (block["number"], block["title"], block["difficulty"]) == (9, "LES TAMBOURS DE LA GUERRE", "difficult")
    [condition] = block["conditions"]
    assert set(condition) == {"key", "text", "met"} and condition["key"] == "coins"
    assert condition["met"] == (state.coins[0] >= 60)
    ghost = state.result()["automata"][0]["score"]
    assert block["beat_ghost"] == (state.score[0] > ghost)
    assert block["won"] == (block["beat_ghost"] and condition["met"])
    assert "chapter" not in play_out(rules(build).new_state(1, 4, {"ghost": 3})).result()


def test_r134_a15_a_tie_with_the_ghost_is_a_defeat(build):
    state = play_out(story(build, 7, seed=2))                  # chapter 7 has no conditions
    state.score[0] = state.ghost.total
    assert chapters.summary(state)["beat_ghost"] is False and chapters.summary(state)["won"] is False
    state.score[0] = state.ghost.total + 1
    assert chapters.summary(state) | {"conditions": []} == chapters.summary(state)
    assert chapters.summary(state)["beat_ghost"] is True and chapters.summary(state)["won"] is True


def test_r134_every_condition_must_hold(build):
    state = play_out(story(build, 1, seed=3))
    state.score[0] = state.ghost.total + 1
    state.katana_state[0] = 2
    for c in range(data.FORGE_CELLS):
        state.cell_tile[c] = -1
    assert chapters.summary(state)["won"] is True
    state.cell_tile[5] = tile("aab")
    assert chapters.summary(state)["won"] is False


# ---------------------------------------------------------------- each chapter's conditions
def test_chapter_1_no_sword_in_the_forge_and_the_katana_delivered(build):
    s = story(build, 1)
    for c in range(data.FORGE_CELLS):                           # the drafted sword leaves the forge
        s._put_sword(0, c, -1, -1)
    s.cell_tile[0] = tile("aab")
    assert met(s) == {"empty_forge": False, "katana_delivered": False}
    s.cell_tile[0] = -1
    s.katana_state[0] = 1
    s.cell_tile[3] = KATANA                                     # R107: still in the forge does not count
    assert met(s) == {"empty_forge": False, "katana_delivered": False}
    s.cell_tile[3] = -1
    s.katana_state[0] = 2
    assert met(s) == {"empty_forge": True, "katana_delivered": True}


def test_chapter_2_all_four_artisans_in_the_last_column(build):
    s = story(build, 2)
    last = len(data.ACADEMY_COINS) - 1
    for r in range(3):
        s.artisan[r] = last
    assert met(s) == {"artisans_last_column": False}
    s.artisan[3] = last
    assert met(s) == {"artisans_last_column": True}


def test_chapter_3_two_decorated_resources_on_each_sword_delivered_and_on_the_katana(build):
    s = story(build, 3)
    s.delivered[0].append([tile("abl"), 0b011, 0, 0, 0, 0])
    s.delivered[0].append([tile("gabl"), 0b1001, 0, 0, 0, 0])
    assert met(s) == {"decorated_swords": True, "decorated_katana": False}      # no katana yet
    s.delivered[0].append([tile("aab"), 0b100, 0, 0, 0, 0])
    assert met(s)["decorated_swords"] is False
    s.delivered[0].pop()
    s.katana_state[0] = 1                                        # in the forge, two decorations
    s.cell_tile[7] = KATANA
    s.cell_deco[7] = 0b0110
    assert met(s) == {"decorated_swords": True, "decorated_katana": True}
    s.cell_tile[7] = -1
    s.katana_state[0] = 2
    s.katana_deco[0] = 0b0001                                   # delivered with one
    assert met(s)["decorated_katana"] is False


def test_chapter_4_22_points_of_sashimono_sets(build):
    s = story(build, 4)
    for r, count in enumerate((4, 2, 2, 2)):                    # R108: 10 + 10 + 1 + 1 = 22
        s.sashimono[r] = count
    assert s.sashimono_points(0) == 22 and met(s) == {"sashimono_points": True}
    s.sashimono[0] = 3                                           # 10 + 10 + 1 = 21
    assert s.sashimono_points(0) == 21 and met(s) == {"sashimono_points": False}
    s.honours[0].append(5)                                       # honour cards do not count
    assert met(s) == {"sashimono_points": False}


def test_chapter_5_seven_cards_under_the_forge(build):
    s = story(build, 5)
    for line in range(6):
        s.under[line].append(data.card_index("a_move"))
    assert met(s) == {"permanents": False}
    s.under[8].append(data.card_index("b_bois"))
    assert met(s) == {"permanents": True}


def test_chapter_6_the_katana_delivered_with_the_chosen_composition(build):
    s = story(build, 6)
    s.katana_comp[0] = [data.LAQUE, data.LAQUE, data.BOIS, data.BOIS, data.ACIER, data.ACIER, data.GALUCHAT]
    s.katana_state[0] = 1
    assert met(s) == {"katana_composition": False}               # not delivered yet
    s.katana_state[0] = 2
    assert met(s) == {"katana_composition": True}
    s.katana_comp[0] = [data.LAQUE, data.BOIS, data.BOIS, data.ACIER, data.ACIER, data.GALUCHAT]
    assert met(s) == {"katana_composition": False}


def test_chapter_8_eight_swords_delivered_the_katana_aside(build):
    s = story(build, 8)
    for _ in range(7):
        s.delivered[0].append([tile("aab"), 0, 0, 0, 0, 0])
    s.katana_state[0] = 2
    assert met(s) == {"swords_delivered": False}
    s.delivered[0].append([tile("aab"), 0, 0, 0, 0, 0])
    assert met(s) == {"swords_delivered": True}


def test_chapter_9_sixty_coins_at_the_end(build):
    s = story(build, 9)
    s.coins[0] = 59
    assert met(s) == {"coins": False}
    s.coins[0] = 60
    assert met(s) == {"coins": True}


def test_chapter_10_a13_delivered_power_of_at_least_13(build):
    s = story(build, 10)
    for key in ("abbbbl", "agggga", "lbaaag"):                        # power 4 + 4 + 4 = 12
        s.delivered[0].append([tile(key), 0, 0, 0, 0, 0])
    assert met(s) == {"power_delivered": False}
    s.delivered[0].append([tile("aab"), 0, 0, 0, 0, 0])         # + 1 = 13
    assert met(s) == {"power_delivered": True}


def test_chapter_14_a41_seven_cards_held(build):
    s = story(build, 14)
    s.held[0] = 6
    assert met(s) == {"cards_held": False}
    s.held[0] = 7
    assert met(s) == {"cards_held": True}


def test_chapters_without_conditions_report_none(build):
    for number in (7, 11, 12, 13):
        assert chapters.conditions(story(build, number)) == []


def test_the_views_show_the_chapter_with_its_rules_and_conditions(build):
    s = story(build, 7)
    for view in (s.observation(0), s.full_view()):
        block = view["chapter"]
        assert block["number"] == 7 and block["final"] is False
        assert any("7 workers" in rule for rule in block["rules"]) and block["conditions"] == []
    assert "chapter" not in rules(build).new_state(1, 1, {"ghost": 3}).observation(0)


# ---------------------------------------------------------------- special rules
from engine_ext.shogun.actions import ACTIONS  # noqa: E402


def at_turn(build, chapter, seed=1):
    """A chapter's game when seat 0 first chooses a placement."""
    s = story(build, chapter, seed=seed)
    rng = random.Random(seed)
    while s.phase != 1 or s.actor != 0:                        # PH_TURN
        s.apply(s.actor, rng.choice(s.legal_actions(s.actor)))
    return s


def market_labels(state):
    """The market cards in play: the deck (its top is display position 0) and the two beside it (R8)."""
    return [data.CARDS[c].label for c in list(state.market_deck) + [c for c in state.market_display[1:] if c >= 0]]


def test_chapter_2_the_artisan_hall_is_in_play(build):
    for seed in range(12):
        halls = story(build, 2, seed=seed).halls
        assert data.CH2_HALL in halls and data.HALLS[data.CH2_HALL].kind == data.H_ADVANCE
        assert len(set(halls)) == 5 and sum(data.HALLS[h].passive for h in halls) <= 1      # R5


def test_chapter_7_no_monks_no_market_card_7_and_all_seven_workers(build):
    s = story(build, 7)
    assert "7" not in market_labels(s) and len(market_labels(s)) == data.MARKET_CARDS - 4
    assert s.market_display[0] == s.market_deck[-1]
    s = at_turn(build, 7)
    assert s.workers_free[0] == 7
    s.coins[0] = 50
    legal = s.legal_actions(0)
    monks = range(ACTIONS.first("MONK"), ACTIONS.first("DELIVER"))
    workers = range(ACTIONS.first("WORKER"), ACTIONS.first("MONK"))
    assert not any(a in monks for a in legal)                    # « laissez tous les Moines dans la boîte »
    assert any(a in workers for a in legal)


def test_chapter_7_a16_the_temples_coins_each_round_the_shortfall_in_points(build):
    s = story(build, 7)
    s.coins[0], s.score[0], s.round = 9, 4, 1                    # round 2: 6 coins (TEMPLE_COST)
    chapters.at_round_end(s)
    assert (s.coins[0], s.score[0]) == (9 - data.TEMPLE_COST[1], 4)
    s.coins[0], s.round = 5, 3                                   # round 4: 8 due, 5 paid, 3 points
    chapters.at_round_end(s)
    assert (s.coins[0], s.score[0]) == (0, 1)
    s.round = 0
    chapters.at_round_end(s)                                     # nothing to pay with: below 0
    assert (s.coins[0], s.score[0]) == (0, 1 - data.TEMPLE_COST[0])


def test_chapter_7_the_tax_is_paid_at_every_round_end_in_play(build):
    s = story(build, 7, seed=3)
    rng = random.Random(3)
    rounds_seen = {}
    while not s.is_terminal():
        before = s.round
        coins, score = s.coins[0], s.score[0]
        s.apply(s.actor, rng.choice(s.legal_actions(s.actor)))
        if s.round != before:
            rounds_seen[before] = (coins, score, s.coins[0], s.score[0])
        assert s.monks_used[0] == data.MONKS
        assert s.workers_free[0] <= 7 and s.workers_unlocked[0] == 0    # a sword frees no eighth worker
    assert sorted(rounds_seen) == [0, 1, 2]
    # the replay tells it: one event a round, what was due, the coins paid and the points for the rest
    taxes = [e for e in s.observation(0)["events"] if e["event"] == "temple_tax"]
    assert [e["due"] for e in taxes] == list(data.TEMPLE_COST)
    assert all(e["coins"] + e["points"] == e["due"] and e["seat"] == 0 for e in taxes)


def test_chapter_11_no_decorating_cards_and_hall_out(build):
    for seed in range(6):
        s = story(build, 11, seed=seed)
        assert data.CH11_HALL_OUT not in s.halls and len(s.halls) == 5
        assert not set(market_labels(s)) & {"2", "6"}
        assert all(data.CARDS[c].label != "C" for deck in s.daimyo_deck for c in deck)
        honours = list(s.honour_deck) + list(s.honour_display)
        assert all(data.HONOURS[h].kind not in data.CH11_HONOUR_KINDS_OUT for h in honours)
        assert len(s.honour_display) == len(story(build, 1, seed=seed).honour_display)


def test_chapter_11_a42_the_academy_is_closed_to_the_seat(build):
    s = at_turn(build, 11)
    academy = ACTIONS.first("WORKER") + 1 + len(data.SWORD_SPACES)      # SPACES..., MARKET, ACADEMY
    market = academy - 1
    assert market in s.legal_actions(0) and academy not in s.legal_actions(0)
    s7 = at_turn(build, 9)
    assert academy in s7.legal_actions(0)


def test_chapter_11_a_sword_taken_gives_the_rounds_number_in_coins(build):
    for chapter, extra in ((11, 3), (9, 0)):
        s = at_turn(build, chapter)
        s.round = 2                                              # round 3: 3 more coins
        space = next(k for k in range(len(data.SWORD_SPACES))
                     if ACTIONS.first("WORKER") + k in s.legal_actions(0))
        coins, tile_coins = s.coins[0], data.TILES[s.space_tile[space]].coins
        s.apply(0, ACTIONS.first("WORKER") + space)
        assert s.coins[0] == coins + tile_coins + extra


def test_chapter_11_the_ghost_ignores_its_academie_cards(build):
    ghosts = load_module("engine_ext.shogun._ghost", build)
    s = story(build, 11)
    s.ghost.deck = [data.G_MARKET, data.G_ACADEMY]                # the Académie card on top
    s.ghost.discard = []
    academy, market = list(s.academy_used), sum(s.market_used)
    ghosts.ghost_turn(s, s.ghost)
    assert data.G_ACADEMY in s.ghost.discard and data.G_MARKET in s.ghost.discard
    assert list(s.academy_used) == academy and sum(s.market_used) == market + 1   # it went to the market
    assert chapters.ghost_ignores(s, data.G_ACADEMY) and not chapters.ghost_ignores(story(build, 1),
                                                                                    data.G_ACADEMY)


def test_chapter_13_the_five_chosen_halls(build):
    for seed in range(4):
        assert list(story(build, 13, seed=seed).halls) == list(data.CH13_HALLS)


# ---------------------------------------------------------------- both builds, every chapter
@pytest.mark.parametrize("chapter", range(1, 15))
def test_both_builds_agree_step_by_step_on_every_chapter(chapter):
    from test_builds import assert_builds_agree
    assert_builds_agree(rules("compiled"), rules("python"), 1, 40 + chapter,
                        {"ghost": chapter % 5 + 1, "chapter": chapter})


# ---------------------------------------------------------------- chapter 12: the ruined palace
def _palace_turn(build, seed=2):
    """Chapter 12 at seat 0's placement, with coins to spare."""
    s = at_turn(build, 12, seed=seed)
    s.coins[0] = 30
    s.halls = [0, 1, 2, 3, 4]                                              # take 2 coins in the first hall
    return s


def test_chapter_12_three_halls_and_two_family_members(build):
    s = story(build, 12)
    assert s.family_home[0] == 2
    view = s.full_view()
    assert [h["hall"] for h in view["halls"]] == [data.HALLS[h].key for h in s.halls[:3]]     # A43: drawn
    assert chapters.family_members(s) == 2 and chapters.open_halls(s) == 3
    assert len({tuple(story(build, 12, seed=seed).halls[:3]) for seed in range(8)}) > 1


def test_chapter_12_both_members_may_share_a_hall_which_then_acts_once(build):
    s = _palace_turn(build)
    palace = ACTIONS.first("WORKER") + len(data.SWORD_SPACES) + 2          # SPACES..., MARKET, ACADEMY, PALACE
    s.member[0] = 1                                                        # one member already in hall 1
    s.family_home[0] = 1
    s.apply(0, palace)
    hall = ACTIONS.first("HALL")
    offered = [a - hall for a in s.legal_actions(0) if hall <= a < hall + data.HALLS_IN_PLAY]
    assert offered == [0, 1, 2]                                           # the same hall again; 4, 5 closed
    s.apply(0, hall + 0)
    assert s.member[0] == 2 and s.family_home[0] == 0
    while hall + 0 not in s.legal_actions(0):                              # skip the reorganization
        s.apply(0, ACTIONS.first("DONE"))
    coins = s.coins[0]
    s.apply(0, hall + 0)                                                   # « Prendre 2 pièces »
    assert s.coins[0] == coins + 2
    assert hall + 0 not in s.legal_actions(0)                              # once, though two members are there
    assert s.full_view()["halls"][0]["members"] == [0, 0]


def test_chapter_12_the_ghost_has_two_members_and_three_halls(build):
    ghosts = load_module("engine_ext.shogun._ghost", build)
    s = story(build, 12)
    for _ in range(3):
        s.ghost.deck = [data.G_PALACE]
        s.ghost.discard = []
        s.ghost.available = 3
        s.palace_used[0] = s.palace_used[1] = s.palace_used[2] = 0
        ghosts.ghost_turn(s, s.ghost)
    assert len(s.ghost.halls) == 2 and all(h < 3 for h in s.ghost.halls)


# ---------------------------------------------------------------- chapter 13: scarce resources
def test_chapter_13_a_coin_on_a_resource_bought_raises_its_price_for_good(build):
    s = at_turn(build, 13)
    s.coins[0] = 20
    market = ACTIONS.first("WORKER") + len(data.SWORD_SPACES)
    purchase, done = ACTIONS.first("PURCHASE"), ACTIONS.first("DONE")
    s.apply(0, market)
    s.apply(0, purchase + data.BOIS)                                       # Bois 1
    s.apply(0, purchase + data.ACIER)                                      # Acier 2
    assert s.coins[0] == 17
    s.apply(0, done)
    assert s.full_view()["phase"] == "market_coin"
    assert sorted(s.legal_actions(0)) == [purchase + data.BOIS, purchase + data.ACIER]   # only what was bought
    s.apply(0, purchase + data.ACIER)
    assert list(s.market_coins) == [0, 0, 1, 0]
    assert s.observation(0)["chapter"]["market_prices"] == {"laque": 4, "bois": 1, "acier": 3, "galuchat": 3}
    s.market_coins[data.ACIER] = 2                                         # Acier now costs 2 + 2
    s.coins[0] = 3
    s.phase, s.actor, s.bought_mask = 5, 0, 0                              # PH_MARKET_BUY again
    assert purchase + data.ACIER not in s.legal_actions(0) and purchase + data.GALUCHAT in s.legal_actions(0)
    s.coins[0] = 4
    s.apply(0, purchase + data.ACIER)
    assert s.coins[0] == 0


def test_chapter_13_nothing_bought_no_coin(build):
    s = at_turn(build, 13)
    s.coins[0] = 20
    s.apply(0, ACTIONS.first("WORKER") + len(data.SWORD_SPACES))
    s.apply(0, ACTIONS.first("DONE"))
    assert s.full_view()["phase"] != "market_coin" and list(s.market_coins) == [0, 0, 0, 0]


def test_chapter_13_the_ghost_puts_a_coin_on_the_fewest_then_the_dearest(build):
    ghosts = load_module("engine_ext.shogun._ghost", build)
    s = story(build, 13)
    placed = []
    for _ in range(5):
        s.ghost.deck, s.ghost.discard, s.ghost.available = [data.G_MARKET], [], 3
        for k in range(len(s.market_used)):
            s.market_used[k] = 0
        ghosts.ghost_turn(s, s.ghost)
        placed.append(list(s.market_coins))
    # prices 4, 1, 2, 3: Laque, then Galuchat, Acier, Bois; then Laque again (4 + 1 against 3 + 1...)
    assert placed[:4] == [[1, 0, 0, 0], [1, 0, 0, 1], [1, 0, 1, 1], [1, 1, 1, 1]]
    assert placed[4] == [2, 1, 1, 1]
    assert list(story(build, 9).market_coins) == [0, 0, 0, 0]


def test_chapter_6_the_chosen_composition_can_be_laid_on_the_forge():
    import array
    s = story("python", 6)
    assert s.can_compose(array.array("i", data.CH6_KATANA_COUNTS), -1)            # R98: one chain L-B-A-G


def test_a_forfeited_chapter_is_lost(build):
    s = story(build, 7)
    s.forfeit(0)
    block = s.result()["chapter"]
    assert block["won"] is False and block["number"] == 7

"""Risques rules from concrete positions: dice pools, wagers, Privilege, Duel, Frappe-éclair,
wounds, honor, glory and reputations.  Dice are scripted (``state.scripted``: the next faces)."""
import pytest

from arena.engines import load_module
from engine_ext.risques import data


def rules(build):
    return load_module("engine_ext.risques._rules", build)


def seed_for(build, n, chars, **options):
    """A match whose seats hold ``chars`` (roster keys, in seat order): the draw is by seed."""
    m = rules(build)
    options.setdefault("scenes", 1)
    for seed in range(20000):
        state = m.new_state(n, seed, options)
        if [data.CHARACTERS[state.character[s]].key for s in range(len(chars))] == chars:
            return state
    raise AssertionError("no seed deals %s" % chars)


def act(state, seat, name):
    state.apply(seat, state_names(state).index(name))


def state_names(state):
    from engine_ext.risques import views
    return views.ACTION_NAMES


def legal(state, seat):
    names = state_names(state)
    return [names[a] for a in state.legal_actions(seat)]


def events(state, kind):
    view = state.full_view()
    return [e for e in view["events"] if e["event"] == kind]


def pools(state):
    return state.p_pool[state.ra], state.p_pool[state.rb]


def fighting_pool(key):
    c = data.CHARACTERS[data.character_index(key)]
    best = max([p // 10 for name, p, martial in c.reputations if martial] or [0])
    return data.static_pool(c) + best


# ------------------------------------------------------------------ dice sources
@pytest.mark.parametrize("key,expected", [("kenji", 4 + 1 + 2 + 1 + 3 + 1 + 2), ("goro", 3 + 2 + 2 + 3 + 2 + 0),
                                          ("toshiro", 4 + 2 + 2 + 1 + 1 + 2)])
def test_fighting_pool_adds_valeur_and_every_source_that_applies(key, expected):
    # Valeur + giri rank + clan 2 + name 1 + aspect 3 + equipment rank + best martial reputation rank
    assert fighting_pool(key) == expected


def test_roster_is_balanced_and_virtues_follow_one_spread():
    for c in data.CHARACTERS:
        assert sorted(c.virtues, reverse=True) == list(data.VIRTUE_SPREAD)
        assert fighting_pool(c.key) == (12 if c.role in (data.GENERAL, data.YOJIMBO) else 14)
        assert len(c.reputations) <= data.max_reputations(c)


def test_duel_pool_counts_the_opponents_known_handicap(build):
    s = seed_for(build, 2, ["kenji", "toshiro"], mode="duel")
    assert pools(s) == (fighting_pool("kenji") + 2, fighting_pool("toshiro") + 2)


def test_spending_honor_adds_four_dice_once_and_empties_the_reserve(build):
    s = seed_for(build, 2, ["kenji", "toshiro"], mode="duel")
    reserve = s.honor[7]
    before = s.p_pool[0]
    assert "SPEND_HONOR" in legal(s, 0)
    act(s, 0, "SPEND_HONOR")
    assert s.p_pool[0] == before + 4 and s.honor[7] == reserve - 1
    assert "SPEND_HONOR" not in legal(s, 0), "one honor point per risk"


def test_invoking_a_wound_adds_its_rank_and_gives_the_wounded_one_honor(build):
    s = seed_for(build, 2, ["kenji", "toshiro"], mode="duel", honor_pool="personal")
    s.wounds[1 * 6 + 3] = 1
    s.wounds[1 * 6 + 1] = 2
    assert [n for n in legal(s, 0) if n.startswith("INVOKE")] == ["INVOKE_WOUND_RANK_1", "INVOKE_WOUND_RANK_3"]
    before, honor1 = s.p_pool[0], s.honor[1]
    act(s, 0, "INVOKE_WOUND_RANK_3")
    act(s, 0, "INVOKE_WOUND_RANK_1")
    act(s, 0, "INVOKE_WOUND_RANK_1")
    assert s.p_pool[0] == before + 5
    assert s.honor[1] == honor1 + 3
    assert not [n for n in legal(s, 0) if n.startswith("INVOKE")], "each wound once per risk"


def test_shared_reserve_receives_the_honor_of_invoked_wounds(build):
    s = seed_for(build, 2, ["kenji", "toshiro"], mode="duel")
    s.wounds[1 * 6 + 2] = 1
    reserve = s.honor[7]
    act(s, 0, "INVOKE_WOUND_RANK_2")
    assert s.honor[7] == reserve + 1


def test_each_fighter_adds_one_honor_at_the_start_of_a_scene(build):
    s = seed_for(build, 2, ["kenji", "toshiro"], mode="duel", honor_pool="personal")
    assert s.honor[0] == s.honor[1] == data.START_HONOR[0] + 1
    shared = seed_for(build, 2, ["kenji", "toshiro"], mode="duel")
    assert shared.honor[7] == 2 * data.START_HONOR[0] + 2


# ------------------------------------------------------------------ the Duel
def duel(build, chars=("kenji", "toshiro"), **options):
    s = seed_for(build, 2, list(chars), mode="duel", **options)
    act(s, 0, "POOL_DONE")
    act(s, 1, "POOL_DONE")
    return s


def test_duel_the_larger_pool_chooses_wagers_and_the_other_matches_even_to_zero_dice(build):
    s = duel(build)                               # kenji 16 dice, toshiro 14
    assert s.current_seats() == [0]
    assert legal(s, 0)[-1] == "WAGER_16"
    s.scripted = []
    act(s, 0, "WAGER_15")
    assert s.p_wager[0] == 15 and s.p_wager[1] == 14, "toshiro wagers all he has: 0 dice left"
    rolls = {e["a"]: e["extra"] for e in events(s, "roll")}
    assert rolls == {0: 1, 1: 0}


def test_duel_equal_pools_the_challenger_chooses(build):
    s = seed_for(build, 2, ["yuki", "daigo"], mode="duel")
    act(s, 0, "POOL_DONE")
    act(s, 1, "POOL_DONE")
    assert s.p_pool[0] == s.p_pool[1] and s.current_seats() == [0]


def test_duel_the_smaller_pool_can_buy_the_choice_with_honor(build):
    s = seed_for(build, 2, ["kenji", "toshiro"], mode="duel")
    act(s, 0, "POOL_DONE")
    act(s, 1, "SPEND_HONOR")
    act(s, 1, "POOL_DONE")
    assert s.current_seats() == [1]


def test_duel_privilege_keeps_all_loser_at_ten_keeps_half_rounded_up_and_glory(build):
    s = duel(build)
    # kenji wagers 5 (11 dice), toshiro 5 (9 dice); kenji rolls 11x4 = 44, toshiro 9x2 = 18
    s.scripted = [4] * 11 + [2] * 9
    act(s, 0, "WAGER_5")
    assert s.winner == 0 and s.p_kept[0] == 5 and s.p_kept[1] == 3
    assert s.glory[1] == 1, "3 kept wagers: 1 glory (2 wagers = 1 point)"
    assert legal(s, 0) == ["WOUND_WAGERS_0", "DUEL_DRAW"], "a katana kills: no wagers on the wound"
    act(s, 0, "WOUND_WAGERS_0")           # the strike: death, unless 1 honor saves him
    assert s.current_seats() == [1] and legal(s, 1) == ["SAVE", "ACCEPT_DEATH"]
    act(s, 1, "ACCEPT_DEATH")
    assert s.dead[1] == 1
    # kenji: his 5 kept wagers = 2 glory, + stage 4: toshiro wagered 5 and rolled 9 dice
    assert s.glory[0] == 2 + 5
    assert s.is_terminal() and s.result()["ranks"] == [1, 2]


def test_duel_under_ten_keeps_nothing_and_a_tie_gives_nobody_the_privilege(build):
    s = duel(build)
    s.scripted = [1] * 6 + [1] * 4           # 6 vs 4 dice: both under 10
    act(s, 0, "WAGER_10")
    assert s.winner == -1 and s.p_kept[0] == 0 and s.p_kept[1] == 0
    s = duel(build)
    s.scripted = [2] * 6 + [3] * 4           # 12 vs 12: a tie at 10+
    act(s, 0, "WAGER_10")
    assert s.winner == -1 and s.p_kept[0] == 5 and s.p_kept[1] == 5
    assert s.dead[0] == s.dead[1] == 0


def test_duel_glory_needs_the_opponent_to_keep_two_dice(build):
    s = duel(build)
    s.scripted = [6] * 3 + [1]                # kenji 3 dice, toshiro 14-13 = 1 die
    act(s, 0, "WAGER_13")
    assert s.p_wager[1] == 13 and s.p_pool[1] - s.p_wager[1] == 1
    act(s, 0, "DUEL_DRAW")
    # toshiro kept only 1 die: kenji earns no stage-4 glory from him; only his own wagers (13 // 2)
    assert s.glory[0] == 13 // 2
    # toshiro, honoured: kenji rolled 3 dice, so toshiro gains kenji's 13 wagers made
    assert s.glory[1] == 13


def test_duel_honoring_the_opponent_leaves_both_unhurt_with_their_glory(build):
    s = duel(build)
    s.scripted = [5] * 12 + [3] * 10
    act(s, 0, "WAGER_4")
    act(s, 0, "DUEL_DRAW")
    assert not any(s.wounds[i] for i in range(12)) and s.dead[0] == s.dead[1] == 0
    assert events(s, "draw")
    assert s.glory[0] == 4 // 2 + 4 and s.glory[1] == 2 // 2 + 4


def test_a_non_katana_weapon_wounds_rank_one_plus_the_wagers_spent(build):
    s = duel(build, ("goro", "kenji"))          # goro: tetsubo
    assert s.current_seats() == [1]             # kenji has the larger pool
    s.scripted = [6] * 10 + [1] * 8             # goro first (seat 0), 10 dice; kenji 8 dice
    act(s, 1, "WAGER_6")
    assert s.winner == 0 and s.p_kept[0] == 6
    assert legal(s, 0) == ["WOUND_WAGERS_%d" % k for k in range(6)] + ["DUEL_DRAW"]
    act(s, 0, "WOUND_WAGERS_3")
    assert s.wounds[1 * 6 + 4] == 1, "rank 1 + 3 wagers"
    assert s.glory[0] == 1 + 6, "3 wagers left: 1 glory; + kenji's 6 wagers made"


def test_honor_turns_a_death_into_a_rank_five_wound_out_of_the_match(build):
    s = duel(build)
    s.scripted = [4] * 11 + [2] * 9
    act(s, 0, "WAGER_5")
    act(s, 0, "WOUND_WAGERS_0")
    reserve = s.honor[7]
    act(s, 1, "SAVE")
    assert s.dead[1] == 0 and s.wounds[1 * 6 + 5] == 1 and s.honor[7] == reserve - 1
    # out of combat: offered seppuku at the end of the scene, and worth no survival points
    assert s.current_seats() == [1] and legal(s, 1) == ["SEPPUKU", "NO_SEPPUKU"]
    act(s, 1, "NO_SEPPUKU")
    assert s.is_terminal() and s.score(1) == s.glory[1]


def test_without_honor_a_katana_hit_kills_outright(build):
    s = duel(build)
    s.honor[7] = 0
    s.scripted = [4] * 11 + [2] * 9
    act(s, 0, "WAGER_5")
    act(s, 0, "WOUND_WAGERS_0")
    assert s.dead[1] == 1 and s.is_terminal()


# ------------------------------------------------------------------ wounds between scenes
def test_wounds_heal_by_the_table_between_scenes(build):
    s = seed_for(build, 2, ["kenji", "toshiro"], mode="duel", scenes=2)
    for r in range(1, 5):
        s.wounds[1 * 6 + r] = 1
    s.wounds[0 * 6 + 2] = 2                      # several wounds of one rank
    act(s, 0, "POOL_DONE")
    act(s, 1, "POOL_DONE")
    s.scripted = [1] * 10
    act(s, 0, "WAGER_10")                        # 6 and 4 dice of 1: both under 10, nobody hurt
    assert s.scene == 1
    # rank 1-2 heal in days, 3 and 4 lose one rank in the season
    assert [s.wounds[1 * 6 + r] for r in range(1, 6)] == [0, 1, 1, 0, 0]
    assert [s.wounds[0 * 6 + r] for r in range(1, 6)] == [0, 0, 0, 0, 0]
    assert s.current_seats() == [1], "the challenger alternates by scene"


def test_a_rank_five_wound_keeps_a_samurai_out_and_ends_a_two_player_match(build):
    s = seed_for(build, 2, ["kenji", "toshiro"], mode="duel", scenes=3)
    s.wounds[1 * 6 + 5] = 1
    act(s, 0, "POOL_DONE")
    act(s, 1, "POOL_DONE")
    s.scripted = [1] * 10
    act(s, 0, "WAGER_10")
    act(s, 1, "NO_SEPPUKU")
    assert s.is_terminal() and s.result()["end_reason"] == "last_standing"
    assert s.wounds[1 * 6 + 5] == 1, "a year to heal"


# ------------------------------------------------------------------ seppuku
def seppuku_position(build, **options):
    s = seed_for(build, 2, ["kenji", "toshiro"], mode="duel", **options)
    s.wounds[1 * 6 + 5] = 1
    act(s, 0, "POOL_DONE")
    act(s, 1, "POOL_DONE")
    s.scripted = [1] * 10
    act(s, 0, "WAGER_10")
    return s


def test_seppuku_is_a_courage_plus_giri_risk_adding_four_honor_plus_wagers(build):
    s = seppuku_position(build, honor_pool="personal")
    act(s, 1, "SEPPUKU")
    toshiro = data.CHARACTERS[data.character_index("toshiro")]
    assert legal(s, 1)[-1] == "WAGER_%d" % (toshiro.virtues[1] + toshiro.giri_rank)
    honor = s.honor[1]
    s.scripted = [5, 5]                          # 5 dice, 3 wagered: 2 dice for 10
    act(s, 1, "WAGER_3")
    assert s.honor[1] == honor + 4 + 3 and s.dead[1] == 1 and s.dignified[1] == 1
    assert s.score(1) == s.glory[1] + data.SURVIVAL_POINTS[0] + s.honor[1]


def test_a_failed_seppuku_restores_nothing(build):
    s = seppuku_position(build)
    act(s, 1, "SEPPUKU")
    reserve = s.honor[7]
    s.scripted = [4, 5]
    act(s, 1, "WAGER_3")
    assert s.honor[7] == reserve and s.dead[1] == 1 and s.dignified[1] == 0
    assert s.score(1) == s.glory[1]


# ------------------------------------------------------------------ glory and reputations
def test_glory_rises_the_martial_reputation_by_a_rank_every_ten_points(build):
    s = duel(build)
    assert s.rep_rank(0) == 2
    s.scripted = [4] * 11 + [2] * 9
    act(s, 0, "WAGER_5")
    act(s, 0, "WOUND_WAGERS_0")
    act(s, 1, "ACCEPT_DEATH")
    assert s.reps[0] == 20 + 7 and s.rep_rank(0) == 2
    names = [r["name"] for r in s.full_view()["seats"][0]["reputations"]]
    assert names == ["Duelliste invaincu"]


def test_glory_without_a_martial_reputation_creates_one_within_one_plus_giri(build):
    s = duel(build, ("goro", "kenji"))
    assert [s.reps[4 * 0 + i] for i in range(4)] == [-1, -1, -1, -1]
    s.scripted = [6] * 10 + [1] * 8
    act(s, 1, "WAGER_6")
    act(s, 0, "WOUND_WAGERS_3")
    reps = s.full_view()["seats"][0]["reputations"]
    assert len(reps) == 1 and reps[0]["martial"] and reps[0]["points"] == s.glory[0]


# ------------------------------------------------------------------ Frappe-éclair
def frappe(build, chars=("kenji", "yuki"), **options):
    return seed_for(build, 2, list(chars), mode="frappe", **options)


def declare(s, d0, d1):
    assert s.current_seats() == [0, 1]
    act(s, 0, d0)
    assert s.current_seats() == [1]
    act(s, 1, d1)


def test_frappe_declarations_are_secret_until_both_are_made(build):
    s = frappe(build)
    act(s, 0, "SURPRISE")
    view = s.observation(1)
    assert view["participants"][0]["secret"] is None
    assert "SURPRISE" not in str(view).upper().replace("SURPRISED", "")
    assert s.observation(0)["participants"][0]["secret"] == {"phase": "declare", "choice": "surprise"}
    act(s, 1, "GARDE")
    assert [e["declaration"] for e in events(s, "declare")] == ["surprise", "garde"]


def test_the_lone_striker_gets_two_dice(build):
    s = frappe(build)
    base = s.base_pool(0, 1)
    declare(s, "FRAPPE", "CALM")
    assert s.p_pool[0] == base + 2 and s.p_pool[1] == s.base_pool(1, 0)


def test_no_bonus_when_both_strike_at_once(build):
    s = frappe(build)
    base = (s.base_pool(0, 1), s.base_pool(1, 0))
    declare(s, "FRAPPE", "FRAPPE")
    assert pools(s) == base


def test_garde_cancels_the_bonus_and_stops_a_surprise(build):
    s = frappe(build)
    base = (s.base_pool(0, 1), s.base_pool(1, 0))
    declare(s, "CALM", "GARDE")
    assert s.p_guard[1] == 1 and s.phase == 2, "nobody struck: another round"
    assert "CALM" not in legal(s, 1), "a guard stays up"
    declare(s, "SURPRISE", "GARDE")
    assert pools(s) == base and s.surprised == -1


def test_a_successful_surprise_keeps_the_strikers_two_dice(build):
    # « Celui qui Frappe a l'avantage au premier Risque (+2 Dés) »: a Surprise is a Frappe, and
    # the surprised target, who rolls nothing, does not take that advantage away
    s = frappe(build)
    base = (s.base_pool(0, 1), s.base_pool(1, 0))
    declare(s, "SURPRISE", "CALM")
    assert s.surprised == 1 and s.bonus_p == 0
    assert pools(s) == (base[0] + 2, base[1])


def test_a_surprise_met_by_a_frappe_is_a_plain_exchange(build):
    s = frappe(build)
    base = (s.base_pool(0, 1), s.base_pool(1, 0))
    declare(s, "SURPRISE", "FRAPPE")
    assert s.surprised == -1 and pools(s) == base


def test_surprise_leaves_the_victim_without_dice_and_costs_one_honor(build):
    s = frappe(build)
    reserve = s.honor[7]
    declare(s, "SURPRISE", "CALM")
    assert s.surprised == 1 and s.honor[7] == reserve - 1
    act(s, 0, "POOL_DONE")
    act(s, 1, "POOL_DONE")
    act(s, 0, "WAGER_10")
    act(s, 1, "WAGER_3")
    s.scripted = [2] * 20
    act(s, 0, "ROLL")
    act(s, 1, "ROLL")
    assert s.p_sum[1] == 0 and s.winner == 0
    assert [e["extra"] for e in events(s, "roll")] == [s.p_pool[0] - 10, 0]


def test_surprise_needs_honor(build):
    s = frappe(build)
    s.honor[7] = 0
    assert "SURPRISE" not in legal(s, 0)


def test_the_third_stand_off_round_forces_a_strike(build):
    s = frappe(build)
    declare(s, "CALM", "CALM")
    declare(s, "GARDE", "CALM")
    assert s.decl_round == 2
    assert legal(s, 0) == ["FRAPPE", "SURPRISE"]


def test_frappe_wagers_are_secret_and_revealed_together_then_rolled(build):
    s = frappe(build)
    declare(s, "FRAPPE", "FRAPPE")
    assert s.current_seats() == [0, 1]
    act(s, 1, "POOL_DONE")
    act(s, 0, "SPEND_HONOR")
    act(s, 0, "POOL_DONE")
    act(s, 1, "WAGER_7")
    assert s.observation(0)["participants"][1]["secret"] is None
    assert s.observation(0)["participants"][1]["wager"] == 0
    assert not events(s, "wager")
    act(s, 0, "WAGER_2")
    assert [(e["a"], e["amount"]) for e in events(s, "wager")] == [(0, 2), (1, 7)]
    assert s.current_seats() == [0, 1] and legal(s, 0) == ["ROLL"]


def test_frappe_katana_kill_turns_the_remaining_wagers_into_glory(build):
    s = frappe(build)
    declare(s, "FRAPPE", "CALM")
    act(s, 0, "POOL_DONE")
    act(s, 1, "POOL_DONE")
    act(s, 0, "WAGER_7")
    act(s, 1, "WAGER_0")
    s.honor[7] = 0
    s.scripted = [6] * 11 + [1] * 16          # kenji 18 - 7 dice, yuki 16 dice
    act(s, 0, "ROLL")
    act(s, 1, "ROLL")
    assert s.winner == 0 and s.dead[1] == 1
    assert s.glory[0] == 3 and s.is_terminal()


def test_a_general_can_have_an_ashigaru_take_the_wound(build):
    s = frappe(build, ("toshiro", "yuki"))
    declare(s, "CALM", "FRAPPE")
    act(s, 0, "POOL_DONE")
    act(s, 1, "POOL_DONE")
    act(s, 0, "WAGER_0")
    act(s, 1, "WAGER_0")
    s.scripted = [1] * 14 + [6] * 20
    act(s, 0, "ROLL")
    act(s, 1, "ROLL")
    assert s.winner == 1 and s.current_seats() == [0] and legal(s, 0) == ["ABSORB", "NO_ABSORB"]
    act(s, 0, "ABSORB")
    assert s.dead[0] == 0 and s.vrank[0] == 0 and s.vrank[1] == 1 and events(s, "absorb")


def test_no_vassal_takes_a_wound_in_the_ritual_duel(build):
    s = duel(build, ("toshiro", "yuki"))
    s.scripted = [1] * 14 + [6] * 20
    act(s, 1, "WAGER_0")
    act(s, 1, "WOUND_WAGERS_0")
    assert legal(s, 0) == ["SAVE", "ACCEPT_DEATH"]


# ------------------------------------------------------------------ options, score, forfeit
def test_mode_and_player_count_must_fit(build):
    m = rules(build)
    with pytest.raises(ValueError, match="mode duel is played by 2 players"):
        m.new_state(3, 1, {"mode": "duel"})
    with pytest.raises(ValueError, match="mode frappe is played by 2 players"):
        m.new_state(5, 1, {"mode": "frappe"})
    with pytest.raises(ValueError, match="massacre is played by 3 to 7 players"):
        m.new_state(2, 1, {"mode": "massacre"})
    assert m.new_state(2, 1, {}).mode == 0 and m.new_state(4, 1, {}).mode == 2


def test_personal_honor_counts_in_the_score_and_ranks_share_ties(build):
    s = duel(build, honor_pool="personal")
    s.scripted = [2] * 12 + [3] * 4 + [2] * 6   # 12 dice vs 10 dice, 24 each: a tie, nobody hurt
    act(s, 0, "WAGER_4")
    assert s.is_terminal()
    r = s.result()
    for seat in range(2):
        assert r["scores"][seat] == s.glory[seat] + 10 + s.honor[seat]
    assert r["ranks"] == ([1, 1] if r["scores"][0] == r["scores"][1] else r["ranks"])


def test_a_forfeiting_seat_ends_the_match_and_ranks_last(build):
    s = duel(build)
    s.forfeit(0)
    r = s.result()
    assert r["forfeited"] == [0] and r["ranks"] == [2, 1] and r["end_reason"] == "forfeit"

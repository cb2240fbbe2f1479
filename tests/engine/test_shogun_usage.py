"""Which designed components a game of Shōgun no Katana used (engine_ext/shogun/usage.py), as
``arena balance shogun`` counts them: the passive halls from what they changed, the rest from the
events.  The check that self-play uses every card, hall, tile and honour card is in
tests/arena/test_heuristic_shogun.py."""
from arena.engines import load_module
from engine_ext.shogun import data, usage
from engine_ext.shogun.heuristic import SwordSmith

from shogun_positions import act, position

JOHN = 0


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def test_a_permanent_bought_by_a_member_of_the_discount_hall_uses_it(build):
    halls = ("coins", "discount", "laque", "move", "artisan")
    s = position(rules(build), 4, turn=JOHN, coins={JOHN: 2}, halls=halls, members={JOHN: (0, 1)},
                 hands={JOHN: {"a_coins": 1}})
    act(s, JOHN, "WORKER_PALACE", "HALL_3", "DONE", "BUY_A_COINS", "LINE_ROW_1")
    used = usage.counts(s)
    assert used["halls"]["discount"] == 1 and sum(used["halls"].values()) == 1
    assert used["cards"]["a_coins"] == 1 and sum(used["cards"].values()) == 1


def test_a_member_placed_in_the_discount_hall_after_a_purchase_did_not_lower_it(build):
    halls = ("coins", "discount", "laque", "move", "artisan")
    s = position(rules(build), 4, turn=JOHN, coins={JOHN: 8}, halls=halls, hands={JOHN: {"a_coins": 1}})
    act(s, JOHN, "BUY_A_COINS", "LINE_ROW_1", "WORKER_PALACE", "HALL_2", "DONE")
    assert s.member[JOHN * data.HALLS_IN_PLAY + 1] == 1                    # a member there now
    assert usage.counts(s)["halls"]["discount"] == 0                       # but not when it bought


def test_a_sword_moved_with_a_resource_just_bought_uses_the_market_move_hall(build):
    halls = ("coins", "market_move", "laque", "move", "artisan")
    s = position(rules(build), 4, turn=JOHN, coins={JOHN: 3}, halls=halls, members={JOHN: (1,)},
                 stock={JOHN: "A"}, swords={JOHN: {"R2C1": ("baa", 0), "R3C1": ("aab", 0)}})
    act(s, JOHN, "WORKER_MARKET", "PURCHASE_BOIS", "DONE", "MOVE_R2C1")
    used = usage.counts(s)
    assert used["halls"]["market_move"] == 1 and sum(used["halls"].values()) == 1


def test_the_counts_of_a_game_add_up_to_its_events_and_name_every_component(build):
    s = rules(build).new_state(2, 5)
    bots = [SwordSmith(1), SwordSmith(2)]
    while not s.is_terminal():
        s.apply(s.actor, bots[s.actor].act(s.observation(s.actor), s.legal_actions(s.actor)))
    counts = usage.usage(s)
    used, seen = counts["used"], counts["seen"]
    assert {kind: len(items) for kind, items in used.items()} == {
        "cards": len(data.CARDS), "halls": len(data.HALLS), "tiles": data.NUM_TILES, "honours": len(data.HONOURS)}
    events = s.full_view()["events"]
    delivered = [e for e in events if e["event"] == "deliver" and e["tile"] != "katana"]
    assert sum(used["tiles"].values()) == len(delivered) > 0
    assert sum(used["cards"].values()) == sum(1 for e in events if e["event"] in ("play", "buy"))
    assert sum(used["honours"].values()) == sum(len(h) for h in s.honours) == 2 * data.ROUNDS
    assert sum(used["halls"].values()) >= sum(1 for e in events if e["event"] == "hall")
    for kind in usage.KINDS:          # nothing is used that was not in play
        assert all(seen[kind][key] for key, count in used[kind].items() if count), kind
    assert sum(seen["halls"].values()) == data.HALLS_IN_PLAY


def test_a_total_over_games_names_what_was_seen_but_never_used():
    total = usage.empty()
    one = usage.empty()
    one["seen"]["cards"]["a_move"] = 2
    one["used"]["cards"]["a_move"] = 1
    one["seen"]["cards"]["m4_second_advantage"] = 1
    usage.add(total, one)
    usage.add(total, one)
    assert total["used"]["cards"]["a_move"] == 2
    assert usage.never_used(total)["cards"] == ["m4_second_advantage"]
    assert "a_move" not in usage.never_seen(total)["cards"] and "b_bois" in usage.never_seen(total)["cards"]

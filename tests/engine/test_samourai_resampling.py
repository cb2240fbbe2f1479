"""Samouraï & Katana: resampling what a seat has not seen keeps what it knows.

From constructed positions: the card a Ninja took (known to the thief and its victim, not to the
others), the cards of an open trade and of a hand of warriors shown, a battle's committed cards
before the reveal, and a reshuffled discard pile.  In each, the cards the viewer knows stay where
they are in every resampled copy, the ones it does not know vary, and the copy's observation for
the viewer is the original's.  A random game with every option checks that each copy could have
happened: its log, as rewritten, deals and moves exactly the cards each clan holds."""
import random
from collections import Counter

from arena.engines import load_module
from engine_ext.samourai import data
from engine_ext.samourai.views import EVENT_NAMES
from samourai_positions import C, act, hand, position

NK = len(data.CARDS)
DRAW, RESHUFFLE = EVENT_NAMES.index("draw"), EVENT_NAMES.index("reshuffle")
SEEDS = range(30)


def twins(state, viewer):
    """Resampled copies of ``state`` for ``viewer``, each checked to look the same to it."""
    copies = []
    for seed in SEEDS:
        twin = state.resample_hidden(viewer, seed)
        assert twin.observation(viewer) == state.observation(viewer)
        assert twin.current_seats() == state.current_seats()
        assert [twin.hand_size[s] for s in range(state.n)] == [state.hand_size[s] for s in range(state.n)]
        copies.append(twin)
    return copies


def pass_windows(state):
    while state.step in (12, 13):            # a reaction window, a counter
        act(state, state.decider, "PASS")


def hands_of(copies, seat):
    return [tuple(sorted(hand(twin, seat).items())) for twin in copies]


def test_the_card_a_ninja_took_stays_with_the_thief_for_its_victim_and_nobody_else(build):
    s = position(build, board={"settsu": (0, 3, False), "harima": (1, 1, False), "bizen": (2, 1, False)},
                 hands={0: ["ninja", "ashigaru", "samourai", "arquebusiers"], 1: ["hatamoto", "gunbai", "wako"],
                        2: ["archers", "cavaliers", "nobori"]})
    act(s, 0, "PLAY_NINJA", "PLAYER_1")
    act(s, 1, "PASS")                        # its Justice window
    stolen = next(key for key in ("hatamoto", "gunbai", "wako") if hand(s, 0).get(key))
    assert hand(s, 0)[stolen] == 1 and s.hand_size[0] == 4

    victim = twins(s, 1)
    assert all(hand(twin, 0).get(stolen) for twin in victim), "the victim saw which card left it"
    assert hand(victim[0], 1) == hand(s, 1)
    assert len(set(hands_of(victim, 0))) > 5, "the thief's other three cards were never seen"
    assert len(set(hands_of(victim, 2))) > 5

    thief = twins(s, 0)
    assert all(hand(twin, 0) == hand(s, 0) for twin in thief)
    assert len(set(hands_of(thief, 1))) > 5, "the victim's two other cards are unknown to the thief"

    other = twins(s, 2)
    assert sum(1 for twin in other if hand(twin, 0).get(stolen)) < len(SEEDS), "the others did not see it"
    assert len(set(hands_of(other, 0))) > 5 and len(set(hands_of(other, 1))) > 5


def test_the_cards_of_an_open_trade_stay_where_they_went(build):
    s = position(build, board={"settsu": (0, 1, False)}, koku={0: 5}, diplomacy=True,
                 hands={0: ["ashigaru", "ninja", "samourai"], 1: ["gunbai", "hatamoto", "archers"],
                        2: ["cavaliers", "nobori", "alliance"]})
    act(s, 0, "OFFER_TRADE", "PLAYER_1", "OFFER_NINJA")
    act(s, 1, "OFFER_GUNBAI")
    for viewer in (0, 1, 2):
        copies = twins(s, viewer)
        assert all(hand(twin, 1).get("ninja") for twin in copies), "everyone saw the ninja go to clan 1"
        assert all(hand(twin, 0).get("gunbai") for twin in copies), "and the gunbai to clan 0"
        for seat in {0, 1, 2} - {viewer}:
            assert len(set(hands_of(copies, seat))) > 5, "their other cards were never shown"


def test_a_hand_of_warriors_shown_stays_known_but_the_card_drawn_after(build):
    warriors = ["ashigaru", "ashigaru", "samourai", "archers", "hatamoto"]
    s = position(build, board={"settsu": (0, 1, False)}, exchange=True,
                 hands={0: warriors, 1: ["gunbai", "ninja", "wako"]})
    act(s, 0, "ECHANGE", "DISCARD_ASHIGARU")
    copies = twins(s, 1)
    shown = Counter({"ashigaru": 1, "samourai": 1, "archers": 1, "hatamoto": 1})
    assert all(not shown - Counter(hand(twin, 0)) for twin in copies), "the four cards kept were shown"
    assert len({tuple(sorted((Counter(hand(twin, 0)) - shown).items())) for twin in copies}) > 3, (
        "the card drawn after the exchange was not")


def test_committed_battle_cards_are_redrawn_until_the_reveal_and_a_special_stays_blue(build):
    s = position(build, board={"settsu": (0, 4, False), "harima": (1, 2, False), "bizen": (2, 1, False)},
                 hands={0: ["cavaliers", "samourai", "gunbai", "ashigaru"], 1: ["hatamoto", "ashigaru", "archers"],
                        2: ["nobori", "arquebusiers", "alliance"]})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_4")
    pass_windows(s)
    act(s, 0, "COMMIT_CAVALIERS", "COMMIT_SAMOURAI", "COMMIT_GUNBAI")
    assert s.step == 14 and s.decider == 1
    defender = twins(s, 1)
    committed = {tuple(twin.b_cards[i] for i in range(3)) for twin in defender}
    assert len(committed) > 5, "the defender knows only that three cards were committed"
    assert all(data.CARDS[cards[2]].category == data.SPECIAL for cards in committed), "the third is blue"
    assert all(tuple(twin.b_cards[i] for i in range(3)) == (C("cavaliers"), C("samourai"), C("gunbai"))
               for twin in twins(s, 0)), "the attacker's own"
    act(s, 1, "COMMIT_HATAMOTO", "COMMIT_ASHIGARU", "NO_SPECIAL")
    assert s.b_winner >= 0 and s.step == 12
    for twin in twins(s, 2):
        assert [twin.b_cards[i] for i in range(6)] == [s.b_cards[i] for i in range(6)], "revealed to all"
        assert sorted(twin.discard) == sorted(s.discard)


def test_a_reshuffled_discard_pile_is_what_the_draws_after_it_came_from(build):
    s = position(build, board={"settsu": (0, 4, False), "harima": (1, 1, False), "bizen": (1, 1, False),
                               "tanba": (2, 1, False)},
                 hands={0: ["cavaliers", "samourai"], 1: ["hatamoto", "ashigaru"], 2: ["nobori", "alliance", "wako"]},
                 pile=["ninja"])
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_4")
    pass_windows(s)
    act(s, 0, "COMMIT_CAVALIERS", "COMMIT_SAMOURAI", "NO_SPECIAL")
    act(s, 1, "COMMIT_HATAMOTO", "COMMIT_ASHIGARU", "NO_SPECIAL")
    pass_windows(s)
    # the attacker's draw took the one card of the pile, then the battle's four cards were
    # reshuffled into a new pile, from which he and the defender drew the rest
    reshuffle = [e[0] for e in s.events].index(RESHUFFLE)
    assert s.hand_size[0] == 2 and s.hand_size[1] == 2 and len(s.pile) == 1
    known = Counter(["ninja", "cavaliers", "samourai", "hatamoto", "ashigaru"])
    copies = twins(s, 2)
    for twin in copies:
        drawn = Counter()
        for kind, actor, cards, *_ in twin.events[reshuffle + 1:]:
            if kind == DRAW:
                drawn.update(data.CARD_KEYS[c] for c in cards)
        assert drawn + Counter(data.CARD_KEYS[c] for c in twin.pile) == known, (
            "what was drawn from then on, and the pile left, are the ninja and the battle's cards")
        assert Counter(hand(twin, 0)) + Counter(hand(twin, 1)) + Counter(data.CARD_KEYS[c] for c in twin.pile) == known
    assert len(set(hands_of(copies, 0))) > 3 and len({twin.pile[0] for twin in copies}) > 1


def _replay(state):
    """What a game's log (started by ``new_state``) says each seat holds, read alone: the draws,
    the cards played, revealed, discarded or shown, the thefts and trades; and the cards drawn
    from the pile made by the last reshuffle of the discards, with what that pile was."""
    held = [Counter() for _ in range(state.n)]
    size = len(data.deck())
    carry = 0                   # a draw that emptied the pile is logged after the reshuffle
    discard, reshuffled, since = Counter(), Counter(), Counter()
    offer = None
    for kind, actor, a, b, amount, _ in state.events:
        name = EVENT_NAMES[kind]
        if name == "draw":
            held[actor].update(a)
            since.update(a[carry:])
            size -= amount - carry
            carry = 0
        elif name == "reshuffle":
            carry, size = size, amount
            reshuffled, since = discard, Counter()
            discard = Counter()
        elif name in ("play", "reveal") or (name == "show" and amount == 0):
            held[actor][a] -= 1
            discard[a] += 1
        elif name == "discard":
            held[actor].subtract(a)
            discard.update(a)
        elif name == "steal":
            held[b][a] -= 1
            held[actor][a] += 1
        elif name == "offer":
            offer = a
        elif name == "trade" and a >= 0:
            held[b][offer] -= 1
            held[actor][offer] += 1
            held[actor][a] -= 1
            held[b][a] += 1
        assert all(min(h.values(), default=0) >= 0 for h in held), f"a seat gave a card it did not hold: {name}"
    return held, reshuffled, since


def holdings(twin, s):
    """The cards clan ``s`` holds in ``twin``: its hand, its discards set aside and its battle cards
    not yet revealed."""
    holds = Counter({k: twin.hand[s * NK + k] + twin.pending[s * NK + k] for k in range(NK)})
    for i in range(6):
        if twin.b_cards[i] >= 0 and not twin.b_revealed and (twin.b_att if i < 3 else twin.b_def) == s:
            holds[twin.b_cards[i]] += 1
    return holds


def test_every_resampled_game_could_have_happened(build):
    module = load_module("engine_ext.samourai._rules", build)
    every = {option.name: 20 if option.name == "target" else True for option in module.SPEC.options}
    state = module.new_state(4, 5, every)
    rng = random.Random(5)
    for step in range(900):
        if state.is_terminal():
            break
        seat = state.current_seats()[0]
        if step % 150 == 149:
            for viewer in range(4):
                twin = state.resample_hidden(viewer, step + viewer)
                assert twin.observation(viewer) == state.observation(viewer)
                held, reshuffled, since = _replay(twin)
                for s in range(4):
                    assert +held[s] == +holdings(twin, s), f"seat {s}'s cards in the copy for {viewer}"
                if reshuffled:
                    assert since + Counter(twin.pile) == reshuffled, "the draws since the last reshuffle"
                assert [twin.treasury[s] for s in range(4)] == [state.treasury[s] for s in range(4)]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_long_game_of_six_clans_trading_is_resampled_though_most_readings_contradict_themselves(build):
    """Six clans with diplomacy, 2,700 random decisions in (1,627 events, many open trades): this
    copy for seat 2 takes 55 readings of the log, most contradicting themselves, which ran out of
    attempts when they were 25.  The copy keeps the viewer's view and could have happened."""
    module = load_module("engine_ext.samourai._rules", build)
    state = module.new_state(6, 1, {"diplomacy": True})
    rng = random.Random(1)
    for _ in range(2700):
        seat = rng.choice(state.current_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(state.events) == 1627 and not state.is_terminal()
    twin = state.resample_hidden(2, 11)
    assert twin.observation(2) == state.observation(2)
    assert twin.current_seats() == state.current_seats()
    held, _, _ = _replay(twin)
    for s in range(6):
        assert +held[s] == +holdings(twin, s), f"seat {s}'s cards in the copy"

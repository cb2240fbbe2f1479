# Declarations that make _core.py a compiled module: C types for the state,
# C calls for everything on the hot path.  Names not declared here stay Python.
cimport cython
from engine_ext._rng cimport Rng

cdef int NUM_CARDS, NUM_WEAPONS, FIRST_PERMANENT, NUM_PERMANENTS, DECK_SIZE, NUM_CHARACTERS
cdef int CONCENTRATION, ARMURE, ATTAQUE_RAPIDE, BUSHIDO, PARADE, GEISHA, DIVERSION
cdef int CRI_DE_GUERRE, CEREMONIE, MEDITATION, JU_JITSU, DAIMYO
cdef int BENKEI, CHIYOME, GINCHIYO, GOEMON, HANZO, HIDEYOSHI, IEYASU, KOJIRO, MUSASHI
cdef int NOBUNAGA, TOMOE, USHIWAKA
cdef int SHOGUN, SAMURAI, NINJA, RONIN, NINJA_TEAM, HAND_LIMIT, DRAWS_PER_TURN
cdef int[::1] TEAM_OF_ROLE, CARD_RANGE, CARD_DAMAGE, RESILIENCE
cdef int[::1] FULL_DECK, ROLE_DECKS, SHOGUN_HONOR, OTHER_HONOR, STARTING_HAND
cdef int END_TURN, PLAY, TARGET, PARRY, TAKE_DAMAGE, PARRY_WITH, DISCARD, BUSHIDO_PAY_HONOR
cdef int DRAW_FROM_DISCARD, DRAW_FROM_PILE, NOBUNAGA_DRAW, GEISHA_HAND, GEISHA_PERMANENT, NUM_ACTIONS
cdef int BUSHIDO_CHOICE, DRAW_CHOICE, PLAY_CARDS, CHOOSE_TARGET, GEISHA_CHOICE, PARRY_CHOICE
cdef int BATTLECRY, JUJITSU, DISCARD_DOWN, GAME_OVER
cdef int END_NONE, END_HONOR, END_SWORD, END_SWORD_VOID, END_FORFEIT
cdef int EV_TURN, EV_RECOVER, EV_DRAW, EV_TAKE_DISCARD, EV_RESHUFFLE, EV_FLIP, EV_BUSHIDO_PASS
cdef int EV_PLAY, EV_TARGET, EV_PARRY, EV_DAMAGE, EV_DEFEAT, EV_HONOR, EV_STEAL, EV_DISCARD
cdef int EV_PERMANENT_LOST, EV_HEAL, EV_NOBUNAGA, EV_END

cdef bint _is_weapon(int card)


cdef class KatanaCore:
    cdef public int n, shogun, turn, turn_number, phase, actor, weapons_played
    cdef public int pending_card, pending_target, reacting, draws_left, bushido_holder
    cdef public int pile_len, discard_len, decisions, end_reason, winner_team, lost_blade_victim, forfeited
    cdef public bint over, record
    cdef public object seed, team_scores
    cdef public list events
    cdef public Rng rng
    cdef public int[::1] role, stars, character, hp, honor, hand_size, hand, permanents
    cdef public int[::1] pile, discard, legal

    cdef void _allocate(self)
    cdef void _shuffle(self, int[::1] cards, int start, int count)
    cdef inline void _log(self, int kind, int actor, int target, int card, int amount, int audience)
    cdef bint _reshuffle(self)
    cdef void _take_from_pile(self, int seat, int count)
    cdef int _turn_over_top_card(self)
    cdef inline void _gain(self, int seat, int card)
    cdef inline void _lose(self, int seat, int card)
    cdef inline void _to_discard(self, int card)
    cdef void _discard_from_hand(self, int seat, int card)
    cdef int _random_card_of(self, int seat)
    cdef inline bint _harmless(self, int seat)
    cdef inline int _permanent(self, int seat, int card)
    cdef inline int _team(self, int seat)
    cdef void _change_honor(self, int seat, int delta)
    cdef bint _someone_dishonored(self)
    cpdef int weapon_limit(self, int seat)
    cpdef int difficulty(self, int attacker, int target)
    cdef bint _reaches(self, int attacker, int target, int weapon)
    cpdef int weapon_damage(self, int attacker, int target, int weapon)
    cdef inline void _decide(self, int phase, int seat)
    cdef int _wound(self, int seat, int amount, int by)
    cdef void _finish(self, int reason, int killer, int victim)
    cpdef int seat_points(self, int seat)
    cpdef int sword_survivor(self)
    cpdef int _fill_legal(self)
    cdef int _easiest_attack(self, int seat)
    cdef bint _someone_else_holds_cards(self, int seat)
    cdef bint _geisha_has_target(self, int seat)
    cdef bint _valid_target(self, int seat, int t, int card)
    cdef bint _is_legal(self, int action)

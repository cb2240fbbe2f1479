# Declarations that make _rules.py a compiled module: the turn flow and the players'
# choices on top of _core's state.  Names not declared here stay Python.
cimport cython
from engine_ext._rng cimport Rng
from engine_ext.katana._core cimport (KatanaCore,
    NUM_CARDS, NUM_WEAPONS, FIRST_PERMANENT, NUM_PERMANENTS, DECK_SIZE, NUM_CHARACTERS,
    CONCENTRATION, ARMURE, ATTAQUE_RAPIDE, BUSHIDO, PARADE, GEISHA, DIVERSION, CRI_DE_GUERRE,
    CEREMONIE, MEDITATION, JU_JITSU, DAIMYO, BENKEI, CHIYOME, GINCHIYO, GOEMON, HANZO, HIDEYOSHI,
    IEYASU, KOJIRO, MUSASHI, NOBUNAGA, TOMOE, USHIWAKA, SHOGUN, SAMURAI, NINJA, RONIN, NINJA_TEAM,
    HAND_LIMIT, DRAWS_PER_TURN, TEAM_OF_ROLE, CARD_RANGE, CARD_DAMAGE, RESILIENCE, FULL_DECK,
    ROLE_DECKS, SHOGUN_HONOR, OTHER_HONOR, STARTING_HAND, END_TURN, PLAY, TARGET, PARRY,
    TAKE_DAMAGE, PARRY_WITH, DISCARD, BUSHIDO_PAY_HONOR, DRAW_FROM_DISCARD, DRAW_FROM_PILE,
    NOBUNAGA_DRAW, GEISHA_HAND, GEISHA_PERMANENT, NUM_ACTIONS, BUSHIDO_CHOICE, DRAW_CHOICE,
    PLAY_CARDS, CHOOSE_TARGET, GEISHA_CHOICE, PARRY_CHOICE, BATTLECRY, JUJITSU, DISCARD_DOWN,
    GAME_OVER, END_NONE, END_HONOR, END_SWORD, END_SWORD_VOID, END_FORFEIT, EV_TURN, EV_RECOVER,
    EV_DRAW, EV_TAKE_DISCARD, EV_RESHUFFLE, EV_FLIP, EV_BUSHIDO_PASS, EV_PLAY, EV_TARGET, EV_PARRY,
    EV_DAMAGE, EV_DEFEAT, EV_HONOR, EV_STEAL, EV_DISCARD, EV_PERMANENT_LOST, EV_HEAL, EV_NOBUNAGA,
    EV_END, _is_weapon)


cdef class KatanaState(KatanaCore):
    @cython.locals(i=cython.int, s=cython.int, n=cython.int, position=cython.int)
    cpdef void reset(self, int n_players, object seed, bint record)
    cdef void _deal_roles(self)
    cdef void _deal_characters(self)
    cdef void _start_turn(self, int seat)
    cdef void _pass_bushido(self)
    cdef void _begin_draw(self)
    cdef void _end_turn(self)
    cdef void _check_sword_victory(self, int killer, int victim)
    cdef void _resolve_hit(self)
    cdef bint _affected_by_mass_card(self, int seat)
    cdef void _next_reaction(self, int phase)
    cdef void _mass_card_damage(self, int seat)
    cpdef void _apply(self, int action)
    cdef void _parry_or_take(self, int seat, int action)
    cdef void _play(self, int seat, int card)
    cdef void _target(self, int seat, int t)
    cdef void _geisha(self, int seat, int action)

@cython.locals(state=KatanaState, policy=Rng, g=cython.int, k=cython.int, decisions=cython.longlong)
cpdef dict play_random_games(int n_players, int n_games, unsigned long long seed)

# Declarations that make _views.py a compiled module: the state's int tables read as C arrays, the
# views built by C calls.  Names not declared here stay Python.
cimport cython
from engine_ext.shogun._core cimport ShogunCore

cdef object _card_key(int card)
cdef object _tile(int tile)

@cython.locals(row=dict, k=cython.Py_ssize_t)
cdef dict _named(tuple names, int[::1] table, int start)

@cython.locals(count=cython.long, k=cython.Py_ssize_t)
cdef long _total(int[::1] table)

@cython.locals(n_res=cython.int, n_cards=cython.int, n_lines=cython.int, r0=cython.int, c0=cython.int,
               l0=cython.int, hand=cython.int[::1], cards=dict, under=dict, k=cython.int, katana_column=cython.int)
cdef dict _seat(ShogunCore state, int s)

@cython.locals(display=cython.int[::1], k=cython.Py_ssize_t)
cdef list _market_display(ShogunCore state)

@cython.locals(n=cython.int, favour=cython.int[::1], supply=cython.int[::1], decks=list, view=dict,
               f=cython.int, h=cython.int, s=cython.int)
cdef dict _table(ShogunCore state)

@cython.locals(member=cython.int[::1], halls_in_play=cython.int, halls=list, slot=cython.int, members=list,
               s=cython.int, count=cython.int)
cdef list _halls(ShogunCore state)

@cython.locals(space_open=cython.int[::1], space_tile=cython.int[::1], space_worker=cython.int[::1],
               k=cython.Py_ssize_t)
cdef list _sword_spaces(ShogunCore state)

@cython.locals(seats=list, view=dict)
cpdef dict decision_view(ShogunCore state, int seat)

cdef object _figure(int holder)
cdef object _resource(int r)

@cython.locals(kind=cython.int, seat=cython.int, entry=dict)
cdef dict _event(tuple event)

@cython.locals(events=list, count=cython.Py_ssize_t, i=cython.Py_ssize_t)
cdef list _events(ShogunCore state, Py_ssize_t since)

cdef void _check_seat(ShogunCore state, int seat) except *

@cython.locals(view=dict)
cpdef dict observation(ShogunCore state, int seat, Py_ssize_t since=*)

@cython.locals(view=dict)
cpdef dict full_view(ShogunCore state, Py_ssize_t since=*)

# Declarations that make _views.py a compiled module: the state's tables read as C arrays, the
# views built by C calls.  Names not declared here stay Python.
cimport cython
from engine_ext.katana._core cimport KatanaCore

@cython.locals(hand=cython.int[::1], cards=cython.int, keys=tuple, base=cython.int, c=cython.int,
               count=cython.int, view=dict)
cdef dict _hand(KatanaCore state, int seat)

@cython.locals(permanents=cython.int[::1], keys=tuple, kinds=cython.int, base=cython.int, p=cython.int,
               count=cython.int, view=dict)
cdef dict _permanents(KatanaCore state, int seat)

cdef object _card(int card)

@cython.locals(kind=cython.int, actor=cython.int, target=cython.int, card=cython.int, amount=cython.int,
               audience=cython.int, visible=cython.bint, entry=dict)
cdef dict _event(tuple event, int seat)

@cython.locals(events=list, count=cython.Py_ssize_t, i=cython.Py_ssize_t)
cdef list _events(KatanaCore state, int seat, Py_ssize_t since)

cdef void _check_seat(KatanaCore state, int seat) except *

@cython.locals(weapon=cython.int)
cdef object _pending(KatanaCore state)

@cython.locals(hp=cython.int[::1], honor=cython.int[::1], hand_size=cython.int[::1], role=cython.int[::1],
               character=cython.int[::1], discard=cython.int[::1], seats=list, s=cython.int, i=cython.int,
               role_known=cython.bint)
cdef dict _table(KatanaCore state, int seat)

@cython.locals(view=dict)
cpdef dict observation(KatanaCore state, int seat, Py_ssize_t since=*)

@cython.locals(view=dict, s=cython.int, entry=dict, pile=cython.int[::1], i=cython.int)
cpdef dict full_view(KatanaCore state, Py_ssize_t since=*)

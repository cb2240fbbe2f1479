# Declarations that make _views.py a compiled module: the state's tables read as C arrays, the
# views built by C calls.  Names not declared here stay Python.
cimport cython
from engine_ext.samourai._core cimport SamouraiCore

cdef object _none(int value)

@cython.locals(keys=tuple, kinds=cython.int, base=cython.int, k=cython.int, count=cython.int, view=dict)
cdef dict _hand(int[::1] counts, int seat)

@cython.locals(owner=cython.int[::1], samurai=cython.int[::1], castle=cython.int[::1], blocked=cython.int[::1],
               keys=tuple, t=cython.int)
cdef list _territories(SamouraiCore state)

cpdef dict _seat_view(SamouraiCore state, int s)

@cython.locals(step=cython.int, revealed=cython.bint, b_cards=cython.int[::1], sides=list, side=cython.int,
               who=cython.int, mine=cython.bint, committed=cython.int, cards=list, i=cython.int, card=cython.int,
               retreat_plan=cython.int[::1])
cdef object _battle(SamouraiCore state, int seat)

@cython.locals(pending=dict)
cdef dict _pending(SamouraiCore state)

@cython.locals(s=cython.int)
cdef dict _table(SamouraiCore state, int seat)

@cython.locals(kind=cython.int, audience=cython.int, amount=cython.int, visible=cython.bint, entry=dict)
cdef dict _event(tuple event, int seat)

@cython.locals(cache=list, events=list, count=cython.Py_ssize_t, i=cython.Py_ssize_t)
cdef list _events(SamouraiCore state, int seat, Py_ssize_t since)

@cython.locals(view=dict)
cpdef dict observation(SamouraiCore state, int seat, Py_ssize_t since=*)

@cython.locals(view=dict, s=cython.int)
cpdef dict full_view(SamouraiCore state, Py_ssize_t since=*)

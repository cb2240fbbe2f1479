# Declarations that make _views.py a compiled module: the state's tables read as C arrays, the
# views built by C calls.  Names not declared here stay Python.
cimport cython
from engine_ext.risques._core cimport RiskCore

cdef object _none(int value)

@cython.locals(reps_table=cython.int[::1], martial=cython.int[::1], wounds=cython.int[::1], reps=list,
               wounded=dict, i=cython.int, r=cython.int, points=cython.int, dead=cython.bint)
cpdef dict _seat_view(RiskCore state, int s)

@cython.locals(owner=cython.int, hidden=cython.bint, entry=dict, first_vassal=cython.int)
cdef dict _participant_view(RiskCore state, int p, int seat)

@cython.locals(value=cython.int)
cdef object _choice(RiskCore state, int p)

@cython.locals(first_vassal=cython.int)
cdef bint _listed(RiskCore state, int p)

@cython.locals(participants=list, p=cython.int, s=cython.int)
cdef dict _table(RiskCore state, int seat)

@cython.locals(kind=cython.int, amount=cython.int, entry=dict)
cdef dict _event(tuple event)

@cython.locals(events=list, count=cython.Py_ssize_t, i=cython.Py_ssize_t)
cdef list _events(RiskCore state, Py_ssize_t since)

@cython.locals(view=dict, p=cython.int)
cpdef dict observation(RiskCore state, int seat, Py_ssize_t since=*)

@cython.locals(view=dict)
cpdef dict full_view(RiskCore state, Py_ssize_t since=*)

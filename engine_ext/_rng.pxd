# cython: language_level=3
cimport cython

cdef unsigned long long _MULTIPLIER, _DEFAULT_STREAM, _MASK64, _MASK32

cdef class Rng:
    cdef public unsigned long long state
    cdef public unsigned long long increment

    @cython.locals(old=cython.ulonglong, xorshifted=cython.uint, rot=cython.uint)
    cpdef unsigned int next32(self)
    cpdef int below(self, int bound)

# cython: language_level=3
cimport cython

cdef unsigned long long _MULTIPLIER, _DEFAULT_STREAM, _MASK64, _MASK32

# final: the engines call next32 and below as plain C calls, with no check for an override; they
# cannot fail, so callers test no exception either.
@cython.final
cdef class Rng:
    cdef public unsigned long long state
    cdef public unsigned long long increment

    @cython.locals(old=cython.ulonglong, xorshifted=cython.uint, rot=cython.uint)
    cpdef unsigned int next32(self) noexcept
    cpdef int below(self, int bound) noexcept

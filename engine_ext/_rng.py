"""The engines' only source of chance: PCG32 (O'Neill 2014, XSH-RR variant).

Engines never use Python's ``random``: the same seed must give the same game in
the compiled and the uncompiled build, on every platform, forever.  The
masks keep the uncompiled build's integers to the widths that the compiled
build gets from its C types (where they cost nothing).
"""
import cython

_MULTIPLIER = 6364136223846793005
_DEFAULT_STREAM = 1442695040888963407
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


class Rng:
    def __init__(self, seed, stream=_DEFAULT_STREAM):
        self.state = 0
        self.increment = ((stream << 1) | 1) & _MASK64
        self.next32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next32()

    def next32(self):
        old = self.state
        self.state = (old * _MULTIPLIER + self.increment) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((32 - rot) & 31))) & _MASK32

    def below(self, bound):
        """A uniform integer in [0, bound), by Lemire's multiply-shift (bias < 2**-32 * bound)."""
        return (cython.cast(cython.ulonglong, self.next32()) * bound) >> 32

"""Pig, a throwaway game that proves adding a game is its package plus one registry line.

Nothing outside this package names it: the test suite registers it with
``ARENA_EXTRA_GAMES=toy=toygame`` (see ``tests/toy_build.py``), the same path a
game of your own takes, and drives it through the command line, the
conformance and golden suites and the whole platform.
"""

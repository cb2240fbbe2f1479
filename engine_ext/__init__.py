"""Compiled game engines.

Each game has one rules module, ``_<game>.py``, written in Cython's pure-Python
mode and typed by its ``_<game>.pxd``: the build compiles it, and the very same
file also runs as plain Python (see ``arena.engines``).  Game data (cards,
characters, tables) lives in ``<game>_data.py`` beside it.
"""

"""The game engines: one package per game, and what they share.

``engine_ext/<game>/`` holds a game whole: ``spec.py`` (its declaration, read
by the whole platform), ``actions.py`` (its integer actions, declared once),
``data.py`` (cards, tables, every value marked by its source), ``_core.py``
and ``_rules.py`` (the rules, written in Cython's pure-Python mode and typed
by their ``.pxd``: the build compiles them, and the very same files also run
as plain Python, see ``arena.engines``), ``views.py`` (what each seat sees),
``heuristic.py`` (the built-in heuristic player), ``flat.py`` (its observation as
a vector, for the training environments) and ``golden/`` (recorded
playthroughs).  ``spec.py``, ``flat.py`` and ``_rng.py`` here are shared by every game.
Nothing in this package imports the rest of the project.
"""

"""Katana (Samurai Sword): 3 to 7 players, hidden roles in teams, out-of-turn parries.

``spec`` declares the game; ``actions`` its integer actions; ``data`` the cards, characters
and rulebook tables; ``_core`` and ``_rules`` the rules (one source, two builds); ``views``
what each seat sees; ``heuristic`` the built-in heuristic player; ``golden/`` its recorded
playthroughs.
"""

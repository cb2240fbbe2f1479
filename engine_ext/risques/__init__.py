"""Risques: the conflict rules of Sang & Honneur as a game for 2 to 7 bots (duel, frappe, massacre).

``spec`` declares the game; ``actions`` its integer actions; ``data`` the numbers and roster;
``_core`` and ``_rules`` the rules (one source, two builds); ``views`` what each seat sees;
``heuristic`` the built-in heuristic player; ``golden/`` its recorded playthroughs.
"""

"""Shōgun no Katana: 2 to 4 players, worker placement and sword forging.

``spec`` declares the game; ``actions`` its integer actions; ``data`` the tiles, cards, halls
and board tables; ``_core`` and ``_rules`` the rules (one source, two builds); ``views`` what
each seat sees.
"""

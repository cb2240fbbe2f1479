"""Samouraï & Katana: area control on a map of 16th-century Japan, for 3 to 6 players.

``spec`` declares the game; ``actions`` its integer actions; ``data`` the map, the cards and the
rulebook's numbers; ``_core`` and ``_rules`` the rules (one source, two builds); ``views`` what
each seat sees.
"""

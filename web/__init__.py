"""The Samurai Arena platform: a Django project with one app per domain.

``web.bots``, ``web.matches``, ``web.ratings`` and ``web.tournaments`` each keep
their models, their services (everything that writes) and their selectors
(everything that reads).  The engines are reached only through
``web.matches.playing``; ``arena`` itself never imports Django.
"""

"""Engines that break their contract on purpose, for the tests of what the platform does then."""


class NoDecisionAfter:
    """A game's state that plays as usual for ``steps`` decisions, then offers the seat that must act
    no legal decision, though the game is not over: the defect an engine must never have."""

    def __init__(self, state, steps):
        self._state, self._left = state, steps

    def __getattr__(self, name):
        return getattr(self._state, name)

    def legal_actions(self, seat):
        return [] if self._left <= 0 else self._state.legal_actions(seat)

    def apply(self, seat, action):
        self._state.apply(seat, action)
        self._left -= 1

"""Tables that need an automaton seat (a seat alone at Shōgun no Katana plays against its ghost)."""


def seated(game, n, options):
    """``options`` if ``n`` players can play them; else with the game's automaton at its middle level
    (ahead of the other options) when that seats them; else None."""
    if game.can_seat(n, options):
        return options
    for automaton in game.spec.automata:
        if automaton.option in options:
            continue
        levels = [c for o in game.spec.options if o.name == automaton.option for c in o.choices if c]
        with_automaton = {automaton.option: levels[len(levels) // 2], **options} if levels else None
        if with_automaton and game.can_seat(n, with_automaton):
            return with_automaton
    return None

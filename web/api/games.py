"""The games the platform plays, read from the engines' registry (through ``web.matches.engine``)."""
from arena import games as arena_games
from web.matches import engine

RULES_SUMMARIES = {
    "katana": (
        "Samurai Sword for 3 to 7 players. Hidden roles in teams: the shogun and his samurai against "
        "the ninjas, with a ronin alone. Each turn a player draws two cards and plays weapons "
        "(within a weapon limit and a reach), actions and permanents; a target may parry out of turn. "
        "A player whose resilience falls to zero loses honour points; when someone has none left the "
        "game ends and teams score their honour, weighted by role."),
    "risques": (
        "The duel and massacre rules of Sang & Honneur for 2 to 7 players. Samurai build dice pools, "
        "declare and wager in secret, roll, and wound each other over scenes; honour buys re-rolls and "
        "saves, glory and reputations make the score. Duel, frappe and massacre modes."),
}


def game_list():
    return [game_detail(game=game_id) for game_id in engine.game_ids()]


def game_detail(*, game):
    """A game's name, rules version, player counts, options and rules summary;
    ``engine.EngineInputError`` for an unknown game."""
    info = engine.game_info(game)
    options = [{"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help}
               for o in arena_games.get(game).options]
    return {"id": info.id, "name": info.name, "rules_version": info.rules_version,
            "min_players": info.min_players, "max_players": info.max_players, "options": options,
            "rules_summary": RULES_SUMMARIES.get(info.id, "")}

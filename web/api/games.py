"""The games the platform plays, as their specs declare them (through the registry)."""
from arena import games as arena_games
from web.games import catalog

def game_list():
    return [game_detail(game=game_id) for game_id in catalog.game_ids()]


def game_detail(*, game):
    """A game's name, rules version, player counts, options and rules summary (with its story
    chapters in words, for a game that has a campaign); ``catalog.EngineInputError`` for an unknown
    game."""
    info = catalog.game_info(game)
    registered = arena_games.get(game)
    spec = registered.spec
    campaign = registered.campaign
    options = [{"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help,
                "splits_pool": o.splits_pool} for o in spec.options]
    return {"id": info.id, "name": info.name, "rules_version": info.rules_version,
            "min_players": info.min_players, "max_players": info.max_players, "options": options,
            "rules_summary": spec.summary, "result_kind": spec.result_kind,
            "automata": [{"name": a.name, "option": a.option} for a in spec.automata],
            "story": {"option": campaign.option, "chapters": campaign.describe()} if campaign is not None else None}

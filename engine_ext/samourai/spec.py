"""Samouraï & Katana's declaration: everything the platform knows of the game without loading
its rules."""
from ..spec import GameSpec, GoldenCase, Option, TimeControl
from . import data
from .actions import ACTIONS

EVERY_OPTION = {"target": 30, "province_variant": True, "new_card_scale": True, "kyoto_imperial": True,
                "justice_for_others": True, "new_ninja": True, "seppuku": True, "koku_land": True,
                "diplomacy": True, "clan_treasury": True, "shogun_power": True, "exchange": True,
                "emperor_office": True, "emperor_support": True, "limited_emperor": True, "rank_changes": True}

SPEC = GameSpec(
    id="samourai",
    name="Samouraï et Katana",   # the rulebook's own wording ("Samourai et Katana est un jeu"); no "&" to escape
    rules_version="0.2",
    min_players=data.MIN_PLAYERS,
    max_players=data.MAX_PLAYERS,
    actions=ACTIONS,
    rules_module="engine_ext.samourai._rules",
    summary=(
        "Samouraï & Katana for 3 to 6 players: daimyos fight for 16th-century Japan on a map of 46 "
        "territories in 9 provinces. Each round the Emperor, the clan with the least honour, names "
        "who buys samurai and castles, then who moves by land and sea and attacks; battles are won "
        "with two cards, an optional special and up to four samurai, and the cards' sabres kill. "
        "Honour comes from battles, cards, whole provinces and Kyoto; the game ends after the round "
        "in which a clan passes the target, the most honour winning."),
    # Rated apart: diplomacy (a game of open deals).  Not the target: it sets a game's length, not
    # what a clan must do well; measured at 4 clans (heuristic, mix-0.4, mix-0.8, random, 400 games
    # a target, seats rotated) the win rates are the same at every target from 20 to 40
    # (BENCHMARKS.md, "Samouraï: does the honour target split a pool?").  Variants
    # (their own golden playthroughs and conformance runs): the options that add decisions asked of
    # other seats, change who is asked, or hide something more; those that change a number, a
    # legality test or one clan's own verbs are checked by the rule tests and the every-option game.
    options=(
        # O6 / O7: the game's length, the honour to pass
        Option("target", data.TARGET[0], data.TARGETS[0],
               "honour to pass to end the game: 20 (initiation), 25 (the rulebook), 30, 35, 40 (Durée)"),
        Option("province_variant", False, (False, True), "Variante province: every province is worth 1 less"),
        Option("new_card_scale", False, (False, True),
               "Nouvelle donne politique: 0-2 PC no extra card, 3-5 PC one, 6+ two"),
        Option("kyoto_imperial", False, (False, True),
               "Kyoto, ville impériale: no Ikko Ikki uprising in Kyoto"),
        Option("justice_for_others", False, (False, True),
               "Justice shogunale may defend another clan", variant=True),
        Option("new_ninja", False, (False, True),
               "Nouveau Ninja: a Ninja only in its holder's own turn, before he acts"),
        Option("seppuku", False, (False, True),
               "Seppuku: a clan with one territory and 3 samurai or fewer may dissolve and return"),
        Option("koku_land", False, (False, True),
               "Au pays des koku: the last round's taxes become honour, 3 koku for 1"),
        Option("diplomacy", False, (False, True),
               "Négociation et diplomatie: one open card swap offered a round, koku given freely",
               splits_pool=True, variant=True),
        Option("clan_treasury", False, (False, True),
               "Trésor du clan: koku set aside in secret become honour at the end, 3 for 1", variant=True),
        Option("shogun_power", False, (False, True),
               "La puissance du Shogun: once a round he cancels a card's power not aimed at him"),
        Option("exchange", False, (False, True),
               "Échange: once a round a hand of warriors shows itself and swaps one card"),
        Option("emperor_office", False, (False, True),
               "Empereur: once a round he sells an office worth 1 honour at his price"),
        Option("emperor_support", False, (False, True),
               "Soutien de l'Empereur: once a round he lends 1-3 samurai to a side of a battle",
               variant=True),
        Option("limited_emperor", False, (False, True),
               "L'Empereur limité: one order for the whole round, announced at its start", variant=True),
        Option("rank_changes", False, (False, True),
               "Non respect du rang (needs limited_emperor): 3 honour to move one rank up or down",
               variant=True),
    ),
    simultaneous=False,
    # battle cards are committed face down (the defender sees only how many), phase-4 discards and
    # the clan treasury are secret
    secret_actions=("COMMIT", "NO_SPECIAL", "DISCARD", "SET_ASIDE"),
    max_decisions=20_000,
    result_kind="ranks",
    time_control=TimeControl(move=1.0, bank=20.0, startup=5.0),
    heuristic="engine_ext.samourai.heuristic:Warlord",
    heuristic_aliases=("samourai-warlord",),
    docs="docs/bots/samourai.md",
    starter_bots=("examples/bots/samourai_daimyo.py", "examples/bots/samourai_ronin.js"),
    replay_board=data.board_tables,     # the map the replay renderer draws is data.py's
    balance=("clan", "set-up order (1: the first Emperor)"),
    balance_facts="engine_ext.samourai.views:balance_facts",
    flat_observation="engine_ext.samourai.flat:LAYOUT",
    usage="engine_ext.samourai.views:card_usage",
    # The default rules at 3 and 6 players, and every option on at 5 (rank changes need the
    # limited Emperor): together they cover each variant's values.
    golden=(
        GoldenCase("three", players=3, seed=1),
        GoldenCase("six", players=6, seed=2),
        GoldenCase("every-option", players=5, seed=3, options=EVERY_OPTION),
    ),
)

"""What a game declares about itself, once, beside its rules.

Each game package ``engine_ext/<game>/`` has a ``spec.py`` whose ``SPEC`` is a
:class:`GameSpec`: the facts every part of the platform reads (the registry,
the match loop, the bot runner and its docs, the API and pages, the ladder,
tournaments, replay frames and the test suite).  Nothing else names a game.

The action table is declared here too, as blocks of consecutive integer ids
(:class:`ActionTable`): the rules module takes its offsets from it (``TARGET =
ACTIONS.first("TARGET")``) and the views decode with it, so no file repeats an
offset.  A compound turn is a sequence of such small decisions (a placement,
then a payment, then a target), each asked of one seat with its own legal ids.

Plain Python with no import from the rest of the project: it is read by the
compiled rules modules at import time and by the platform without loading any
engine.
"""
from dataclasses import dataclass, field

RESULT_KINDS = ("ranks", "teams", "score")


@dataclass(frozen=True)
class ActionBlock:
    """Consecutive action ids sharing a name: ``PLAY_<label>`` for each label, or one ``name``."""
    name: str
    labels: tuple = ()
    first: int = 0

    @property
    def size(self):
        return len(self.labels) or 1

    def names(self):
        if not self.labels:
            return [self.name]
        return [f"{self.name}_{label}".upper() for label in self.labels]


class ActionTable:
    """A game's integer actions, declared once as ordered blocks.

    ``ActionTable(("END_TURN",), ("PLAY", card_keys), ("TARGET_SEAT", range(7)))`` gives
    ``END_TURN`` = 0, ``PLAY_<KEY>`` = 1.., ``TARGET_SEAT_0``.. after them.  Ids are stable as
    long as blocks are only appended; a rules version change is due when they move.
    """

    def __init__(self, *blocks):
        self._blocks = {}
        first = 0
        for entry in blocks:
            name, labels = (entry[0], tuple(str(label) for label in entry[1])) if len(entry) > 1 else (entry[0], ())
            if name in self._blocks:
                raise ValueError(f"action block {name} is declared twice")
            block = ActionBlock(name, labels, first)
            self._blocks[name] = block
            first += block.size
        self.size = first
        self.names = tuple(name for block in self._blocks.values() for name in block.names())
        if len(set(self.names)) != len(self.names):
            raise ValueError("two actions share a name")
        self._ids = {name: i for i, name in enumerate(self.names)}
        self._block_of = tuple(block for block in self._blocks.values() for _ in range(block.size))

    def __len__(self):
        return self.size

    @property
    def blocks(self):
        return tuple(self._blocks.values())

    def first(self, block):
        """The id of the first action of ``block``."""
        return self._blocks[block].first

    def block(self, block):
        return self._blocks[block]

    def id(self, name):
        try:
            return self._ids[name]
        except KeyError:
            raise ValueError(f"no action named {name!r}") from None

    def decode(self, action):
        """``(block name, index within the block)`` of an action id."""
        block = self._block_of[action]
        return block.name, action - block.first


@dataclass(frozen=True)
class Option:
    """A game option.  ``splits_pool``: matches with different values are rated apart (Risques'
    mode).  ``variant``: the option changes the game enough to need its own golden playthrough."""
    name: str
    default: object
    choices: tuple
    help: str
    splits_pool: bool = False
    variant: bool = False


@dataclass(frozen=True)
class Automaton:
    """A seat played by the engine itself (Shōgun no Katana's ghost), present when ``option`` is
    not 0; its value is the automaton's level.  It is not a bot seat: it never decides, and it
    appears in ``result()["automata"]``."""
    name: str
    option: str


@dataclass(frozen=True)
class TimeControl:
    """Seconds a bot may take: per decision, a bank for the whole match, and to start."""
    move: float
    bank: float
    startup: float

    def as_tuple(self):
        return (self.move, self.bank, self.startup)


@dataclass(frozen=True)
class GoldenCase:
    """A recorded playthrough between built-in bots that must replay identically forever."""
    name: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class GameSpec:
    id: str
    name: str
    rules_version: str
    min_players: int
    max_players: int
    actions: ActionTable
    rules_module: str                   # dotted name of the rules module, e.g. engine_ext.katana._rules
    summary: str                        # the rules in a paragraph, for pages and the API
    options: tuple = ()
    simultaneous: bool = False          # may several seats decide at once (secret choices)?
    max_decisions: int = 10_000         # no game takes more decisions than this
    result_kind: str = "ranks"          # ranks, teams (hidden teams share a rank) or score
    automata: tuple = ()
    time_control: TimeControl = TimeControl(move=1.0, bank=10.0, startup=5.0)
    heuristic: str = ""                 # "module:Class" of the game's built-in heuristic player
    heuristic_aliases: tuple = ()       # other built-in names for it (katana-aggressor)
    golden: tuple = ()
    docs: str = ""                      # the bot reference, relative to the repository root
    starter_bots: tuple = ()            # starter bots for authors, relative to the repository root
    canonical_options: object = None    # (n_players, options) -> options with auto values made explicit
    # (n_players, resolved options) -> None, or ValueError saying why these options cannot seat that
    # many players (Shōgun no Katana: a seat alone needs the ghost, which plays with 1 to 3 seats), so
    # that every entry point refuses such a table before anything is queued.
    check_table: object = None
    replay_board: object = None         # () -> JSON: the fixed board a replay renderer draws (a map's
                                        # geometry, from the game's data module), None without one
    # The balance report (``arena balance``) splits win rates by the seat and by these facts each
    # seat starts with (Katana: role, character); ``balance_facts`` ("module:function") reads them
    # off a state just set up, one {fact: label} per seat.  ``usage`` ("module:function") counts,
    # in a finished game, how often each designed component was used ({kind: {item: count}}, every
    # item listed, unused ones at 0), so that self-play shows what never comes into play.
    # Action blocks whose choice the other seats do not see when it is made (a card committed face
    # down, a secret stance): a replay seen from another seat's perspective names such a step only
    # as secret, and the events say what was revealed.
    secret_actions: tuple = ()
    balance: tuple = ()
    balance_facts: str = ""
    usage: str = ""
    # The observation as a fixed-length vector for learning agents (``arena.envs``): the
    # "module:NAME" of the game's one ``engine_ext.flat.FlatLayout``.
    flat_observation: str = ""
    # What is printed on the game's components that its views name only by key (Katana: a card's
    # name, reach and damage; a character's resilience and ability): ``components``
    # ("module:function") returns it as a JSON object (Katana: {kind: {key: {fact: value}}}) for the
    # renderers that draw the table (the replay viewer, a person's seat).  Empty: the views say all.
    components: str = ""
    # A story campaign (Shōgun no Katana's « mode histoire »): "module:attribute" of an object that
    # scores it (``engine_ext.shogun.story.Campaign``: its chapter option, automaton levels, chapters,
    # points, penalties and titles).  A game that declares one offers the tournament format ``story``;
    # a match with its chapter option set is a story match, rated in no pool.
    campaign: str = ""

    def __post_init__(self):
        if self.result_kind not in RESULT_KINDS:
            raise ValueError(f"{self.id}: result_kind must be one of {', '.join(RESULT_KINDS)}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: bad player range {self.min_players}-{self.max_players}")
        names = [option.name for option in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.id}: two options share a name")
        unknown_blocks = set(self.secret_actions) - {block.name for block in self.actions.blocks}
        if unknown_blocks:
            raise ValueError(f"{self.id}: secret_actions names no action block {', '.join(sorted(unknown_blocks))}")
        if bool(self.balance) != bool(self.balance_facts):
            raise ValueError(f"{self.id}: balance facts need both their names and balance_facts")
        for automaton in self.automata:
            if automaton.option not in names:
                raise ValueError(f"{self.id}: automaton {automaton.name} needs option {automaton.option}")

    def resolve_options(self, options=None):
        """The options with defaults filled in; unknown names and values are errors."""
        options = dict(options or {})
        known = {option.name: option for option in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(f"{self.id} has no option {', '.join(unknown)}"
                             + (f" (options: {', '.join(sorted(known))})" if known else ""))
        resolved = {}
        for name, option in known.items():
            value = options.get(name, option.default)
            if option.choices and (value not in option.choices or isinstance(value, bool) != isinstance(option.default, bool)):
                raise ValueError(f"option {name} of {self.id} must be one of "
                                 f"{', '.join(map(str, option.choices))}, not {value!r}")
            resolved[name] = value
        return resolved

    def check_match(self, n_players, options=None):
        """The options resolved; ValueError unless ``n_players`` may play the game with them."""
        self.check_players(n_players)
        resolved = self.resolve_options(options)
        if self.check_table is not None:
            self.check_table(n_players, resolved)
        return resolved

    def check_players(self, n_players):
        if isinstance(n_players, bool) or not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"{self.id} is played by {self.min_players} to {self.max_players} "
                             f"players, not {n_players}")

    @property
    def action_names(self):
        return self.actions.names

    @property
    def pool_options(self):
        return tuple(option.name for option in self.options if option.splits_pool)

    @property
    def variant_options(self):
        return tuple(option for option in self.options if option.variant)

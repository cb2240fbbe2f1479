import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.ratings.records import MatchRecord, dumps_jsonl, read_jsonl, write_jsonl


def test_round_trip_through_a_file(tmp_path):
    records = [
        MatchRecord("duel", ("a", "b"), (1, 2)),
        MatchRecord("duel", ("a", "b"), (1, 1), id="m2"),
        MatchRecord("katana", ("a", "b", "c", "d"), (1, 1, 2, 2), teams=("shogun", "shogun", "ninja", "ninja")),
        MatchRecord("duel", ("b", "c"), (2, 1), voided=True),
    ]
    path = tmp_path / "matches.jsonl"
    assert write_jsonl(records, path) == 4
    assert read_jsonl(path) == records
    assert read_jsonl(io.StringIO(dumps_jsonl(records))) == records


def test_blank_lines_and_unknown_keys_are_accepted():
    text = '\n{"game": "duel", "players": ["a", "b"], "ranks": [2, 1], "played_at": "x"}\n\n'
    (rec,) = read_jsonl(io.StringIO(text))
    assert rec.players == ("a", "b") and rec.ranks == (2, 1) and not rec.voided


@pytest.mark.parametrize(
    "bad, fragment",
    [
        ('{"game": "duel", "players": ["a", "b"], "ranks": [1, 2]', "invalid JSON"),
        ('["duel"]', "expected a JSON object"),
        ('{"game": "duel", "players": ["a", "b"]}', "'ranks'"),
        ('{"game": "duel", "players": ["a", "b"], "ranks": [1]}', "'ranks' has 1 entries"),
        ('{"game": "duel", "players": ["a", "b"], "ranks": [0, 1]}', "ranks must be integers >= 1"),
        ('{"game": "duel", "players": ["a", "b"], "ranks": [1.5, 1]}', "ranks must be integers"),
        ('{"game": "duel", "players": [], "ranks": []}', "at least 1 seat"),
        ('{"game": "k", "players": ["a", "b", "c"], "ranks": [1, 2, 2], "teams": ["x", "x", "y"]}', "different ranks"),
        ('{"game": "k", "players": ["a", "b"], "ranks": [1, 1], "teams": ["x", "x"]}', "at least 2 teams"),
        ('{"game": "duel", "players": ["a", "b"], "ranks": [1, 2], "voided": "no"}', "'voided'"),
    ],
)
def test_malformed_line_names_its_number(bad, fragment):
    good = json.dumps({"game": "duel", "players": ["a", "b"], "ranks": [1, 2]})
    text = "\n".join([good, "", good, bad, good]) + "\n"
    with pytest.raises(ValueError) as err:
        read_jsonl(io.StringIO(text))
    assert str(err.value).startswith("line 4: ")
    assert fragment in str(err.value)


def test_a_match_of_one_seat_is_a_record_of_one_unit():
    rec = MatchRecord("solo", ("a",), (1,))
    assert [(u.players, u.rank) for u in rec.units()] == [(("a",), 1)]
    assert MatchRecord.from_dict(rec.to_dict()) == rec


def test_units_group_teams_in_seat_order():
    rec = MatchRecord("katana", ("a", "b", "c", "d", "e"), (2, 1, 2, 1, 3), teams=("n", "s", "n", "s", "r"))
    units = rec.units()
    assert [(u.label, u.players, u.rank) for u in units] == [
        ("n", ("a", "c"), 2),
        ("s", ("b", "d"), 1),
        ("r", ("e",), 3),
    ]
    assert [u.seats for u in MatchRecord("duel", ("a", "b"), (1, 2)).units()] == [(0,), (1,)]


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.text(min_size=1, max_size=5), min_size=2, max_size=6, unique=True).flatmap(
        lambda ps: st.tuples(
            st.just(tuple(ps)),
            st.lists(st.integers(1, 6), min_size=len(ps), max_size=len(ps)).map(tuple),
            st.booleans(),
        )
    )
)
def test_any_valid_record_round_trips(args):
    players, ranks, voided = args
    rec = MatchRecord("g", players, ranks, voided=voided)
    assert read_jsonl(io.StringIO(dumps_jsonl([rec]))) == [rec]

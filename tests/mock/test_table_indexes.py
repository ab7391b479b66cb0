"""The world's tables keep their indexes true as records change: the order, the counts and the
lookups read from them are those a full pass over the records gives."""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mock_helpers import Api

from fleetapi_mock import World, demo_document
from fleetapi_mock.domain import search
from fleetapi_mock.state.table import MAX_INDEXES, Table


@attrs.frozen
class Thing:
    id: int
    user_id: int
    label: str | None
    tracker_id: int | None


LABEL, TRACKER = attrgetter("label"), attrgetter("tracker_id")
FIELDS: search.Fields[Thing] = {
    "id": search.Field("number", attrgetter("id"), indexed=True),
    "label": search.Field("text", LABEL, indexed=True),
}


def labels(thing: Thing) -> list[Any]:
    return [thing.label] if thing.label is not None else []


things = st.builds(
    Thing,
    id=st.integers(1, 40),
    user_id=st.sampled_from([1, 2]),
    label=st.sampled_from([None, "a", "A", "b", "B", "c", "ab"]),
    tracker_id=st.sampled_from([None, 1, 2, 3]),
)
operations = st.lists(
    st.one_of(
        st.tuples(st.just("set"), things),
        st.tuples(st.just("delete"), st.integers(1, 40)),
        st.tuples(st.just("pop"), st.integers(1, 40)),
        st.tuples(st.just("update"), st.lists(things, max_size=3)),
        st.tuples(st.just("setdefault"), things),
        st.tuples(st.just("index"), st.none()),
    ),
    max_size=40,
)


def apply(table: dict[int, Thing], operation: str, argument: Any) -> None:
    if operation == "set":
        table[argument.id] = argument
    elif operation == "delete" and argument in table:
        del table[argument]
    elif operation == "pop":
        table.pop(argument, None)
    elif operation == "update":
        table.update({t.id: t for t in argument})
    elif operation == "setdefault":
        table.setdefault(argument.id, argument)


def read_indexes(table: Table[int, Thing]) -> None:
    """Make (or read) every index the checks below use."""
    for account in (1, 2):
        for sort in (None, LABEL):
            for reverse in (False, True):
                list(table.in_order(account, sort, reverse=reverse) or ())
    table.counts(TRACKER)
    table.having(labels, [])


@settings(max_examples=300, deadline=None)
@given(st.lists(things, max_size=20), operations)
def test_indexes_agree_with_a_full_pass_after_any_changes(start: list[Thing], changes: Any):
    table: Table[int, Thing] = Table({t.id: t for t in start})
    plain = {t.id: t for t in start}
    read_indexes(table)
    for operation, argument in changes:
        if operation == "index":  # indexes made part-way keep up from then on
            read_indexes(table)
            continue
        apply(table, operation, argument)
        apply(plain, operation, argument)
    assert table == plain
    for account in (1, 2):
        owned = [plain[k] for k in sorted(plain) if plain[k].user_id == account]
        assert list(table.in_order(account) or ()) == owned
        assert World.owned_by(table, account) == owned
        for direction in ("asc", "desc"):
            sort = [f"label={direction}"]
            ordered = search.indexed_order(table, account, sort, FIELDS)
            assert ordered is not None
            assert list(ordered) == search.sort_records(owned, sort, FIELDS)
    counted = Counter((t.user_id, t.tracker_id) for t in plain.values())
    assert +table.counts(TRACKER) == counted
    for wanted in (["a"], ["A", "b"], ["zz"]):
        assert table.having(labels, wanted) == [
            plain[k] for k in sorted(plain) if plain[k].label in wanted
        ]


def test_values_that_do_not_order_give_no_index_and_the_table_stays_whole():
    table: Table[int, Any] = Table({1: Thing(1, 1, "a", None)})
    assert table.in_order(1, LABEL) is not None
    table[2] = attrs.evolve(Thing(2, 1, None, None), label=5)  # type: ignore[arg-type]
    assert set(table) == {1, 2}
    assert table.in_order(1, LABEL) is None  # sort_records would fail alike: no index
    assert [t.id for t in table.in_order(1) or ()] == [1, 2]


def test_indexes_are_bounded():
    table: Table[int, Thing] = Table({1: Thing(1, 1, "a", None)})
    keys = [lambda t, n=n: (t.label, n) for n in range(MAX_INDEXES + 5)]
    for key in keys:
        table.in_order(1, key)
    assert len(table._orders) == MAX_INDEXES


@pytest.mark.parametrize(
    ("condition", "found"),
    [
        ({"type": "in", "field": "label", "value": ["a", "B"]}, [1, 4]),
        ({"type": "in", "field": "id", "value": ["2", 3.0]}, [2, 3]),
        ({"type": "eq", "field": "id", "value": 4}, [4]),
    ],
)
def test_narrowed_finds_every_record_an_in_or_eq_condition_may_meet(condition, found):
    from fleetapi._converter import converter_for
    from fleetapi.models.search import SearchCondition

    table: Table[int, Thing] = Table(
        {
            1: Thing(1, 1, "a", None),
            2: Thing(2, 1, "b", None),
            3: Thing(3, 2, "c", None),
            4: Thing(4, 2, "B", None),
        }
    )
    parsed = converter_for(strict=True).structure(condition, SearchCondition)
    narrowed = search.narrowed(table, [parsed], FIELDS)
    assert narrowed is not None
    meets = search.matcher([parsed], FIELDS)
    assert [t.id for t in narrowed if meets(t)] == found


def test_a_memo_entry_goes_when_its_record_is_replaced_or_removed():
    table: Table[int, Thing] = Table(
        {n: Thing(id=n, user_id=1, label="a", tracker_id=None) for n in range(4)}
    )
    memo = table.memo("made")
    for key in table:
        memo[key] = f"made of {key}"
    assert table.memo("made") is memo
    table[1] = attrs.evolve(table[1], label="b")
    del table[2]
    table.pop(3)
    table[9] = Thing(id=9, user_id=1, label="c", tracker_id=None)
    assert memo == {0: "made of 0"}
    table.clear()
    assert table.memo("made") == {}


def test_a_list_of_every_tracker_builds_each_once_however_many_there_are(monkeypatch):
    """tracker/list keeps each tracker's JSON form with the world's trackers: listing a world
    of more trackers than a bounded cache would hold builds each once, not on every call."""
    from fleetapi_mock import FleetMock, demo_document
    from fleetapi_mock.domain import tracker as trackers

    document = demo_document()
    first = document["trackers"][0]
    document["trackers"] += [
        {**first, "id": 10_000 + n, "label": f"T {n}", "source_id": 20_000 + n,
         "device_id": str(870_000_000_000_000 + n), "phone": f"+49{n:010d}"}
        for n in range(5000)
    ]  # fmt: skip
    mock = FleetMock(World.from_document(document))
    built = Counter[int]()
    original = trackers._build_tracker

    def counted(values: Any, tag_ids: Any) -> Any:
        built[values[0]] += 1
        return original(values, tag_ids)

    monkeypatch.setattr(trackers, "_build_tracker", counted)
    api = Api(mock)
    session = api.login()
    lists = [api.post("/tracker/list", {}, hash=session).json()["list"] for _ in range(2)]
    assert lists[0] == lists[1]
    assert len(lists[0]) > 5000
    assert set(built.values()) == {1}
    assert len(built) == len(lists[0])


def _record_classes() -> list[type]:
    import fleetapi_mock.state.records as records

    found = {v for v in vars(records).values() if isinstance(v, type) and attrs.has(v)}
    return sorted((c for c in found if c.__module__.startswith(records.__name__)), key=str)


@pytest.mark.parametrize("cls", _record_classes(), ids=lambda c: c.__name__)
def test_every_record_class_is_frozen(cls: type) -> None:
    """A record changes only by being replaced in its table, so that every index and memo of
    the table is right by construction."""
    assert cls.__setattr__ is not object.__setattr__
    with pytest.raises(attrs.exceptions.FrozenInstanceError, match="read-only"):
        cls.__setattr__(object.__new__(cls), attrs.fields(cls)[0].name, None)


def test_a_change_goes_through_the_table_and_its_indexes() -> None:
    world = World.from_document(demo_document())
    trackers = world.trackers
    before = [t.id for t in trackers.in_order(1, LABEL) or []]
    old = trackers[1]
    changed = trackers.change(1, label="zzz last")
    assert trackers[1] is changed
    assert changed.label == "zzz last"
    assert old.label != "zzz last"  # the old record is untouched
    after = [t.id for t in trackers.in_order(1, LABEL) or []]
    assert after == [*[i for i in before if i != 1], 1]
    with pytest.raises(attrs.exceptions.FrozenInstanceError, match=r"world\.<collection>\.change"):
        changed.label = "in place"  # type: ignore[misc]

"""The quick way of loading plain document items gives what the strict converter gives.

``fleetapi_mock.state.plain`` builds an item whose keys and values are plainly right straight
into its record, and leaves anything else to the strict converter. Whatever an item holds,
a record the quick way builds equals the strict converter's, and an item the strict converter
refuses is never taken the quick way.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fleetapi._converter import RequestValidationError, structure_request
from fleetapi_mock.state.plain import plain_loader
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import COLLECTIONS, World, demo_document

DEMO = demo_document()
PLAIN = {name: c.record for name, c in COLLECTIONS.items() if plain_loader(c.record) is not None}
SAMPLES = {name: DEMO.get(name) or [] for name in PLAIN}

ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=6),
    st.sampled_from(["7", "2.5", "1e3", "2026-01-15 10:00:00", "2026-01-15", "\x00", "\ud800"]),
    st.lists(st.booleans(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.one_of(st.integers(), st.floats(allow_nan=False))),
)
"""Values of every JSON type, and the texts the strict converter reads as numbers or dates."""


def _same(value: Any) -> Any:
    return value


def _strict(item: dict[str, Any], record: type) -> Any:
    try:
        return structure_request(item, record)
    except RequestValidationError:
        return "refused"


def test_the_bulk_of_a_world_is_plain():
    assert "track_points" in PLAIN
    assert all(SAMPLES[name] for name in ("track_points", "api_keys", "tags"))
    point = SAMPLES["track_points"][0]
    quick = plain_loader(TrackPointRecord)(point, _same)
    assert _exactly(quick) == _exactly(structure_request(point, TrackPointRecord))


def test_a_record_with_a_field_of_another_type_has_no_quick_loader():
    assert plain_loader(COLLECTIONS["tasks"].record) is None
    assert plain_loader(COLLECTIONS["trackers"].record) is None


@pytest.mark.parametrize("name", sorted(PLAIN))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_quick_way_builds_what_the_strict_converter_builds(name: str, data: st.DataObject):
    record = PLAIN[name]
    keys = sorted(f.name.removesuffix("_") for f in attrs.fields(record))
    sample = data.draw(st.sampled_from(SAMPLES[name])) if SAMPLES[name] else {}
    item = dict(sample)
    for key in data.draw(st.lists(st.sampled_from([*keys, "unknown"]), max_size=3)):
        if data.draw(st.booleans()):
            item[key] = data.draw(ODD_VALUES)
        else:
            item.pop(key, None)
    quick = plain_loader(record)(item, _same)
    if quick is not None:
        assert _exactly(quick) == _exactly(_strict(item, record)), item


def _exactly(record: Any) -> Any:
    """A record's values with their types (``1 == 1.0 == True`` in Python)."""
    if isinstance(record, str):
        return record
    values = attrs.astuple(record, recurse=False)
    return [
        (type(v), v, {k: type(x) for k, x in v.items()} if isinstance(v, dict) else v)
        for v in values
    ]


def test_a_world_loads_the_same_either_way(monkeypatch: pytest.MonkeyPatch):
    quick = World.from_document(demo_document()).to_document()
    monkeypatch.setattr("fleetapi_mock.state.documents.plain_loader", lambda record: None)
    strict = World.from_document(demo_document()).to_document()
    quick.pop("seed")
    strict.pop("seed")
    assert quick == strict

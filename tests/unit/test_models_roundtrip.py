"""Every model of the SDK round-trips through JSON and both converters (property tests).

``FLEET_MODEL_EXAMPLES`` sets the examples per model and test (default 10; each costs about
5 ms, and there are a thousand models): raise it to dig deeper locally.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import os
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from model_strategies import MODELS, SAFE_TEXT, disturb, strategy_for

from fleetapi._converter import converter_for

EXAMPLES = int(os.environ.get("FLEET_MODEL_EXAMPLES", "10"))


def roundtrip(model: type, value: Any, *, strict: bool, extra: bool) -> Any:
    conv = converter_for(strict=strict)
    wire = json.loads(json.dumps(conv.unstructure(value)))
    if extra and isinstance(wire, dict):
        wire["field_added_by_a_newer_service"] = {"anything": [1, 2]}
    return conv.structure(wire, model)


@pytest.mark.parametrize(
    "model", MODELS, ids=lambda m: f"{m.__module__.split('.')[-1]}.{m.__name__}"
)
@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_every_model_round_trips_and_tolerates_unknown_fields(model, data):
    value = data.draw(strategy_for(model, st.text(max_size=8)))
    assert roundtrip(model, value, strict=False, extra=True) == value


@pytest.mark.parametrize(
    "model", MODELS, ids=lambda m: f"{m.__module__.split('.')[-1]}.{m.__name__}"
)
@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_the_strict_converter_accepts_what_the_client_sends(model, data):
    value = data.draw(strategy_for(model, SAFE_TEXT))
    assert roundtrip(model, value, strict=True, extra=False) == value


def test_there_are_models_to_check():
    assert len(MODELS) >= 10


def test_slotted_models_and_records_hold_no_weak_reference_slot():
    """A decision (docs/decisions.md): values, 8 bytes lighter each in a large mock world."""
    from fleetapi_mock.state import records

    record_classes = [c for c in vars(records).values() if isinstance(c, type) and attrs.has(c)]
    slotted = [c for c in [*MODELS, *record_classes] if "__slots__" in vars(c)]
    assert len(slotted) > 300
    assert [c.__name__ for c in slotted if hasattr(c, "__weakref__")] == []


def test_unset_fields_are_omitted_and_null_fields_sent():
    from fleetapi.models.common import Location
    from fleetapi.models.tracker import TrackerSource

    conv = converter_for()
    assert conv.unstructure(Location(lat=1.0, lng=2.0)) == {"lat": 1.0, "lng": 2.0}
    source = TrackerSource(
        id=1,
        device_id="d",
        model="m",
        blocked=False,
        tariff_id=2,
        creation_date=dt.date(2026, 1, 1),
    )
    wire = conv.unstructure(source)
    assert wire["status_listing_id"] is None
    assert wire["creation_date"] == "2026-01-01"


@functools.cache
def _cattrs_structure(model: type) -> Any:
    """cattrs' own structure function of ``model`` for the client's converter (what the
    client's generated one replaces: ``fleetapi/_client_structure.py``)."""
    from cattrs.gen import make_dict_structure_fn, override

    from fleetapi._formats import wire_name

    renames = {a.name: override(rename=wire_name(a.name)) for a in attrs.fields(model)}
    return make_dict_structure_fn(
        model, converter_for(), _cattrs_forbid_extra_keys=False, **renames
    )


def _outcome(structure: Any, wire: Any, model: type) -> tuple[str, Any]:
    try:
        return "value", structure(wire, model)
    except Exception:  # with two faults, each may meet another first
        return "error", None


@pytest.mark.parametrize(
    "model", MODELS, ids=lambda m: f"{m.__module__.split('.')[-1]}.{m.__name__}"
)
@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_the_client_structures_any_answer_as_cattrs_does(model, data):
    """Fields dropped, nulled or given a JSON value of another type: the client's generated
    function gives the same model, or fails the same way, as cattrs' function."""
    conv = converter_for()
    wire = json.loads(json.dumps(conv.unstructure(data.draw(strategy_for(model, SAFE_TEXT)))))
    disturb(data, wire)
    assert _outcome(conv.structure, wire, model) == _outcome(_cattrs_structure(model), wire, model)


def test_a_model_with_fields_outside_init_structures_by_cattrs_function():
    """The client's generator leaves such classes to cattrs, which sets those fields itself."""

    @attrs.define
    class Odd:
        name: str
        size: int = attrs.field(default=attrs.Factory(lambda self: len(self.name), takes_self=True))
        seen: int = attrs.field(init=False, default=0)

    conv = converter_for()
    assert conv.structure({"name": "abc"}, Odd) == Odd(name="abc")
    assert conv.structure({"name": "abc", "size": "7"}, Odd).size == 7

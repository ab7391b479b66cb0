"""A model's JSON form written from its values (``fleetapi._wire_form``) is the converter's
JSON form of the model: the same keys in the same order, the same values, for every model
(property tests)."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from model_strategies import MODELS, disturb, strategy_for

from fleetapi._converter import converter_for
from fleetapi._types import UNSET
from fleetapi._wire_form import WireForm, wire_form
from fleetapi.models.task_batch import CheckedTask
from fleetapi.models.vehicle import BatchError, CheckedVehicle


def _written(model: type) -> bool:
    try:
        WireForm(model)
    except TypeError:
        return False
    return True


WRITTEN = [m for m in MODELS if _written(m)]


def _items(value: Any) -> Any:
    """``value`` with each dict as its list of items, so that order counts too."""
    if isinstance(value, dict):
        return [(k, _items(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_items(v) for v in value]
    return value


def _outcome(write: Any) -> tuple[str, Any]:
    try:
        return "value", _items(write())
    except Exception:  # with two faults, each may meet another first
        return "error", None


def test_most_models_have_a_wire_form():
    """Those that have none are the members of tagged unions, written with their tag, and
    classes that set fields of their own when made."""
    assert len(WRITTEN) > 500
    assert CheckedVehicle in WRITTEN
    assert CheckedTask in WRITTEN


@pytest.mark.parametrize(
    "model", WRITTEN, ids=lambda m: f"{m.__module__.split('.')[-1]}.{m.__name__}"
)
@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_the_form_of_some_values_is_the_converters_form_of_the_model(model, data):
    value = data.draw(strategy_for(model, st.text(max_size=8)))
    fields = attrs.fields(model)
    given_names = data.draw(st.sets(st.sampled_from([a.name for a in fields])))
    values = {
        a.name: getattr(value, a.name)
        for a in fields
        if a.name in given_names or a.default is attrs.NOTHING
    }
    made = model(**{a.alias: values[a.name] for a in fields if a.name in values})
    for iso in (False, True):
        expected = converter_for(iso=iso).unstructure(made)
        assert _items(wire_form(model, iso=iso)(values)) == _items(expected)


@pytest.mark.parametrize(
    "model", WRITTEN, ids=lambda m: f"{m.__module__.split('.')[-1]}.{m.__name__}"
)
@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_the_echo_of_an_answer_is_the_form_of_what_the_client_reads(model, data):
    """Fields dropped, nulled or given a JSON value of another type: the echo writes what the
    client's converter reads, or fails as reading does."""
    read = converter_for()
    wire = json.loads(json.dumps(read.unstructure(data.draw(strategy_for(model, JSON_TEXT)))))
    disturb(data, wire)
    for iso in (False, True):
        write = converter_for(iso=iso).unstructure
        expected = _outcome(lambda write=write: write(read.structure(wire, model)))
        form = wire_form(model, iso=iso)
        assert _outcome(lambda form=form: form.echo(wire)) == expected


JSON_TEXT = st.text(max_size=8)


def test_fields_left_out_by_default_come_after_the_others_in_their_order():
    form = wire_form(CheckedVehicle)
    errors = [BatchError(line=2, parameter="label", error="must not be empty or blank")]
    written = form({"label": "", "type": "car", "errors": errors, "icon_color": "1E96DC"})
    assert list(written)[-3:] == ["id", "icon_color", "errors"]
    assert written["errors"] == [
        {"line": 2, "parameter": "label", "error": "must not be empty or blank"}
    ]
    assert "errors" not in form({"label": "Van", "type": "car", "errors": UNSET})


def test_a_default_made_by_a_factory_is_made_for_each_form():
    form = wire_form(CheckedVehicle)
    first, second = form({"label": "a", "type": "car"}), form({"label": "b", "type": "car"})
    assert first["tags"] == second["tags"] == []
    assert first["tags"] is not second["tags"]


def test_a_required_field_must_be_given():
    with pytest.raises(TypeError, match="label"):
        wire_form(CheckedVehicle)({"type": "car"})

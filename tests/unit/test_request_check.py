"""The quick answer to whether the strict converter takes a body (``fleetapi._request_check``)
is ``structure_request``'s own: the same errors, word for word, for every model (property
tests), and a body it takes is not structured."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from model_strategies import JSON_LEAF, MODELS, strategy_for

import fleetapi._request_check
from fleetapi._converter import RequestValidationError, converter_for, structure_request
from fleetapi._request_check import request_errors
from fleetapi.models.task import NewTask
from fleetapi.models.vehicle import NewVehicle

ODD_VALUES = st.one_of(
    JSON_LEAF,
    st.sampled_from(["", " ", "12", "1.5", "car", "2026-01-15", "2026-01-15 10:00:00", "x\x01"]),
    st.lists(JSON_LEAF, max_size=2),
    st.dictionaries(st.sampled_from(["lat", "lng", "radius", "type", "id"]), JSON_LEAF, max_size=3),
)


def _structured(wire: Any, model: type, iso: bool) -> list[Any]:
    try:
        structure_request(wire, model, iso=iso)
    except RequestValidationError as exc:
        return exc.errors
    return []


@pytest.mark.parametrize(
    "model", MODELS, ids=lambda m: f"{m.__module__.split('.')[-1]}.{m.__name__}"
)
@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_the_errors_are_those_of_structuring(model, data):
    """A body as the client sends it, then fields dropped or given odd values (nested ones
    too): the same errors as ``structure_request``, or none for both."""
    value = data.draw(strategy_for(model, st.text(max_size=8)))
    wire = json.loads(json.dumps(converter_for(strict=True).unstructure(value)))
    if isinstance(wire, dict):
        for key in data.draw(st.lists(st.sampled_from(sorted(wire) or ["-"]), max_size=3)):
            change = data.draw(st.sampled_from(["drop", "odd", "inner"]))
            if change == "drop":
                wire.pop(key, None)
            elif change == "inner" and isinstance(wire.get(key), dict) and wire[key]:
                inner = data.draw(st.sampled_from(sorted(wire[key])))
                wire[key][inner] = data.draw(ODD_VALUES)
            else:
                wire[key] = data.draw(ODD_VALUES)
    for iso in (False, True):
        assert request_errors(wire, model, iso=iso) == _structured(wire, model, iso)


@pytest.mark.parametrize(
    ("model", "body"),
    [
        (NewVehicle, {"label": "Van 1", "type": "car", "model": "Sprinter", "max_speed": 120}),
        (
            NewTask,
            {
                "location": {"lat": 52.5, "lng": 13.4, "radius": 100, "address": "Berlin"},
                "label": "Delivery",
                "description": "",
                "from": "2026-01-15 10:00:00",
                "to": "2026-01-15 12:00:00",
                "external_id": None,
                "max_delay": 0,
                "min_stay_duration": 0,
            },
        ),
    ],
)
def test_a_body_taken_is_not_structured(monkeypatch, model, body):
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("structured")

    monkeypatch.setattr(fleetapi._request_check, "structure_request", refuse)
    assert request_errors(body, model) == []

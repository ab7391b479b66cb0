"""Declared field limits: enforced by the strict converter, shown in the OpenAPI document."""

from __future__ import annotations

import pytest

from fleetapi._converter import RequestValidationError, converter_for, structure_request
from fleetapi._rules import Rules
from fleetapi.models.link import GeoLinkCreateParams
from fleetapi.models.task import TaskCreateParams

TASK = {
    "location": {"lat": 52.5, "lng": 13.4, "radius": 150},
    "label": "Deliver parcel",
    "description": "",
    "from": "2026-01-15 10:00:00",
    "to": "2026-01-15 12:00:00",
}


def errors(data, cls):
    with pytest.raises(RequestValidationError) as info:
        structure_request(data, cls)
    return {e.parameter: e.error for e in info.value.errors}


def test_a_valid_nested_request_passes():
    params = structure_request({"task": TASK}, TaskCreateParams)
    assert params.task.label == "Deliver parcel"


def test_limits_are_reported_with_the_nested_parameter_path():
    task = {**TASK, "label": "x" * 201, "description": "y" * 1025, "max_delay": -1}
    assert errors({"task": task}, TaskCreateParams) == {
        "task.label": "must be at most 200 characters",
        "task.description": "must be at most 1024 characters",
        "task.max_delay": "must be at least 0",
    }


def test_blank_labels_are_refused():
    assert errors({"task": {**TASK, "label": "   "}}, TaskCreateParams) == {
        "task.label": "must not be empty or blank"
    }


def test_item_counts_are_checked():
    options = {"bounding_zone_ids": list(range(101)), "display_options": {"map": "roadmap"}}
    link = {"description": "Shared", "trackers": [], "params": options}
    assert errors(link, GeoLinkCreateParams) == {
        "trackers": "must have at least 1 element",
        "params.bounding_zone_ids": "must have at most 100 elements",
    }


def test_the_client_converter_does_not_judge_limits():
    task = {**TASK, "label": "x" * 500}
    assert converter_for().structure({"task": task}, TaskCreateParams).task.label == "x" * 500


def test_openapi_shows_the_limits():
    from fleetapi_mock.web.openapi import openapi_document

    document = openapi_document()
    body = document["paths"]["/api/key/create"]["post"]["requestBody"]["content"]
    schema = body["application/json"]["schema"]
    text = repr(schema) + repr(document.get("components", {}))
    assert "'maxLength': 255" in text


@pytest.mark.parametrize(
    ("limits", "value", "expected"),
    [
        (Rules(minimum=0, maximum=10), 11, "must be at most 10"),
        (Rules(minimum=0, maximum=10), -1.5, "must be at least 0"),
        (Rules(minimum=0, maximum=10), "12", "must be at most 10"),  # a number as text
        (Rules(minimum=0, maximum=10), "5", None),
        (Rules(minimum=0, maximum=10), "abc", None),  # not a number: the type's hook tells
        (Rules(minimum=0, maximum=10), True, None),  # a boolean is no number
        (Rules(minimum=0), None, None),
        (Rules(max_length=3), "abcd", "must be at most 3 characters"),
        (Rules(max_length=3), 1234, None),
        (Rules(not_blank=True), " ", "must not be empty or blank"),
        (Rules(forbid="/"), "a/b", "must not contain /"),
        (Rules(forbid="/"), "ab", None),
        (Rules(max_items=1), [1, 2], "must have at most 1 element"),
        (Rules(min_items=1), {}, "must have at least 1 element"),
        (Rules(min_items=1, minimum=0), [], "must have at least 1 element"),
        (Rules(max_items=1), "ab", None),
    ],
)
def test_each_kind_of_value_meets_its_own_limits(limits, value, expected):
    assert limits.check(value) == expected

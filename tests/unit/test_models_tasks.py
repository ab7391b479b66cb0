"""Behaviour of the task-area models: tasks, routes, forms, search conditions, links, tracks.

The generic round trips live in ``test_models_roundtrip.py``; these tests pin what it cannot
show: bodies shaped as the specification and the service's documentation show them, which class
a tagged union picks, what the lenient and strict converters tolerate, and how the strict
converter names a bad parameter.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest

from fleetapi._converter import RequestValidationError, converter_for, structure_request
from fleetapi._types import UNSET
from fleetapi.endpoints import by_path
from fleetapi.models.common import Location
from fleetapi.models.form import (
    CheckboxGroupValue,
    DateValue,
    Form,
    FormTemplate,
    SignatureValue,
    TextValue,
)
from fleetapi.models.link import GeoLink, GeoLinkCreateParams, GeoLinkListParams
from fleetapi.models.retranslator import Retranslator, RetranslatorUpdateParams
from fleetapi.models.search import (
    AndCondition,
    ContainsCondition,
    EqCondition,
    InCondition,
    NotCondition,
    OrCondition,
    Period,
    PeriodCondition,
    SearchCondition,
)
from fleetapi.models.task import (
    NewTask,
    Route,
    RouteCreateResult,
    Task,
    TaskCreateParams,
    TaskListParams,
    TaskReadResult,
    TaskUpdate,
)
from fleetapi.models.track import (
    ClusterTrack,
    MergedTrack,
    RegularTrack,
    SingleReportTrack,
    TrackList,
    TrackListResult,
    TrackTotals,
    UnknownTrack,
)

CLIENT = converter_for()

TASK: dict[str, Any] = {
    "id": 111,
    "user_id": 3,
    "tracker_id": 22,
    "location": {"lat": 48.137154, "lng": 11.576124, "address": "12 Harbour Road", "radius": 150},
    "label": "Drop off spare parts",
    "description": "Gate B, ask for Sam",
    "creation_date": "2024-04-02 08:15:00",
    "from": "2024-04-03 09:00:00",
    "to": "2024-04-03 17:30:00",
    "external_id": None,
    "status": "assigned",
    "status_change_date": "2024-04-02 08:15:00",
    "max_delay": 5,
    "min_stay_duration": 0,
    "arrival_date": "2024-04-02 08:15:00",
    "stay_duration": 0,
    "origin": "imported",
    "tags": [1, 2],
    "type": "task",
    "form_template_id": 13245,
    "fields": {"5501": {"type": "text", "value": "Pallet 4 of 6"}},
}

ROUTE: dict[str, Any] = {
    key: TASK[key]
    for key in (
        "id", "user_id", "tracker_id", "label", "description", "creation_date", "from", "to",
        "external_id", "status", "status_change_date", "origin", "tags",
    )
} | {"id": 200, "type": "route", "checkpoint_ids": [201, 202]}  # fmt: skip

BOUNDS = {"nw": {"lat": 2.0, "lng": 1.0}, "se": {"lat": 1.0, "lng": 2.0}}
SHARED = {"start_date": "2020-01-01 10:00:00", "start_address": "Here"}


def errors_of(body: dict[str, Any], cls: type) -> dict[str, str]:
    with pytest.raises(RequestValidationError) as info:
        structure_request(body, cls)
    return {e.parameter: e.error for e in info.value.errors}


# --- Search conditions --------------------------------------------------------------------


DOCUMENTED_CONDITIONS = [
    {
        "type": "and",
        "conditions": [
            {
                "type": "or",
                "conditions": [
                    {"type": "eq", "field": "41", "value": 2024},
                    {"type": "contains", "field": "42", "value": "north"},
                ],
            },
            {"type": "contains", "field": "label", "value": "depot"},
        ],
    }
]


NESTED = [
    AndCondition(
        conditions=[
            OrCondition(
                conditions=[
                    EqCondition(field="41", value=2024),
                    ContainsCondition(field="42", value="north"),
                ]
            ),
            ContainsCondition(field="label", value="depot"),
        ]
    )
]

NOT_IN_PERIOD = NotCondition(
    condition=AndCondition(
        conditions=[
            InCondition(field="status", value=["assigned", "arrived"]),
            PeriodCondition(
                field="arrival_date",
                value=Period(from_=dt.datetime(2024, 5, 1), to=dt.datetime(2024, 5, 2)),
            ),
        ]
    )
)

NOT_IN_PERIOD_WIRE = {
    "type": "not",
    "condition": {
        "type": "and",
        "conditions": [
            {"type": "in", "field": "status", "value": ["assigned", "arrived"]},
            {
                "type": "period",
                "field": "arrival_date",
                "value": {"from": "2024-05-01 00:00:00", "to": "2024-05-02 00:00:00"},
            },
        ],
    },
}


def test_nested_search_conditions_structure_by_their_type_tags():
    params = structure_request({"conditions": DOCUMENTED_CONDITIONS}, TaskListParams)
    assert params.conditions == NESTED
    assert CLIENT.structure({"conditions": DOCUMENTED_CONDITIONS}, TaskListParams) == params


def test_nested_conditions_inside_a_condition_are_sent_with_their_tags():
    assert CLIENT.unstructure(NESTED[0], SearchCondition) == DOCUMENTED_CONDITIONS[0]
    assert CLIENT.unstructure(NOT_IN_PERIOD, SearchCondition) == NOT_IN_PERIOD_WIRE
    assert structure_request({"conditions": [NOT_IN_PERIOD_WIRE]}, TaskListParams).conditions == [
        NOT_IN_PERIOD
    ]


def test_task_list_params_send_top_level_conditions_with_their_tags():
    wire = CLIENT.unstructure(TaskListParams(conditions=[*NESTED, NOT_IN_PERIOD]))
    assert wire == {"conditions": [*DOCUMENTED_CONDITIONS, NOT_IN_PERIOD_WIRE]}


def test_geo_link_list_params_send_top_level_conditions_with_their_tags():
    condition = ContainsCondition(field="aliases", value="Van")
    wire = CLIENT.unstructure(GeoLinkListParams(conditions=[condition]))
    assert wire == {"conditions": [{"type": "contains", "field": "aliases", "value": "Van"}]}


def test_strict_converter_refuses_an_unknown_condition_type():
    body = {"conditions": [{"type": "like", "field": "label", "value": "x"}]}
    assert list(errors_of(body, TaskListParams)) == ["conditions[0].type"]


def test_strict_converter_names_a_bad_nested_condition_value():
    body = {
        "conditions": [
            {
                "type": "or",
                "conditions": [
                    {"type": "eq", "field": "id", "value": 1},
                    {"type": "contains", "field": "label", "value": 7},
                ],
            }
        ]
    }
    assert errors_of(body, TaskListParams) == {
        "conditions[0].conditions[1].value": "must be a string, not a number"
    }


# --- Tasks and routes ---------------------------------------------------------------------


def test_task_from_the_spec_with_unknown_extra_fields_structures():
    body = TASK | {"brand_new_field": {"nested": True}, "priority": 3}
    task = CLIENT.structure(body, Task)
    assert task.from_ == dt.datetime(2024, 4, 3, 9, 0, 0)
    assert task.location.radius == 150
    assert task.fields != UNSET
    assert task.fields["5501"].value == "Pallet 4 of 6"
    assert task.form is None
    assert task.parent_id is None
    assert task.min_arrival_duration == 0


def test_task_with_unknown_status_is_tolerated_by_the_client_only():
    body = TASK | {"status": "paused"}
    assert CLIENT.structure(body, Task).status == "paused"
    assert list(errors_of(body, Task)) == ["status"]


def test_strict_converter_names_task_location_lat_when_it_is_not_a_number():
    body = {
        "task": {
            "location": {"lat": "51.28N", "lng": 7.3, "radius": 150},
            "label": "Drop off spare parts",
            "description": "",
            "from": "2030-02-03 04:05:06",
            "to": "2030-03-04 05:06:07",
        }
    }
    assert errors_of(body, TaskCreateParams) == {
        "task.location.lat": "must be a number, not a string"
    }


def test_minimum_task_content_structures_and_omits_what_was_not_given():
    body = {
        "task": {
            "location": {"lat": 56.83717295, "lng": 60.5976192, "radius": 150},
            "label": "Name",
            "description": "Description example",
            "from": "2030-02-03 04:05:06",
            "to": "2030-03-04 05:06:07",
        }
    }
    params = structure_request(body, TaskCreateParams)
    assert params.task.tracker_id is UNSET
    assert params.create_form is UNSET
    assert CLIENT.unstructure(params) == body


def test_task_read_tells_a_route_from_a_task_by_its_checkpoint_ids():
    checkpoint = TASK | {"id": 201, "type": "checkpoint", "parent_id": 200, "order": 0}
    result = CLIENT.structure({"value": ROUTE, "checkpoints": [checkpoint]}, TaskReadResult)
    assert isinstance(result.value, Route)
    assert result.value.checkpoint_ids == [201, 202]
    assert result.checkpoints != UNSET
    assert (result.checkpoints[0].parent_id, result.checkpoints[0].order) == (200, 0)
    assert result.checkpoints[0].type == "checkpoint"

    alone = CLIENT.structure({"value": TASK}, TaskReadResult)
    assert isinstance(alone.value, Task)
    assert alone.checkpoints is UNSET
    assert "checkpoints" not in CLIENT.unstructure(alone)


def test_route_create_result_as_documented_by_the_service():
    body = {"result": ROUTE, "external_id_counts": [{"external_id": "456", "count": 2}]}
    result = CLIENT.structure(body, RouteCreateResult)
    assert result.result.checkpoint_ids == [201, 202]
    assert result.external_id_counts != UNSET
    assert result.external_id_counts[0].count == 2


def test_task_update_from_a_read_task_keeps_its_content_and_drops_read_only_fields():
    task = CLIENT.structure(TASK, Task)
    update = attrs.evolve(TaskUpdate.from_task(task), label="Drop off more parts")
    wire = CLIENT.unstructure(update)
    assert wire["id"] == 111
    assert wire["label"] == "Drop off more parts"
    assert wire["from"] == "2024-04-03 09:00:00"
    for read_only in ("user_id", "status", "creation_date", "arrival_date", "tracker_id"):
        assert read_only not in wire


def test_new_task_sends_null_tracker_but_omits_an_unset_one():
    content = {
        "location": Location(lat=1.0, lng=2.0, radius=100),
        "label": "x",
        "description": "",
        "from_": dt.datetime(2030, 1, 1),
        "to": dt.datetime(2030, 1, 2),
    }
    assert "tracker_id" not in CLIENT.unstructure(NewTask(**content))
    assert CLIENT.unstructure(NewTask(**content, tracker_id=None))["tracker_id"] is None


# --- Forms --------------------------------------------------------------------------------


FORM = {
    "id": 2,
    "label": "Delivery report",
    "fields": [
        {"id": "t1", "label": "Name", "required": True, "type": "text", "max_length": 255},
        {"id": "c1", "label": "Agree", "type": "checkbox_group", "group": [{"label": "TOS"}]},
        {"id": "d1", "label": "When", "type": "date", "disable_past": True},
        {"id": "s1", "label": "Sign", "type": "signature"},
        {"id": "sep", "label": "Section", "type": "separator"},
    ],
    "created": "2023-06-01 10:00:00",
    "submit_in_zone": True,
    "task_id": 1,
    "template_id": 1,
    "values": {
        "t1": {"type": "text", "value": "Ana Ruiz"},
        "c1": {"type": "checkbox_group", "values": [True]},
        "d1": {"type": "date", "value": "2023-06-14"},
        "s1": {"type": "signature", "file_id": 7001},
    },
    "submitted": "2023-06-14 16:20:00",
    "submit_location": {"lat": 11.0, "lng": 22.0, "address": "Dock 3"},
}


def test_form_values_pick_their_class_by_type_and_round_trip():
    form = CLIENT.structure(FORM, Form)
    assert form.values == {
        "t1": TextValue(value="Ana Ruiz"),
        "c1": CheckboxGroupValue(values=[True]),
        "d1": DateValue(value=dt.date(2023, 6, 14)),
        "s1": SignatureValue(file_id=7001),
    }
    assert form.fields[1].group != UNSET
    assert form.fields[4].required is False
    assert CLIENT.structure(CLIENT.unstructure(form), Form) == form


def test_task_carries_its_form():
    task = CLIENT.structure(TASK | {"form": FORM}, Task)
    assert task.form is not None
    assert task.form.values is not None
    assert task.form.values["t1"] == TextValue(value="Ana Ruiz")


def test_unfilled_form_has_null_values():
    form = CLIENT.structure(FORM | {"values": None, "submitted": None}, Form)
    assert form.values is None
    assert form.submitted is None


def test_form_template_structures():
    body = {
        "id": 1,
        "label": "Delivery report",
        "fields": [{"id": "Text-1", "label": "Name", "description": "Who received the goods",
                    "required": True, "type": "text", "min_length": 5, "max_length": 255}],
        "created": "2023-06-01 10:00:00",
        "submit_in_zone": True,
        "updated": "2023-06-02 11:00:00",
        "default": False,
    }  # fmt: skip
    template = CLIENT.structure(body, FormTemplate)
    assert template.fields[0].min_length == 5
    assert CLIENT.unstructure(template) == {**body, "description": None, "version": 1}


# --- Tracks -------------------------------------------------------------------------------


REGULAR = SHARED | {
    "type": "regular", "id": 1, "end_date": "2020-01-01 11:00:00", "end_address": "There",
    "max_speed": 90, "length": 12.5, "points": 40, "avg_speed": 45, "bounds": BOUNDS,
}  # fmt: skip
SINGLE = SHARED | {"type": "single_report", "id": 2, "avg_speed": 0, "precision": 20}
MERGED = {k: v for k, v in REGULAR.items() if k != "id"} | {"type": "merged"}
CLUSTER = SHARED | {
    "type": "cluster",
    "end_date": "2020-01-01 12:00:00",
    "points": [{"lat": 1.5, "lng": 1.5}, {"lat": 1.6, "lng": 1.4}],
    "gsm_lbs": False,
    "bounds": BOUNDS,
}


def track_list(*tracks: dict[str, Any]) -> dict[str, Any]:
    return {
        "tracker_id": 7,
        "limit_exceeded": False,
        "interval": {"from": "2020-01-01 00:00:00", "to": "2020-01-02 00:00:00"},
        "tracks": list(tracks),
    }


def test_each_track_kind_picks_its_class():
    result = CLIENT.structure(track_list(REGULAR, SINGLE, MERGED, CLUSTER), TrackList)
    kinds = [type(t) for t in result.tracks]
    assert kinds == [RegularTrack, SingleReportTrack, MergedTrack, ClusterTrack]
    cluster = result.tracks[3]
    assert isinstance(cluster, ClusterTrack)
    assert [p.lat for p in cluster.points] == [1.5, 1.6]
    assert CLIENT.unstructure(result)["tracks"][3] == CLUSTER


def test_unknown_track_type_is_tolerated_by_the_client_and_refused_by_the_strict_converter():
    teleport = SHARED | {"type": "teleport", "warp_factor": 9}
    result = CLIENT.structure(track_list(REGULAR, teleport), TrackList)
    unknown = result.tracks[1]
    assert isinstance(unknown, UnknownTrack)
    assert unknown.start_address == "Here"
    assert unknown.start_date == dt.datetime(2020, 1, 1, 10)
    with pytest.raises(RequestValidationError) as info:
        structure_request(track_list(REGULAR, teleport), TrackList)
    assert [e.parameter for e in info.value.errors] == ["tracks[1].type"]


def test_totals_accept_trip_duration_and_write_trips_duration():
    spec = {"count": 2, "length": 12.5, "trips_duration": "PT1H30M", "parking_duration": "P1D"}
    other = spec.copy()
    other["trip_duration"] = other.pop("trips_duration")
    for body in (spec, other):
        totals = CLIENT.structure(body, TrackTotals)
        assert totals.trips_duration == dt.timedelta(hours=1, minutes=30)
        assert totals.parking_duration == dt.timedelta(days=1)
    made = TrackTotals(
        count=2,
        length=12.5,
        trips_duration=dt.timedelta(hours=1, minutes=30),
        parking_duration=dt.timedelta(days=1),
    )
    assert CLIENT.unstructure(made) == spec


def test_track_list_result_with_totals():
    body = {
        "list": [track_list(REGULAR)],
        "total": {"count": 1, "length": 12.5, "trip_duration": "PT1H", "parking_duration": "PT23H"},
    }
    result = CLIENT.structure(body, TrackListResult)
    assert result.list[0].interval.from_ == dt.datetime(2020, 1, 1)
    assert result.total.trips_duration == dt.timedelta(hours=1)


# --- Retranslators and geo links ----------------------------------------------------------


def test_retranslator_update_names_its_target_inside_the_object_and_hides_the_password():
    body = {
        "retranslator": {
            "id": 5,
            "name": "Forward",
            "protocol_id": 2,
            "address": "example.com",
            "port": 4000,
            "login": "me",
            "password": "s3cret-pass",
            "enabled": True,
        }
    }
    params = structure_request(body, RetranslatorUpdateParams)
    assert params.retranslator.id == 5
    assert "s3cret-pass" not in repr(params)
    assert CLIENT.unstructure(params) == body
    assert "password" not in CLIENT.unstructure(attrs.evolve(params.retranslator, password=UNSET))
    assert isinstance(params.retranslator, Retranslator)


def test_protocol_list_answers_on_its_alias():
    assert by_path("retranslator/protocols/list") is by_path("retranslator/protocol/list")


LINK = {
    "id": 9,
    "hash": "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    "create_date": "2020-01-01 00:00:00",
    "creator_id": 3,
    "description": "Delivery",
    "enabled": True,
    "lifetime": {"from": "2020-01-01 00:00:00", "to": "2020-02-01 00:00:00"},
    "params": {
        "bounding_zone_ids": [],
        "place_ids": None,
        "display_options": {"map": "roadmap", "trace_duration": 5},
    },
    "trackers": [
        {"tracker_id": 7, "alias": "Van", "params": {"object_data": ["speed", "driver_name"]}}
    ],
    "status": "expired",
}


def test_geo_link_structures_masks_its_hash_and_allows_a_null_lifetime():
    link = CLIENT.structure(LINK, GeoLink)
    assert link.status == "expired"
    assert link.trackers[0].params.object_data == ["speed", "driver_name"]
    assert LINK["hash"] not in repr(link)
    assert CLIENT.unstructure(link) == LINK
    assert CLIENT.structure(LINK | {"lifetime": None}, GeoLink).lifetime is None


def test_geo_link_create_refuses_an_unknown_object_data_value():
    body = {
        "description": "x",
        "trackers": [{"tracker_id": 7, "params": {"object_data": ["speed", "fuel"]}}],
        "params": {"bounding_zone_ids": [], "display_options": {}},
    }
    assert list(errors_of(body, GeoLinkCreateParams)) == ["trackers[0].params.object_data[1]"]

"""World documents round-trip and refuse dangling references, naming the path of the fault."""

from __future__ import annotations

import copy
import datetime as dt
import math
import sys
from collections.abc import Callable
from typing import Any, get_args

import attrs
import pytest
from mock_helpers import Api, assert_failure, assert_success

from fleetapi._converter import converter_for
from fleetapi_mock import World, demo_document
from fleetapi_mock.state.documents import SECRETS
from fleetapi_mock.state.world import COLLECTIONS, WorldDocumentError

Document = dict[str, Any]


def test_load_save_load_save_is_identical() -> None:
    first = World.from_document(demo_document()).to_document()
    second = World.from_document(first).to_document()
    assert second == first


def test_resetting_to_the_served_world_gives_the_same_world(api: Api) -> None:
    served = api.http.get("/__mock__/world").json()
    assert_success(api.http.post("/__mock__/reset", json=served))
    assert api.http.get("/__mock__/world").json() == served


def test_a_world_after_calls_round_trips_through_reset(api: Api, demo: str) -> None:
    """What the handlers store (tasks, forms, links...) is written and read back unchanged."""
    assert_success(api.post("/api/key/create", {"title": "round trip"}, hash=demo))
    assert_success(api.post("/checkin/form/create", {"tracker_id": 4, "template_id": 1}, hash=demo))
    served = api.http.get("/__mock__/world").json()
    assert_success(api.http.post("/__mock__/reset", json=served))
    assert api.http.get("/__mock__/world").json() == served


def _by(document: Document, name: str, **where: Any) -> Document:
    """The first item of collection ``name`` whose fields match ``where``."""
    return next(i for i in document[name] if all(i.get(k) == v for k, v in where.items()))


def _other_tracker(document: Document) -> int:
    other = _by(document, "users", login="other")["id"]
    return int(_by(document, "trackers", user_id=other)["id"])


def _set(name: str, match: dict[str, Any], field: str, value: Any) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        _by(document, name, **match)[field] = value

    return change


def _form_of_missing_task(document: Document) -> None:
    next(f for f in document["forms"] if f.get("task_id") == 2)["task_id"] = 999


def _link_of_missing_tracker(document: Document) -> None:
    document["geo_links"][0]["trackers"][1]["tracker_id"] = 999


def _link_of_anothers_tracker(document: Document) -> None:
    document["geo_links"][0]["trackers"][0]["tracker_id"] = _other_tracker(document)


def _task_of_anothers_tracker(document: Document) -> None:
    _by(document, "tasks", id=1)["tracker_id"] = _other_tracker(document)


def _file_of_missing_checkin(document: Document) -> None:
    next(f for f in document["files"] if f.get("checkin_id") == 1)["checkin_id"] = 999


def _file_of_missing_form(document: Document) -> None:
    next(f for f in document["files"] if f.get("form_id") == 1)["form_id"] = 999


def _retranslator_of_missing_protocol(document: Document) -> None:
    document["retranslators"][0]["protocol_id"] = 999


DANGLING: list[tuple[str, Callable[[Document], None], str]] = [
    ("form of a missing task", _form_of_missing_task, "forms[id=2].task_id"),
    ("check-in form of a missing tracker", _set("forms", {"tracker_id": 4}, "tracker_id", 999),
     "forms[id=1].tracker_id"),
    ("vehicle of a missing tracker", _set("vehicles", {"id": 1}, "tracker_id", 999),
     "vehicles[id=1].tracker_id"),
    ("vehicle of a missing garage", _set("vehicles", {"id": 1}, "garage_id", 999),
     "vehicles[id=1].garage_id"),
    ("service task of a missing vehicle", _set("service_tasks", {"id": 1}, "vehicle_id", 999),
     "service_tasks[id=1].vehicle_id"),
    ("link of a missing tracker", _link_of_missing_tracker,
     "geo_links[id=1].trackers[1].tracker_id"),
    ("link of another account's tracker", _link_of_anothers_tracker,
     "geo_links[id=1].trackers[0].tracker_id"),
    ("retranslator of a missing protocol", _retranslator_of_missing_protocol,
     "retranslators[id=1].protocol_id"),
    ("check-in file of a missing check-in", _file_of_missing_checkin, "files[id=1].checkin_id"),
    ("form file of a missing form", _file_of_missing_form, "files[id=2].form_id"),
    ("check-in of a missing form", _set("checkins", {"id": 1}, "form_id", 999),
     "checkins[id=1].form_id"),
    ("check-in of a missing employee", _set("checkins", {"id": 1}, "employee_id", 999),
     "checkins[id=1].employee_id"),
    ("check-in of a missing tracker", _set("checkins", {"id": 1}, "tracker_id", 999),
     "checkins[id=1].tracker_id"),
    ("task of a missing tracker", _set("tasks", {"id": 1}, "tracker_id", 999),
     "tasks[id=1].tracker_id"),
    ("task of another account's tracker", _task_of_anothers_tracker, "tasks[id=1].tracker_id"),
    ("checkpoint of a missing route", _set("tasks", {"id": 7}, "parent_id", 999),
     "tasks[id=7].parent_id"),
    ("employee of a missing tracker", _set("employees", {"id": 1}, "tracker_id", 999),
     "employees[id=1].tracker_id"),
    ("employee of a missing department", _set("employees", {"id": 1}, "department_id", 999),
     "employees[id=1].department_id"),
    ("employee of a missing user", _set("employees", {"id": 1}, "user_id", 999),
     "employees[id=1].user_id"),
    ("zone of a missing user", _set("zones", {"id": 1}, "user_id", 999), "zones[id=1].user_id"),
    ("import of a missing user", _set("import_processes", {"id": 1}, "user_id", 999),
     "import_processes[id=1].user_id"),
    ("map layer of a missing user", lambda d: d["map_layers"][0].update(user_id=999),
     "map_layers[id=1].user_id"),
    ("transaction of a missing user", _set("transactions", {"id": 1}, "user_id", 999),
     "transactions[id=1].user_id"),
    ("tariff of a missing dealer", _set("tariffs", {"id": 3}, "dealer_id", 999),
     "tariffs[id=3].dealer_id"),
    ("settings of a missing tracker",
     _set("tracker_settings", {"tracker_id": 2}, "tracker_id", 999),
     "tracker_settings[tracker_id=999].tracker_id"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "path"), [c[1:] for c in DANGLING], ids=[c[0] for c in DANGLING]
)
def test_dangling_references_are_refused_with_their_path(
    change: Callable[[Document], None], path: str
) -> None:
    document = demo_document()
    change(document)
    with pytest.raises(WorldDocumentError) as info:
        World.from_document(document)
    assert path in [p for p, _ in info.value.errors]


def test_a_reset_to_a_dangling_world_answers_the_path_and_changes_nothing(api: Api) -> None:
    before = api.document()
    document = demo_document()
    _link_of_missing_tracker(document)
    body = assert_failure(api.http.post("/__mock__/reset", json=document), 7, 400)
    assert "geo_links[id=1].trackers[1].tracker_id" in [e["parameter"] for e in body["errors"]]
    assert api.document() == before


# --- Earlier formats ----------------------------------------------------------------------------

NESTED_IN_FORMAT_1 = {
    "geo_links": ("link", {"user_id"}),
    "bills": ("bill", {"user_id"}),
    "subscriptions": ("subscription", {"user_id"}),
    "retranslators": ("retranslator", {"user_id"}),
    "map_layers": ("layer", {"user_id", "kml"}),
    "forms": ("form", {"user_id", "tracker_id"}),
    "files": ("file", {"max_size", "token", "expires", "form_id", "field_id", "checkin_id",
                       "submitted", "content"}),
}  # fmt: skip
"""Format 1's nested collections: the key of the API object and the keys kept beside it."""


def format_1(document: Document) -> Document:
    """``document`` (the current format) written as format 1 was."""
    old = dict(document, format="fleetapi-mock-world/1")
    for name, (inner, beside) in NESTED_IN_FORMAT_1.items():
        old[name] = [
            {**{k: v for k, v in item.items() if k in beside},
             inner: {k: v for k, v in item.items() if k not in beside}}
            for item in document[name]
        ]  # fmt: skip
    return old


def test_a_document_of_format_1_loads_as_the_same_world() -> None:
    current = {**demo_document(), "seed": 1}
    old = format_1(current)
    assert old["geo_links"][0]["link"]["hash"] == current["geo_links"][0]["hash"]
    assert World.from_document(old).to_document() == World.from_document(current).to_document()
    assert World.from_document(old).to_document()["format"] == "fleetapi-mock-world/2"


def test_problems_of_a_format_1_document_have_the_paths_of_format_2() -> None:
    old = format_1(demo_document())
    old["geo_links"][0]["link"]["trackers"][1]["tracker_id"] = 999
    old["bills"][0]["bill"]["sum"] = "ten"
    with pytest.raises(WorldDocumentError) as info:
        World.from_document(old)
    assert [path for path, _ in info.value.errors] == ["bills[0].sum"]
    del old["bills"]
    with pytest.raises(WorldDocumentError) as info:
        World.from_document(old)
    assert [path for path, _ in info.value.errors] == ["geo_links[id=1].trackers[1].tracker_id"]


def test_a_format_2_document_in_format_1_shape_is_refused_by_its_paths() -> None:
    document = format_1(demo_document())
    document["format"] = "fleetapi-mock-world/2"
    with pytest.raises(WorldDocumentError) as info:
        World.from_document(document)
    assert ("geo_links[0].link", "unknown key") in info.value.errors
    assert ("geo_links[0].id", "is required") in info.value.errors


@pytest.mark.parametrize("value", ["fleetapi-mock-world/3", "fleetapi-mock-world/0", 2])
def test_an_unknown_format_is_refused(value: object) -> None:
    document = demo_document()
    document["format"] = value
    with pytest.raises(WorldDocumentError) as info:
        World.from_document(document)
    assert info.value.errors[0][0] == "format"


@pytest.mark.parametrize(
    ("collection", "extra"),
    [("vehicles", {"colour": "red"}), ("tasks", {"colour": "red"})],
    ids=["flat record", "record with an object"],
)
def test_an_unknown_key_of_a_record_is_refused(collection: str, extra: dict[str, Any]) -> None:
    document = demo_document()
    document[collection][0].update(extra)
    with pytest.raises(WorldDocumentError) as info:
        World.from_document(document)
    assert (f"{collection}[0].colour", "unknown key") in info.value.errors


def test_an_unknown_key_inside_a_record_s_object_is_refused() -> None:
    document = demo_document()
    document["tasks"][0]["location"]["colour"] = "red"
    with pytest.raises(WorldDocumentError) as info:
        World.from_document(document)
    assert ("tasks[0].location.colour", "unknown key") in info.value.errors


def test_records_share_equal_values_and_the_document_is_left_as_given() -> None:
    document = demo_document()
    first, second, third = document["vehicles"][:3]
    second["model"] = "".join(first["model"])  # equal, not the same object
    first["payload_weight"], second["payload_weight"] = 123_456, int("123456")
    first["fuel_cost"], second["fuel_cost"] = 1.65, float("1.65")
    third["fuel_cost"], third["norm_avg_fuel_consumption"] = -0.0, 0.0
    assert second["model"] is not first["model"]
    assert second["payload_weight"] is not first["payload_weight"]
    assert second["fuel_cost"] is not first["fuel_cost"]
    given = copy.deepcopy(document)
    world = World.from_document(document)
    a, b, c = (world.vehicles[v["id"]] for v in (first, second, third))
    assert a.model is b.model
    assert a.payload_weight is b.payload_weight
    assert a.fuel_cost is b.fuel_cost
    assert math.copysign(1, c.fuel_cost) == -1  # a negative zero stays one
    assert math.copysign(1, c.norm_avg_fuel_consumption) == 1
    assert document == given
    assert document["vehicles"][1]["model"] is not first["model"]


def test_records_share_equal_date_times_however_far_apart_and_lists_hold_no_spare_room():
    document = demo_document()
    task = next(t for t in document["tasks"] if t["type"] == "task")
    far = [
        {**task, "id": 90_000 + n, "from": f"2026-01-01 {n // 60:02d}:{n % 60:02d}:00",
         "to": f"2026-02-01 {n // 60:02d}:{n % 60:02d}:00", "tags": [1]}
        for n in range(600)
    ]  # fmt: skip
    far[-1]["to"] = far[0]["to"]
    document["tasks"] += far
    world = World.from_document(document)
    first, last = world.tasks[90_000], world.tasks[90_599]
    assert first.to == last.to
    assert first.to is last.to  # 1,197 other date/times read between them
    assert sys.getsizeof(first.tags) == sys.getsizeof([1])
    outside = converter_for(strict=True)
    assert outside.structure(["2026-02-01 00:00:00"], list[dt.datetime])[0] == first.to


def test_loaded_points_are_history_and_make_no_events() -> None:
    """The demo's rules watch Van 1 at the depot, yet its month of rounds loads without a zone
    event: a document's points make none, its ``events`` are their history's."""
    document = demo_document()
    world = World.from_document(document)
    assert len(world.events) == len(document["events"])
    depot_rule = world.rules[1]
    assert (depot_rule.type, depot_rule.zone_ids) == ("inoutzone", [1])
    assert len(world.points_of(1)) > 500


def test_every_credential_field_of_a_world_is_masked_in_documents_read_without_the_token():
    """A new collection holding a password, hash or token joins SECRETS, or it would leak."""
    credential_names = {"password", "hash", "token", "secret"}
    found = {
        name: tuple(
            sorted(
                {
                    f.name
                    for record in get_args(c.record) or (c.record,)
                    for f in attrs.fields(record)
                    if f.name in credential_names
                }
            )
        )
        for name, c in COLLECTIONS.items()
    }
    assert {name: fields for name, fields in found.items() if fields} == dict(SECRETS)

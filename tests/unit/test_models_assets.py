"""Behaviour of the asset models: check-ins, files, vehicles, garages, departments, geo objects.

The generic round trip of every model lives in ``test_models_roundtrip.py``; these tests pin
down what it cannot show: the wire shapes the spec and the service give, and the errors the
strict converter names.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any, get_args

import cattrs
import pytest

from fleetapi._converter import RequestValidationError, converter_for, structure_request
from fleetapi._types import UNSET
from fleetapi.endpoints import checkin, department, garage, vehicle
from fleetapi.models.checkin import (
    Checkin,
    CheckinCreateParams,
    CheckinExportParams,
    CheckinList,
    CheckinListParams,
    CheckinReadParams,
)
from fleetapi.models.common import Location
from fleetapi.models.department import Department, NewDepartment
from fleetapi.models.employee import Employee
from fleetapi.models.files import UploadTicket
from fleetapi.models.garage import Garage
from fleetapi.models.vehicle import (
    SUBTYPES_BY_TYPE,
    CheckedVehicle,
    Vehicle,
    VehicleBatchResult,
    VehicleCreateParams,
    VehicleListParams,
    VehicleSubtype,
    VehicleType,
)
from fleetapi.models.zone import CircleZone, PolygonZone, SausageZone, Zone

CHECKIN_FROM_SPEC = {
    "id": 1,
    "marker_time": "2017-03-15 12:36:27",
    "user_id": 111,
    "tracker_id": 222,
    "employee_id": 333,
    "location": {"lat": 56.5, "lng": 60.5, "address": "Moltkestrasse 32", "precision": 150},
    "comment": "houston, we have a problem",
    "files": [
        {
            "id": 16,
            "storage_id": 1,
            "user_id": 12203,
            "type": "image",
            "created": "2017-09-06 11:54:28",
            "uploaded": "2017-09-06 11:55:14",
            "name": "lala.jpg",
            "size": 72594,
            "mime_type": "image/png",
            "metadata": {"orientation": 1},
            "state": "uploaded",
            "download_url": "https://static.example/file/dl/lala.jpg",
        }
    ],
    "form_id": 23423,
    "form_label": "Service request form",
}

VEHICLE_FROM_SERVICE = {
    "id": 222,
    "tracker_id": None,
    "label": "Vehicle",
    "max_speed": 160,
    "model": "",
    "type": "car",
    "subtype": None,
    "garage_id": None,
    "trailer": None,
    "manufacture_year": 2020,
    "color": None,
    "reg_number": "AB234D",
    "vin": "45468743418579751",
    "payload_height": 1868,
    "payload_weight": None,
    "fuel_type": None,
    "fuel_tank_volume": None,
    "liability_insurance_valid_till": "2020-10-15",
    "free_insurance_valid_till": None,
    "tags": [],
}


def wire(value: object, *, strict: bool = False) -> Any:
    """Unstructure and pass through JSON, as the value would travel."""
    return json.loads(json.dumps(converter_for(strict=strict).unstructure(value)))


# --- Check-ins --------------------------------------------------------------------------------


def test_checkin_from_the_spec_structures_with_unknown_fields():
    payload = {**CHECKIN_FROM_SPEC, "added_later": {"x": 1}}
    payload["files"] = [{**CHECKIN_FROM_SPEC["files"][0], "checksum": "abc"}]
    value = converter_for().structure(payload, Checkin)
    assert value.marker_time == dt.datetime(2017, 3, 15, 12, 36, 27)
    assert value.location.precision == 150
    assert value.files[0].metadata.orientation == 1
    assert value.files[0].uploaded == dt.datetime(2017, 9, 6, 11, 55, 14)
    assert wire(value) == CHECKIN_FROM_SPEC


def test_checkin_without_employee_or_comment_omits_them_and_keeps_null_form():
    payload = {k: v for k, v in CHECKIN_FROM_SPEC.items() if k not in ("employee_id", "comment")}
    payload.update(form_id=None, form_label=None, files=[])
    value = converter_for(strict=True).structure(payload, Checkin)
    assert value.employee_id is UNSET
    assert value.comment is UNSET
    out = wire(value)
    assert "employee_id" not in out
    assert "comment" not in out
    assert out["form_id"] is None


def test_file_not_yet_uploaded_has_null_upload_fields():
    reserved = {
        **CHECKIN_FROM_SPEC["files"][0],
        "uploaded": None,
        "download_url": None,
        "state": "created",
    }
    del reserved["metadata"]
    value = converter_for(strict=True).structure(
        {**CHECKIN_FROM_SPEC, "files": [reserved]}, Checkin
    )
    assert value.files[0].uploaded is None
    assert value.files[0].download_url is None
    assert value.files[0].metadata.orientation is UNSET


def test_checkin_list_page_reads_the_list_key():
    page = converter_for().structure({"list": [CHECKIN_FROM_SPEC], "count": 22}, CheckinList)
    assert page.count == 22
    assert page.list[0].id == 1
    assert wire(page) == {"count": 22, "list": [CHECKIN_FROM_SPEC]}


def test_checkin_list_params_send_from_and_omit_what_is_unset():
    params = CheckinListParams(
        trackers=[1, 2], from_=dt.datetime(2020, 8, 5, 3, 6), to=dt.datetime(2020, 9, 5, 3)
    )
    assert wire(params) == {
        "trackers": [1, 2],
        "from": "2020-08-05 03:06:00",
        "to": "2020-09-05 03:00:00",
    }
    assert structure_request(wire(params), CheckinListParams) == params


def test_checkin_export_needs_a_known_format():
    body = {"format": "xlsx", "offset": 20, "limit": 100}
    assert structure_request(body, CheckinExportParams).format == "xlsx"
    with pytest.raises(RequestValidationError) as info:
        structure_request({"format": "doc"}, CheckinExportParams)
    assert [e.parameter for e in info.value.errors] == ["format"]


def test_checkin_create_from_the_spec_example_validates():
    body = {
        "tracker_id": 22,
        "location": {"lat": 9.861999, "lng": -83.948999},
        "comment": "houston, we have a problem",
        "file_ids": [11, 22],
        "form_submission": {
            "form_id": 23423,
            "values": {"111-aaa-whatever": {"type": "text", "value": "John Doe"}},
        },
    }
    params = structure_request(body, CheckinCreateParams)
    assert params.location == Location(lat=9.861999, lng=-83.948999)
    assert params.form_submission
    assert params.form_submission.values["111-aaa-whatever"]["value"] == "John Doe"
    assert wire(params) == body


def test_strict_converter_names_nested_checkin_parameters():
    with pytest.raises(RequestValidationError) as info:
        structure_request(
            {"tracker_id": "22a", "location": {"lat": 1.0}, "form_submission": {"values": {}}},
            CheckinCreateParams,
        )
    names = {e.parameter for e in info.value.errors}
    assert names == {"tracker_id", "location.lng", "form_submission.form_id"}
    with pytest.raises(RequestValidationError) as info:
        structure_request({"checkin_id": True}, CheckinReadParams)
    assert info.value.errors[0].parameter == "checkin_id"


def test_upload_ticket_hides_its_fields_in_repr():
    ticket = converter_for().structure(
        {
            "file_id": 111,
            "url": "https://upload.example/bla",
            "expires": "2020-02-03 03:04:00",
            "file_field_name": "file",
            "fields": {"token": "a43f43ed4340b86c808ac"},
        },
        UploadTicket,
    )
    assert ticket.fields == {"token": "a43f43ed4340b86c808ac"}
    assert ticket.expires == dt.datetime(2020, 2, 3, 3, 4)
    assert "a43f43ed4340b86c808ac" not in repr(ticket)


# --- Vehicles ---------------------------------------------------------------------------------


@pytest.mark.parametrize("strict", [False, True])
def test_vehicle_with_null_subtype_and_service_nulls_round_trips(strict):
    value = converter_for(strict=strict).structure(VEHICLE_FROM_SERVICE, Vehicle)
    assert value.subtype is None
    assert value.fuel_tank_volume is None
    assert value.payload_height == 1868.0
    assert value.liability_insurance_valid_till == dt.date(2020, 10, 15)
    assert value.tracker_label is None  # missing reads as null
    out = wire(value, strict=strict)
    assert out["subtype"] is None
    assert "icon_color" not in out
    assert converter_for(strict=strict).structure(out, Vehicle) == value


def test_vehicle_tolerates_unknown_fields_and_new_enum_values_on_the_client():
    payload = {**VEHICLE_FROM_SERVICE, "type": "drone", "subtype": "quadcopter", "extra": 1}
    value = converter_for().structure(payload, Vehicle)
    assert value.type == "drone"
    assert value.subtype == "quadcopter"


def test_the_client_reads_scalars_of_another_type_as_the_declared_type():
    payload = {**VEHICLE_FROM_SERVICE, "max_speed": "130", "tags": ["4", 5.0], "subtype": None}
    value = converter_for().structure(payload, Vehicle)
    assert value.max_speed == 130
    assert value.tags == [4, 5]
    assert all(type(tag) is int for tag in value.tags)
    assert value.subtype is None
    with pytest.raises(RequestValidationError) as info:  # the mock's side: JSON types
        structure_request({**payload, "tags": [True, "1e2"]}, Vehicle)
    assert {e.parameter for e in info.value.errors} == {"tags[0]", "tags[1]"}


def test_strict_converter_names_vehicle_type_and_subtype():
    body = {"vehicle": {"label": "AGV", "type": "plane", "subtype": "jet"}}
    with pytest.raises(RequestValidationError) as info:
        structure_request(body, VehicleCreateParams)
    errors = {e.parameter: e.error for e in info.value.errors}
    assert set(errors) == {"vehicle.type", "vehicle.subtype"}
    assert "'truck'" in errors["vehicle.type"]


def test_create_needs_only_label_and_type_and_update_needs_the_id():
    params = structure_request({"vehicle": {"label": "AGV", "type": "truck"}}, VehicleCreateParams)
    assert params.vehicle.subtype is None
    assert params.force_reassign is UNSET
    with pytest.raises(RequestValidationError) as info:
        structure_request({"vehicle": {"label": "AGV"}}, VehicleCreateParams)
    assert [e.parameter for e in info.value.errors] == ["vehicle.type"]
    with pytest.raises(RequestValidationError) as info:
        structure_request(
            {"vehicle": {"label": "AGV", "type": "car"}}, vehicle.VEHICLE_UPDATE.params
        )
    assert [(e.parameter, e.error) for e in info.value.errors] == [("vehicle.id", "is required")]


def test_a_read_vehicle_passed_to_create_sends_no_id():
    read = converter_for().structure(
        {**VEHICLE_FROM_SERVICE, "tracker_label": "Jimi LL301"}, Vehicle
    )
    out = wire(VehicleCreateParams(vehicle=read, force_reassign=False))
    assert "id" not in out["vehicle"]
    assert "tracker_label" not in out["vehicle"]
    assert out["force_reassign"] is False


def test_vehicle_list_filter_has_three_states():
    assert wire(VehicleListParams()) == {}
    assert wire(VehicleListParams(filter=None)) == {"filter": None}
    assert wire(VehicleListParams(filter="AB", sort=["label=asc"])) == {
        "sort": ["label=asc"],
        "filter": "AB",
    }


def test_subtype_table_matches_the_literals():
    assert set(SUBTYPES_BY_TYPE) == set(get_args(VehicleType))
    assert set().union(*SUBTYPES_BY_TYPE.values()) == set(get_args(VehicleSubtype))
    assert "tractor" in SUBTYPES_BY_TYPE["truck"] & SUBTYPES_BY_TYPE["special"]
    assert "sedan" not in SUBTYPES_BY_TYPE["bus"]
    with pytest.raises(TypeError):
        SUBTYPES_BY_TYPE["plane"] = frozenset()


def test_batch_result_rows_carry_errors_only_when_present():
    payload = {
        "list": [
            {"label": "AGV", "type": "truck", "reg_number": "A001"},
            {
                "label": "Bus 1",
                "type": "bus",
                "errors": [{"parameter": "manufacture_year", "error": "must be an integer"}],
            },
        ],
        "limit_exceeded": False,
    }
    result = converter_for(strict=True).structure(payload, VehicleBatchResult)
    good, bad = result.list
    assert isinstance(good, CheckedVehicle)
    assert good.errors is UNSET
    assert good.id is None
    assert bad.errors
    assert bad.errors[0].parameter == "manufacture_year"
    out = wire(result)
    assert "errors" not in out["list"][0]
    assert out["list"][1]["errors"] == payload["list"][1]["errors"]


# --- Garages, departments, employees ----------------------------------------------------------


def test_garage_location_may_be_null():
    value = converter_for(strict=True).structure(
        {"id": 1, "location": None, "mechanic_name": None, "organization_name": "Fleet"}, Garage
    )
    assert value.location is None
    assert value.dispatcher_name is None
    assert wire(value)["location"] is None


def test_department_location_has_three_states():
    assert wire(NewDepartment(label="North")) == {"label": "North"}
    assert wire(NewDepartment(label="North", location=None)) == {"label": "North", "location": None}
    located = converter_for(strict=True).structure(
        {"id": 3, "label": "North", "location": {"lat": 1.0, "lng": 2.0, "radius": 150}},
        Department,
    )
    assert isinstance(located.location, Location)
    assert located.location.radius == 150
    with pytest.raises(RequestValidationError) as info:
        structure_request({"department": {"location": None}}, department.DEPARTMENT_CREATE.params)
    assert [e.parameter for e in info.value.errors] == ["department.label"]


def test_employee_defaults_and_nulls():
    value = converter_for().structure(
        {
            "id": 222,
            "tracker_id": None,
            "first_name": "John",
            "department_id": None,
            "hardware_key": "secret-key-1",
            "driver_license_valid_till": "2018-01-01",
        },
        Employee,
    )
    assert value.last_name == ""
    assert value.location is None
    assert value.driver_license_valid_till == dt.date(2018, 1, 1)
    assert "secret-key-1" not in repr(value)


# --- Zones ------------------------------------------------------------------------------------


def test_zone_union_picks_the_class_from_type():
    zones = converter_for(strict=True).structure(
        [
            {
                "type": "circle",
                "id": 1,
                "label": "Depot",
                "center": {"lat": 1, "lng": 2},
                "radius": 50,
            },
            {"type": "polygon", "id": 2, "label": "Yard", "points": [{"lat": 0, "lng": 0}]},
            {"type": "sausage", "id": 3, "label": "Road", "points": [], "radius": 20, "new": 1},
        ],
        list[Zone],
    )
    assert [type(z) for z in zones] == [CircleZone, PolygonZone, SausageZone]
    assert zones[0].center.lat == 1.0
    out = converter_for().unstructure(zones, list[Zone])
    assert [z["type"] for z in out] == ["circle", "polygon", "sausage"]
    assert converter_for().structure(out, list[Zone]) == zones


@pytest.mark.parametrize("strict", [False, True])
def test_zone_of_unknown_kind_is_refused(strict):
    with pytest.raises((cattrs.BaseValidationError, ValueError, KeyError)):
        converter_for(strict=strict).structure({"type": "rectangle", "id": 1, "label": "x"}, Zone)


# --- Declarations -----------------------------------------------------------------------------


def test_endpoints_follow_the_spec_order_and_page_on_real_fields():
    assert [e.path for e in checkin.ENDPOINTS] == [
        "checkin/read",
        "checkin/list",
        "checkin/delete",
        "checkin/create",
        "checkin/image/create",
        "checkin/form/create",
        "checkin/form/file/create",
    ]
    assert [e.sdk_chain[-1] for e in vehicle.ENDPOINTS] == [
        "create",
        "delete",
        "list",
        "read",
        "update",
        "batch_convert",
        "read",  # vehicle/status/listing/read, of the service's documentation
        "update",  # vehicle/status/listing/update
        "assign",  # vehicle/avatar/assign
        "upload",  # vehicle/avatar/upload
        "start",  # vehicle/import/start
        "list",
        "read",
        "download_failed",
    ]
    assert [e.sdk_chain[-1] for e in (*garage.ENDPOINTS, *department.ENDPOINTS)] == [
        "list",
        "create",
        "update",
        "delete",
    ] * 2
    assert checkin.CHECKIN_LIST.paging is not None
    assert checkin.CHECKIN_LIST.paging.items == "list"
    for endpoint in (
        *checkin.ENDPOINTS,
        *vehicle.ENDPOINTS,
        *garage.ENDPOINTS,
        *department.ENDPOINTS,
    ):
        if any(word in endpoint.sdk_chain[-1] for word in ("create", "update", "delete")):
            assert not endpoint.safe, endpoint.path

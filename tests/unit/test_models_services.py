"""Behaviour of the service-area models: geocoder, map layers, payments, data import, delivery.

The generic round trips live in ``test_models_roundtrip.py``; these tests pin what it cannot
show: bodies shaped as in the specification, the declared enums, how the strict converter names
a bad parameter, and how the call declarations fit their models.
"""

from __future__ import annotations

import datetime as dt

import attrs
import pytest

from fleetapi._converter import RequestValidationError, converter_for, structure_request
from fleetapi._endpoint import Access
from fleetapi._types import UNSET
from fleetapi.endpoints import by_path
from fleetapi.models.common import Bounds, LatLng
from fleetapi.models.data import (
    ImportListParams,
    ImportProcess,
    ImportReadParams,
    SpreadsheetParseParams,
    SpreadsheetPreview,
)
from fleetapi.models.delivery import (
    DeliveryInfo,
    DeliveryList,
    DeliveryListParams,
    DeliveryReadParams,
)
from fleetapi.models.geocoder import (
    GeocodedAddress,
    GeocodedLocation,
    GeocoderSearchAddressParams,
    GeocoderSearchLocationParams,
)
from fleetapi.models.map_layer import MapLayerUpdateParams, MapLayerUploadParams
from fleetapi.models.payment import Bill, BillList, ExternalSubscription, PaymentSystemSettings

CLIENT = converter_for()

DETAILS = {
    "country": "USA",
    "province": "CA",
    "locality": "San Francisco",
    "street": "Avenue E",
    "house": "750",
    "postcode": "94130",
    "bounds": {"nw": {"lat": 62.23621, "lng": 58.56997}, "se": {"lat": 31.98753, "lng": 42.23694}},
}


def errors_of(body: dict[str, object], cls: type) -> dict[str, str]:
    with pytest.raises(RequestValidationError) as info:
        structure_request(body, cls)
    return {e.parameter: e.error for e in info.value.errors}


# --- Geocoder -----------------------------------------------------------------------------


def test_reverse_lookup_result_with_details_structures():
    body = {"value": "750 Avenue E,San Francisco,CA 94130,USA", "details": DETAILS}
    result = CLIENT.structure(body, GeocodedAddress)
    assert result.value.startswith("750 Avenue E")
    assert result.details is not UNSET
    assert result.details.locality == "San Francisco"
    assert result.details.bounds == Bounds(
        nw=LatLng(lat=62.23621, lng=58.56997), se=LatLng(lat=31.98753, lng=42.23694)
    )


def test_details_are_omitted_both_ways_when_not_asked():
    location = CLIENT.structure({"lat": 1.5, "lng": 2.5, "address": "Somewhere"}, GeocodedLocation)
    assert location.details is UNSET
    assert CLIENT.unstructure(location) == {"lat": 1.5, "lng": 2.5, "address": "Somewhere"}
    partial = CLIENT.structure({"value": "x", "details": {"country": "USA"}}, GeocodedAddress)
    assert CLIENT.unstructure(partial) == {"value": "x", "details": {"country": "USA"}}


def test_search_address_result_is_the_locations_list():
    endpoint = by_path("geocoder/search_address")
    assert endpoint.result.key == "locations"
    body = {"locations": [{"lat": 37.825014, "lng": -122.37202, "address": "A", "details": {}}]}
    (location,) = CLIENT.structure(body["locations"], endpoint.result.type)
    assert location.details is not UNSET


def test_coordinates_travel_as_query_text():
    params = structure_request({"q": "37.825014,-122.372020"}, GeocoderSearchAddressParams)
    assert params.q == "37.825014,-122.372020"


def test_strict_converter_knows_the_five_geocoders_and_names_a_wrong_one():
    for name in ("google", "yandex", "progorod", "osm", "locationiq"):
        assert structure_request({"q": "x", "geocoder": name}, GeocoderSearchAddressParams)
    errors = errors_of({"q": "x", "geocoder": "bing"}, GeocoderSearchAddressParams)
    assert list(errors) == ["geocoder"]
    assert "locationiq" in errors["geocoder"]


def test_search_location_requires_goal_and_checks_the_point():
    errors = errors_of({"location": {"lat": "north", "lng": 2.0}}, GeocoderSearchLocationParams)
    assert errors == {"location.lat": "must be a number, not a string", "goal": "is required"}
    params = structure_request(
        {"location": {"lat": 1, "lng": 2}, "goal": "ui_user_action"},
        GeocoderSearchLocationParams,
    )
    assert params.location == LatLng(lat=1.0, lng=2.0)


# --- Map layers ---------------------------------------------------------------------------


def test_map_layer_read_is_a_file_download_and_upload_is_multipart():
    assert by_path("map_layer/read").result.kind == "bytes"
    upload = by_path("map_layer/upload")
    assert upload.upload
    assert set(attrs.fields_dict(upload.params)) == {"label", "redirect_target"}
    assert by_path("map_layer/list").cli_words == ("map-layer", "list")


def test_map_layer_upload_fields_and_update_body():
    assert CLIENT.unstructure(MapLayerUploadParams(label="Roads")) == {"label": "Roads"}
    params = structure_request({"layer": {"id": 5, "label": "Roads"}}, MapLayerUpdateParams)
    assert params.layer.id == 5
    assert errors_of({"layer": {"label": "Roads"}}, MapLayerUpdateParams) == {
        "layer.id": "is required"
    }


# --- Payments, bills, subscriptions ---------------------------------------------------------


def test_bill_list_body_from_the_spec_structures():
    body = {
        "count": 7,
        "bills": [
            {
                "order_id": 63602,
                "created": "2012-03-05 11:55:03",
                "sum": 150.0,
                "status": "created",
                "positions": ["The subscription fee"],
                "link": "http://bill.example.com/xK1QEYK",
            }
        ],
    }
    endpoint = by_path("bill/list")
    page = CLIENT.structure(body, endpoint.result.type)
    assert page == BillList(
        count=7,
        bills=[
            Bill(
                order_id=63602,
                created=dt.datetime(2012, 3, 5, 11, 55, 3),
                sum=150.0,
                status="created",
                positions=["The subscription fee"],
                link="http://bill.example.com/xK1QEYK",
            )
        ],
    )
    assert CLIENT.unstructure(page) == body


def test_bill_list_paging_names_fields_of_its_result():
    endpoint = by_path("bill/list")
    assert endpoint.result.key is None
    paging = endpoint.paging
    assert paging is not None
    result_fields = attrs.fields_dict(BillList)
    assert paging.items in result_fields
    assert paging.total in result_fields
    assert (paging.default_limit, paging.max_limit) == (10000, 10000)


def test_bill_status_is_checked_strictly():
    bill = {
        "order_id": 1,
        "created": "2012-03-05 11:55:03",
        "sum": 1,
        "status": "paid",
        "positions": [],
        "link": "l",
    }
    assert list(errors_of(bill, Bill)) == ["status"]
    assert structure_request({**bill, "status": "canceled"}, Bill).sum == 1.0


def test_payment_system_optional_fields_stay_omitted():
    body = {"type": "rbkmoney", "url": "u", "currency": "EUR", "subscription_code": "4671292"}
    settings = CLIENT.structure(body, PaymentSystemSettings)
    assert settings.methods is UNSET
    assert settings.prices is UNSET
    assert CLIENT.unstructure(settings) == body
    in_app = CLIENT.structure(
        {**body, "prices": {"pay_1": 0.99}, "methods": []}, PaymentSystemSettings
    )
    assert in_app.prices == {"pay_1": 0.99}
    assert in_app.methods == []


def test_subscriptions_live_at_avangate_and_answer_on_extpay():
    for action in ("cancel", "list"):
        endpoint = by_path(f"subscription/extpay/{action}")
        assert endpoint.path == f"subscription/avangate/{action}"
        assert endpoint.cli_words == ("subscription", "avangate", action)
        assert endpoint.right == "payment_create"
    item = CLIENT.structure(
        {"reference": "5EAD4B0B2F", "code": "4679109", "quantity": 123,
         "expiration_date": "2016-03-10 13:32:11"},
        ExternalSubscription,
    )  # fmt: skip
    assert item.expiration_date == dt.datetime(2016, 3, 10, 13, 32, 11)


# --- Data import ----------------------------------------------------------------------------

PROCESS = {
    "id": 1,
    "user_id": 3,
    "created": "2020-01-02",
    "type": "employee",
    "params": {"headers": ["first_name", "last_name"]},
    "filename": "tmp-sheet640571613016981796.tsv",
    "status": "finished",
    "status_change_date": "2020-01-03",
    "progress": {
        "imported": 10,
        "failed": 1,
        "percent": 100,
        "processed_lines": 11,
        "warnings": [],
        "errors": [{"line": 4, "error": "invalid phone"}],
    },
}


def test_import_process_accepts_the_finished_status():
    process = structure_request(PROCESS, ImportProcess)
    assert process.status == "finished"
    assert process.created == dt.date(2020, 1, 2)
    assert process.progress.errors[0].line == 4
    assert list(errors_of({**PROCESS, "status": "paused"}, ImportProcess)) == ["status"]


def test_import_progress_tolerates_missing_line_reports():
    progress = {k: v for k, v in PROCESS["progress"].items() if k not in ("warnings", "errors")}
    process = CLIENT.structure({**PROCESS, "progress": progress}, ImportProcess)
    assert process.progress.warnings == []
    assert process.progress.errors == []


def test_import_calls_take_types_and_name_a_bad_one():
    assert CLIENT.unstructure(ImportListParams()) == {}
    errors = errors_of({"types": ["vehicle", "truck"]}, ImportListParams)
    assert list(errors) == ["types[1]"]
    assert errors_of({"process_id": "seven"}, ImportReadParams) == {
        "process_id": "must be an integer, not a string",
        "type": "is required",
    }


def test_strict_converter_rejects_preview_count_given_as_a_word():
    errors = errors_of({"preview_count": "five", "parse_header": True}, SpreadsheetParseParams)
    assert errors == {"preview_count": "must be an integer, not a string"}
    params = structure_request(
        {"preview_count": 5, "parse_header": True, "header_map": {"Label": "label"}},
        SpreadsheetParseParams,
    )
    assert params.header_map == {"Label": "label"}


def test_spreadsheet_preview_is_rows_of_cells():
    body = {"file_id": "f1", "preview": [["Label", "Model"], ["Van 1", "Transit"]]}
    preview = CLIENT.structure(body, SpreadsheetPreview)
    assert preview.header is UNSET
    assert preview.preview[1] == ["Van 1", "Transit"]
    assert by_path("data/spreadsheet/parse").upload
    assert by_path("data/spreadsheet/parse").cli_words == ("data", "spreadsheet", "parse")


# --- Delivery -------------------------------------------------------------------------------


def test_delivery_calls_accept_the_delivery_session():
    for path in ("delivery/read", "delivery/list"):
        endpoint = by_path(path)
        assert endpoint.access is Access.DELIVERY
        assert endpoint.errors == (201,)


TASK = {
    "id": 111,
    "user_id": 3,
    "tracker_id": 22,
    "location": {"lat": 56.5, "lng": 60.5, "address": "Fichtenstrasse 11", "radius": 150},
    "label": "Deliver parcels",
    "description": "Quickly",
    "creation_date": "2014-01-02 03:04:05",
    "from": "2014-02-03 04:05:06",
    "to": "2014-03-04 05:06:07",
    "external_id": None,
    "status": "assigned",
    "status_change_date": "2014-01-02 03:04:05",
    "max_delay": 5,
    "min_stay_duration": 0,
    "arrival_date": "2014-01-02 03:04:05",
    "stay_duration": 0,
    "origin": "imported",
    "tags": [1, 2],
    "type": "task",
}
TRACKER = {
    "id": 123456,
    "label": "tracker label",
    "clone": False,
    "group_id": 167,
    "avatar_file_name": "file name",
    "source": {
        "id": 234567,
        "device_id": 9999999988888,
        "model": "telfmb920",
        "blocked": False,
        "tariff_id": 345678,
        "status_listing_id": None,
        "creation_date": "2011-09-21",
        "tariff_end_date": "2016-03-24",
        "phone": "+71234567890",
    },
    "tag_bindings": [{"tag_id": 456789, "ordinal": 4}],
}


def test_delivery_list_body_structures_with_its_owner_and_restrictions():
    item = {
        "task": TASK,
        "tracker": TRACKER,
        "first_name": None,
        "middle_name": None,
        "last_name": None,
        "vehicle_label": "Service car 002",
        "estimated_time": 1122,
    }
    body = {"list": [item], "user_id": 3, "restrictions": {"max_tasks": 100, "any": [1]}}
    result = CLIENT.structure(body, by_path("delivery/list").result.type)
    assert isinstance(result, DeliveryList)
    (delivery,) = result.list
    assert delivery.task.from_ == dt.datetime(2014, 2, 3, 4, 5, 6)
    assert delivery.tracker.tag_bindings[0].tag_id == 456789
    assert delivery.first_name is None
    assert delivery.estimated_time == 1122
    assert result.restrictions == {"max_tasks": 100, "any": [1]}
    assert CLIENT.unstructure(result)["list"][0]["task"]["from"] == "2014-02-03 04:05:06"


def test_delivery_read_treats_missing_carrier_fields_as_null():
    body = {"user_id": 3, "task": TASK, "tracker": TRACKER, "restrictions": {}}
    info = CLIENT.structure(body, by_path("delivery/read").result.type)
    assert isinstance(info, DeliveryInfo)
    assert (info.first_name, info.vehicle_label, info.estimated_time) == (None, None, None)
    assert info.task.external_id is None
    assert CLIENT.unstructure(info)["estimated_time"] is None


def test_delivery_external_id_is_an_integer():
    assert structure_request({"external_id": 259876}, DeliveryReadParams).external_id == 259876
    assert errors_of({"external_id": "abc"}, DeliveryListParams) == {
        "external_id": "must be an integer, not a string"
    }


def test_geocoder_query_is_an_address_or_a_location():
    by_text = structure_request({"q": "1 Main Street"}, GeocoderSearchAddressParams)
    assert by_text.q == "1 Main Street"
    by_point = structure_request({"q": {"lat": 1.5, "lng": 2}}, GeocoderSearchAddressParams)
    assert by_point.q == LatLng(lat=1.5, lng=2.0)
    with pytest.raises(RequestValidationError) as info:
        structure_request({"q": 12}, GeocoderSearchAddressParams)
    assert info.value.errors[0].parameter == "q"
    assert "a string or an object" in info.value.errors[0].error

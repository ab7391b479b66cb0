"""``checkin/list`` and its XLSX/PDF exports through the SDK, sync and async, on the mock."""

from __future__ import annotations

import datetime as dt
import io
import re

import httpx
import openpyxl
import pytest

from fleetapi import (
    DeviceLimitExceededError,
    InvalidParametersError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
    TimeSpanTooBigError,
)
from fleetapi.models.common import Location
from fleetapi.models.search import (
    AndCondition,
    ContainsCondition,
    EqCondition,
    InCondition,
    NotCondition,
    OrCondition,
    Period,
    PeriodCondition,
)

T = dt.datetime


def ids(page) -> list[int]:
    return [c.id for c in page.list]


def test_the_default_lists_every_usable_tracker_newest_first(fleet_client):
    page = fleet_client.checkin.list()
    assert ids(page) == [2, 1, 3]
    assert page.count == 3
    assert page.list[1].files[0].name == "reception.png"


def test_trackers_period_and_paging(fleet_client, fleet_mock):
    assert ids(fleet_client.checkin.list(trackers=[1, 4])) == [2, 1]
    assert fleet_client.checkin.list(trackers=[]).count == 0
    page = fleet_client.checkin.list(from_=T(2026, 1, 14), to=T(2026, 1, 15))
    assert ids(page) == [1]
    page = fleet_client.checkin.list(from_=T(2026, 1, 14))
    assert ids(page) == [2, 1]
    page = fleet_client.checkin.list(to=T(2026, 1, 14, 15, 20))
    assert ids(page) == [1, 3]
    page = fleet_client.checkin.list(limit=1, offset=1)
    assert (ids(page), page.count) == ([1], 3)
    assert ids(fleet_client.checkin.list(offset=5)) == []
    assert [c.id for c in fleet_client.checkin.iterate(page_size=2)] == [2, 1, 3]


def test_from_and_to_read_from_an_index_keep_what_they_should(fleet_client):
    """The period is read from the check-ins' ordered index: the same page as testing each,
    both ends included."""
    every = fleet_client.checkin.list().list
    bounds = [T(2026, 1, 14, 15, 20), T(2026, 1, 14), T(2026, 1, 15), T(2025, 12, 1)]
    for start in [*bounds, None]:
        for end in [*bounds, None]:
            if start is not None and end is not None and end <= start:
                continue  # refused: to must be after from
            given = {k: v for k, v in (("from_", start), ("to", end)) if v is not None}
            page = fleet_client.checkin.list(**given)
            expected = [
                c.id
                for c in every
                if (start is None or c.marker_time >= start)
                and (end is None or c.marker_time <= end)
            ]
            assert (ids(page), page.count) == (expected, len(expected)), (start, end)


def test_the_period_is_read_in_the_users_time_zone(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as berlin:
        # 08:30 UTC is 09:30 in Berlin
        assert ids(berlin.checkin.list(from_=T(2026, 1, 15, 9, 30), to=T(2026, 1, 16))) == [2]
        assert ids(berlin.checkin.list(from_=T(2026, 1, 15, 9, 31), to=T(2026, 1, 16))) == []
        period = Period(from_=T(2026, 1, 15, 9, 30), to=T(2026, 1, 15, 9, 30))
        condition = PeriodCondition(field="marker_time", value=period)
        assert ids(berlin.checkin.list(conditions=[condition])) == [2]


def test_sorting(fleet_client):
    assert ids(fleet_client.checkin.list(sort=["marker_time=asc"])) == [3, 1, 2]
    # by name: Anna, Ben, then the check-in without an employee (last either way)
    assert ids(fleet_client.checkin.list(sort=["employee=asc"])) == [1, 2, 3]
    assert ids(fleet_client.checkin.list(sort=["employee=desc"])) == [2, 1, 3]
    assert ids(fleet_client.checkin.list(sort=["location=asc"])) == [1, 2, 3]
    assert ids(fleet_client.checkin.list(sort=["comment=desc"])) == [2, 1, 3]
    assert ids(fleet_client.checkin.list(sort=["tracker_id=desc"])) == [1, 3, 2]
    assert ids(fleet_client.checkin.list(sort=["form=desc", "marker_time=asc"])) == [1, 3, 2]


@pytest.mark.parametrize("item", ["marker_time", "marker_time=up", "id=asc", "=asc"])
def test_a_bad_sort_item_is_7(fleet_client, item):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.checkin.list(sort=["comment=asc", item])
    assert info.value.errors[0]["parameter"] == "sort[1]"


@pytest.mark.parametrize(
    "condition",
    [
        EqCondition(field="tracker_id", value=1),
        EqCondition(field="tracker_id", value=7),  # another account's tracker
        InCondition(field="tracker_id", value=[1, 2, 4]),
        PeriodCondition(field="marker_time", value=Period(from_=T(2026, 1, 14), to=T(2026, 1, 15))),
        PeriodCondition(
            field="marker_time",
            value=Period(from_=T(2026, 1, 14, 15, 20), to=T(2026, 1, 14, 15, 20)),
        ),
        PeriodCondition(field="marker_time", value=Period(from_=T(2000, 1, 1), to=T(2100, 1, 1))),
    ],
)
def test_a_condition_read_from_an_index_finds_what_a_scan_finds(fleet_client, condition):
    """``eq``, ``in`` and ``period`` on indexed fields are read from the check-ins' indexes:
    the same page and count as the same condition inside an ``and``, tested one by one."""
    indexed = fleet_client.checkin.list(conditions=[condition])
    scanned = fleet_client.checkin.list(
        conditions=[AndCondition(conditions=[condition, condition])]
    )
    assert (ids(indexed), indexed.count) == (ids(scanned), scanned.count)


def test_search_conditions_over_every_field(fleet_client):
    def found(*conditions) -> list[int]:
        return ids(fleet_client.checkin.list(conditions=list(conditions)))

    assert found(EqCondition(field="employee", value=1)) == [1]
    assert found(EqCondition(field="tracker_id", value=2)) == [3]
    assert found(EqCondition(field="form", value=1)) == [1]
    assert found(ContainsCondition(field="comment", value="PALLET")) == [3]
    assert found(ContainsCondition(field="location", value="berlin")) == [2, 1, 3]
    assert found(InCondition(field="tracker_id", value=[1, 2])) == [2, 3]
    period = Period(from_=T(2026, 1, 14), to=T(2026, 1, 14, 23, 59, 59))
    assert found(PeriodCondition(field="marker_time", value=period)) == [1]
    assert found(NotCondition(condition=EqCondition(field="tracker_id", value=1))) == [1, 3]
    either = OrCondition(
        conditions=[
            EqCondition(field="tracker_id", value=1),
            ContainsCondition(field="comment", value="pallet"),
        ]
    )
    assert found(either) == [2, 3]
    assert found(either, EqCondition(field="tracker_id", value=2)) == [3]


@pytest.mark.parametrize(
    ("condition", "parameter"),
    [
        ({"type": "eq", "field": "label", "value": 1}, "conditions[0].field"),
        (
            {"type": "period", "field": "comment",
             "value": {"from": "2026-01-01 00:00:00", "to": "2026-01-02 00:00:00"}},
            "conditions[0].type",
        ),
        ({"type": "contains", "field": "marker_time", "value": "2026"}, "conditions[0].type"),
        (
            {"type": "not", "condition": {"type": "contains", "field": "x", "value": "a"}},
            "conditions[0].condition.field",
        ),
        ({"type": "or", "conditions": [{"type": "eq", "field": "form", "value": 1}]},
         "conditions[0].conditions"),
        ({"type": "near", "field": "form", "value": 1}, "conditions[0]"),
    ],
)  # fmt: skip
def test_a_bad_condition_is_7_naming_it(fleet_client, condition, parameter):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.request("checkin/list", {"conditions": [condition]})
    assert info.value.errors[0]["parameter"].startswith(parameter)


def test_more_than_60_conditions_is_7(fleet_client):
    conditions = [{"type": "eq", "field": "tracker_id", "value": 1}] * 61
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.request("checkin/list", {"conditions": conditions})
    assert info.value.errors[0]["parameter"] == "conditions"


def test_location_keeps_checkins_inside_the_circle(fleet_client):
    near = Location(lat=52.52, lng=13.41, radius=1000)
    assert ids(fleet_client.checkin.list(location=near)) == [1]
    wide = Location(lat=52.52, lng=13.41, radius=10_000)
    assert ids(fleet_client.checkin.list(location=wide)) == [2, 1, 3]
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.checkin.list(location=Location(lat=52.52, lng=13.41))
    assert info.value.errors[0]["parameter"] == "location.radius"


def test_to_must_be_after_from(fleet_client):
    for to in (T(2026, 1, 14), T(2026, 1, 13)):
        with pytest.raises(InvalidParametersError) as info:
            fleet_client.checkin.list(from_=T(2026, 1, 14), to=to)
        assert info.value.errors[0]["parameter"] == "to"


def test_a_period_above_the_dealers_maximum_is_211(fleet_client, fleet_mock):
    start = T(2025, 10, 1)
    fleet_client.checkin.list(from_=start, to=start + dt.timedelta(days=90))
    with pytest.raises(TimeSpanTooBigError) as info:
        fleet_client.checkin.list(from_=start, to=start + dt.timedelta(days=90, seconds=1))
    assert (info.value.code, info.value.http_status) == (211, 400)
    fleet_mock.world.dealers[1].platform["report.max_time_span"] = "P7D"
    with pytest.raises(TimeSpanTooBigError):
        fleet_client.checkin.list(from_=start, to=start + dt.timedelta(days=8))


@pytest.mark.parametrize("trackers", [[1, 424242], [5], [7]])  # missing, blocked, other's
def test_an_unusable_tracker_is_217(fleet_client, trackers):
    with pytest.raises(NonExistentEntitiesError) as info:
        fleet_client.checkin.list(trackers=trackers)
    assert info.value.code == 217


def test_a_tracker_without_the_checkin_feature_is_217_and_left_out_by_default(
    fleet_client, fleet_mock
):
    fleet_mock.world.tariffs.change(2, features=[])  # tracker 6's tariff
    fleet_client.checkin.create(tracker_id=6, location=Location(lat=1.0, lng=1.0))
    with pytest.raises(NonExistentEntitiesError):
        fleet_client.checkin.list(trackers=[6])
    assert fleet_client.checkin.list().count == 3
    fleet_mock.world.tariffs.change(2, features=["checkin"])
    assert fleet_client.checkin.list(trackers=[6]).count == 1


def test_a_dealer_over_its_device_limit_is_221(fleet_client, fleet_mock):
    fleet_mock.world.dealers.change(1, device_limit=7)
    assert fleet_client.checkin.list().count == 3
    fleet_mock.world.dealers.change(1, device_limit=6)
    with pytest.raises(DeviceLimitExceededError) as info:
        fleet_client.checkin.list()
    assert (info.value.code, info.value.http_status) == (221, 403)


def test_a_sub_user_lists_the_checkins_of_its_trackers(fleet_mock):
    fleet_mock.world.users.change(2, trackers=[1, 2])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        assert ids(dispatcher.checkin.list()) == [2, 3]
        with pytest.raises(NonExistentEntitiesError):
            dispatcher.checkin.list(trackers=[4])
    fleet_mock.world.users.change(2, rights=["checkin_update"])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        with pytest.raises(OperationNotPermittedError):
            dispatcher.checkin.list()
        with pytest.raises(OperationNotPermittedError):
            dispatcher.checkin.list_file(format="pdf")


# --- exports ----------------------------------------------------------------------------------


def test_the_xlsx_export_reads_back(fleet_client):
    content = fleet_client.checkin.list_file(format="xlsx", sort=["marker_time=asc"])
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    rows = list(sheet.values)
    assert rows[0][:5] == ("ID", "Time", "Tracker", "Employee", "Address")
    assert [r[0] for r in rows[1:]] == [3, 1, 2]
    anna = rows[2]
    assert anna[1] == T(2026, 1, 14, 15, 20)
    assert anna[2:5] == ("Anna's phone", "Anna Schmidt", "Alexanderplatz 1, Berlin")
    assert "Parcel delivered to reception" in anna
    assert "reception.png" in anna


def test_the_xlsx_export_follows_the_filters_and_time_zone(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as berlin:
        content = berlin.checkin.list_file(format="xlsx", trackers=[1])
    rows = list(openpyxl.load_workbook(io.BytesIO(content)).active.values)
    assert len(rows) == 2
    assert rows[1][0] == 2
    assert rows[1][1] == T(2026, 1, 15, 9, 30)


def _pdf_text(content: bytes) -> bytes:
    import zlib

    texts = []
    for chunk in content.split(b"stream")[1:]:
        body = chunk.split(b"endstream")[0].strip(b"\r\n")
        try:
            texts.append(zlib.decompress(body))
        except zlib.error:
            texts.append(body)
    return b"".join(texts)


def test_the_pdf_export_holds_each_checkin_text(fleet_client):
    content = fleet_client.checkin.list_file(format="pdf")
    assert content.startswith(b"%PDF")
    text = _pdf_text(content)
    for word in (b"Parcel delivered to reception", b"Start of shift", b"Damaged pallet"):
        assert word in text
    text = _pdf_text(fleet_client.checkin.list_file(format="pdf", trackers=[1]))
    assert b"Start of shift" in text
    assert b"Damaged pallet" not in text


def test_exports_answer_a_file_with_its_type_and_name(fleet_mock):
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        hash_ = fleet_mock.session()
        answer = http.post("/checkin/list", json={"hash": hash_, "format": "xlsx"})
        assert answer.headers["content-type"].startswith("application/vnd.openxmlformats")
        assert "checkins.xlsx" in answer.headers["content-disposition"]
        answer = http.get("/checkin/list", params={"hash": hash_, "format": "pdf"})
        assert answer.headers["content-type"] == "application/pdf"
        answer = http.post("/checkin/list", json={"hash": hash_, "format": ""})
        assert answer.json()["count"] == 3
        answer = http.post("/checkin/list", json={"hash": hash_, "format": "csv"})
        assert answer.json()["status"]["code"] == 7
        assert answer.json()["errors"][0]["parameter"] == "format"


def test_export_errors_are_those_of_the_listing(fleet_client):
    with pytest.raises(NonExistentEntitiesError):
        fleet_client.checkin.list_file(format="xlsx", trackers=[5])
    with pytest.raises(TimeSpanTooBigError):
        fleet_client.checkin.list_file(format="pdf", from_=T(2025, 1, 1), to=T(2026, 1, 1))


@pytest.mark.anyio
async def test_async_list_and_export(fleet_async_client):
    page = await fleet_async_client.checkin.list(trackers=[2])
    assert [c.comment for c in page.list] == ["Damaged pallet at the gate"]
    content = await fleet_async_client.checkin.list_file(format="xlsx")
    assert openpyxl.load_workbook(io.BytesIO(content)).active.max_row == 4
    with pytest.raises(NonExistentEntitiesError):
        await fleet_async_client.checkin.list(trackers=[7])
    with pytest.raises(TimeSpanTooBigError):
        await fleet_async_client.checkin.list(from_=T(2025, 1, 1), to=T(2026, 1, 1))
    with pytest.raises(InvalidParametersError):
        await fleet_async_client.checkin.list(sort=["nothing=asc"])


@pytest.mark.anyio
async def test_async_device_limit(fleet_async_client, fleet_mock):
    fleet_mock.world.dealers.change(1, device_limit=1)
    with pytest.raises(DeviceLimitExceededError):
        await fleet_async_client.checkin.list_file(format="pdf")


def test_export_over_http(fleet_server):
    from fleetapi import Client

    with Client.login(fleet_server.base_url, "demo", "demo") as client:
        assert client.checkin.list_file(format="pdf").startswith(b"%PDF")


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ({"from": "2026-01-14T16:00:00+01:00", "to": "2026-01-15 00:00:00"}, [1]),
        ({"from": "2026-01-14T16:21:00+01:00", "to": "2026-01-15 00:00:00"}, []),
        ({"iso_datetime": True, "from": "2026-01-14 15:20:00", "to": "2026-01-14T15:21:00Z"}, [1]),
        (
            {"conditions": [{"type": "period", "field": "marker_time",
              "value": {"from": "2026-01-14T16:20:00+01:00", "to": "2026-01-14T16:20:00+01:00"}}]},
            [1],
        ),
        (
            {"iso_datetime": True, "conditions": [{"type": "period", "field": "marker_time",
              "value": {"from": "2026-01-14 15:00:00", "to": "2026-01-14 16:00:00"}}]},
            [1],
        ),
    ],
)  # fmt: skip
def test_periods_with_offsets_or_in_iso_mode(fleet_client, body, found):
    answer = fleet_client.request("checkin/list", body)
    assert [c["id"] for c in answer["list"]] == found


def test_the_openapi_document_shows_the_export_form(fleet_mock):
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        document = http.get("/openapi.json").json()
    operation = document["paths"]["/checkin/list"]["post"]
    request = operation["requestBody"]["content"]["application/json"]["schema"]
    assert request["properties"]["format"]["enum"] == ["xlsx", "pdf"]  # ExportFormat, in order
    assert "format" not in request.get("required", [])
    answers = operation["responses"]["200"]["content"]
    assert {"application/pdf", "application/json"} <= set(answers)
    assert "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" in answers


def test_raw_requests_know_when_checkin_list_answers_a_file(fleet_client):
    content = fleet_client.request_bytes("checkin/list", {"format": "xlsx"})
    assert openpyxl.load_workbook(io.BytesIO(content)).active.max_row == 4
    answer = fleet_client.request("checkin/list", {"format": "pdf"})
    assert answer["content"].startswith("%PDF")
    assert fleet_client.request("checkin/list", {"format": ""})["count"] == 3


@pytest.mark.parametrize(
    ("body", "parameter"),
    [
        ({"from": "0001-01-01 00:00:00", "to": "0001-01-02 00:00:00"}, "from"),
        ({"iso_datetime": True, "to": "9999-12-31T23:00:00-05:00"}, "to"),
        (
            {"conditions": [{"type": "not", "condition": {"type": "period", "field": "marker_time",
              "value": {"from": "0001-01-01 00:30:00", "to": "2026-01-01 00:00:00"}}}]},
            "conditions[0].condition.value.from",
        ),
    ],
)  # fmt: skip
def test_date_times_the_world_cannot_hold_are_7(fleet_mock, body, parameter):
    with (
        fleet_mock.login("dispatcher", "demo") as berlin,
        pytest.raises(InvalidParametersError) as info,
    ):
        berlin.request("checkin/list", body)
    assert info.value.errors[0]["parameter"] == parameter


def test_long_comments_fit_the_report_and_stay_whole_in_the_workbook(fleet_client):
    comment = ("Line one\nLine two\n\tÄÖÜ and 東京 " * 40)[:1024]
    fleet_client.checkin.create(tracker_id=1, location=Location(lat=1, lng=2), comment=comment)
    for n in range(50):  # and a report of several pages
        fleet_client.checkin.create(tracker_id=2, location=Location(lat=1, lng=2), comment=f"{n}")
    pdf = fleet_client.checkin.list_file(format="pdf")
    assert pdf.startswith(b"%PDF")
    pages = re.search(rb"/Count (\d+)", pdf)
    assert pages is not None
    assert int(pages[1]) >= 2
    workbook = openpyxl.load_workbook(io.BytesIO(fleet_client.checkin.list_file(format="xlsx")))
    comments = [row[8] for row in workbook.active.values]
    assert comment in comments

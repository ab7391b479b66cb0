"""The tasks (42) and check-in (80) reports: their rows are the tasks and check-ins the API
answers, with the lifecycle's status, arrival and completion, and the options' columns."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from openpyxl import load_workbook
from tasks_helpers import NOW, inside, new_task, without_points

from fleetapi.models.checkin import FormSubmission
from fleetapi.models.common import Location
from fleetapi.models.report import ReportPlugin
from fleetapi_mock import FleetMock

VAN, TRUCK = 1, 3
"""Van 1 (the demo's task 3 at the depot, check-in 2) and Truck 7 (tasks 1, 7 and 8)."""
DAY = (dt.datetime(2026, 1, 15), dt.datetime(2026, 1, 15, 23, 59, 59))
TASKS = ReportPlugin(plugin_id=42)
CHECKINS = ReportPlugin(plugin_id=80)
HERE = Location(lat=52.52, lng=13.405, address="Alexanderplatz, Berlin", precision=8)


def _report(
    client: Any,
    fleet_mock: FleetMock,
    plugin: ReportPlugin,
    trackers: list[int],
    day: tuple[dt.datetime, dt.datetime] = DAY,
) -> int:
    """A report of ``trackers`` over ``day`` (the demo's 2026-01-15), once it is ready."""
    report_id: int = client.report.tracker.generate(
        from_=day[0], to=day[1], trackers=trackers, plugin=plugin
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    return report_id


def _sheet(
    client: Any,
    fleet_mock: FleetMock,
    plugin: ReportPlugin,
    tracker: int,
    day: tuple[dt.datetime, dt.datetime] = DAY,
) -> Any:
    """The sheet of ``tracker`` of a report of ``day`` (2026-01-15)."""
    report_id = _report(client, fleet_mock, plugin, [tracker], day)
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return sheet


def _rows(sheet: Any) -> list[dict[str, Any]]:
    return [row for group in sheet.sections[0]["data"] for row in group["rows"]]


def _fields(sheet: Any) -> list[str]:
    return [c["field"] for c in sheet.sections[0]["columns"]]


def _summary(sheet: Any) -> dict[str, float]:
    return {r["name"]: r["raw"] for r in sheet.sections[1]["rows"]}


def test_a_task_completed_through_the_api_shows_done_with_its_time(
    fleet_mock: FleetMock, client: Any
) -> None:
    without_points(fleet_mock, TRUCK)
    made = new_task("Deliver the spare wheel", tracker_id=TRUCK, min_stay_duration=20)
    task_id = client.task.create(task=made).id
    inside(fleet_mock, TRUCK, NOW + dt.timedelta(minutes=10))
    fleet_mock.clock.set(NOW + dt.timedelta(hours=1))
    task = client.task.read(task_id=task_id).value
    assert (task.status, task.arrival_date) == ("done", NOW + dt.timedelta(minutes=10))
    sheet = _sheet(client, fleet_mock, TASKS, TRUCK)
    rows = {r["task"]["v"]: r for r in _rows(sheet)}
    assert list(rows) == [  # by the start of their window, then by ID
        "Deliver documents to Customer A",
        "Deliver the spare wheel",
        "Stop 1: Alexanderplatz",
        "Stop 2: Hermannstrasse",
    ]
    row = rows["Deliver the spare wheel"]
    assert row["task"]["raw"] == task_id
    assert row["status"]["v"] == "Done"
    assert row["window"]["v"] == "09:00 - 11:00"
    assert row["arrival"]["v"] == f"{task.arrival_date:%H:%M}" == "09:10"
    assert row["done"]["v"] == f"{task.status_change_date:%H:%M}" == "09:30"
    assert row["done"]["raw"] == task.status_change_date.timestamp() * 1000
    waiting = rows["Stop 1: Alexanderplatz"]
    assert (waiting["status"]["v"], waiting["arrival"]["raw"], waiting["done"]["raw"]) == (
        "Assigned",
        None,
        None,
    )
    assert _summary(sheet) == {"Tasks": 4, "Completed": 1, "Assigned": 3, "Done": 1}
    assert sheet.sections[0]["data"][0]["total"]["status"]["v"] == "1 of 4 completed"


def test_a_task_is_a_row_of_the_days_its_window_meets(fleet_mock: FleetMock, client: Any) -> None:
    tomorrow = NOW + dt.timedelta(days=1)
    made = new_task("Collect the pallets", tracker_id=VAN, start=tomorrow, end=tomorrow)
    task_id = client.task.create(task=made).id
    assert [r["task"]["raw"] for r in _rows(_sheet(client, fleet_mock, TASKS, VAN))] == [3]
    day = (dt.datetime(2026, 1, 16), dt.datetime(2026, 1, 16, 23, 59, 59))
    sheet = _sheet(client, fleet_mock, TASKS, VAN, day)
    ((group, row),) = [(g, r) for g in sheet.sections[0]["data"] for r in g["rows"]]
    assert (row["task"]["raw"], row["status"]["v"]) == (task_id, "Assigned")
    assert group["header"] == "Jan 16, 2026 (Fri) : 1"
    assert _rows(_sheet(client, fleet_mock, TASKS, 4, day)) == []  # another tracker's


def test_the_task_options_add_their_columns(fleet_mock: FleetMock, client: Any) -> None:
    plain = _sheet(client, fleet_mock, TASKS, VAN)
    assert _fields(plain) == ["task", "status", "window", "arrival", "done", "address"]
    (check,) = _rows(plain)  # the demo's task 3, done with its form submitted
    assert (check["task"]["raw"], check["status"]["v"]) == (3, "Done")
    assert (check["arrival"]["v"], check["done"]["v"]) == ("07:40", "07:50")
    assert check["address"]["v"] == "Depotweg 1, Berlin"
    every = ReportPlugin(
        plugin_id=42,
        show_external_id=True,
        show_description=True,
        show_forms=True,
        show_places_and_zones=True,
    )
    sheet = _sheet(client, fleet_mock, every, VAN)
    assert _fields(sheet) == [
        "task", "external_id", "status", "window", "arrival", "done", "address", "description",
        "places", "form",
    ]  # fmt: skip
    (row,) = _rows(sheet)
    assert (row["external_id"]["v"], row["description"]["v"]) == ("", "Before the first tour")
    assert row["places"]["v"] == "Depot, Route A"  # the depot is where Route A starts
    assert (row["places"]["place_ids"], row["places"]["zone_ids"]) == ([], [1, 3])
    assert row["form"]["raw"] == 3
    assert row["form"]["v"] == (
        "Vehicle inspection: Tyres: front left, front right, rear left; Condition: fair; "
        "Cleanliness: 4 of 5; Inspection date: 2026-01-15"
    )
    documents = {r["task"]["raw"]: r for r in _rows(_sheet(client, fleet_mock, every, TRUCK))}
    assert documents[1]["external_id"]["v"] == "1001"
    assert documents[1]["places"]["v"] == "Customer A, City centre"
    assert (documents[1]["places"]["place_ids"], documents[1]["places"]["zone_ids"]) == ([1], [2])
    assert documents[1]["form"]["raw"] is None  # no form: an empty cell


def test_a_checkin_made_through_the_api_appears(fleet_mock: FleetMock, client: Any) -> None:
    form_id = client.checkin.form.create(tracker_id=VAN, template_id=2)
    poor = {"condition": {"type": "dropdown", "value_index": 2}}
    checkin_id = client.checkin.create(
        tracker_id=VAN,
        location=HERE,
        comment="Tyre pressure low",
        form_submission=FormSubmission(form_id=form_id, values=poor),
    )
    plain = _sheet(client, fleet_mock, CHECKINS, VAN)
    assert _fields(plain) == ["time", "comment", "files", "form"]
    shift, made = _rows(plain)  # the demo's 08:30 check-in at the depot, then this one
    assert shift["comment"]["v"] == "Start of shift"
    assert shift["form"]["raw"] is None
    assert made["time"]["v"] == "09:00 - Alexanderplatz, Berlin"
    assert made["time"]["location"] == {"lat": 52.52, "lng": 13.405}
    assert (made["comment"]["v"], made["files"]["raw"]) == ("Tyre pressure low", 0)
    assert (made["form"]["v"], made["form"]["raw"]) == ("Vehicle inspection", form_id)
    assert _summary(plain) == {"Check-ins": 2, "Files": 0, "Forms": 1}
    every = ReportPlugin(
        plugin_id=80, show_coordinates=True, show_forms=True, show_places_and_zones=True
    )
    sheet = _sheet(client, fleet_mock, every, VAN)
    assert _fields(sheet) == ["time", "comment", "files", "form", "places"]
    made = _rows(sheet)[1]
    assert made["time"]["v"] == "09:00 - Alexanderplatz, Berlin (52.520000, 13.405000)"
    assert made["form"]["v"] == "Vehicle inspection: Condition: poor"
    assert made["places"]["v"] == "City centre, Route A"
    assert checkin_id in {c.id for c in fleet_mock.world.checkins.values()}


def test_a_checkin_counts_its_files(fleet_mock: FleetMock, client: Any) -> None:
    assert _rows(_sheet(client, fleet_mock, CHECKINS, 2)) == []  # Van 2's is of the 13th
    day = (dt.datetime(2026, 1, 13), dt.datetime(2026, 1, 13, 23, 59, 59))
    sheet = _sheet(client, fleet_mock, CHECKINS, 2, day)
    (row,) = _rows(sheet)
    attached = [f for f in fleet_mock.world.files.values() if f.checkin_id == 3]
    assert (row["comment"]["v"], row["files"]["raw"]) == ("Damaged pallet at the gate", 1)
    assert len(attached) == 1
    assert sheet.sections[0]["data"][0]["total"]["files"]["raw"] == 1


def test_the_downloads_have_a_row_per_task(fleet_mock: FleetMock, client: Any) -> None:
    every = ReportPlugin(plugin_id=42, show_forms=True, show_places_and_zones=True)
    report_id = _report(client, fleet_mock, every, [VAN, TRUCK])
    workbook = load_workbook(
        io.BytesIO(client.report.tracker.download(report_id=report_id, format="xlsx"))
    )
    van = list(workbook["Van 1"].iter_rows(values_only=True))
    truck = list(workbook["Truck 7"].iter_rows(values_only=True))
    heading = next(r for r in truck if r[0] == "Task")
    assert heading[:2] == ("Task", "Status")
    assert [c for c in heading if c][-2:] == ["Places and geofences", "Form"]
    tasks = {"Morning vehicle check", "Deliver documents to Customer A"} | {
        f"Stop {n}: {where}" for n, where in ((1, "Alexanderplatz"), (2, "Hermannstrasse"))
    }
    assert [r[:2] for r in van + truck if r[0] in tasks] == [
        ("Morning vehicle check", "Done"),
        ("Deliver documents to Customer A", "Assigned"),
        ("Stop 1: Alexanderplatz", "Assigned"),
        ("Stop 2: Hermannstrasse", "Assigned"),
    ]

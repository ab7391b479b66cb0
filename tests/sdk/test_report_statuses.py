"""The work statuses report (plugin 47): a row per working status the tracker held in the
period, lasting until the next change, and the time in each status in the summary."""

from __future__ import annotations

import datetime as dt
from typing import Any

from status_helpers import ANNA, NOW

from fleetapi.models.report import ReportPlugin
from fleetapi_mock import FleetMock

FREE, BUSY, ON_BREAK = 1, 2, 3
"""The demo's courier statuses; Anna's phone is Free since 07:30 (set in the app)."""
HOUR = dt.timedelta(hours=1)


def _change(client: Any, fleet_mock: FleetMock, *changes: tuple[dt.datetime, int]) -> None:
    """Change Anna's status at each of the times, as a supervisor through the API."""
    for when, status_id in changes:
        fleet_mock.clock.set(when)
        client.status.tracker.assign(tracker_id=ANNA, new_status_id=status_id)


def _sheet(
    client: Any, fleet_mock: FleetMock, start: dt.datetime, end: dt.datetime, **options: Any
) -> Any:
    plugin = ReportPlugin(plugin_id=47, **options)
    report_id = client.report.tracker.generate(from_=start, to=end, trackers=[ANNA], plugin=plugin)
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return sheet


def _rows(sheet: Any) -> list[dict[str, Any]]:
    return [row for group in sheet.sections[0]["data"] for row in group["rows"]]


def test_a_status_assigned_at_10_and_changed_at_12_counts_two_hours(
    fleet_mock: FleetMock, client: Any
) -> None:
    _change(client, fleet_mock, (NOW + HOUR, BUSY), (NOW + 3 * HOUR, ON_BREAK))
    fleet_mock.clock.set(NOW + 5 * HOUR)
    sheet = _sheet(client, fleet_mock, NOW - HOUR, NOW + 4 * HOUR)  # 08:00 to 13:00
    rows = _rows(sheet)
    assert [(r["status"]["v"], r["previous"]["v"], r["duration"]["raw"]) for r in rows] == [
        ("Free", "Off duty", 2 * 3600),  # since 07:30, counted from the period's start
        ("Busy", "Free", 2 * 3600),
        ("On break", "Busy", 3600),  # until the period's end
    ]
    assert [r["status"]["raw"] for r in rows] == [FREE, BUSY, ON_BREAK]
    assert (
        rows[0]["from"]["v"]
        == "08:00 (since Jan 15, 07:30) - Pariser Platz 1, 10117 Berlin, Germany"
    )
    assert [r["to"]["v"] for r in rows] == ["10:00", "12:00", "13:00"]
    assert [r["origin"]["v"] for r in rows] == ["Employee", "Supervisor", "Supervisor"]
    (group,) = sheet.sections[0]["data"]
    assert group["total"]["duration"]["raw"] == 5 * 3600
    summary = {r["name"]: (r["v"], r["raw"]) for r in sheet.sections[1]["rows"]}
    assert summary == {
        "Status changes": ("2", 2),  # Free was set before the period
        "Free": ("02:00", 120),
        "Busy": ("02:00", 120),
        "On break": ("01:00", 60),
    }
    morning = _rows(_sheet(client, fleet_mock, NOW - HOUR, NOW + 2 * HOUR))  # 08:00 to 11:00
    assert [(r["status"]["v"], r["duration"]["raw"]) for r in morning] == [
        ("Free", 2 * 3600),
        ("Busy", 3600),  # changed at 12:00, after the period
    ]


def test_the_last_status_lasts_until_now_and_old_ones_are_not_rows(
    fleet_mock: FleetMock, client: Any
) -> None:
    _change(client, fleet_mock, (NOW + HOUR, BUSY), (NOW + 2 * HOUR, FREE))
    fleet_mock.clock.set(NOW + 2 * HOUR + dt.timedelta(minutes=30, seconds=15))
    sheet = _sheet(client, fleet_mock, NOW + HOUR, NOW + 10 * HOUR, show_seconds=True)
    rows = _rows(sheet)  # 10:00 to 19:00: Free from 07:30 to 10:00 is over
    assert [(r["status"]["v"], r["from"]["v"][:8]) for r in rows] == [
        ("Busy", "10:00:00"),
        ("Free", "11:00:00"),
    ]
    assert (rows[1]["to"]["v"], rows[1]["duration"]["v"]) == ("11:30:15", "00:30:15")


def test_a_tracker_without_changes_has_no_rows(fleet_mock: FleetMock, client: Any) -> None:
    plugin = ReportPlugin(plugin_id=47)
    report_id = client.report.tracker.generate(
        from_=NOW - HOUR, to=NOW, trackers=[2, ANNA], plugin=plugin
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    van, anna = client.report.tracker.retrieve(report_id=report_id).sheets
    assert (van.header, van.sections[0]["data"]) == ("Van 2", [])
    assert [r["status"]["v"] for r in _rows(anna)] == ["Free"]


def test_a_period_to_come_has_no_rows(fleet_mock: FleetMock, client: Any) -> None:
    """Anna is Free now, but nobody knows what she will be tomorrow."""
    tomorrow = NOW + 24 * HOUR
    assert _rows(_sheet(client, fleet_mock, tomorrow, tomorrow + HOUR)) == []
    (row,) = _rows(_sheet(client, fleet_mock, NOW - HOUR, tomorrow))
    assert row["duration"]["raw"] == 3600 + 5  # from 08:00 until now (the first report took 5 s)

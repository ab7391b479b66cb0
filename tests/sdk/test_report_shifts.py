"""The trips and stops by shifts report (plugin 77): the trips and stops reports' rows, each in
the shift its start falls in, with each shift's totals."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import InvalidParametersError
from fleetapi.models.report import ReportPlugin, ReportShift
from fleetapi_mock import FleetMock

VAN = 1
DAY = {"from_": dt.datetime(2026, 1, 14), "to": dt.datetime(2026, 1, 14, 23, 59, 59)}
"""A demo day: the van's trips start at 07:00, 08:10, 09:30, 11:05 and 13:00."""
MORNING = ReportShift(name="Morning", start_time="06:00", end_time="09:00")
LATE_MORNING = ReportShift(name="Late morning", start_time="09:00", end_time="12:00")
FIVE = [ReportShift(name=f"S{n}", start_time=f"0{n}:00", end_time=f"0{n}:30") for n in range(5)]


def _sheet(client: Any, fleet_mock: FleetMock, *, period: Any = None, **options: Any) -> Any:
    report_id = client.report.tracker.generate(
        **(period or DAY), trackers=[VAN], plugin=ReportPlugin(plugin_id=77, **options)
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return sheet


def _report(client: Any, fleet_mock: FleetMock, plugin_id: int) -> list[dict[str, Any]]:
    report_id = client.report.tracker.generate(
        **DAY, trackers=[VAN], plugin=ReportPlugin(plugin_id=plugin_id)
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return [row for group in sheet.sections[0]["data"] for row in group["rows"]]


def test_a_shift_takes_the_trips_and_stops_that_start_in_it(
    fleet_mock: FleetMock, client: Any
) -> None:
    sheet = _sheet(client, fleet_mock, shifts=[MORNING, LATE_MORNING])
    table, summary = sheet.sections
    (day,) = table["data"]
    placed = [(r["shift"]["v"], r["type"]["v"], r["from"]["v"][:5]) for r in day["rows"]]
    assert placed == [
        ("Morning", "Trip", "07:00"),
        ("Morning", "Stop", "07:05"),
        ("Morning", "Trip", "08:10"),
        ("Morning", "Stop", "08:16"),
        ("Late morning", "Trip", "09:30"),
        ("Late morning", "Stop", "09:36"),
        ("Late morning", "Trip", "11:05"),
        ("Late morning", "Stop", "11:12"),
    ]  # the 13:00 trip is in no shift
    trips, stops = _report(client, fleet_mock, 4), _report(client, fleet_mock, 6)
    mine = [r for r in day["rows"] if r["type"]["v"] == "Trip"]
    for row, trip in zip(mine, trips, strict=False):
        assert {k: row[k] for k in trip} == trip  # the trips report's cells
    assert [r["stop_time"] for r in day["rows"] if r["type"]["v"] == "Stop"] == [
        s["duration"] for s in stops
    ]
    figures = {r["name"]: r["raw"] for r in summary["rows"]}
    assert figures["Morning: Trips"] == figures["Late morning: Trips"] == 2
    assert figures["Morning: Total trips length, km"] == pytest.approx(
        trips[0]["length"]["raw"] + trips[1]["length"]["raw"]
    )
    assert figures["Late morning: Total stop time"] * 60 == pytest.approx(
        stops[2]["duration"]["raw"] + stops[3]["duration"]["raw"]
    )
    assert figures["Trips"] == 4
    assert day["total"]["length"]["raw"] == pytest.approx(
        sum(t["length"]["raw"] for t in trips[:4])
    )


def test_a_shift_holds_its_start_not_its_end(fleet_mock: FleetMock, client: Any) -> None:
    exact = ReportShift(name="Exact", start_time="07:00", end_time="08:10")  # trips' starts
    (day,) = _sheet(client, fleet_mock, shifts=[exact]).sections[0]["data"]
    assert [(r["type"]["v"], r["from"]["v"][:5]) for r in day["rows"]] == [
        ("Trip", "07:00"),
        ("Stop", "07:05"),
    ]


def test_coordinates_and_seconds_as_asked(fleet_mock: FleetMock, client: Any) -> None:
    sheet = _sheet(client, fleet_mock, shifts=[MORNING], show_coordinates=True, show_seconds=True)
    first = sheet.sections[0]["data"][0]["rows"][0]
    assert first["from"]["v"] == "07:00:00 - Depotweg 1, Berlin (52.490000, 13.360000)"


def _drive_at(fleet_mock: FleetMock, start: dt.datetime) -> None:
    fleet_mock.drive(VAN, [(52.50, 13.40), (52.51, 13.42)], start=start)


def test_a_night_shift_counts_on_the_day_it_began_unless_split(
    fleet_mock: FleetMock, client: Any
) -> None:
    _drive_at(fleet_mock, dt.datetime(2026, 1, 15, 23, 59, 30))
    _drive_at(fleet_mock, dt.datetime(2026, 1, 16, 0, 30))
    period = {"from_": dt.datetime(2026, 1, 15, 12), "to": dt.datetime(2026, 1, 16, 12)}
    night = ReportShift(name="Night", start_time="22:00", end_time="06:00")

    def days(**options: Any) -> list[tuple[str, list[str]]]:
        sheet = _sheet(client, fleet_mock, period=period, **options)
        return [
            (g["header"].split(" : ")[0], [r["from"]["v"][:5] for r in g["rows"]])
            for g in sheet.sections[0]["data"]
        ]

    # the trip at 23:59:30, the stop after it (00:02), the trip at 00:30
    assert days(shifts=[night]) == [("Jan 15, 2026 (Thu)", ["23:59", "00:02", "00:30"])]
    assert days(shifts=[night], split_at_midnight=True) == [
        ("Jan 15, 2026 (Thu)", ["23:59"]),
        ("Jan 16, 2026 (Fri)", ["00:02", "00:30"]),
    ]
    whole_day = ReportShift(name="Day", start_time="00:00", end_time="23:59")
    assert [t for _, times in days(shifts=[whole_day]) for t in times] == [
        "23:59", "00:02", "00:30",
    ]  # fmt: skip  # an end at 23:59 runs to midnight


@pytest.mark.parametrize(
    ("shifts", "parameter"),
    [
        (None, "plugin.shifts"),
        (FIVE, "plugin.shifts"),
        (
            [MORNING, ReportShift(name=" ", start_time="10:00", end_time="11:00")],
            "plugin.shifts[1].name",
        ),
        (
            [MORNING, ReportShift(name="Morning", start_time="10:00", end_time="11:00")],
            "plugin.shifts[1].name",
        ),
        (
            [ReportShift(name="Never", start_time="10:00", end_time="10:00")],
            "plugin.shifts[0].end_time",
        ),
        (
            [MORNING, ReportShift(name="Early", start_time="08:30", end_time="10:00")],
            "plugin.shifts[1].start_time",
        ),
        (
            [MORNING, ReportShift(name="Night", start_time="22:00", end_time="07:00")],
            "plugin.shifts[1].start_time",
        ),
    ],
)
def test_bad_shifts_are_refused(
    fleet_mock: FleetMock, client: Any, shifts: Any, parameter: str
) -> None:
    options = {} if shifts is None else {"shifts": shifts}
    with pytest.raises(InvalidParametersError) as caught:
        client.report.tracker.generate(
            **DAY, trackers=[VAN], plugin=ReportPlugin(plugin_id=77, **options)
        )
    assert [e["parameter"] for e in caught.value.errors] == [parameter]
    assert [r.id for r in client.report.tracker.list()] == [1]  # nothing made

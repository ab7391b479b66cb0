"""The event reports: all events (11), the security reports (15 to 19), geofence entry/exit
events (89) and driver shift change (66) list the tracker's events of the period, each at its
time and place."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import InvalidParametersError
from fleetapi.models.report import ReportPlugin
from fleetapi.models.rule import NewRule
from fleetapi.report_plugins import ALL_EVENT_TYPES
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.report.driver import DRIVER_EVENTS
from fleetapi_mock.domain.report.events import CAR_SECURITY_EVENTS, SECURITY_EVENTS

VAN = 1
PHONE = 4
TODAY = (dt.datetime(2026, 1, 15), dt.datetime(2026, 1, 15, 23, 59, 59))
GATE = (52.5163, 13.3777)
DEPOT = (52.49, 13.36)  # zone 1, watched for Van 1 by the demo world's inoutzone rule
AWAY = (52.50, 13.38)


def _sheet(client: Any, fleet_mock: FleetMock, plugin: ReportPlugin, **changes: Any) -> Any:
    """The one sheet of a report of Van 1 (or ``trackers``) over today, once it is ready."""
    options: dict[str, Any] = {"from_": TODAY[0], "to": TODAY[1], "trackers": [VAN], **changes}
    report_id = client.report.tracker.generate(plugin=plugin, **options)
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return sheet


def _rows(sheet: Any) -> list[dict[str, Any]]:
    return [row for group in sheet.sections[0]["data"] for row in group["rows"]]


def _summary(sheet: Any) -> dict[str, float]:
    return {r["name"]: r["raw"] for r in sheet.sections[1]["rows"]}


def _report(fleet_mock: FleetMock, *events: tuple[str, str]) -> None:
    """Van 1's device reports each ``(time of today, event type)``, standing at the gate."""
    fleet_mock.record_positions(
        {
            "tracker_id": VAN, "get_time": f"2026-01-15 {time}", "lat": GATE[0],
            "lng": GATE[1], "speed": 0, "address": "Pariser Platz 1, Berlin", "event": kind,
        }
        for time, kind in events
    )  # fmt: skip


def test_an_sos_is_one_row_at_its_time_and_place(fleet_mock: FleetMock, client: Any) -> None:
    _report(fleet_mock, ("07:40:15", "sos"))
    sheet = _sheet(client, fleet_mock, ReportPlugin(plugin_id=16, show_seconds=True))
    (row,) = _rows(sheet)
    assert row["time"]["v"] == "07:40:15"
    assert (
        row["time"]["raw"] == dt.datetime(2026, 1, 15, 7, 40, 15, tzinfo=dt.UTC).timestamp() * 1000
    )
    assert row["event"]["v"] == "SOS button pressed"
    assert row["address"]["v"] == "Pariser Platz 1, Berlin"
    assert row["address"]["location"] == {"lat": GATE[0], "lng": GATE[1]}
    (group,) = sheet.sections[0]["data"]
    assert group["header"] == "Jan 15, 2026 (Thu) : 1"
    assert group["total"]["event"]["raw"] == 1
    assert _summary(sheet) == {"Events": 1, "SOS button pressed": 1}
    minutes = _sheet(client, fleet_mock, ReportPlugin(plugin_id=16))
    assert [r["time"]["v"] for r in _rows(minutes)] == ["07:40"]


def test_each_security_report_lists_its_own_types(fleet_mock: FleetMock, client: Any) -> None:
    _report(
        fleet_mock,
        ("06:00:00", "sos"), ("06:10:00", "crash_alarm"), ("06:20:00", "g_sensor"),
        ("06:30:00", "detach"), ("06:40:00", "alarmcontrol"), ("06:50:00", "case_opened"),
        ("07:00:00", "lowpower"),
    )  # fmt: skip

    def types(plugin_id: int) -> list[str]:
        sheet = _sheet(client, fleet_mock, ReportPlugin(plugin_id=plugin_id))
        return [r["event"]["event"] for r in _rows(sheet)]

    assert types(15) == ["crash_alarm", "alarmcontrol"]
    assert types(16) == ["sos"]
    assert types(17) == ["g_sensor"]
    assert types(18) == ["detach"]
    assert types(19) == ["sos", "crash_alarm", "g_sensor", "detach", "alarmcontrol", "case_opened"]


def test_the_report_types_are_documented_event_types() -> None:
    documented = set(ALL_EVENT_TYPES)
    assert set(SECURITY_EVENTS) <= documented
    assert set(CAR_SECURITY_EVENTS) <= set(SECURITY_EVENTS)
    assert set(DRIVER_EVENTS) - documented == {"driver_change"}  # the mock's own type


def test_event_types_keeps_the_types_asked_for(fleet_mock: FleetMock, client: Any) -> None:
    _report(fleet_mock, ("06:00:00", "sos"), ("06:30:00", "detach"), ("07:00:00", "sos"))
    asked = ReportPlugin(plugin_id=11, event_types=["sos", "poweroff"])
    assert [r["event"]["event"] for r in _rows(_sheet(client, fleet_mock, asked))] == ["sos"] * 2
    every = _sheet(client, fleet_mock, ReportPlugin(plugin_id=11, event_types=[]))
    history = client.history.tracker.list(trackers=[VAN], from_=TODAY[0], to=TODAY[1]).list
    assert [r["event"]["raw"] for r in _rows(every)] == [e.id for e in history]
    assert {"sos", "detach", "outzone"} <= {e.event for e in history}  # the depot rule's too
    month = _sheet(
        client, fleet_mock, ReportPlugin(plugin_id=11), from_=dt.datetime(2026, 1, 14)
    )  # omitted: every event, the demo world's speeding and harsh braking of the 14th too
    first_day = month.sections[0]["data"][0]
    assert [r["event"]["event"] for r in first_day["rows"]] == ["harsh_braking", "speeding"]
    assert _summary(month)["Events"] == len(_rows(month))


def test_group_by_type_orders_each_days_rows_by_type(fleet_mock: FleetMock, client: Any) -> None:
    _report(fleet_mock, ("06:00:00", "sos"), ("06:30:00", "detach"), ("07:00:00", "sos"))
    asked = ["sos", "detach"]
    plain = _sheet(client, fleet_mock, ReportPlugin(plugin_id=11, event_types=asked))
    assert [r["time"]["v"] for r in _rows(plain)] == ["06:00", "06:30", "07:00"]
    grouped = ReportPlugin(plugin_id=11, event_types=asked, group_by_type=True)
    rows = _rows(_sheet(client, fleet_mock, grouped))
    assert [(r["event"]["v"], r["time"]["v"]) for r in rows] == [
        ("Detach", "06:30"),
        ("SOS button pressed", "06:00"),
        ("SOS button pressed", "07:00"),
    ]  # fmt: skip: by the types' descriptions


def test_group_by_type_is_read_where_documented(fleet_mock: FleetMock, client: Any) -> None:
    _report(fleet_mock, ("06:00:00", "crash_alarm"), ("06:30:00", "alarmcontrol"))
    for plugin_id, order in (
        (15, ["crash_alarm", "alarmcontrol"]),
        (19, ["alarmcontrol", "crash_alarm"]),
    ):
        sheet = _sheet(client, fleet_mock, ReportPlugin(plugin_id=plugin_id, group_by_type=True))
        assert [r["event"]["event"] for r in _rows(sheet)] == order  # 15 does not document it


@pytest.mark.parametrize(
    ("event_types", "named"),
    [(["sos", "no_such_event"], "'no_such_event'"), ([f"x{n}" for n in range(8)], "3 more")],
)
def test_an_unknown_event_type_is_code_7(client: Any, event_types: list[str], named: str) -> None:
    with pytest.raises(InvalidParametersError) as caught:
        client.report.tracker.generate(
            from_=TODAY[0], to=TODAY[1], trackers=[VAN],
            plugin=ReportPlugin(plugin_id=11, event_types=event_types),
        )  # fmt: skip
    (error,) = caught.value.errors
    assert error["parameter"] == "plugin.event_types"
    assert named in error["error"]
    assert [r.id for r in client.report.tracker.list()] == [1]  # the demo world's alone


def _visit_twice(fleet_mock: FleetMock) -> None:
    """Drive Van 1 into the depot and out again twice: 20 minutes inside, then 2."""
    start = fleet_mock.world.now().replace(microsecond=0) + dt.timedelta(hours=1)
    fleet_mock.drive(VAN, [AWAY, DEPOT], start=start)
    fleet_mock.drive(VAN, [DEPOT, AWAY], start=fleet_mock.world.now() + dt.timedelta(minutes=20))
    fleet_mock.drive(VAN, [AWAY, DEPOT], start=fleet_mock.world.now() + dt.timedelta(minutes=5))
    fleet_mock.drive(VAN, [DEPOT, AWAY], start=fleet_mock.world.now() + dt.timedelta(minutes=2))


def test_zone_events_leave_out_short_visits(fleet_mock: FleetMock, client: Any) -> None:
    again = NewRule(name="Depot again", type="inoutzone", zone_ids=[1], trackers=[VAN])
    client.tracker.rule.create(rule=again)  # each crossing is two events: one row
    _visit_twice(fleet_mock)
    later = {"from_": dt.datetime(2026, 1, 15, 9), "to": fleet_mock.world.now()}
    every = _sheet(client, fleet_mock, ReportPlugin(plugin_id=89), **later)
    rows = _rows(every)
    assert [(r["event"]["event"], r["zone"]["v"]) for r in rows] == [
        ("inzone", "Depot"), ("outzone", "Depot"), ("inzone", "Depot"), ("outzone", "Depot"),
    ]  # fmt: skip
    assert [r["event"]["v"] for r in rows[:2]] == ["Arrived at the depot", "Left the depot"]
    assert _summary(every) == {
        "Events": 4, "Geofence entry": 2, "Geofence exit": 2, "Depot": 4,
    }  # fmt: skip
    long_only = ReportPlugin(plugin_id=89, min_minutes_in_zone=10)
    kept = _rows(_sheet(client, fleet_mock, long_only, **later))
    assert [r["event"]["raw"] for r in kept] == [r["event"]["raw"] for r in rows[:2]]
    none = _rows(_sheet(client, fleet_mock, ReportPlugin(plugin_id=89, min_minutes_in_zone=30)))
    assert none == []


def test_a_driver_change_is_a_row_with_its_driver(fleet_mock: FleetMock, client: Any) -> None:
    # Ben Keller drives Van 1 in the demo world: its device tells of him, then of nobody
    _report(fleet_mock, ("06:00:00", "driver_identified"), ("06:05:00", "driver_not_identified"))
    client.tracker.employee.assign(tracker_id=VAN, new_employee_id=3)
    sheet = _sheet(client, fleet_mock, ReportPlugin(plugin_id=66))
    assert [(r["time"]["v"], r["event"]["v"], r["driver"]["v"]) for r in _rows(sheet)] == [
        ("06:00", "Driver identified", "Ben Keller"),
        ("06:05", "Driver not identified", "No driver"),
        ("09:00", "Driver assigned", "Clara Weiss"),
    ]
    assert _summary(sheet) == {
        "Driver changes": 3, "Ben Keller": 1, "Clara Weiss": 1, "No driver": 1,
    }  # fmt: skip
    phone = _sheet(client, fleet_mock, ReportPlugin(plugin_id=66), trackers=[PHONE])
    (change,) = _rows(_sheet(client, fleet_mock, ReportPlugin(plugin_id=66), trackers=[PHONE],
                             from_=dt.datetime(2026, 1, 14)))  # fmt: skip
    assert _rows(phone) == []  # its change was on the 14th
    assert (change["event"]["v"], change["driver"]["v"]) == (
        "Driver identified by hardware key", "Anna Schmidt",
    )  # fmt: skip
    assert change["address"]["v"] == "Depotweg 1, 10965 Berlin, Germany"

"""The device reports: switching on and off (23), GSM connection lost (13) and SMS-locations
(20), made from the tracker's events and the silences between its points."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fleetapi.models.report import ReportPlugin
from fleetapi.models.rule import NewRule
from fleetapi_mock import FleetMock

VAN = 1
TRUCK = 3  # its model takes location requests by SMS; Van 1's does not
TODAY = (dt.datetime(2026, 1, 15), dt.datetime(2026, 1, 15, 23, 59, 59))


def _sheet(client: Any, fleet_mock: FleetMock, plugin: ReportPlugin, tracker: int = VAN) -> Any:
    """The one sheet of a report of the tracker over today, once it is ready."""
    report_id = client.report.tracker.generate(
        from_=TODAY[0], to=TODAY[1], trackers=[tracker], plugin=plugin
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    return sheet


def _rows(sheet: Any) -> list[dict[str, Any]]:
    return [row for group in sheet.sections[0]["data"] for row in group["rows"]]


def _summary(sheet: Any) -> dict[str, float]:
    return {r["name"]: r["raw"] for r in sheet.sections[1]["rows"]}


def _point(time: str, *, moving: bool = True, tracker: int = VAN, **more: Any) -> dict[str, Any]:
    """A point of today reported driving (the ignition on), or parked."""
    return {
        "tracker_id": tracker, "get_time": f"2026-01-15 {time}", "lat": 52.5, "lng": 13.4,
        "speed": 40 if moving else 0, "ignition": moving, **more,
    }  # fmt: skip


def test_switching_lists_the_power_events(fleet_mock: FleetMock, client: Any) -> None:
    fleet_mock.record_positions(
        [
            _point("06:00:00", moving=False, event="poweroff"),
            _point("06:10:00", moving=False, event="sos"),
            _point("06:40:00", moving=False, event="poweron"),
        ]
    )
    sheet = _sheet(client, fleet_mock, ReportPlugin(plugin_id=23))
    assert [(r["time"]["v"], r["event"]["v"]) for r in _rows(sheet)] == [
        ("06:00", "Poweroff"),
        ("06:40", "Poweron"),
    ]
    assert _rows(sheet)[0]["address"]["v"] == "52.500000, 13.400000"  # no address: coordinates
    assert _summary(sheet) == {"Events": 2, "Poweroff": 1, "Poweron": 1}


def test_a_long_silence_while_driving_is_a_lost_connection(
    fleet_mock: FleetMock, client: Any
) -> None:
    fleet_mock.record_positions(
        [
            _point("06:00:00"),
            _point("06:01:00", address="Unter den Linden 1, Berlin"),
            _point("06:46:00"),  # 45 minutes without a word
            _point("06:47:00"),
            _point("07:07:00"),  # 20 minutes: not long enough
            _point("07:08:00", moving=False),  # parked: the silence until 08:30 is sleep
        ]
    )
    sheet = _sheet(client, fleet_mock, ReportPlugin(plugin_id=13, show_seconds=True))
    (lost,) = _rows(sheet)
    assert lost["from"]["v"] == "06:01:00 - Unter den Linden 1, Berlin"
    assert lost["to"]["v"] == "06:46:00"
    assert lost["duration"]["v"] == "00:45:00"
    assert lost["duration"]["raw"] == 45 * 60
    assert _summary(sheet) == {"Connection losses": 1, "Time without connection": 45}
    (group,) = sheet.sections[0]["data"]
    assert group["total"]["duration"]["raw"] == 45 * 60


def test_a_silence_lasting_until_now_is_not_restored(fleet_mock: FleetMock, client: Any) -> None:
    fleet_mock.record_positions(
        [_point("07:59:00", tracker=TRUCK), _point("08:00:00", tracker=TRUCK)]
    )
    (lost,) = _rows(_sheet(client, fleet_mock, ReportPlugin(plugin_id=13), tracker=TRUCK))
    assert (lost["from"]["v"], lost["to"]["v"]) == ("08:00", "not yet")
    assert lost["duration"]["raw"] == 60 * 60  # up to now, 09:00


def test_sms_locations_are_the_location_responses(fleet_mock: FleetMock, client: Any) -> None:
    rule = NewRule(name="Located", type="location_response", trackers=[VAN, TRUCK])
    client.tracker.rule.create(rule=rule)
    fleet_mock.clock.advance(dt.timedelta(minutes=1))  # Van 1's position is a minute old
    for tracker, channel in ((TRUCK, "sms"), (VAN, "gprs")):
        client.tracker.location_request(tracker_id=tracker, type=channel)
    fleet_mock.clock.advance(dt.timedelta(seconds=10))  # the devices answer
    truck = _sheet(client, fleet_mock, ReportPlugin(plugin_id=20, show_seconds=True), TRUCK)
    (row,) = _rows(truck)
    assert (row["time"]["v"], row["event"]["event"]) == ("09:01:10", "location_response")
    assert row["address"]["location"] == {"lat": 52.39, "lng": 13.065}  # where it stands
    assert _summary(truck) == {"Events": 1, "Location response": 1}
    van = _sheet(client, fleet_mock, ReportPlugin(plugin_id=20), VAN)
    assert _rows(van) == []  # answered over GPRS: its model cannot be asked by SMS

"""Report schedules: entries a user keeps, which the world's clock fires on their weekdays at
their hour, making the report of the period before (as ``report/tracker/generate`` makes it)
and mailing its file to the sent box."""

from __future__ import annotations

import base64
import datetime as dt
import io
import zipfile
from typing import Any

import attrs
import httpx
import pytest
from openpyxl import load_workbook

from fleetapi import (
    EntityNotFoundError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
    PluginNotFoundError,
    TariffRestrictionError,
)
from fleetapi._types import UNSET
from fleetapi.endpoints.report_schedule import MAX_CATCH_UP_DAYS
from fleetapi.models.report import ReportPlugin
from fleetapi.models.report_schedule import (
    NewReportSchedule,
    ReportScheduleDays,
    ReportScheduleParameters,
    ReportScheduleUpdate,
    ScheduledReport,
)
from fleetapi_mock import FleetMock

TRIPS = ReportPlugin(plugin_id=4)
VAN = 1
"""Tracker 1 ("Van 1"), with a day of drives on 2026-01-14 in the demo world."""
MONDAY = dt.datetime(2026, 1, 19)
"""The first Monday after the demo world's now (Thursday 2026-01-15 09:00 UTC)."""


@pytest.fixture(autouse=True)
def _without_the_demo_schedule(fleet_mock: FleetMock) -> None:
    """Each test starts from the demo world without its own schedule ("Weekly trips", which
    the Reports page's example and the command-line tables show)."""
    with fleet_mock.world.lock:
        fleet_mock.world.report_schedules.clear()


def _parameters(**changes: Any) -> ReportScheduleParameters:
    """A weekly trips report of Van 1, made on Mondays at 06:00 and mailed as a workbook."""
    report = changes.pop("report", ScheduledReport(trackers=[VAN], plugin=TRIPS))
    values: dict[str, Any] = {
        "period": "1w",
        "schedule": ReportScheduleDays(type="weekdays", weekdays=[1]),
        "report": report,
        "emails": ["fleet@example.com", "boss@example.com"],
        "email_format": "xls",
        "sending_time": "06:00",
    }
    return ReportScheduleParameters(**{**values, **changes})


def _create(client: Any, *, enabled: bool = True, **changes: Any) -> int:
    schedule = NewReportSchedule(enabled=enabled, parameters=_parameters(**changes))
    schedule_id: int = client.report.schedule.create(schedule=schedule)
    return schedule_id


def _advance_to(fleet_mock: FleetMock, client: Any, when: dt.datetime) -> None:
    """Move the clock to ``when`` (UTC) and touch the world, as any request does."""
    fleet_mock.clock.advance(when - fleet_mock.clock.now())
    client.report.schedule.list()


def test_a_schedule_is_created_listed_updated_and_deleted(client: Any) -> None:
    schedule_id = _create(client)
    (listed,) = client.report.schedule.list()
    assert (listed.id, listed.enabled, listed.fire_time, listed.last_result) == (
        schedule_id,
        True,
        None,
        None,
    )
    assert listed.parameters.sending_time == "06:00:00"  # on the hour, with its seconds
    assert listed.parameters.email_zip is False
    assert listed.parameters.report == ScheduledReport(trackers=[VAN], plugin=TRIPS)
    changed = _parameters(period="3m", sending_time="18:00:00", email_format="pdf", emails=[])
    client.report.schedule.update(
        schedule=ReportScheduleUpdate(id=schedule_id, enabled=False, parameters=changed)
    )
    (listed,) = client.report.schedule.list()
    assert listed.enabled is False
    assert listed.parameters == attrs.evolve(changed, email_zip=False)
    client.report.schedule.delete(schedule_id=schedule_id)
    assert client.report.schedule.list() == []
    _create(client, sending_time=UNSET, emails=UNSET)
    (listed,) = client.report.schedule.list()
    assert (listed.parameters.sending_time, listed.parameters.emails) == ("00:00:00", [])
    with pytest.raises(EntityNotFoundError):
        client.report.schedule.delete(schedule_id=schedule_id)
    with pytest.raises(EntityNotFoundError):
        client.report.schedule.update(
            schedule=ReportScheduleUpdate(id=schedule_id, enabled=True, parameters=changed)
        )


_PARAMETERS: dict[str, Any] = {
    "period": "1w",
    "schedule": {"type": "weekdays", "weekdays": [1]},
    "report": {"trackers": [VAN], "plugin": {"plugin_id": 4}},
    "emails": ["fleet@example.com"],
    "email_format": "xls",
    "sending_time": "06:00:00",
}
"""A schedule's parameters on the wire."""


@pytest.mark.parametrize(
    ("changes", "parameter"),
    [
        ({"period": "2w"}, "period"),
        ({"period": "13m"}, "period"),
        ({"period": "m"}, "period"),
        ({"sending_time": "06:30"}, "sending_time"),
        ({"sending_time": "24:00"}, "sending_time"),
        ({"emails": ["fleet@example.com", "nobody"]}, "emails[1]"),
        ({"email_format": "xlsx"}, "email_format"),
        ({"schedule": {"type": "weekdays", "weekdays": [1, 8]}}, "schedule.weekdays[1]"),
        ({"schedule": {"type": "month_days", "weekdays": [1]}}, "schedule.type"),
        ({"report": {"trackers": [VAN], "plugin": {"plugin_id": 91}}}, "period"),  # a day
    ],
)
def test_malformed_fields_are_7_naming_them(
    fleet_mock: FleetMock, changes: dict[str, Any], parameter: str
) -> None:
    session = fleet_mock.session("demo")
    schedule = {"enabled": True, "parameters": {**_PARAMETERS, **changes}}
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        sent = {"hash": session, "schedule": schedule}
        answer = http.post("/v2/report/schedule/create", json=sent).json()
        assert answer["status"]["code"] == 7, answer
        named = {e["parameter"] for e in answer["errors"]}
        assert f"schedule.parameters.{parameter}" in named, named
        answer = http.post("/v2/report/schedule/list", json={"hash": session}).json()
        assert answer["list"] == []


def test_what_generate_refuses_the_schedule_refuses(fleet_mock: FleetMock, client: Any) -> None:
    with pytest.raises(NonExistentEntitiesError):  # another account's car
        _create(client, report=ScheduledReport(trackers=[VAN, 7], plugin=TRIPS))
    with pytest.raises(NonExistentEntitiesError):
        _create(client, report=ScheduledReport(trackers=[999], plugin=TRIPS))
    with pytest.raises(PluginNotFoundError):
        _create(client, report=ScheduledReport(trackers=[VAN], plugin=ReportPlugin(plugin_id=999)))
    visits = ReportPlugin(plugin_id=8, zone_ids=[999])
    with pytest.raises(NonExistentEntitiesError):  # the plugin's own check: a zone not seen
        _create(client, report=ScheduledReport(trackers=[VAN], plugin=visits))
    tracker = fleet_mock.world.trackers[VAN]
    with fleet_mock.world.lock:
        tariff = fleet_mock.world.tariffs[tracker.tariff_id]
        fleet_mock.world.tariffs[tariff.id] = attrs.evolve(tariff, has_reports=False)
    with pytest.raises(TariffRestrictionError):
        _create(client)
    assert client.report.schedule.list() == []


def test_a_weekly_schedule_fires_on_its_weekday_at_its_hour(
    fleet_mock: FleetMock, client: Any
) -> None:
    """In the user's time zone: 06:00 in Berlin is 05:00 UTC in January."""
    with fleet_mock.world.lock:
        fleet_mock.world.users.change(1, time_zone="Europe/Berlin")
    schedule_id = _create(client)
    _advance_to(fleet_mock, client, MONDAY.replace(hour=4, minute=59))
    assert [r.id for r in client.report.tracker.list()] == [1]  # the demo's alone
    assert fleet_mock.control.mail(kind="report") == []
    _advance_to(fleet_mock, client, MONDAY.replace(hour=5))
    _, made = client.report.tracker.list()
    assert (made.title, made.from_, made.to) == ("Trips", dt.datetime(2026, 1, 12), MONDAY)
    assert made.created == MONDAY.replace(hour=6)  # the user's time
    (listed,) = client.report.schedule.list()
    assert listed.fire_time == MONDAY.replace(hour=6)
    assert (listed.last_result.success, listed.last_result.id) == (True, made.id)
    # the report generate makes of the same week
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    report = client.report.tracker.retrieve(report_id=made.id)
    asked = client.report.tracker.generate(
        from_=dt.datetime(2026, 1, 12), to=MONDAY, trackers=[VAN], plugin=TRIPS
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    assert report.sheets == client.report.tracker.retrieve(report_id=asked).sheets
    assert report.sheets[0].header == "Van 1"
    assert report.sheets[0].sections[0]["data"]  # the trips of 2026-01-14
    # mailed to each address, the workbook download answers attached
    mails = fleet_mock.control.mail(kind="report")
    assert [m.to for m in mails] == ["fleet@example.com", "boss@example.com"]
    assert {m.values["schedule_id"] for m in mails} == {str(schedule_id)}
    assert {m.values["report_id"] for m in mails} == {str(made.id)}
    assert mails[0].sent == MONDAY.replace(hour=5)
    (attachment,) = mails[0].attachments
    assert attachment.filename == f"report-{made.id}.xlsx"
    mailed = load_workbook(io.BytesIO(base64.b64decode(attachment.content)))
    downloaded = client.report.tracker.download(report_id=made.id, format="xls")
    expected = load_workbook(io.BytesIO(downloaded))
    assert list(mailed.active.values) == list(expected.active.values)
    assert any("Van 1" in row for row in mailed.active.values)
    # once: the next touch makes nothing more
    client.report.schedule.list()
    assert [r.id for r in client.report.tracker.list()] == [1, made.id, asked]
    assert len(fleet_mock.control.mail(kind="report")) == 2


def test_a_zipped_pdf_is_mailed_zipped(fleet_mock: FleetMock, client: Any) -> None:
    _create(client, email_format="pdf", email_zip=True, emails=["fleet@example.com"])
    _advance_to(fleet_mock, client, MONDAY.replace(hour=6))
    (mail,) = fleet_mock.control.mail(kind="report")
    (attachment,) = mail.attachments
    report_id = mail.values["report_id"]
    assert (attachment.filename, attachment.content_type) == (
        f"report-{report_id}.zip",
        "application/zip",
    )
    with zipfile.ZipFile(io.BytesIO(base64.b64decode(attachment.content))) as archive:
        (name,) = archive.namelist()
        assert name == f"report-{report_id}.pdf"
        assert archive.read(name).startswith(b"%PDF-")


def test_months_and_days_count_back_from_the_day(fleet_mock: FleetMock) -> None:
    """``3m`` on Tuesday 2026-03-31 covers from 2025-12-31; ``d`` the day before."""
    every_day = ReportScheduleDays(type="weekdays", weekdays=[1, 2, 3, 4, 5, 6, 7])
    with fleet_mock.login("demo", "demo") as client:
        _create(client, period="3m", schedule=every_day, emails=[])
    fleet_mock.clock.advance(dt.datetime(2026, 3, 31, 6) - fleet_mock.clock.now())
    with fleet_mock.login("demo", "demo") as client:  # the session ended meanwhile
        made = client.report.tracker.list()[-1]
        assert (made.from_, made.to) == (dt.datetime(2025, 12, 31), dt.datetime(2026, 3, 31))
        _create(client, period="d", schedule=every_day, emails=[])
        _advance_to(fleet_mock, client, dt.datetime(2026, 4, 1, 6))
        made = client.report.tracker.list()[-1]
        assert (made.from_, made.to) == (dt.datetime(2026, 3, 31), dt.datetime(2026, 4, 1))
    assert fleet_mock.control.mail(kind="report") == []  # no addresses: listed alone


def test_a_disabled_schedule_does_not_fire(fleet_mock: FleetMock, client: Any) -> None:
    schedule_id = _create(client, enabled=False)
    _advance_to(fleet_mock, client, MONDAY.replace(hour=12))
    assert [r.id for r in client.report.tracker.list()] == [1]
    assert fleet_mock.control.mail(kind="report") == []
    (listed,) = client.report.schedule.list()
    assert (listed.fire_time, listed.last_result) == (None, None)
    # enabled again, it fires from its next Monday on, not the one missed
    client.report.schedule.update(
        schedule=ReportScheduleUpdate(id=schedule_id, enabled=True, parameters=_parameters())
    )
    client.report.schedule.list()
    assert [r.id for r in client.report.tracker.list()] == [1]
    _advance_to(fleet_mock, client, MONDAY.replace(hour=6) + dt.timedelta(days=7))
    assert [r.from_ for r in client.report.tracker.list()[1:]] == [dt.datetime(2026, 1, 19)]


def test_a_long_jump_makes_the_firings_of_the_last_days_once(fleet_mock: FleetMock) -> None:
    """Ten weeks on: the Mondays of the last 31 days, in order, each once."""
    with fleet_mock.login("demo", "demo") as client:
        schedule_id = _create(client, emails=[])
    fleet_mock.clock.advance(dt.timedelta(weeks=10))
    now = fleet_mock.clock.now()
    first = (now - dt.timedelta(days=MAX_CATCH_UP_DAYS - 1)).date()
    days = [first + dt.timedelta(days=n) for n in range(MAX_CATCH_UP_DAYS)]
    mondays = [dt.datetime.combine(d, dt.time(6)) for d in days if d.isoweekday() == 1]
    with fleet_mock.login("demo", "demo") as client:  # the session ended meanwhile
        made = client.report.tracker.list()[1:]
        assert [r.created for r in made] == mondays
        assert [r.to for r in made] == [m.replace(hour=0) for m in mondays]
        (listed,) = client.report.schedule.list()
        assert (listed.id, listed.fire_time, listed.last_result.id) == (
            schedule_id,
            mondays[-1],
            made[-1].id,
        )
        client.report.schedule.list()
        assert len(client.report.tracker.list()) == len(mondays) + 1


def test_a_firing_its_user_cannot_make_fails(fleet_mock: FleetMock, client: Any) -> None:
    """Van 1's tariff loses its reports after the schedule is made: nothing is made or
    mailed, and ``last_result`` says so."""
    _create(client)
    tracker = fleet_mock.world.trackers[VAN]
    with fleet_mock.world.lock:
        tariff = fleet_mock.world.tariffs[tracker.tariff_id]
        fleet_mock.world.tariffs[tariff.id] = attrs.evolve(tariff, has_reports=False)
    _advance_to(fleet_mock, client, MONDAY.replace(hour=6))
    (listed,) = client.report.schedule.list()
    assert listed.fire_time == MONDAY.replace(hour=6)
    assert (listed.last_result.success, listed.last_result.id) == (False, None)
    assert [r.id for r in client.report.tracker.list()] == [1]
    assert fleet_mock.control.mail(kind="report") == []


def test_a_sub_user_needs_the_reports_right(fleet_mock: FleetMock) -> None:
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        with pytest.raises(OperationNotPermittedError):
            dispatcher.report.schedule.list()
        with pytest.raises(OperationNotPermittedError):
            _create(dispatcher)
        with pytest.raises(OperationNotPermittedError):
            dispatcher.report.schedule.delete(schedule_id=1)


def test_a_schedule_is_its_users_own(fleet_mock: FleetMock, client: Any) -> None:
    theirs = _create(client)
    sub_user = next(u for u in fleet_mock.world.users.values() if not u.is_master)
    with fleet_mock.world.lock:
        fleet_mock.world.users.change(sub_user.id, rights=[*sub_user.rights, "reports"])
    with fleet_mock.login(sub_user.login, sub_user.password) as other:
        assert other.report.schedule.list() == []
        with pytest.raises(EntityNotFoundError):
            other.report.schedule.delete(schedule_id=theirs)
        mine = _create(other, emails=[])
        assert [s.id for s in other.report.schedule.list()] == [mine]
        assert [s.id for s in client.report.schedule.list()] == [theirs]
        _advance_to(fleet_mock, other, MONDAY.replace(hour=12))
        # each made its report: the sub-user's in its list, at 06:00 in its time zone
        (made,) = other.report.tracker.list()
        assert (made.created, made.from_) == (MONDAY.replace(hour=6), dt.datetime(2026, 1, 12))
        assert fleet_mock.world.reports[made.id].created == MONDAY.replace(hour=5)  # UTC
        assert made.id not in [r.id for r in client.report.tracker.list()]
        client.subuser.delete(subuser_id=sub_user.id)
    assert [s.id for s in client.report.schedule.list()] == [theirs]
    with fleet_mock.world.lock:
        assert mine not in fleet_mock.world.report_schedules

"""Tracker reports: a job that advances with the world clock, whose figures are the tracks and
the events of its period."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any
from zoneinfo import ZoneInfo

import attrs
import pytest
from openpyxl import load_workbook
from report_requests import demo_request
from report_shape import check_sheets

from fleetapi import (
    DataNotReadyError,
    EntityMissingError,
    InvalidParametersError,
    NonExistentEntitiesError,
    PluginNotFoundError,
    TariffRestrictionError,
    TimeSpanTooBigError,
    TooManyRequestsError,
)
from fleetapi.models.report import ReportPlugin, ReportShift, TimeFilter
from fleetapi.models.track import AssetRef, RegularTrack
from fleetapi.report_plugins import BY_ID, PLUGINS
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.report import KINDS

START, END = dt.datetime(2026, 1, 1), dt.datetime(2026, 1, 15, 23, 59, 59)
TRIPS = ReportPlugin(plugin_id=4)
WHOLE_DAY_SHIFT = ReportShift(name="Day", start_time="00:00", end_time="23:59")
VAN = 1
"""Tracker 1, ridden by vehicle 1 ("Van 1"), with a day of drives in the demo world."""


def _generate(client: Any, **changes: Any) -> int:
    options: dict[str, Any] = {"from_": START, "to": END, "trackers": [VAN], "plugin": TRIPS}
    report_id: int = client.report.tracker.generate(**{**options, **changes})
    return report_id


def _place(when: dt.datetime, address: str) -> str:
    """A trip end as the report writes it: the time, then the address if there is one."""
    return f"{when:%H:%M} - {address}" if address else f"{when:%H:%M}"


def _ready(fleet_mock: FleetMock) -> None:
    fleet_mock.clock.advance(dt.timedelta(seconds=5))


def test_a_report_advances_with_the_world_clock(fleet_mock: FleetMock, client: Any) -> None:
    report_id = _generate(client, title="January")
    assert client.report.tracker.status(report_id=report_id) == 0
    with pytest.raises(DataNotReadyError):
        client.report.tracker.retrieve(report_id=report_id)
    with pytest.raises(DataNotReadyError):
        client.report.tracker.download(report_id=report_id, format="pdf")
    fleet_mock.clock.advance(dt.timedelta(seconds=2))
    assert client.report.tracker.status(report_id=report_id) == 40
    demo, listed = client.report.tracker.list()  # the demo world's report first
    assert (demo.id, demo.percent) == (1, 100)
    assert (listed.id, listed.title, listed.percent) == (report_id, "January", 40)
    assert listed.parameters.trackers == [VAN]
    assert listed.parameters.plugins == [TRIPS]
    _ready(fleet_mock)
    assert client.report.tracker.status(report_id=report_id) == 100
    report = client.report.tracker.retrieve(report_id=report_id)
    assert (report.title, report.from_, report.to) == ("January", START, END)
    assert [s.header for s in report.sheets] == ["Van 1"]
    client.report.tracker.delete(report_id=report_id)
    with pytest.raises(EntityMissingError):
        client.report.tracker.status(report_id=report_id)


def test_the_trips_are_those_of_asset_track_list(fleet_mock: FleetMock, client: Any) -> None:
    report_id = _generate(client)
    _ready(fleet_mock)
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    table, summary = sheet.sections
    rows = [row for group in table["data"] for row in group["rows"]]
    van = AssetRef(id=1, type="vehicle")
    (listed,) = client.asset.track.list(asset=van, from_=START, to=END).list
    tracks = listed.tracks
    regular = [t for t in tracks if isinstance(t, RegularTrack)]
    assert len(rows) == len(regular) > 2
    for row, track in zip(rows, regular, strict=True):
        assert row["length"]["raw"] == track.length
        assert row["max_speed"]["raw"] == track.max_speed
        assert row["avg_speed"]["raw"] == track.avg_speed
        assert row["time"]["raw"] == (track.end_date - track.start_date).total_seconds()
        assert row["from"]["v"] == _place(track.start_date, track.start_address)
        assert row["to"]["v"] == _place(track.end_date, track.end_address)
    totals = {r["name"]: r["raw"] for r in summary["rows"]}
    assert totals["Trips"] == len(regular)
    assert totals["Total trips length, km"] == pytest.approx(sum(t.length for t in regular))
    assert totals["Max. speed, km/h"] == max(t.max_speed for t in regular)
    day_totals = [group["total"]["length"]["raw"] for group in table["data"]]
    assert sum(day_totals) == pytest.approx(totals["Total trips length, km"])


def test_a_time_filter_keeps_the_trips_it_covers(fleet_mock: FleetMock, client: Any) -> None:
    everything = _generate(client)
    mornings = _generate(client, time_filter=TimeFilter(from_="00:00", to="08:00", weekdays=[3]))
    _ready(fleet_mock)

    def starts(report_id: int) -> list[tuple[str, str]]:
        """Each row's day (its group's header without the count) and start time."""
        (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
        data = sheet.sections[0]["data"]
        return [(g["header"].split(" : ")[0], r["from"]["v"][:5]) for g in data for r in g["rows"]]

    wednesday_mornings = [(d, t) for d, t in starts(everything) if "(Wed)" in d and t <= "08:00"]
    assert wednesday_mornings == starts(mornings)
    assert {d for d, _ in wednesday_mornings} == {"Jan 7, 2026 (Wed)", "Jan 14, 2026 (Wed)"}
    assert 0 < len(starts(mornings)) < len(starts(everything))


def test_downloads_open_as_a_workbook_and_a_pdf(fleet_mock: FleetMock, client: Any) -> None:
    """The files' content is ``tests/sdk/test_report_download.py``'s."""
    report_id = _generate(client)
    _ready(fleet_mock)
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    trips = [r for g in sheet.sections[0]["data"] for r in g["rows"]]
    workbook = load_workbook(
        io.BytesIO(client.report.tracker.download(report_id=report_id, format="xls"))
    )
    rows = list(workbook["Van 1"].iter_rows(values_only=True))
    assert [(r[0], r[2]) for r in rows if r[0] in {t["from"]["v"] for t in trips}] == [
        (t["from"]["v"], t["length"]["raw"]) for t in trips
    ]
    pdf = client.report.tracker.download(report_id=report_id, format="pdf", headless=True)
    assert pdf.startswith(b"%PDF-")


def test_bad_requests_are_refused_and_store_nothing(
    fleet_mock: FleetMock, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(PluginNotFoundError):
        _generate(client, plugin=ReportPlugin(plugin_id=99))
    with pytest.raises(NonExistentEntitiesError):
        _generate(client, trackers=[VAN, 404])
    with pytest.raises(TimeSpanTooBigError) as caught:
        _generate(client, from_=START - dt.timedelta(days=100))
    assert caught.value.extra == {"max_time_span": "P90D"}
    with pytest.raises(InvalidParametersError):
        _generate(client, to=START)
    with fleet_mock.world.lock:
        tariff = fleet_mock.world.tariffs[fleet_mock.world.trackers[VAN].tariff_id]
        fleet_mock.world.tariffs[tariff.id] = attrs.evolve(tariff, has_reports=False)
    with pytest.raises(TariffRestrictionError):
        _generate(client)
    assert [r.id for r in client.report.tracker.list()] == [1]  # the demo world's alone


def test_parallel_reports_are_limited(fleet_mock: FleetMock, client: Any, monkeypatch) -> None:
    monkeypatch.setattr("fleetapi_mock.handlers.report.MAX_PARALLEL_REPORTS", 2)
    _generate(client)
    _generate(client)
    with pytest.raises(TooManyRequestsError):
        _generate(client)
    _ready(fleet_mock)
    _generate(client)  # the first two are done


def test_a_report_is_its_users_own(fleet_mock: FleetMock, client: Any) -> None:
    report_id = _generate(client)
    sub_user = next(u for u in fleet_mock.world.users.values() if not u.is_master)
    with fleet_mock.world.lock:
        fleet_mock.world.users.change(sub_user.id, rights=[*sub_user.rights, "reports"])
    with fleet_mock.login(sub_user.login, sub_user.password) as other:
        assert other.report.tracker.list() == []
        with pytest.raises(EntityMissingError):
            other.report.tracker.delete(report_id=report_id)
        fleet_mock.world.users.change(sub_user.id, trackers=[2])  # it sees Van 2 alone
        with pytest.raises(NonExistentEntitiesError):
            _generate(other, trackers=[VAN])
        assert client.report.tracker.status(report_id=report_id) == 0
        mine = _generate(other, trackers=[2])
        _ready(fleet_mock)
        assert [s.entity_ids for s in other.report.tracker.retrieve(report_id=mine).sheets] == [[2]]


def test_stops_lie_between_the_trips(fleet_mock: FleetMock, client: Any) -> None:
    stops_id = _generate(client, plugin=ReportPlugin(plugin_id=6, show_seconds=True))
    _ready(fleet_mock)
    (sheet,) = client.report.tracker.retrieve(report_id=stops_id).sheets
    table, summary = sheet.sections
    stops = [row for group in table["data"] for row in group["rows"]]
    van = AssetRef(id=1, type="vehicle")
    (listed,) = client.asset.track.list(asset=van, from_=START, to=END).list
    trips = [t for t in listed.tracks if isinstance(t, RegularTrack)]
    assert len(stops) == len(trips) - 1
    for stop, before, after in zip(stops, trips, trips[1:], strict=False):
        assert stop["from"]["v"].startswith(f"{before.end_date:%H:%M:%S}")
        assert stop["to"]["v"] == f"{after.start_date:%H:%M:%S}"
        assert stop["duration"]["raw"] == (after.start_date - before.end_date).total_seconds()
    totals = {r["name"]: r["raw"] for r in summary["rows"]}
    assert totals["Stops"] == len(stops)
    assert totals["Total stop time"] * 60 == sum(s["duration"]["raw"] for s in stops)


def test_raw_times_are_unix_milliseconds_in_any_time_zone(
    fleet_mock: FleetMock, client: Any
) -> None:
    with fleet_mock.world.lock:
        user = fleet_mock.world.user_by_login("demo")
        assert user is not None
        fleet_mock.world.users.change(user.id, time_zone="Europe/Berlin")
    report_id = _generate(client)
    _ready(fleet_mock)
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    first = sheet.sections[0]["data"][0]["rows"][0]
    (listed,) = client.asset.track.list(
        asset=AssetRef(id=1, type="vehicle"), from_=START, to=END
    ).list
    track = next(t for t in listed.tracks if isinstance(t, RegularTrack))
    shown = track.start_date.replace(tzinfo=ZoneInfo("Europe/Berlin"))
    assert first["from"]["raw"] == shown.timestamp() * 1000
    assert first["from"]["v"].startswith(f"{track.start_date:%H:%M}")  # shown in Berlin time


def test_speeding_starts_where_the_speeding_events_are(fleet_mock: FleetMock, client: Any) -> None:
    plugin = ReportPlugin(plugin_id=27, max_speed=60, min_duration_minutes=0, show_seconds=True)
    report_id = _generate(client, plugin=plugin)
    strict = _generate(client, plugin=attrs.evolve(plugin, max_speed=70))
    _ready(fleet_mock)
    (sheet,) = client.report.tracker.retrieve(report_id=report_id).sheets
    violations = [row for group in sheet.sections[0]["data"] for row in group["rows"]]
    events = client.history.tracker.list(trackers=[VAN], from_=START, to=END).list
    speeding = [e for e in events if e.event == "speeding"]
    assert [v["from"]["v"][:8] for v in violations] == [f"{e.time:%H:%M:%S}" for e in speeding]
    assert [v["max_speed"]["raw"] for v in violations] == [68.0]
    (calm,) = client.report.tracker.retrieve(report_id=strict).sheets
    assert calm.sections[0]["data"] == []  # nothing above 70


def test_the_demo_report_is_what_the_mock_makes_of_its_data(
    fleet_mock: FleetMock, client: Any
) -> None:
    """Report 1 of the demo world (written by ``scripts/demo_report.py``) holds the sheets a
    report of the same request makes of the demo world's points."""
    (demo,) = client.report.tracker.list()
    stored = client.report.tracker.retrieve(report_id=demo.id)
    (plugin,) = demo.parameters.plugins
    again = client.report.tracker.generate(
        from_=demo.from_,
        to=demo.to,
        trackers=demo.parameters.trackers,
        time_filter=demo.time_filter,
        plugin=plugin,
    )
    _ready(fleet_mock)
    assert stored.sheets == client.report.tracker.retrieve(report_id=again).sheets
    rows = [r for g in stored.sheets[0].sections[0]["data"] for r in g["rows"]]
    assert len(rows) == 5  # Van 1's trips of 2026-01-14


MOVEMENT = {4, 6, 7, 8, 73, 77}
"""Plugins of the van's driving: a row every working day of the month."""


def test_the_mock_makes_every_documented_plugin() -> None:
    """Each plugin of the catalogue is made, and says how (its row of the decisions page)."""
    assert sorted(KINDS) == sorted(p.id for p in PLUGINS)
    assert [plugin_id for plugin_id, kind in KINDS.items() if not kind.decision] == []


@pytest.mark.parametrize("plugin_id", [p.id for p in PLUGINS])
def test_every_report_of_the_demo_month_has_content(
    fleet_mock: FleetMock, client: Any, plugin_id: int
) -> None:
    """Every plugin makes rows of the demo world's month (of its last day for a plugin covering
    one day at most) for the account's trackers, as ``fleet report generate`` asks by
    default, with the options a plugin requires, in the documented shape of a report's sheets
    (``report_shape``); Van 1 drives every working day."""
    month = {"from_": dt.datetime(2025, 12, 15), "to": dt.datetime(2026, 1, 14, 23, 59, 59)}
    if BY_ID[plugin_id].max_span_hours is not None:
        month["from_"] = dt.datetime(2026, 1, 14)
    every = [t.id for t in client.tracker.list()]
    report_id = _generate(client, **month, trackers=every, **demo_request(plugin_id))
    _ready(fleet_mock)
    sheets = client.report.tracker.retrieve(report_id=report_id).sheets
    check_sheets(sheets)
    tables = [s for sheet in sheets for s in sheet.sections if s["type"] == "table"]
    rows = [row for table in tables for group in table["data"] for row in group["rows"]]
    assert rows, f"plugin {plugin_id} made no rows"
    if plugin_id in MOVEMENT:
        (van,) = [sheet for sheet in sheets if sheet.header == "Van 1"]
        days = {g["header"].split(" : ")[0] for g in van.sections[0]["data"]}
        assert len(days) == 19  # the working days from 2025-12-15 to 2026-01-14


def test_a_report_of_several_trackers_starts_with_their_summary(
    fleet_mock: FleetMock, client: Any
) -> None:
    """A plugin documenting ``include_summary_sheet`` adds a sheet of every tracker's summary
    figures when the report covers several; ``include_summary_sheet_only`` keeps it alone."""
    both = _generate(client, trackers=[VAN, 4])
    alone = _generate(
        client, trackers=[VAN, 4], plugin=ReportPlugin(plugin_id=4, include_summary_sheet=False)
    )
    only = _generate(client, plugin=ReportPlugin(plugin_id=4, include_summary_sheet_only=True))
    stops = _generate(client, trackers=[VAN, 4], plugin=ReportPlugin(plugin_id=6))
    _ready(fleet_mock)
    summary, van, phone = client.report.tracker.retrieve(report_id=both).sheets
    assert (summary.header, van.header, phone.header) == ("Summary", "Van 1", "Anna's phone")
    (table,) = summary.sections
    rows = table["data"][0]["rows"]
    assert [r["tracker"]["v"] for r in rows] == ["Van 1", "Anna's phone"]
    van_figures = {r["name"]: r["raw"] for r in van.sections[1]["rows"]}
    titles = [c["title"] for c in table["columns"][1:]]
    assert (
        dict(zip(titles, [rows[0][f"c{n}"]["raw"] for n in range(len(titles))], strict=True))
        == van_figures
    )
    assert [s.header for s in client.report.tracker.retrieve(report_id=alone).sheets] == [
        "Van 1", "Anna's phone",
    ]  # fmt: skip
    assert [s.header for s in client.report.tracker.retrieve(report_id=only).sheets] == ["Summary"]
    assert "Summary" not in [
        s.header for s in client.report.tracker.retrieve(report_id=stops).sheets
    ]


def test_reports_by_employees_name_employees_of_the_account(client: Any) -> None:
    with pytest.raises(NonExistentEntitiesError, match="404"):
        _generate(client, employees=[1, 404])
    _generate(client, employees=[1])


def test_the_summary_sheet_puts_each_figure_under_its_name(
    fleet_mock: FleetMock, client: Any
) -> None:
    """Trackers whose summaries name different figures (the zones each visited) each fill the
    columns of their own figures, the others' left empty."""
    report_id = _generate(
        client,
        from_=dt.datetime(2025, 12, 15),
        to=dt.datetime(2026, 1, 14, 23, 59, 59),
        trackers=[VAN, 4],
        plugin=ReportPlugin(plugin_id=8),
    )
    _ready(fleet_mock)
    summary, *trackers = client.report.tracker.retrieve(report_id=report_id).sheets
    (table,) = summary.sections
    title = {c["field"]: c["title"] for c in table["columns"]}
    for row, sheet in zip(table["data"][0]["rows"], trackers, strict=True):
        own = {r["name"]: r["raw"] for r in sheet.sections[1]["rows"]}
        assert {title[f]: cell["raw"] for f, cell in row.items() if f != "tracker"} == own

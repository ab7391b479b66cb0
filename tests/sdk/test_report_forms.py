"""The form completion statistics report (plugin 70): per template and field of the forms
submitted for the tracker's tasks and check-ins, how often each was filled and each option
chosen."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from openpyxl import load_workbook
from tasks_helpers import NOW, new_task

from fleetapi.models.checkin import FormSubmission
from fleetapi.models.common import Location
from fleetapi.models.report import ReportPlugin, TimeFilter
from fleetapi_mock import FleetMock

VAN = 1
"""Van 1: the demo's task 3 has a vehicle inspection submitted at 07:48 (tyres but the rear
right, condition fair, 4 stars, a date)."""
DAY = (dt.datetime(2026, 1, 15), dt.datetime(2026, 1, 15, 23, 59, 59))
STATISTICS = ReportPlugin(plugin_id=70)
HERE = Location(lat=52.52, lng=13.405, address="Alexanderplatz, Berlin")
POOR_FRONT_LEFT = {
    "condition": {"type": "dropdown", "value_index": 2},
    "tyres": {"type": "checkbox_group", "values": [True, False, False, False]},
}


def _inspect(client: Any) -> int:
    """A check-in of Van 1 now with a vehicle inspection: condition poor, the front left tyre
    alone; answer its form's ID."""
    form_id: int = client.checkin.form.create(tracker_id=VAN, template_id=2)
    client.checkin.create(
        tracker_id=VAN,
        location=HERE,
        form_submission=FormSubmission(form_id=form_id, values=POOR_FRONT_LEFT),
    )
    return form_id


def _sheets(client: Any, fleet_mock: FleetMock, plugin: ReportPlugin, **more: Any) -> Any:
    """The sheets of a statistics report of 2026-01-15 (Van 1 unless ``trackers``)."""
    options: dict[str, Any] = {"trackers": [VAN], **more}
    report_id = client.report.tracker.generate(from_=DAY[0], to=DAY[1], plugin=plugin, **options)
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    return client.report.tracker.retrieve(report_id=report_id).sheets


def _counts(sheet: Any) -> dict[str, dict[tuple[str, str], tuple[float, int]]]:
    """Each template group's rows: (field, option) to (count, of how many)."""
    return {
        group["header"]: {
            (r["field"]["v"], r["option"]["v"]): (r["count"]["raw"], r["count"]["of"])
            for r in group["rows"]
        }
        for group in sheet.sections[0]["data"]
    }


def test_form_statistics_count_a_submitted_choice(fleet_mock: FleetMock, client: Any) -> None:
    _inspect(client)
    (sheet,) = _sheets(client, fleet_mock, STATISTICS)
    assert [c["field"] for c in sheet.sections[0]["columns"]] == [
        "field", "option", "count", "share",
    ]  # fmt: skip
    counts = _counts(sheet)
    assert list(counts) == ["Vehicle inspection : 2"]  # the demo's and this one
    assert counts["Vehicle inspection : 2"] == {
        ("Tyres", ""): (2, 2),
        ("Tyres", "front left"): (2, 2),
        ("Tyres", "front right"): (1, 2),
        ("Tyres", "rear left"): (1, 2),
        ("Condition", ""): (2, 2),
        ("Condition", "fair"): (1, 2),
        ("Condition", "poor"): (1, 2),
        ("Cleanliness", ""): (1, 2),
        ("Inspection date", ""): (1, 2),
    }
    (group,) = sheet.sections[0]["data"]
    first = group["rows"][0]
    assert (first["count"]["v"], first["share"]["raw"]) == ("2 of 2", 100)
    assert group["total"]["count"]["v"] == "6 of 8"  # fields filled of those offered
    assert group["total"]["share"]["raw"] == 75
    summary = {r["name"]: r["v"] for r in sheet.sections[1]["rows"]}
    assert summary == {"Forms": "2", "Fields filled": "6 of 8", "Vehicle inspection": "2 forms"}


def test_show_nonselected_adds_the_options_nobody_chose(fleet_mock: FleetMock, client: Any) -> None:
    _inspect(client)
    (sheet,) = _sheets(client, fleet_mock, ReportPlugin(plugin_id=70, show_nonselected=True))
    counts = _counts(sheet)["Vehicle inspection : 2"]
    assert counts[("Condition", "good")] == (0, 2)
    assert counts[("Tyres", "rear right")] == (0, 2)
    rows = sheet.sections[0]["data"][0]["rows"]
    options = [r["option"]["v"] for r in rows if r["field"]["v"] == "Condition"]
    assert options == ["", "good", "fair", "poor"]  # the field, then its options in order


def test_a_task_form_submitted_by_the_executor_counts(fleet_mock: FleetMock, client: Any) -> None:
    made = new_task("Inspect the trailer", tracker_id=VAN, form_template_id=2)
    task_id = client.task.create(task=made, create_form=True).id
    (sheet,) = _sheets(client, fleet_mock, STATISTICS)
    assert list(_counts(sheet)) == ["Vehicle inspection : 1"]  # not submitted: not counted
    fleet_mock.submit_task_form(task_id, POOR_FRONT_LEFT)
    (sheet,) = _sheets(client, fleet_mock, STATISTICS)
    counts = _counts(sheet)["Vehicle inspection : 2"]
    assert counts[("Condition", "poor")] == (1, 2)


def test_the_time_filter_keeps_the_forms_submitted_in_it(
    fleet_mock: FleetMock, client: Any
) -> None:
    fleet_mock.clock.set(NOW + dt.timedelta(hours=3))
    _inspect(client)  # at 12:00; the demo's at 07:48
    noon = TimeFilter(from_="11:00", to="13:00", weekdays=[4])
    (sheet,) = _sheets(client, fleet_mock, STATISTICS, time_filter=noon)
    counts = _counts(sheet)["Vehicle inspection : 1"]
    assert counts[("Condition", "poor")] == (1, 1)
    assert ("Condition", "fair") not in counts
    fridays = TimeFilter(from_="00:00", to="23:59", weekdays=[5])
    (sheet,) = _sheets(client, fleet_mock, STATISTICS, time_filter=fridays)
    assert sheet.sections[0]["data"] == []


def test_a_tracker_without_forms_has_an_empty_tab_unless_hidden(
    fleet_mock: FleetMock, client: Any
) -> None:
    sheets = _sheets(client, fleet_mock, STATISTICS, trackers=[VAN, 3])
    assert [(s.header, len(s.sections[0]["data"])) for s in sheets] == [
        ("Van 1", 1),
        ("Truck 7", 0),
    ]
    hiding = ReportPlugin(plugin_id=70, hide_empty_tabs=True)
    assert [s.header for s in _sheets(client, fleet_mock, hiding, trackers=[VAN, 3])] == ["Van 1"]


def test_the_download_has_a_row_per_field_and_option(fleet_mock: FleetMock, client: Any) -> None:
    report_id = client.report.tracker.generate(
        from_=DAY[0], to=DAY[1], trackers=[VAN], plugin=STATISTICS
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    workbook = load_workbook(
        io.BytesIO(client.report.tracker.download(report_id=report_id, format="xlsx"))
    )
    rows = [r[:4] for r in workbook["Van 1"].iter_rows(values_only=True)]
    heading = rows.index(("Field", "Option", "Filled / chosen", "Share, %"))
    assert rows[heading + 1][0].startswith("Vehicle inspection")  # the template's group
    assert rows[heading + 2 : heading + 4] == [
        ("Tyres", None, "1 of 1", 100),
        ("Tyres", "front left", "1 of 1", 100),
    ]

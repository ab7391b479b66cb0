"""``report/tracker/download``: the report's sheets as an xlsx workbook or a pdf document, as
``retrieve`` answers them: a title page, then per sheet its tables by day with their totals,
its summary and its charts."""

from __future__ import annotations

import datetime as dt
import io
import math
import re
from typing import Any

import pypdfium2 as pdfium
import pytest
from openpyxl import load_workbook
from openpyxl.chart import ScatterChart
from openpyxl.worksheet.worksheet import Worksheet
from PIL import Image, ImageChops
from report_requests import demo_request

from fleetapi.models.report import ReportPlugin, ReportSheet
from fleetapi.report_plugins import BY_ID, PLUGINS
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.report import WHOLE_DAY
from fleetapi_mock.domain.report.cells import chart
from fleetapi_mock.state.records import ReportRecord

MONTH = {"from_": dt.datetime(2025, 12, 15), "to": dt.datetime(2026, 1, 14, 23, 59, 59)}
VAN, PHONE = 1, 4
"""Tracker 1 ("Van 1") drives every working day of the demo month; tracker 4 ("Anna's
phone") on its last day."""
_EPOCH_MS = dt.datetime(1970, 1, 1)


def _trips(fleet_mock: FleetMock, client: Any, **changes: Any) -> tuple[int, list[ReportSheet]]:
    """A trips report of the demo month for the van and the phone, ready, and its sheets."""
    options: dict[str, Any] = {**MONTH, "trackers": [VAN, PHONE]}
    report_id = client.report.tracker.generate(
        **{**options, "plugin": ReportPlugin(plugin_id=4), **changes}
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    return report_id, client.report.tracker.retrieve(report_id=report_id).sheets


def _workbook(client: Any, report_id: int, **options: Any) -> Any:
    data = client.report.tracker.download(report_id=report_id, format="xlsx", **options)
    return load_workbook(io.BytesIO(data))


def _pdf(client: Any, report_id: int, **options: Any) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(
        client.report.tracker.download(report_id=report_id, format="pdf", **options)
    )


def _text(document: pdfium.PdfDocument, page: int) -> str:
    return str(document[page].get_textpage().get_text_range())


def _ms(when: dt.datetime) -> float:
    return (when - _EPOCH_MS).total_seconds() * 1000


def _chart_report(fleet_mock: FleetMock, header: str = "Van 1", time_zone: str = "UTC") -> int:
    """A stored report whose sheet holds a table, a summary and a chart of a fuel level
    falling over the demo month (what a fuel plugin makes), ready at once."""
    start = MONTH["from_"]
    fuel = [(_ms(start + dt.timedelta(hours=h)), 80 - h / 10) for h in range(24 * 30)]
    speed = [(_ms(start + dt.timedelta(hours=h)), 40 + 20 * math.sin(h)) for h in range(24 * 30)]
    table = {
        "type": "table", "header": "Fillings", "column_groups": [],
        "columns": [
            {"field": "at", "title": "Time", "align": "left", "width": 4},
            {"field": "litres", "title": "Volume,\nlitres", "align": "right", "width": 1},
        ],
        "data": [{
            "header": "Dec 15, 2025 (Mon) : 1",
            "rows": [
                {"at": {"v": "07:15", "raw": _ms(start)}, "litres": {"v": "40.5", "raw": 40.5}}
            ],
            "total": {"text": "In total:", "litres": {"v": "40.5", "raw": 40.5}},
        }],
    }  # fmt: skip
    summary = {
        "type": "map_table", "header": "Summary",
        "rows": [{"name": "Fillings", "v": "1", "raw": 1, "highlight": False}],
    }  # fmt: skip
    sections = [
        table,
        summary,
        chart("Fuel level", "time", [("Fuel tank", fuel), ("Speed", speed)]),
    ]
    now = fleet_mock.world.now()
    with fleet_mock.world.lock:
        report_id = fleet_mock.world.ids.next("reports")
        fleet_mock.world.reports[report_id] = ReportRecord(
            id=report_id, user_id=fleet_mock.world.user_by_login("demo").id, created=now,
            ready=now, title="Fuel", from_=MONTH["from_"], to=MONTH["to"],
            time_filter=WHOLE_DAY, plugin=ReportPlugin(plugin_id=10), trackers=[VAN],
            time_zone=time_zone,
            sheets=[ReportSheet(header=header, sections=sections, entity_ids=[VAN])],
        )  # fmt: skip
    return report_id


def _rows(sheet: Worksheet) -> list[tuple[Any, ...]]:
    return list(sheet.iter_rows(values_only=True))


def test_the_workbook_has_a_title_sheet_then_a_worksheet_per_sheet(
    fleet_mock: FleetMock, client: Any
) -> None:
    report_id, _ = _trips(fleet_mock, client, title="December trips")
    workbook = _workbook(client, report_id)
    assert workbook.sheetnames == ["Report", "Summary", "Van 1", "Anna's phone"]
    cover = workbook["Report"]
    texts = [cell for row in _rows(cover) for cell in row if cell is not None]
    assert texts[0] == "December trips"
    assert "2025-12-15 00:00 to 2026-01-14 23:59" in texts
    links = {c.value: c.hyperlink.location for row in cover.iter_rows() for c in row if c.hyperlink}
    names = ["Summary", "Van 1", "Anna's phone"]
    assert links == {name: "'{}'!A1".format(name.replace("'", "''")) for name in names}
    headless = _workbook(client, report_id, headless=True)
    assert headless.sheetnames == ["Summary", "Van 1", "Anna's phone"]


def test_a_worksheet_holds_the_days_rows_and_bold_totals(
    fleet_mock: FleetMock, client: Any
) -> None:
    report_id, sheets = _trips(fleet_mock, client)
    van = next(s for s in sheets if s.header == "Van 1")
    table, summary = van.sections
    worksheet = _workbook(client, report_id)["Van 1"]
    rows = _rows(worksheet)
    assert rows[0][0] == "Van 1"
    titles = rows.index(tuple(c["title"] for c in table["columns"]))
    expected: list[tuple[Any, ...]] = []
    for group in table["data"]:
        expected.append((group["header"], *[None] * 5))
        expected += [
            (r["from"]["v"], r["to"]["v"], r["length"]["raw"], r["time"]["v"],
             r["avg_speed"]["raw"], r["max_speed"]["raw"])
            for r in group["rows"]
        ]  # fmt: skip
        total = group["total"]
        expected.append(
            ("In total:", None, total["length"]["raw"], total["time"]["v"],
             total["avg_speed"]["raw"], total["max_speed"]["raw"])
        )  # fmt: skip
    end = titles + 1 + len(expected)
    assert rows[titles + 1 : end] == expected
    assert len(table["data"]) == 19  # the working days of the month
    first_total = titles + 3 + len(table["data"][0]["rows"])  # Excel's row of the first total
    assert worksheet.cell(row=first_total, column=3).font.b
    assert not worksheet.cell(row=first_total - 1, column=3).font.b  # a trip above it
    assert worksheet.cell(row=first_total - 1, column=3).number_format == "0.00"
    assert rows[end + 1][0] == "Summary"
    named = [r[:2] for r in rows[end + 2 : end + 2 + len(summary["rows"])]]
    assert named == [(r["name"], _shown(r)) for r in summary["rows"]]
    assert ("Travel time", summary["rows"][2]["v"]) in named  # a duration as shown: "08:22"


def _shown(cell: dict[str, Any]) -> Any:
    """A cell as the workbook holds it: its number where it shows one, else its text."""
    return cell["raw"] if re.fullmatch(r"-?\d+(\.\d+)?", cell["v"]) else cell["v"]


def test_a_chart_is_a_native_chart_over_its_points(fleet_mock: FleetMock, client: Any) -> None:
    report_id = _chart_report(fleet_mock)
    (chart_section,) = [
        s for s in client.report.tracker.retrieve(report_id=report_id).sheets[0].sections
        if s["type"] == "chart"
    ]  # fmt: skip
    worksheet = _workbook(client, report_id)["Van 1"]
    (drawn,) = worksheet._charts
    assert isinstance(drawn, ScatterChart)
    assert len(drawn.series) == 2
    fuel = drawn.series[0]
    cells = worksheet[fuel.yVal.numRef.f.split("!")[1].replace("$", "")]
    points = chart_section["series"][0]["points"]
    assert [row[0].value for row in cells] == pytest.approx([y for _, y in points])
    times = worksheet[fuel.xVal.numRef.f.split("!")[1].replace("$", "")]
    assert times[0][0].value == _EPOCH_MS + dt.timedelta(milliseconds=points[0][0])  # UTC user


def test_times_are_those_of_the_zone_the_report_was_made_in(
    fleet_mock: FleetMock, client: Any
) -> None:
    report_id = _chart_report(fleet_mock, time_zone="Europe/Berlin")
    workbook = _workbook(client, report_id)
    cover = [row[:2] for row in _rows(workbook["Report"])]
    assert ("Period", "2025-12-15 01:00 to 2026-01-15 00:59") in cover
    (drawn,) = workbook["Van 1"]._charts
    times = workbook["Van 1"][drawn.series[0].xVal.numRef.f.split("!")[1].replace("$", "")]
    assert times[0][0].value == dt.datetime(2025, 12, 15, 1)  # midnight UTC
    document = _pdf(client, report_id)
    assert "2025-12-15 01:00 to 2026-01-15 00:59" in _text(document, 0)


def test_worksheet_names_are_those_excel_accepts(fleet_mock: FleetMock, client: Any) -> None:
    long = "Van: 1 [north]/south? a label far longer than Excel takes"
    first, second = _chart_report(fleet_mock, long), _chart_report(fleet_mock, "Report")
    (name,) = _workbook(client, first, headless=True).sheetnames
    assert (name, len(name)) == ("Van_ 1 _north__south_ a label f", 31)
    assert _workbook(client, second).sheetnames == ["Report", "Report (2)"]


def test_texts_stay_texts_in_any_script(fleet_mock: FleetMock, client: Any) -> None:
    """A title starting with ``=`` is no formula, and characters beyond Latin-1 are kept by
    the workbook and written as ``?`` by the pdf's fonts (never an error)."""
    report_id, _ = _trips(fleet_mock, client, title="=1+1 Отчёт 日本")
    cover = _workbook(client, report_id)["Report"]
    assert (cover["A1"].value, cover["A1"].data_type) == ("=1+1 Отчёт 日本", "s")
    document = _pdf(client, report_id)
    assert _text(document, 0).startswith("=1+1 ????? ??")


def _ink(document: pdfium.PdfDocument, page: int) -> tuple[bool, int]:
    """Whether the page has anything on it but white, and how far across the page its
    coloured pixels (neither grey nor black) run."""
    image = document[page].render(scale=1).to_pil().convert("RGB")
    blank = ImageChops.difference(image, Image.new("RGB", image.size, "white")).getbbox() is None
    saturated = image.convert("HSV").getchannel("S").point(lambda s: 255 if s > 100 else 0)
    box = saturated.getbbox()
    return not blank, (box[2] - box[0]) if box else 0


def test_the_pdf_has_a_title_page_then_the_sheets(fleet_mock: FleetMock, client: Any) -> None:
    report_id, sheets = _trips(fleet_mock, client, title="December trips")
    document = _pdf(client, report_id)
    cover = _text(document, 0)
    assert cover.startswith("December trips")
    assert "Contents" in cover
    assert re.search(r"Summary\s+2\s+Van 1\s+3\s+Anna's phone\s+7$", cover)  # the pages
    assert _ink(document, 0)[0]  # pixels differ from white
    van = _text(document, 2)
    assert van.startswith("Van 1\r\nTrips\r\nMovement start")
    first_day = sheets[1].sections[0]["data"][0]
    assert first_day["header"] in van
    total = first_day["total"]
    assert f"In total: {total['length']['v']} {total['time']['v']}" in van
    phone = _text(document, len(document) - 1)
    assert phone.startswith("Anna's phone")
    assert "Total trips length, km" in phone  # its summary
    headless = _pdf(client, report_id, headless=True)
    assert len(headless) == len(document) - 1
    assert _text(headless, 0).startswith("Summary")


def test_a_pdf_chart_is_drawn_with_its_axes(fleet_mock: FleetMock, client: Any) -> None:
    report_id = _chart_report(fleet_mock)
    document = _pdf(client, report_id, headless=True)
    (page,) = [n for n in range(len(document)) if "Fuel level" in _text(document, n)]
    text = _text(document, page)
    assert re.search(r"Dec 15\s+Dec 22\s+Dec 29\s+Jan 05\s+Jan 12\s+Time", text)  # weekly
    assert "Fuel tank" in text  # the legend
    assert "Speed" in text
    ink, across = _ink(document, page)
    assert ink
    assert across > document[page].get_width() / 2  # the series run across the page


@pytest.mark.parametrize("fmt", ["xlsx", "pdf"])
def test_a_report_without_sheets_downloads(fleet_mock: FleetMock, client: Any, fmt: str) -> None:
    weekend = {"from_": dt.datetime(2026, 1, 10), "to": dt.datetime(2026, 1, 11, 23, 59, 59)}
    report_id = client.report.tracker.generate(
        **weekend, trackers=[VAN], plugin=ReportPlugin(plugin_id=4, hide_empty_tabs=True)
    )
    fleet_mock.clock.advance(dt.timedelta(seconds=5))
    assert client.report.tracker.retrieve(report_id=report_id).sheets == []
    data = client.report.tracker.download(report_id=report_id, format=fmt, headless=True)
    if fmt == "pdf":
        assert "no sheets" in _text(pdfium.PdfDocument(data), 0)
    else:
        assert _rows(load_workbook(io.BytesIO(data))["Report"])[0][0] == "Trips"


@pytest.mark.parametrize("plugin_id", [p.id for p in PLUGINS])
def test_every_plugins_report_opens_in_real_readers(plugin_id: int) -> None:
    """The demo month's report of every plugin (its last day for the point report) downloads
    as a workbook openpyxl opens, a worksheet per sheet, and a pdf whose first page pypdfium2
    renders not blank, each sheet's charts native in the workbook."""
    mock = FleetMock()
    period = dict(MONTH)
    if BY_ID[plugin_id].max_span_hours is not None:
        period["from_"] = dt.datetime(2026, 1, 14)
    with mock.login("demo", "demo") as client:
        trackers = [t.id for t in client.tracker.list()]
        report_id = client.report.tracker.generate(
            **period, trackers=trackers, **demo_request(plugin_id)
        )
        mock.clock.advance(dt.timedelta(seconds=5))
        sheets = client.report.tracker.retrieve(report_id=report_id).sheets
        workbook = _workbook(client, report_id)
        assert len(workbook.sheetnames) == 1 + len(sheets)  # the title sheet, then each
        charts = sum(1 for s in sheets for section in s.sections if section["type"] == "chart")
        assert sum(len(ws._charts) for ws in workbook.worksheets) == charts
        document = _pdf(client, report_id)
        assert _ink(document, 0)[0]
        assert _ink(document, len(document) - 1)[0]

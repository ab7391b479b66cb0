"""Waybills: a tracker's trips of a period as a driver's trip sheet (a DOCX document written
with python-docx), and the number the next one takes.

A waybill names its form, series and number, the period, the organization (the vehicle's
garage), the vehicle and the driver (the employee bound to the tracker); with the history, the
trips the track list answers and their total; with the odometer, its value at the period's
first and last points. The form adds what it asks for: the fuel by the vehicle's norm
(``form3ext``), the payload (``form4c``).
"""

from __future__ import annotations

import datetime as dt
import io
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import attrs

from fleetapi._converter import format_datetime
from fleetapi.models.track import ClusterTrack, SingleReportTrack, TrackInfo, UnknownTrack
from fleetapi.models.waybill import WaybillType

if TYPE_CHECKING:
    from docx.document import Document as DocxDocument

__all__ = ["FORM_TITLES", "Waybill", "next_number"]

FORM_TITLES: Final[dict[WaybillType, str]] = {
    "form3": "Waybill of a passenger car (form 3)",
    "form3ext": "Waybill of a passenger car, extended (form 3)",
    "form4c": "Waybill of a truck paid by the trip (form 4-C)",
}
"""The title of each form."""

TRIP_HEADINGS: Final = ("No.", "Departure", "Arrival", "From", "To", "km")
"""The columns of the trips table."""

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters an XML document cannot hold (a world's labels may have them)."""

Rows = Sequence[tuple[str, str]]


def next_number(number: str) -> str:
    """The number kept after a waybill numbered ``number``: one more when it is all ASCII
    digits, with its width (``0099``: ``0100``); ``number`` itself otherwise."""
    if number.isascii() and number.isdigit():
        return str(int(number) + 1).zfill(len(number))
    return number


def trip_row(index: int, track: TrackInfo) -> tuple[str, ...]:
    """A trips-table row of ``track`` (times already in the caller's time zone)."""
    if isinstance(track, SingleReportTrack):
        start, end, origin, goal, km = (
            track.start_date,
            track.start_date,
            track.start_address,
            track.start_address,
            0.0,
        )
    elif isinstance(track, ClusterTrack):
        start, end = track.start_date, track.end_date
        origin = goal = track.start_address
        km = 0.0
    elif isinstance(track, UnknownTrack):  # the mock answers no kind it does not know
        raise TypeError("no waybill row for a track of an unknown kind")
    else:
        start, end, km = track.start_date, track.end_date, track.length
        origin, goal = track.start_address, track.end_address
    return (str(index), _time(start), _time(end), origin, goal, f"{km:.2f}")


def _time(value: dt.datetime) -> str:
    return format_datetime(value.replace(tzinfo=None))


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


@attrs.frozen(kw_only=True)
class Waybill:
    """A waybill's content, every value already text in the caller's time zone.

    Attributes:
        form: The form.
        series: The series ("" for none).
        number: The number.
        period: The period's start and end.
        organization: Label and value rows of the organization.
        vehicle: Label and value rows of the vehicle (form-specific ones included).
        driver: Label and value rows of the driver (empty: nobody bound).
        trips: The trips table's rows, ``None`` without the history.
        total_km: The trips' length.
        odometer: The odometer at the start and end, ``None`` without it.
        created: When the document was made (the world's time).
    """

    form: WaybillType
    series: str
    number: str
    period: tuple[dt.datetime, dt.datetime]
    organization: Rows
    vehicle: Rows
    driver: Rows
    trips: Sequence[tuple[str, ...]] | None
    total_km: float
    odometer: tuple[str, str] | None
    created: dt.datetime

    @property
    def heading(self) -> str:
        """The title line: the form, then the series and number."""
        serial = f"{self.series} No. {self.number}" if self.series else f"No. {self.number}"
        return f"{FORM_TITLES[self.form]} {serial}"

    def docx(self) -> bytes:
        """The DOCX document."""
        from docx import Document

        document = Document()
        properties = document.core_properties
        properties.title = _xml(self.heading)
        properties.author = ""
        properties.created = properties.modified = self.created
        document.add_heading(_xml(self.heading), level=1)
        start, end = self.period
        document.add_paragraph(f"Period: {_time(start)} to {_time(end)}")
        for title, rows in (
            ("Organization", self.organization),
            ("Vehicle", self.vehicle),
            ("Driver", self.driver or [("Driver", "")]),
        ):
            document.add_heading(title, level=2)
            _table(document, None, rows)
        if self.odometer is not None:
            document.add_heading("Odometer", level=2)
            at_start, at_end = self.odometer
            _table(document, None, [("At departure", at_start), ("At return", at_end)])
        if self.trips is not None:
            document.add_heading("Trips", level=2)
            total = ("Total", "", "", "", "", f"{self.total_km:.2f}")
            _table(document, TRIP_HEADINGS, [*self.trips, total])
        buffer = io.BytesIO()
        document.save(buffer)
        return buffer.getvalue()


def _table(
    document: DocxDocument, headings: Sequence[str] | None, rows: Sequence[Sequence[str]]
) -> None:
    """A bordered table of ``rows`` (under bold ``headings`` when given)."""
    width = len(headings) if headings else max((len(r) for r in rows), default=2)
    table = document.add_table(rows=0, cols=width)
    table.style = "Table Grid"
    if headings:
        cells = table.add_row().cells
        for cell, text in zip(cells, headings, strict=True):
            cell.paragraphs[0].add_run(text).bold = True
    for row in rows:
        for cell, text in zip(table.add_row().cells, row, strict=True):
            cell.text = _xml(text)

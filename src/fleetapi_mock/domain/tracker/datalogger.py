"""A datalogger's file (``tracker/datalogger/upload``): CSV rows of points, read into track
points of its tracker.

The service's documentation names no format; the mock reads UTF-8 CSV, comma or semicolon
separated, whose first line names the columns: ``time``, ``lat`` and ``lng`` required,
``speed``, ``heading``, ``alt`` and ``satellites`` optional, any other ignored. A row that does
not read is 234 naming its line; nothing is read then.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
from collections.abc import Callable
from typing import Final

import attrs

from fleetapi._errors import InvalidDataFormatError, NoDataFileError
from fleetapi._formats import parse_datetime
from fleetapi_mock.state.records import TrackPointRecord

__all__ = ["LoggedPoint", "read_datalogger_file"]

REQUIRED: Final = ("time", "lat", "lng")
"""The columns a datalogger's file must name."""

_LIMITS: Final = {
    "lat": (-90.0, 90.0),
    "lng": (-180.0, 180.0),
    "speed": (0.0, 10_000.0),
    "heading": (0.0, 360.0),
    "alt": (-100_000.0, 100_000.0),
    "satellites": (0.0, 1_000.0),
}
"""The values each number column may hold."""


@attrs.frozen(kw_only=True)
class LoggedPoint:
    """One row of a datalogger's file: its time as written (naive: the user's time zone) and
    its values."""

    line: int
    """The row's line in the file (the header is line 1)."""
    time: dt.datetime
    lat: float
    lng: float
    speed: int = 0
    heading: int = 0
    alt: int = 0
    satellites: int = 0

    def point(
        self, tracker_id: int, world_time: Callable[[dt.datetime], dt.datetime]
    ) -> TrackPointRecord:
        """The track point of the row, its time made world time by ``world_time``."""
        return TrackPointRecord(
            tracker_id=tracker_id,
            get_time=world_time(self.time),
            lat=self.lat,
            lng=self.lng,
            speed=self.speed,
            heading=self.heading,
            alt=self.alt,
            satellites=self.satellites,
            buffered=True,
        )


def read_datalogger_file(data: bytes) -> list[LoggedPoint]:
    """The points of a datalogger's CSV file, in file order.

    Raises:
        NoDataFileError: (233) the file holds no row of points.
        InvalidDataFormatError: (234) it is not UTF-8 text, its header lacks a required
            column, or a row does not read (the description names its line).
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidDataFormatError("a datalogger's file is UTF-8 CSV text") from None
    lines = text.splitlines()
    header = next((line for line in lines if line.strip()), "")
    delimiter = ";" if header.count(";") > header.count(",") else ","
    rows = csv.reader(io.StringIO(text), delimiter=delimiter)
    columns: list[str] | None = None
    points: list[LoggedPoint] = []
    try:
        for row in rows:
            if not any(cell.strip() for cell in row):
                continue
            if columns is None:
                columns = [cell.strip().lower() for cell in row]
                missing = [c for c in REQUIRED if c not in columns]
                if missing:
                    raise InvalidDataFormatError(
                        f"line {rows.line_num}: the header names no column {', '.join(missing)}"
                    )
                continue
            points.append(_point(rows.line_num, columns, row))
    except csv.Error as exc:
        raise InvalidDataFormatError(f"line {rows.line_num}: {exc}") from None
    if not points:
        raise NoDataFileError("the datalogger's file holds no points")
    return points


def _point(line: int, columns: list[str], row: list[str]) -> LoggedPoint:
    """The point of one row (234 naming ``line`` when it does not read)."""
    if len(row) != len(columns):
        raise InvalidDataFormatError(
            f"line {line}: {len(row)} fields, the header names {len(columns)}"
        )
    cells = {name: cell.strip() for name, cell in zip(columns, row, strict=True)}
    try:
        time = parse_datetime(cells["time"])
    except ValueError:
        raise InvalidDataFormatError(
            f"line {line}: time {cells['time']!r} is no date/time"
        ) from None
    values: dict[str, float] = {}
    for name, (low, high) in _LIMITS.items():
        cell = cells.get(name, "")
        if not cell:
            continue
        try:
            value = float(cell)
        except ValueError:
            value = math.nan
        if not low <= value <= high:  # NaN compares false
            raise InvalidDataFormatError(
                f"line {line}: {name} {cell!r} is not a number in {low:g}..{high:g}"
            )
        values[name] = value
    if "lat" not in values or "lng" not in values:
        raise InvalidDataFormatError(f"line {line}: lat and lng are required")
    return LoggedPoint(
        line=line,
        time=time,
        lat=values["lat"],
        lng=values["lng"],
        speed=round(values.get("speed", 0)),
        heading=round(values.get("heading", 0)),
        alt=round(values.get("alt", 0)),
        satellites=round(values.get("satellites", 0)),
    )

"""The point report (plugin 91): every point the tracker recorded in the period.

Its period is at most a day (``report/tracker/generate`` answers 211 with ``max_time_span``
``PT24H`` beyond). A row per point in time order: its time, position, altitude, speed,
heading, satellites and address: the one recorded with it, else the nearest gazetteer address
within :data:`~fleetapi_mock.domain.gazetteer.REVERSE_RADIUS_M` (as ``geocoder/search_location``
and the driver journal name a place), else none.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from typing import Any, Final

from gpxpy.geo import haversine_distance

from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.gazetteer import REVERSE_RADIUS_M
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Rows,
    moment,
    served_points,
    value,
)
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.world import World

__all__ = ["POINTS"]

_COLUMNS: Final[tuple[Column, ...]] = (
    ("time", "Time", "left"),
    ("lat", "Latitude", "right"),
    ("lng", "Longitude", "right"),
    ("altitude", "Altitude,\nm", "right"),
    ("speed", "Speed,\nkm/h", "right"),
    ("heading", "Heading", "right"),
    ("satellites", "Satellites", "right"),
    ("address", "Address", "left"),
)


class _Addresses:
    """The gazetteer's address of positions, as :func:`~fleetapi_mock.domain.gazetteer.
    nearest_address` finds it (the nearest entry within the radius, the first of equally
    near ones), asking the gazetteer again only where the answer may change: a position
    nearer to the last one asked than half the gap between its nearest entry and the next
    one, and than the gap between the nearest entry and the radius, has the same answer (the
    triangle inequality)."""

    def __init__(self, world: World) -> None:
        self._places = [(entry.lat, entry.lng, entry.address) for entry in world.gazetteer]
        self._last: tuple[float, float, str, float] | None = None

    def __call__(self, lat: float, lng: float) -> str:
        """The address of ``(lat, lng)``, or ``""`` when no entry is within the radius."""
        if self._last is not None:
            near_lat, near_lng, address, reach = self._last
            if haversine_distance(near_lat, near_lng, lat, lng) < reach:
                return address
        distances = [haversine_distance(lat, lng, p_lat, p_lng) for p_lat, p_lng, _ in self._places]
        if not distances:
            return ""
        best = min(range(len(distances)), key=distances.__getitem__)  # the first of the nearest
        nearest = distances[best]
        others = min((d for n, d in enumerate(distances) if n != best), default=math.inf)
        if nearest <= REVERSE_RADIUS_M:
            address = self._places[best][2]
            reach = min((others - nearest) / 2, REVERSE_RADIUS_M - nearest)
        else:
            address, reach = "", nearest - REVERSE_RADIUS_M
        self._last = (lat, lng, address, reach)
        return address


def _shown(when: dt.datetime, *, with_seconds: bool) -> str:
    """A time of day as :func:`~fleetapi_mock.domain.report.cells.time_format` shows it (made
    without ``strftime``, a point's row at a time)."""
    text = f"{when.hour:02d}:{when.minute:02d}"
    return f"{text}:{when.second:02d}" if with_seconds else text


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    with_seconds = plugin.show_seconds is True
    addresses = _Addresses(ctx.world)
    rows = []
    for point in served_points(ctx, source):
        when = ctx.user_time(point.get_time)
        raw = moment(point)
        row = {
            "time": value(_shown(when, with_seconds=with_seconds), raw),
            "lat": value(f"{point.lat:.6f}", point.lat),
            "lng": value(f"{point.lng:.6f}", point.lng),
            "altitude": value(str(point.alt), float(point.alt)),
            "speed": value(str(point.speed), float(point.speed)),
            "heading": value(str(point.heading), float(point.heading)),
            "satellites": value(str(point.satellites), float(point.satellites)),
            "address": value(
                point.address or addresses(point.lat, point.lng),
                raw,
                location={"lat": point.lat, "lng": point.lng},
            ),
        }
        rows.append((when, row))
    return rows


def _top(rows: Sequence[dict[str, Any]]) -> float:
    return max((r["speed"]["raw"] for r in rows), default=0.0)


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    top = _top(rows)
    return {"text": f"Points: {len(rows)}", "speed": value(str(int(top)), top)}


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    top = _top(rows)
    return [
        ("Points", str(len(rows)), float(len(rows))),
        ("Max. speed, km/h", str(int(top)), top),
    ]


POINTS: Final = Kind(
    "Points",
    _rows,
    lambda _: _COLUMNS,
    _total,
    _summary,
    decision=(
        "A row per point the tracker recorded in the period (at most 24 hours: 211 with "
        "`max_time_span` `PT24H` beyond), in time order: its time (raw in UNIX "
        "milliseconds), latitude, longitude, altitude, speed, heading, satellites and "
        "address: the one recorded with the point, else the nearest gazetteer address "
        "within 1 km (as `geocoder/search_location` and the driver journal name a place), "
        "else none. Each day's total and the summary count the points and give the top "
        "speed."
    ),
)
"""The point report (plugin 91)."""

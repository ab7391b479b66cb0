"""The trips by state report (plugin 73): each trip's length and time by the jurisdiction
(``province`` or ``country``, the plugin's ``group_type``) its points lie in.

A point lies in the jurisdiction of the nearest entry of the world's gazetteer (the places it
knows, with their ``details``: the same gazetteer ``geocoder/search_location`` answers from),
however far: the jurisdictions are the regions nearer to one of their places than to any
other's. An entry whose details lack the part asked for names ``Unknown``, and so does every
point of a world without a gazetteer. A stretch between two consecutive points of a trip
counts, length and time, in the jurisdiction of its first point; a trip has a row per run of
its stretches in one jurisdiction.

Looking a point up measures its distance to every entry, so it is done seldom: a point within
half the gap between its nearest entry and the nearest entry of another jurisdiction is in the
same jurisdiction as the point looked up (the triangle inequality), and the track's length
since then bounds how far a point is.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any, Final

import attrs
from gpxpy.geo import haversine_distance

from fleetapi._types import Unset
from fleetapi.models.report import GroupType, ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Rows,
    clock,
    moment,
    place,
    time_format,
    value,
)
from fleetapi_mock.domain.report.counted import counted_trips
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import World

__all__ = ["TRIPS_BY_STATE", "UNKNOWN", "Jurisdictions", "group_type_of"]

UNKNOWN: Final = "Unknown"
"""The jurisdiction of a point whose nearest gazetteer entry does not name one."""


def group_type_of(plugin: ReportPlugin) -> GroupType:
    """The plugin's ``group_type``: ``province`` when not given."""
    return "province" if isinstance(plugin.group_type, Unset) else plugin.group_type


@attrs.frozen
class Jurisdictions:
    """The world's gazetteer as jurisdictions of one group type."""

    places: Sequence[tuple[float, float, str]]
    """Each entry's position and jurisdiction, in the gazetteer's order."""

    @classmethod
    def of(cls, world: World, group: GroupType) -> Jurisdictions:
        """The jurisdictions of ``world``'s gazetteer by ``group``."""
        places = []
        for entry in world.gazetteer:
            details = entry.details
            name = "" if isinstance(details, Unset) else getattr(details, group)
            places.append(
                (entry.lat, entry.lng, name if isinstance(name, str) and name else UNKNOWN)
            )
        return cls(places)

    @property
    def names(self) -> list[str]:
        """Every jurisdiction a point may lie in, in the gazetteer's order."""
        return list(dict.fromkeys(name for *_, name in self.places)) or [UNKNOWN]

    def locate(self, point: TrackPointRecord) -> tuple[str, float]:
        """The jurisdiction ``point`` lies in, and how far (meters) a point may be from it
        and lie there too."""
        nearest: tuple[float, str] | None = None
        distances = []
        for lat, lng, name in self.places:
            distance = haversine_distance(point.lat, point.lng, lat, lng)
            distances.append((distance, name))
            if nearest is None or distance < nearest[0]:
                nearest = (distance, name)
        if nearest is None:
            return UNKNOWN, math.inf
        other = min((d for d, name in distances if name != nearest[1]), default=math.inf)
        return nearest[1], (other - nearest[0]) / 2


@attrs.frozen
class _Part:
    """A run of a trip's stretches in one jurisdiction: from ``first`` to ``last``."""

    name: str
    first: TrackPointRecord
    last: TrackPointRecord
    meters: float


def _parts(
    points: Sequence[TrackPointRecord], length_km: float, places: Jurisdictions
) -> list[_Part]:
    """A trip's runs of stretches by jurisdiction (``length_km`` its length)."""
    name, reach = places.locate(points[0])
    if length_km * 1000 < reach:  # the whole trip lies within reach of its first point
        return [_Part(name, points[0], points[-1], length_km * 1000)]
    parts = []
    first, meters, travelled = points[0], 0.0, 0.0
    for a, b in itertools.pairwise(points):
        if travelled >= reach:
            found, reach = places.locate(a)
            travelled = 0.0
            if found != name:
                parts.append(_Part(name, first, a, meters))
                name, first, meters = found, a, 0.0
        step = haversine_distance(a.lat, a.lng, b.lat, b.lng)
        meters += step
        travelled += step
    parts.append(_Part(name, first, points[-1], meters))
    return parts


_TITLES: Final[dict[GroupType, str]] = {"province": "State / province", "country": "Country"}


def _columns(plugin: ReportPlugin) -> Sequence[Column]:
    return (
        ("state", _TITLES[group_type_of(plugin)], "left"),
        ("from", "Start", "left"),
        ("to", "End", "left"),
        ("length", "Length,\nkm", "right"),
        ("time", "Travel time", "right"),
    )


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """A row per run of a trip in one jurisdiction, every run counting at the trip's start."""
    places = Jurisdictions.of(ctx.world, group_type_of(plugin))
    index = {name: n for n, name in enumerate(places.names)}
    fmt, with_seconds = time_format(plugin), plugin.show_seconds is True
    rows = []
    for counted in counted_trips(ctx, source, plugin.filter):
        start = ctx.user_time(counted.points[0].get_time)
        for part in _parts(counted.points, counted.length, places):
            seconds = (part.last.get_time - part.first.get_time).total_seconds()
            km = round(part.meters / 1000, 3)
            row = {
                "state": value(part.name, float(index[part.name])),
                "from": place(
                    ctx.user_time(part.first.get_time), part.first.address, part.first, plugin
                ),
                "to": value(ctx.user_time(part.last.get_time).strftime(fmt), moment(part.last)),
                "length": value(f"{km:.2f}", km),
                "time": value(clock(seconds, with_seconds=with_seconds), seconds),
            }
            rows.append((start, row))
    return rows


def _sums(rows: Sequence[dict[str, Any]]) -> tuple[float, float]:
    return (
        round(sum(r["length"]["raw"] for r in rows), 3),
        float(sum(r["time"]["raw"] for r in rows)),
    )


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    km, seconds = _sums(rows)
    return {
        "text": "In total:",
        "length": value(f"{km:.2f}", km),
        "time": value(clock(seconds, with_seconds=plugin.show_seconds is True), seconds),
    }


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    """The totals, then each jurisdiction's (every one of the gazetteer, so that the trackers
    of a summary sheet have the same figures)."""
    km, seconds = _sums(rows)
    found = [
        ("Total length, km", f"{km:.2f}", km),
        ("Travel time", clock(seconds, with_seconds=False), seconds / 60),
    ]
    for name in Jurisdictions.of(ctx.world, group_type_of(plugin)).names:
        km, seconds = _sums([r for r in rows if r["state"]["v"] == name])
        found.append((f"{name}, km", f"{km:.2f}", km))
        found.append((f"{name}: travel time", clock(seconds, with_seconds=False), seconds / 60))
    return found


TRIPS_BY_STATE: Final = Kind(
    "Trips by state",
    _rows,
    _columns,
    _total,
    _summary,
    decision=(
        "The trips are those of the trips report (with the plugin's `filter`). A point lies "
        "in the `province` (the default `group_type`) or `country` of the nearest entry of "
        "the world's gazetteer (the places `geocoder/search_location` knows), however far, "
        "`Unknown` when that entry's details lack it or the world has no gazetteer: no "
        "jurisdiction is made up. The stretch between two consecutive points counts, length "
        "and time, in the jurisdiction of the first, so a trip's parts add up to its length "
        "and time in the trips report (tested). A row per run of a trip in one jurisdiction "
        "(its name, where and when it began and ended, km, time), all of a trip's rows "
        "counting on the day and hour the trip starts. The summary gives the totals and each "
        "jurisdiction of the gazetteer's km and time (raw in minutes), visited or not, so "
        "that the summary sheet of several trackers has the same columns for each."
    ),
)
"""The trips by state report (plugin 73)."""

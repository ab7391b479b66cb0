"""The geofence visits report (plugin 8): a row per visit of the tracker to one of the zones.

A visit is a run of the tracker's consecutive points inside a zone (its geometry as
``zone/search_location`` finds it): it begins at the first point inside and ends at the first
point outside after it (where the service's ``inzone`` and ``outzone`` events are), or at the
last point when the track stops inside. Visits shorter than ``min_minutes_in_zone`` do not
count; ``show_mileage`` adds the km driven from entry to exit; the summary counts each zone's
visits, and the zones without any with ``show_not_visited_zones``.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from fleetapi._errors import NonExistentEntitiesError
from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Request,
    Rows,
    clock,
    duration_total,
    moment,
    place,
    runs,
    seconds_of,
    served_points,
    time_format,
    value,
)
from fleetapi_mock.domain.track import length_km
from fleetapi_mock.domain.track.answer import Source
from fleetapi_mock.domain.zone import contains, zone_bounds
from fleetapi_mock.state.records import TrackPointRecord, ZoneRecord

__all__ = ["ZONE_VISITS", "inside_test", "visit_km", "visit_total"]

_COLUMNS: Final[tuple[Column, ...]] = (
    ("zone", "Geofence", "left"),
    ("from", "Entry", "left"),
    ("to", "Exit", "left"),
    ("duration", "Time in geofence", "right"),
)
_MILEAGE: Final[Column] = ("mileage", "Mileage,\nkm", "right")


def _zones(ctx: Context, plugin: ReportPlugin) -> list[ZoneRecord]:
    """The plugin's ``zone_ids`` in their order (all the account's zones when it names none);
    a zone that is not the account's is 217."""
    if not isinstance(plugin.zone_ids, list) or not plugin.zone_ids:
        return ctx.visible_zones()
    wanted = list(dict.fromkeys(plugin.zone_ids))
    found = {z: ctx.visible_zone(z) for z in wanted}
    missing = [str(z) for z, record in found.items() if record is None]
    if missing:
        raise NonExistentEntitiesError("no such zones: " + ", ".join(missing))
    return [record for record in found.values() if record is not None]


def _check(ctx: Context, request: Request) -> None:
    _zones(ctx, request.plugin)


def inside_test(zone: ZoneRecord) -> Callable[[TrackPointRecord], bool]:
    """Whether a point is inside ``zone``: outside its bounds at once, else by its geometry,
    each position answered once (a parked tracker repeats its position for hours)."""
    box = zone_bounds(zone)
    known: dict[tuple[float, float], bool] = {}

    def inside(point: TrackPointRecord) -> bool:
        lat, lng = point.lat, point.lng
        if not (box.se.lat <= lat <= box.nw.lat and box.nw.lng <= lng <= box.se.lng):
            return False
        answer = known.get((lat, lng))
        if answer is None:
            answer = known[lat, lng] = contains(zone, lat, lng)
        return answer

    return inside


def _visits(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    minutes = plugin.min_minutes_in_zone
    least = 60 * (minutes if isinstance(minutes, int) else 0)
    points = served_points(ctx, source)
    fmt, with_seconds = time_format(plugin), plugin.show_seconds is True
    found: list[tuple[tuple[dt.datetime, int], dict[str, Any]]] = []
    for zone in _zones(ctx, plugin):
        for run, end in runs(points, inside_test(zone)):
            seconds = (end.get_time - run[0].get_time).total_seconds()
            if seconds < least:
                continue
            entry = ctx.user_time(run[0].get_time)
            row = {
                "zone": value(zone.label, float(zone.id)),
                "from": place(entry, run[0].address, run[0], plugin),
                "to": value(ctx.user_time(end.get_time).strftime(fmt), moment(end)),
                "duration": value(clock(seconds, with_seconds=with_seconds), seconds),
            }
            if plugin.show_mileage is True:
                km = round(length_km([*run, end] if end is not run[-1] else run), 3)
                row["mileage"] = value(f"{km:.2f}", km)
            found.append(((entry, zone.id), row))
    found.sort(key=lambda item: item[0])
    return [(when, row) for (when, _), row in found]


def _columns(plugin: ReportPlugin) -> Sequence[Column]:
    return (*_COLUMNS, _MILEAGE) if plugin.show_mileage is True else _COLUMNS


def visit_km(rows: Sequence[dict[str, Any]]) -> float:
    """The km driven inside over the visits (``show_mileage``)."""
    return round(float(sum(r["mileage"]["raw"] for r in rows)), 3)


def visit_total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    """A day's total of visits: their time, and their km with ``show_mileage``."""
    total = duration_total(rows, plugin)
    if plugin.show_mileage is True:
        km = visit_km(rows)
        total["mileage"] = value(f"{km:.2f}", km)
    return total


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    seconds = seconds_of(rows)
    found = [
        ("Visits", str(len(rows)), float(len(rows))),
        ("Time in geofences", clock(seconds, with_seconds=False), seconds / 60),
    ]
    if plugin.show_mileage is True:
        km = visit_km(rows)
        found.append(("Mileage in geofences, km", f"{km:.2f}", km))
    visits = Counter(int(r["zone"]["raw"]) for r in rows)
    for zone in _zones(ctx, plugin):
        count = visits[zone.id]
        if count or plugin.show_not_visited_zones is True:
            found.append((zone.label, f"{count} visit{'' if count == 1 else 's'}", float(count)))
    return found


ZONE_VISITS: Final = Kind(
    "Geofence visits",
    _visits,
    _columns,
    visit_total,
    _summary,
    _check,
    decision=(
        "A visit is a run of the tracker's consecutive points (in the period) inside one of "
        "the zones, by the geometry `zone/search_location` uses: from the first point inside "
        "to the first point outside after it (where the `inzone` and `outzone` events of a "
        "zone rule are; tested against them), or to the run's last point when the track ends "
        "inside. `zone_ids` empty or omitted means every zone of the account; a zone that is "
        "not the account's is 217 and nothing is made. Visits shorter than "
        "`min_minutes_in_zone` (0 when not given) do not count. Rows (the zone, entry, exit, "
        "duration, and with `show_mileage` the km of the points from entry to exit) are in "
        "time order; the summary counts the visits, their time, and each zone's visits, "
        "listing zones without visits only with `show_not_visited_zones`."
    ),
)
"""The geofence visits report (plugin 8)."""

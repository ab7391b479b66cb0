"""The stay in zones report (plugin 84): a row per stay of the tracker in one of the zones the
plugin names, and the time spent in each.

A stay is a geofence visit (:mod:`~fleetapi_mock.domain.report.zone`: the run of the
tracker's points inside the zone, from the first of them to the first point outside after it)
of at least ``min_minutes_in_zone``; ``show_tags`` adds the zone's tags to each row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from fleetapi._types import Unset
from fleetapi.models.report import ReportPlugin
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.report.cells import (
    Column,
    Kind,
    Request,
    Rows,
    clock,
    duration_total,
    seconds_of,
    value,
)
from fleetapi_mock.domain.report.zone import ZONE_VISITS
from fleetapi_mock.domain.track.answer import Source

__all__ = ["DEFAULT_MIN_MINUTES", "MAX_ZONES", "ZONE_STAYS"]

DEFAULT_MIN_MINUTES: Final = 5
"""The shortest stay that counts when the plugin gives no ``min_minutes_in_zone``."""
MAX_ZONES: Final = 30
"""The most zones ``zone_ids`` may name."""

_COLUMNS: Final[tuple[Column, ...]] = (
    ("zone", "Geofence", "left"),
    ("from", "Entry", "left"),
    ("to", "Exit", "left"),
    ("duration", "Time in geofence", "right"),
)
_TAGS: Final[Column] = ("tags", "Tags", "left")


def _check(ctx: Context, request: Request) -> None:
    """7 unless ``zone_ids`` names 1 to :data:`MAX_ZONES` zones and ``min_minutes_in_zone``
    is at least 1; 217 for a zone that is not the account's (as the visits report checks)."""
    plugin = request.plugin
    if isinstance(plugin.zone_ids, Unset) or not 1 <= len(plugin.zone_ids) <= MAX_ZONES:
        raise invalid("plugin.zone_ids", f"is required: 1 to {MAX_ZONES} zones")
    minutes = plugin.min_minutes_in_zone
    if isinstance(minutes, int) and minutes < 1:
        raise invalid("plugin.min_minutes_in_zone", "must be at least 1")
    ZONE_VISITS.check(ctx, request)


def _as_visits(plugin: ReportPlugin) -> ReportPlugin:
    """The geofence visits plugin finding the stays: the same zones, the stay's least."""
    minutes = plugin.min_minutes_in_zone
    least = minutes if isinstance(minutes, int) else DEFAULT_MIN_MINUTES
    return attrs.evolve(plugin, min_minutes_in_zone=least, show_mileage=False)


def _stays(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    found = ZONE_VISITS.rows(ctx, source, _as_visits(plugin))
    if plugin.show_tags is not True:
        return found
    tags = ctx.world.tags
    names: dict[int, list[str]] = {}
    for zone_id in dict.fromkeys(int(row["zone"]["raw"]) for _, row in found):
        zone = ctx.world.zones[zone_id]
        names[zone_id] = [tags[t].name for t in zone.tags if t in tags]
    for _, row in found:
        labels = names[int(row["zone"]["raw"])]
        row["tags"] = value(", ".join(labels), float(len(labels)))
    return found


def _columns(plugin: ReportPlugin) -> Sequence[Column]:
    return (*_COLUMNS, _TAGS) if plugin.show_tags is True else _COLUMNS


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    seconds = seconds_of(rows)
    found = [
        ("Stays", str(len(rows)), float(len(rows))),
        ("Time in geofences", clock(seconds, with_seconds=False), seconds / 60),
    ]
    by_zone: dict[int, float] = {}
    for row in rows:
        zone_id = int(row["zone"]["raw"])
        by_zone[zone_id] = by_zone.get(zone_id, 0.0) + row["duration"]["raw"]
    zone_ids = plugin.zone_ids if isinstance(plugin.zone_ids, list) else []
    for zone_id in dict.fromkeys(zone_ids):
        zone = ctx.world.zones[zone_id]
        spent = by_zone.get(zone_id, 0.0)
        found.append((zone.label, clock(spent, with_seconds=False), spent / 60))
    return found


ZONE_STAYS: Final = Kind(
    "Stay in geofences",
    _stays,
    _columns,
    duration_total,
    _summary,
    _check,
    decision=(
        "A stay is a geofence visit as the geofence visits report finds it (the run of the "
        "tracker's points inside the zone, from the first to the first point outside after "
        "it) lasting at least `min_minutes_in_zone` (5 when not given; under 1 is 7). "
        "`zone_ids` is required: 1 to 30 zones (7 otherwise, 217 for a zone that is not the "
        "account's). Rows (the zone, entry, exit, time in the zone, and with `show_tags` the "
        "names of the zone's tags, raw their count) are in time order; the summary counts "
        "the stays and their time, then the time spent in each zone named, in their order "
        "(raw in minutes), zones without a stay at 00:00."
    ),
)
"""The stay in zones report (plugin 84)."""

"""Zones (geofences): ``zone/list``, ``zone/read``, ``zone/search_location``.

Zones are the account's (``world.zones``, :class:`~fleetapi_mock.state.records.ZoneRecord`);
every user of the account sees them all.
"""

from __future__ import annotations

from fleetapi._errors import EntityNotFoundError
from fleetapi.endpoints.zone import ZONE_LIST, ZONE_READ, ZONE_SEARCH_LOCATION
from fleetapi.models.geo import (
    Zone,
    ZoneLabel,
    ZoneListParams,
    ZoneReadParams,
    ZoneSearchLocationParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.search import page
from fleetapi_mock.domain.zone import contains, wire_zone
from fleetapi_mock.handlers import handles


@handles(ZONE_LIST)
def zone_list(ctx: Context, params: ZoneListParams) -> list[Zone]:
    """The account's zones by id: ``filter`` a case-insensitive substring of the label or the
    address, ``tag_ids`` all carried; paged by ``offset`` and ``limit``; the points of polygons
    and sausages with ``with_points``."""
    zones = ctx.owned(ctx.world.zones)
    if isinstance(params.filter, str) and params.filter:
        wanted = params.filter.casefold()
        zones = [z for z in zones if wanted in z.label.casefold() or wanted in z.address.casefold()]
    if isinstance(params.tag_ids, list):
        required = set(params.tag_ids)
        zones = [z for z in zones if required <= set(z.tags)]
    shown = page(zones, params.offset, params.limit)
    return [wire_zone(z, with_points=params.with_points) for z in shown]


@handles(ZONE_READ)
def zone_read(ctx: Context, params: ZoneReadParams) -> Zone:
    """One zone of the account (201 when it is missing or another account's); the points of a
    polygon or a sausage with ``with_points``."""
    record = ctx.owned_get(ctx.world.zones, params.zone_id)
    if record is None:
        raise EntityNotFoundError(f"no zone {params.zone_id}")
    return wire_zone(record, with_points=params.with_points)


@handles(ZONE_SEARCH_LOCATION)
def zone_search_location(ctx: Context, params: ZoneSearchLocationParams) -> list[ZoneLabel]:
    """The account's zones containing ``location`` (its edges included), by ID."""
    lat, lng = params.location.lat, params.location.lng
    return [
        ZoneLabel(id=z.id, label=z.label)
        for z in ctx.owned(ctx.world.zones)
        if contains(z, lat, lng)
    ]

"""Zones (geofences): ``zone/list``.

Zones are the account's (``world.zones``, :class:`~fleetapi_mock.state.records.ZoneRecord`);
every user of the account sees them all.
"""

from __future__ import annotations

from fleetapi.endpoints.zone import ZONE_LIST
from fleetapi.models.geo import Zone, ZoneListParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.search import page
from fleetapi_mock.domain.zone import wire_zone
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

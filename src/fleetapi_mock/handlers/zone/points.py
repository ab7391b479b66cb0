"""The points of polygons and sausages."""

from __future__ import annotations

import attrs

from fleetapi._errors import EntityNotFoundError, NotSupportedForEntityTypeError
from fleetapi._types import Unset
from fleetapi.endpoints.zone import ZONE_POINT_LIST, ZONE_POINT_UPDATE
from fleetapi.models.zone import ZonePoint, ZonePointListParams, ZonePointUpdateParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.track.simplify import simplest_line
from fleetapi_mock.domain.zone import check_points
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ZoneRecord


def _shaped(ctx: Context, zone_id: int) -> ZoneRecord:
    """A polygon or sausage of the account: 201 for none, 230 for a circle."""
    record = ctx.visible_zone(zone_id)
    if record is None:
        raise EntityNotFoundError(f"no zone {zone_id}")
    if record.type == "circle":
        raise NotSupportedForEntityTypeError(f"zone {zone_id} is a circle: it has no points")
    return record


@handles(ZONE_POINT_LIST)
def zone_point_list(ctx: Context, params: ZonePointListParams) -> list[ZonePoint]:
    """A polygon's or sausage's points in order, kept to ``count`` by simplification."""
    points = _shaped(ctx, params.zone_id).points
    if isinstance(params.count, Unset):
        return list(points)
    return simplest_line(points, params.count)


@handles(ZONE_POINT_UPDATE)
def zone_point_update(ctx: Context, params: ZonePointUpdateParams) -> None:
    """Replace a polygon's or sausage's points, within its kind's limits."""
    record = _shaped(ctx, params.zone_id)
    check_points(record.type, params.points)
    ctx.world.zones[record.id] = attrs.evolve(record, points=list(params.points))

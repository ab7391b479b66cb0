"""Zones (geofences).

Zones are the account's (``world.zones``, :class:`~fleetapi_mock.state.records.ZoneRecord`);
its master user sees them all, a sub-user those in its sight
(:meth:`~fleetapi_mock.domain.context.Context.visible_zones`, what it created among them), and
users with the ``zone_update`` right change them.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from fleetapi._errors import (
    EntityInUseError,
    EntityMissingError,
    EntityNotFoundError,
    EntityTypeMismatchError,
    InvalidParametersError,
    OverQuotaError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.zone import (
    MAX_ZONES,
    ZONE_CREATE,
    ZONE_DELETE,
    ZONE_LIST,
    ZONE_READ,
    ZONE_SEARCH_LOCATION,
    ZONE_UPDATE,
)
from fleetapi.models.zone import (
    NewCircleZone,
    NewPolygonZone,
    NewSausageZone,
    NewZone,
    Zone,
    ZoneCreateParams,
    ZoneDeleteParams,
    ZoneLabel,
    ZoneListParams,
    ZonePoint,
    ZoneReadParams,
    ZoneSearchLocationParams,
    ZoneUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.search import page
from fleetapi_mock.domain.subuser import keep_in_sight
from fleetapi_mock.domain.zone import check_points, contains, wire_zone
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ZoneRecord, ZoneType


@handles(ZONE_LIST)
def zone_list(ctx: Context, params: ZoneListParams) -> list[Zone]:
    """The account's zones by id: ``filter`` a case-insensitive substring of the label or the
    address, ``tag_ids`` all carried; paged by ``offset`` and ``limit``; the points of polygons
    and sausages with ``with_points``."""
    zones = ctx.visible_zones()
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
    record = ctx.visible_zone(params.zone_id)
    if record is None:
        raise EntityNotFoundError(f"no zone {params.zone_id}")
    return wire_zone(record, with_points=params.with_points)


@handles(ZONE_SEARCH_LOCATION)
def zone_search_location(ctx: Context, params: ZoneSearchLocationParams) -> list[ZoneLabel]:
    """The account's zones containing ``location`` (its edges included), by ID."""
    lat, lng = params.location.lat, params.location.lng
    return [ZoneLabel(id=z.id, label=z.label) for z in ctx.visible_zones() if contains(z, lat, lng)]


def _record(ctx: Context, zone: NewZone, zone_id: int, points: Sequence[ZonePoint]) -> ZoneRecord:
    """The stored zone of ``zone``: 204 for a tag that is not the account's; the limits of
    its points (:func:`check_points`)."""
    missing = [t for t in zone.tags if ctx.owned_get(ctx.world.tags, t) is None]
    if missing:
        raise EntityMissingError("no such tags: " + ", ".join(map(str, missing)))
    record = ZoneRecord(
        id=zone_id,
        user_id=ctx.account.id,
        label=zone.label,
        address=zone.address,
        color=zone.color,
        tags=list(zone.tags),
    )
    if isinstance(zone, NewCircleZone):
        if points:
            check_points("circle", points)
        return attrs.evolve(record, type="circle", center=zone.center, radius=zone.radius)
    kind: ZoneType = "polygon" if isinstance(zone, NewPolygonZone) else "sausage"
    check_points(kind, points)
    radius = zone.radius if isinstance(zone, NewSausageZone) else None
    return attrs.evolve(record, type=kind, points=list(points), radius=radius)


@handles(ZONE_CREATE)
def zone_create(ctx: Context, params: ZoneCreateParams) -> int:
    """A new zone of the account (268 past :data:`MAX_ZONES`); answers its id."""
    inline = getattr(params.zone, "points", None)
    points = params.points if not isinstance(params.points, Unset) else inline or []
    if len(ctx.owned(ctx.world.zones)) >= MAX_ZONES:
        raise OverQuotaError(f"an account may hold at most {MAX_ZONES} zones")
    record = _record(ctx, params.zone, 0, points)
    zone_id = ctx.world.ids.next("zones")
    ctx.world.zones[zone_id] = attrs.evolve(record, id=zone_id)
    keep_in_sight(ctx.world, ctx.require_user(), "zones", zone_id)
    return zone_id


@handles(ZONE_UPDATE)
def zone_update(ctx: Context, params: ZoneUpdateParams) -> None:
    """Replace a zone of the account (201 otherwise; 231 for another type); its points stay
    unless the zone gives them."""
    stored = ctx.visible_zone(params.zone.id)
    if stored is None:
        raise EntityNotFoundError(f"no zone {params.zone.id}")
    if stored.type != params.zone.TAG:
        raise EntityTypeMismatchError(
            f"zone {stored.id} is a {stored.type}, not a {params.zone.TAG}"
        )
    given = getattr(params.zone, "points", None)
    points = given if isinstance(given, list) else stored.points
    record = _record(ctx, params.zone, stored.id, points)
    ctx.world.zones[stored.id] = attrs.evolve(record, user_id=stored.user_id)


@handles(ZONE_DELETE)
def zone_delete(ctx: Context, params: ZoneDeleteParams) -> None:
    """Delete zones of the account, all or none: 201 for one that is not, 203 (naming the
    rules) when rules watch one; geo links bounded by them lose them."""
    if isinstance(params.zone_ids, Unset) and not isinstance(params.zone_id, Unset):
        wanted = [params.zone_id]
    elif isinstance(params.zone_id, Unset) and not isinstance(params.zone_ids, Unset):
        wanted = params.zone_ids
    else:
        raise InvalidParametersError(
            errors=[{"parameter": "zone_id", "error": "give exactly one of zone_id and zone_ids"}]
        )
    for zone_id in wanted:
        if ctx.visible_zone(zone_id) is None:
            raise EntityNotFoundError(f"no zone {zone_id}")
    doomed = set(wanted)
    rules = [r.id for r in ctx.owned(ctx.world.rules) if doomed & set(r.zone_ids)]
    if rules:
        raise EntityInUseError(
            "rules watch the zone", extra={"entities": [{"type": "rules", "ids": rules}]}
        )
    for zone_id in doomed:
        del ctx.world.zones[zone_id]
    for link in ctx.owned(ctx.world.geo_links):
        bounding = link.params.bounding_zone_ids
        if doomed & set(bounding):
            kept = [z for z in bounding if z not in doomed]
            options = attrs.evolve(link.params, bounding_zone_ids=kept)
            ctx.world.geo_links[link.id] = attrs.evolve(link, params=options)

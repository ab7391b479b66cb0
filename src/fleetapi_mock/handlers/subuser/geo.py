"""The zones and places a sub-user sees (``subuser/zones/*``, ``subuser/places/*``).

A sub-user sees every zone (place) of its account while the ``access_to_all`` of its record's
``zones`` (``places``) is true, else those of its ``ids``
(:func:`~fleetapi_mock.domain.subuser.in_sight`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import attrs

from fleetapi._errors import EntityNotFoundError
from fleetapi._types import Unset
from fleetapi.endpoints.subuser import (
    SUBUSER_PLACES_BIND,
    SUBUSER_PLACES_LIST,
    SUBUSER_PLACES_LIST_IDS,
    SUBUSER_PLACES_UNBIND,
    SUBUSER_ZONES_BIND,
    SUBUSER_ZONES_LIST,
    SUBUSER_ZONES_LIST_IDS,
    SUBUSER_ZONES_UNBIND,
)
from fleetapi.models.subuser import (
    SubUserAccess,
    SubUserGeoListParams,
    SubUserParams,
    SubUserPlacesBindParams,
    SubUserPlacesParams,
    SubUserZonesBindParams,
    SubUserZonesParams,
)
from fleetapi.models.subuser_geo import SubUserPlaceList, SubUserZoneList
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.place import wire_place
from fleetapi_mock.domain.search import page
from fleetapi_mock.domain.subuser import GeoKind, access_of, subuser_of, with_access
from fleetapi_mock.domain.zone import wire_zone
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import GeoAccess, PlaceRecord, UserRecord, ZoneRecord

_G = TypeVar("_G", ZoneRecord, PlaceRecord)


def _strangers(ctx: Context, kind: GeoKind, ids: Sequence[int]) -> list[int]:
    """The IDs that name no zone (place) of the account."""
    if kind == "zones":
        return [i for i in ids if ctx.owned_get(ctx.world.zones, i) is None]
    return [i for i in ids if ctx.owned_get(ctx.world.places, i) is None]


def _bind(
    ctx: Context,
    kind: GeoKind,
    subuser_id: int,
    access_to_all: bool | Unset | None,
    ids: Sequence[int] | Unset | None,
) -> None:
    user = subuser_of(ctx, subuser_id)
    if not isinstance(access_to_all, bool) and not isinstance(ids, list):
        raise invalid(f"{kind[:-1]}_ids", "give access_to_all or the IDs to bind")
    added = ids if isinstance(ids, list) else []
    strangers = _strangers(ctx, kind, added)
    if strangers:
        raise EntityNotFoundError(f"not {kind} of the account: {strangers}")
    access = access_of(user, kind)
    bound = list(dict.fromkeys([*access.ids, *added]))
    flag = access_to_all if isinstance(access_to_all, bool) else access.access_to_all
    changed = GeoAccess(access_to_all=flag, ids=bound)
    ctx.world.users[user.id] = with_access(user, kind, changed)


def _unbind(ctx: Context, kind: GeoKind, subuser_id: int, ids: Sequence[int]) -> None:
    user = subuser_of(ctx, subuser_id)
    strangers = _strangers(ctx, kind, ids)
    if strangers:
        raise EntityNotFoundError(f"not {kind} of the account: {strangers}")
    gone = set(ids)
    access = access_of(user, kind)
    kept = attrs.evolve(access, ids=[i for i in access.ids if i not in gone])
    ctx.world.users[user.id] = with_access(user, kind, kept)


def _access(ctx: Context, kind: GeoKind, user: UserRecord) -> SubUserAccess:
    """The flag and the bound IDs still naming objects of the account."""
    access = access_of(user, kind)
    gone = set(_strangers(ctx, kind, access.ids))
    bound = [i for i in access.ids if i not in gone]
    return SubUserAccess(access_to_all=access.access_to_all, list=bound)


def _sighted(
    ctx: Context,
    records: list[_G],
    access: SubUserAccess,
    params: SubUserGeoListParams,
    label: Callable[[_G], str],
) -> tuple[list[_G], int]:
    """The page of ``records`` the sub-user sees, filtered and sorted, and the number found."""
    if not access.access_to_all:
        bound = set(access.list)
        records = [r for r in records if r.id in bound]
    if isinstance(params.filter, str) and params.filter.strip():
        wanted = params.filter.strip().casefold()
        records = [r for r in records if wanted in label(r).casefold()]
    if isinstance(params.tag_ids, list):
        required = set(params.tag_ids)
        records = [r for r in records if required <= set(r.tags)]
    if params.order == "label":
        records = sorted(records, key=lambda r: (label(r).casefold(), r.id))
    return page(records, params.offset, params.limit), len(records)


@handles(SUBUSER_ZONES_BIND)
def subuser_zones_bind(ctx: Context, params: SubUserZonesBindParams) -> None:
    """Set the sub-user's access to all zones and bind zones to it."""
    _bind(ctx, "zones", params.subuser_id, params.access_to_all, params.zone_ids)


@handles(SUBUSER_ZONES_UNBIND)
def subuser_zones_unbind(ctx: Context, params: SubUserZonesParams) -> None:
    """Unbind zones from the sub-user (its access to all, if it has it, stays)."""
    _unbind(ctx, "zones", params.subuser_id, params.zone_ids)


@handles(SUBUSER_ZONES_LIST_IDS)
def subuser_zones_list_ids(ctx: Context, params: SubUserParams) -> SubUserAccess:
    """The sub-user's access to all zones and the IDs bound to it."""
    return _access(ctx, "zones", subuser_of(ctx, params.subuser_id))


@handles(SUBUSER_ZONES_LIST)
def subuser_zones_list(ctx: Context, params: SubUserGeoListParams) -> SubUserZoneList:
    """The zones the sub-user sees, by ID or label, paged, with their count."""
    access = _access(ctx, "zones", subuser_of(ctx, params.subuser_id))
    zones = ctx.owned(ctx.world.zones)
    shown, count = _sighted(ctx, zones, access, params, lambda z: z.label)
    return SubUserZoneList(
        access_to_all=access.access_to_all, list=[wire_zone(z) for z in shown], count=count
    )


@handles(SUBUSER_PLACES_BIND)
def subuser_places_bind(ctx: Context, params: SubUserPlacesBindParams) -> None:
    """Set the sub-user's access to all places and bind places to it."""
    _bind(ctx, "places", params.subuser_id, params.access_to_all, params.place_ids)


@handles(SUBUSER_PLACES_UNBIND)
def subuser_places_unbind(ctx: Context, params: SubUserPlacesParams) -> None:
    """Unbind places from the sub-user (its access to all, if it has it, stays)."""
    _unbind(ctx, "places", params.subuser_id, params.place_ids)


@handles(SUBUSER_PLACES_LIST_IDS)
def subuser_places_list_ids(ctx: Context, params: SubUserParams) -> SubUserAccess:
    """The sub-user's access to all places and the IDs bound to it."""
    return _access(ctx, "places", subuser_of(ctx, params.subuser_id))


@handles(SUBUSER_PLACES_LIST)
def subuser_places_list(ctx: Context, params: SubUserGeoListParams) -> SubUserPlaceList:
    """The places the sub-user sees, by ID or label, paged, with their count."""
    access = _access(ctx, "places", subuser_of(ctx, params.subuser_id))
    places = ctx.owned(ctx.world.places)
    shown, count = _sighted(ctx, places, access, params, lambda p: p.label)
    return SubUserPlaceList(
        access_to_all=access.access_to_all, list=[wire_place(p) for p in shown], count=count
    )

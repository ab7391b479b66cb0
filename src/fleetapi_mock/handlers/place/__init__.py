"""Places (points of interest).

Places are the account's (``world.places``, :class:`~fleetapi_mock.state.records.PlaceRecord`);
its master user sees them all, a sub-user those in its sight
(:meth:`~fleetapi_mock.domain.context.Context.visible_places`, what it created among them), and
users with the ``place_update`` right change them.
"""

from __future__ import annotations

from typing import Any

import attrs

from fleetapi._errors import (
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    OverQuotaError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.place import (
    MAX_PLACES,
    PLACE_CREATE,
    PLACE_DELETE,
    PLACE_LIST,
    PLACE_READ,
    PLACE_SEARCH_LOCATION,
    PLACE_UPDATE,
)
from fleetapi.models.common import Location
from fleetapi.models.place import (
    PLACE_FIELDS,
    NewPlace,
    Place,
    PlaceCreateParams,
    PlaceDeleteParams,
    PlaceLabel,
    PlaceList,
    PlaceListParams,
    PlaceReadParams,
    PlaceSearchLocationParams,
    PlaceUpdateParams,
)
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.entity import checked_values
from fleetapi_mock.domain.place import holds, wire_place
from fleetapi_mock.domain.subuser import keep_in_sight
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import PlaceRecord, convert


def _record(ctx: Context, place: NewPlace, *, complete: bool, **changes: Any) -> PlaceRecord:
    """The stored place of ``place`` (204 for a tag or an employee value that is not the
    account's; 7 for custom field values the place entity's fields refuse, or a required one
    missing when ``complete``)."""
    missing = [t for t in place.tags if ctx.owned_get(ctx.world.tags, t) is None]
    if missing:
        raise EntityMissingError("no such tags: " + ", ".join(map(str, missing)))
    fields = checked_values(ctx, place.fields, complete=complete)
    where = place.location
    location = Location(lat=where.lat, lng=where.lng, address=where.address, radius=where.radius)
    return convert(PlaceRecord, place, location=location, fields=fields, **changes)


def _custom(field_id: str) -> search.Field[PlaceRecord]:
    """A custom field of places, by its ID: its value, if the place has it."""

    def value(place: PlaceRecord) -> object:
        found = place.fields.get(field_id)
        return None if found is None else found.value

    return search.Field("text", value)


def _builtin(name: str) -> search.Field[PlaceRecord]:
    """A built-in field of places: ``id`` a number, ``address`` the location's, the others
    the place's own text."""
    if name == "id":
        return search.Field("number", lambda p: p.id)
    if name == "address":
        return search.Field("text", lambda p: p.location.address or None)
    return search.Field("text", lambda p: getattr(p, name) or None)


_FIELDS = {name: _builtin(name) for name in PLACE_FIELDS}
"""The built-in fields of ``place/list`` (:data:`~fleetapi.models.place.PLACE_FIELDS`)."""


def _filtered(place: PlaceRecord, wanted: str) -> bool:
    """Whether ``wanted`` (folded) is in a built-in field or a custom field's value."""
    values = [field.get(place) for field in _FIELDS.values()]
    values += [custom.value for custom in place.fields.values()]
    return any(wanted in str(v).casefold() for v in values if v is not None)


@handles(PLACE_LIST)
def place_list(ctx: Context, params: PlaceListParams) -> PlaceList:
    """The account's places: narrowed by ``place_ids``, ``tag_ids``, ``filter`` and
    ``conditions``; sorted by ``order_by`` (``id`` by default); paged, with the ``count``."""
    conditions = [] if isinstance(params.conditions, Unset) else params.conditions
    search.check_conditions(conditions, _FIELDS)
    order = "id" if isinstance(params.order_by, Unset) or not params.order_by else params.order_by
    if order not in _FIELDS and not order.isdigit():
        known = ", ".join(PLACE_FIELDS)
        raise InvalidParametersError(
            errors=[{"parameter": "order_by", "error": f"not {known} or a custom field's ID"}]
        )
    fields = {**_FIELDS, order: _FIELDS.get(order) or _custom(order)}
    places = ctx.visible_places()
    if not isinstance(params.place_ids, Unset):
        wanted_ids = set(params.place_ids)
        places = [p for p in places if p.id in wanted_ids]
    if not isinstance(params.tag_ids, Unset):
        required = set(params.tag_ids)
        places = [p for p in places if required <= set(p.tags)]
    if isinstance(params.filter, str) and params.filter.strip():
        wanted = params.filter.strip().casefold()
        places = [p for p in places if _filtered(p, wanted)]
    if conditions:
        places = [p for p in places if search.matcher(conditions, _FIELDS)(p)]
    direction = "asc" if params.ascending else "desc"
    ordered = search.sort_records(places, [f"{order}={direction}"], fields)
    shown = search.page(ordered, params.offset, params.limit)
    return PlaceList(list=[wire_place(p) for p in shown], count=len(ordered))


def _find(ctx: Context, place_id: int) -> PlaceRecord:
    record = ctx.visible_place(place_id)
    if record is None:
        raise EntityNotFoundError(f"no place {place_id}")
    return record


@handles(PLACE_READ)
def place_read(ctx: Context, params: PlaceReadParams) -> Place:
    """One place of the account (201 otherwise)."""
    return wire_place(_find(ctx, params.place_id))


@handles(PLACE_CREATE)
def place_create(ctx: Context, params: PlaceCreateParams) -> int:
    """A new place of the account (268 past :data:`MAX_PLACES`; its required custom fields
    may be missing with ``ignore_missing_fields``); answers its id."""
    complete = not params.ignore_missing_fields
    record = _record(
        ctx, params.place, complete=complete, id=0, user_id=ctx.account.id, icon_id=None
    )
    if len(ctx.owned(ctx.world.places)) >= MAX_PLACES:
        raise OverQuotaError(f"an account may hold at most {MAX_PLACES} places")
    place_id = ctx.world.ids.next("places")
    ctx.world.places[place_id] = attrs.evolve(record, id=place_id, avatar_file_name=None)
    keep_in_sight(ctx.world, ctx.require_user(), "places", place_id)
    return place_id


@handles(PLACE_UPDATE)
def place_update(ctx: Context, params: PlaceUpdateParams) -> None:
    """Replace a place of the account (201 otherwise), every required custom field given;
    its icon and avatar stay."""
    stored = _find(ctx, params.place.id)
    ctx.world.places[stored.id] = _record(
        ctx,
        params.place,
        complete=True,
        user_id=stored.user_id,
        icon_id=stored.icon_id,
        avatar_file_name=stored.avatar_file_name,
    )


@handles(PLACE_DELETE)
def place_delete(ctx: Context, params: PlaceDeleteParams) -> None:
    """Delete a place of the account (201 otherwise); geo links that showed it lose it."""
    record = _find(ctx, params.place_id)
    del ctx.world.places[record.id]
    for link in ctx.owned(ctx.world.geo_links):
        shown = link.params.place_ids
        if shown and record.id in shown:
            kept = [p for p in shown if p != record.id]
            options = attrs.evolve(link.params, place_ids=kept)
            ctx.world.geo_links[link.id] = attrs.evolve(link, params=options)


@handles(PLACE_SEARCH_LOCATION)
def place_search_location(ctx: Context, params: PlaceSearchLocationParams) -> list[PlaceLabel]:
    """The account's places whose radius holds ``location`` (its edge included), by ID."""
    lat, lng = params.location.lat, params.location.lng
    return [
        PlaceLabel(id=p.id, label=p.label)
        for p in map(wire_place, ctx.visible_places())
        if holds(p, lat, lng)
    ]

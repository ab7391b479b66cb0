"""Geo links: ``tracker/location/link/*``.

A link is stored as the shared :class:`~fleetapi.models.link.GeoLink` (date/times in UTC) with
the account that owns it (a ``GeoLinkRecord``). Its list ``status`` is derived from the world clock:
``disabled`` when not enabled, else ``inactive`` before ``lifetime.from``, ``expired`` after
``lifetime.to``, else ``enabled``.

A sub-user sees the links of its account whose trackers it may all see.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from fleetapi._errors import (
    EntityMissingError,
    EntityNotFoundError,
    NonExistentEntitiesError,
    OverQuotaError,
    TariffRestrictionError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.link import (
    LINK_CREATE,
    LINK_DELETE,
    LINK_LIST,
    LINK_READ,
    LINK_STATUS_CHANGE,
    LINK_UPDATE,
)
from fleetapi.models.link import (
    GeoLink,
    GeoLinkCreateParams,
    GeoLinkDeleteParams,
    GeoLinkDisplayOptions,
    GeoLinkLifetime,
    GeoLinkListParams,
    GeoLinkOptions,
    GeoLinkReadParams,
    GeoLinkStatus,
    GeoLinkStatusChangeParams,
    GeoLinkTracker,
    GeoLinkUpdateParams,
)
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import GeoLinkRecord, convert

MAX_GEO_LINKS: Final = 10000
"""Geo links per account; one more answers 268."""

DEFAULT_LIST_LIMIT: Final = 10000
"""The page size of ``tracker/location/link/list`` when ``limit`` is omitted."""

LINK_FEATURE: Final = "weblocator"
"""The tariff feature a tracker needs to be shared by a link (else 236)."""

STATUS_RANK: Final[dict[str, int]] = {"enabled": 0, "inactive": 1, "expired": 2, "disabled": 3}
"""How statuses sort: enabled < inactive < expired < disabled."""

DEFAULT_DISPLAY: Final = GeoLinkDisplayOptions(
    map="roadmap",
    autoscale=True,
    show_icons=False,
    show_driver_info=False,
    show_vehicle_info=False,
    trace_duration=5,
)
"""The display options a link takes for those it is given without."""

_TimeMap = Callable[[dt.datetime], dt.datetime]


def link_status(link: GeoLink, now: dt.datetime) -> GeoLinkStatus:
    """The derived status of a stored link (UTC date/times) at world time ``now``."""
    if not link.enabled:
        return "disabled"
    lifetime = link.lifetime
    if lifetime is not None:
        if isinstance(lifetime.from_, dt.datetime) and now < lifetime.from_:
            return "inactive"
        if isinstance(lifetime.to, dt.datetime) and now > lifetime.to:
            return "expired"
    return "enabled"


def _lifetime(
    lifetime: GeoLinkLifetime | Unset | None, to_time: _TimeMap
) -> GeoLinkLifetime | None:
    """``lifetime`` with both bounds passed through ``to_time`` (omitted or null: null)."""
    if lifetime is None or isinstance(lifetime, Unset):
        return None
    return GeoLinkLifetime(
        from_=lifetime.from_ if isinstance(lifetime.from_, Unset) else to_time(lifetime.from_),
        to=lifetime.to if isinstance(lifetime.to, Unset) else to_time(lifetime.to),
    )


def _wire(ctx: Context, link: GeoLink, *, with_status: bool = False) -> GeoLink:
    """A stored link as the caller sees it: date/times in their time zone."""
    return convert(
        GeoLink,
        link,
        create_date=ctx.user_time(link.create_date),
        lifetime=_lifetime(link.lifetime, ctx.user_time),
        status=link_status(link, ctx.now()) if with_status else UNSET,
    )


def _visible(ctx: Context, record: GeoLinkRecord) -> bool:
    """Whether the caller sees the link: its account's, and for a sub-user, sharing only the
    trackers, zones and places it sees."""
    user = ctx.require_user()
    if not ctx.world.belongs(record, user.account_id):
        return False
    if user.is_master:
        return True
    if user.trackers is not None and any(
        t.tracker_id not in user.trackers for t in record.trackers
    ):
        return False
    options = record.params
    zones = all(ctx.visible_zone(z) is not None for z in options.bounding_zone_ids)
    return zones and all(ctx.visible_place(p) is not None for p in options.place_ids or ())


def _visible_links(ctx: Context) -> list[GeoLinkRecord]:
    return [r for _, r in sorted(ctx.world.geo_links.items()) if _visible(ctx, r)]


def _find(ctx: Context, link_id: int) -> GeoLinkRecord:
    record = ctx.world.geo_links.get(link_id)
    if record is None or not _visible(ctx, record):
        raise EntityNotFoundError(f"no geo link {link_id}")
    return record


def _check_trackers(ctx: Context, trackers: Sequence[GeoLinkTracker]) -> None:
    """217 for trackers missing, blocked or not the caller's; 236 without ``weblocator``."""
    seen: set[int] = set()
    missing: list[int] = []
    no_feature: list[int] = []
    for index, item in enumerate(trackers):
        if item.tracker_id in seen:
            raise invalid(f"trackers[{index}].tracker_id", "the tracker is listed twice")
        seen.add(item.tracker_id)
        record = ctx.visible_tracker(item.tracker_id)
        if record is None or record.blocked:
            missing.append(item.tracker_id)
        elif LINK_FEATURE not in ctx.world.tariffs[record.tariff_id].features:
            no_feature.append(item.tracker_id)
    if missing:
        raise NonExistentEntitiesError(
            "no such trackers (or blocked): " + ", ".join(map(str, missing))
        )
    if no_feature:
        raise TariffRestrictionError(
            f"the tariff of trackers {', '.join(map(str, no_feature))} has no geo links"
        )


def _check_options(ctx: Context, options: GeoLinkOptions) -> GeoLinkOptions:
    """204 for zones or places the account lacks; the options with display defaults."""
    if options.bounding_zone_ids and isinstance(options.bounding_mode, Unset):
        raise invalid("params.bounding_mode", "required when there are bounding zones")
    zones = [z for z in options.bounding_zone_ids if ctx.visible_zone(z) is None]
    if zones:
        raise EntityMissingError("no such zones: " + ", ".join(map(str, zones)))
    places = [p for p in options.place_ids or () if ctx.visible_place(p) is None]
    if places:
        raise EntityMissingError("no such places: " + ", ".join(map(str, places)))
    given = options.display_options
    display = attrs.evolve(
        DEFAULT_DISPLAY,
        **{
            f.name: getattr(given, f.name)
            for f in attrs.fields(GeoLinkDisplayOptions)
            if not isinstance(getattr(given, f.name), Unset)
        },
    )
    return attrs.evolve(options, display_options=display)


def _check_lifetime(
    ctx: Context, lifetime: GeoLinkLifetime | Unset | None
) -> GeoLinkLifetime | None:
    """The lifetime in world time; 7 when it ends before it starts."""
    stored = _lifetime(lifetime, lambda value: ctx.request_time(value, "lifetime"))
    if (
        stored is not None
        and isinstance(stored.from_, dt.datetime)
        and isinstance(stored.to, dt.datetime)
        and stored.to < stored.from_
    ):
        raise invalid("lifetime.to", "must not be before lifetime.from")
    return stored


def _checked_content(
    ctx: Context, params: GeoLinkCreateParams | GeoLinkUpdateParams
) -> dict[str, Any]:
    lifetime = _check_lifetime(ctx, params.lifetime)
    _check_trackers(ctx, params.trackers)
    options = _check_options(ctx, params.params)
    return {
        "lifetime": lifetime,
        "description": params.description,
        "trackers": list(params.trackers),
        "params": options,
    }


@handles(LINK_CREATE)
def link_create(ctx: Context, params: GeoLinkCreateParams) -> int:
    """Create an enabled link: 217/236 for trackers, 204 for zones and places, 268 quota.

    217 for a tracker missing, of another account or blocked; 236 for one without
    ``weblocator``; 204 for an unknown zone or place; 7 for a bad ``bounding_mode``.
    """
    content = _checked_content(ctx, params)
    account = ctx.account.id
    if len(ctx.owned(ctx.world.geo_links)) >= MAX_GEO_LINKS:
        raise OverQuotaError(f"an account may hold at most {MAX_GEO_LINKS} geo links")
    link_id = ctx.world.ids.next("geo_links")
    ctx.world.geo_links[link_id] = GeoLinkRecord(
        id=link_id,
        user_id=account,
        hash=ctx.world.new_hash(),
        create_date=ctx.now().replace(microsecond=0),
        creator_id=ctx.require_user().id,
        enabled=True,
        **content,
    )
    return link_id


@handles(LINK_UPDATE)
def link_update(ctx: Context, params: GeoLinkUpdateParams) -> None:
    """Replace a link's content; its id, hash (URL), creator, date and state stay."""
    record = _find(ctx, params.id)
    content = _checked_content(ctx, params)
    ctx.world.geo_links[record.id] = attrs.evolve(record, **content)


@handles(LINK_STATUS_CHANGE)
def link_status_change(ctx: Context, params: GeoLinkStatusChangeParams) -> None:
    """Turn a link on or off."""
    record = _find(ctx, params.id)
    ctx.world.geo_links[record.id] = attrs.evolve(record, enabled=params.is_active)


@handles(LINK_READ)
def link_read(ctx: Context, params: GeoLinkReadParams) -> GeoLink:
    """One link of the caller's (201 otherwise)."""
    return _wire(ctx, _find(ctx, params.id))


@handles(LINK_DELETE)
def link_delete(ctx: Context, params: GeoLinkDeleteParams) -> None:
    """Delete a link of the caller's (201 otherwise)."""
    del ctx.world.geo_links[_find(ctx, params.id).id]


def _fields(ctx: Context) -> dict[str, search.Field[GeoLink]]:
    """The searchable and sortable fields of links for the caller."""
    world = ctx.world

    def labels(link: GeoLink) -> list[str]:
        return [
            world.trackers[t.tracker_id].label
            for t in link.trackers
            if t.tracker_id in world.trackers
        ]

    def aliases(link: GeoLink) -> list[str]:
        return [t.alias for t in link.trackers if isinstance(t.alias, str)]

    def creator(link: GeoLink) -> str:
        user = world.users.get(link.creator_id)
        return " ".join(p for p in (user.first_name, user.last_name) if p) if user else ""

    def expire(link: GeoLink) -> dt.datetime | None:
        to = link.lifetime.to if link.lifetime is not None else UNSET
        return to if isinstance(to, dt.datetime) else None

    now = ctx.now()
    fields: dict[str, search.Field[GeoLink]] = {
        "id": search.Field("number", lambda link: link.id),
        "create_date": search.Field("datetime", lambda link: link.create_date),
        "expire_date": search.Field("datetime", expire),
        "trackers": search.Field("texts", labels, sort=lambda link: ", ".join(labels(link))),
        "aliases": search.Field("texts", aliases, sort=lambda link: ", ".join(aliases(link))),
        "status": search.Field(
            "text",
            lambda link: link_status(link, now),
            sort=lambda link: STATUS_RANK[link_status(link, now)],
        ),
        "description": search.Field("text", lambda link: link.description),
    }
    if ctx.require_user().is_master:
        fields["creator"] = search.Field("text", creator)
    return fields


CONDITION_FIELDS: Final = ("trackers", "aliases", "creator", "description")
"""The fields ``conditions`` may name (``creator`` for master users only)."""


@handles(LINK_LIST)
def link_list(ctx: Context, params: GeoLinkListParams) -> list[GeoLink]:
    """The caller's links with their status: filtered, searched, sorted and paged."""
    fields = _fields(ctx)
    searchable = {k: v for k, v in fields.items() if k in CONDITION_FIELDS}
    conditions = [] if isinstance(params.conditions, Unset) else params.conditions
    search.check_conditions(conditions, searchable)
    sort = ["id=asc"] if isinstance(params.sort, Unset) or not params.sort else params.sort
    search.check_sort(sort, fields)
    links: list[GeoLink] = list(_visible_links(ctx))
    if not isinstance(params.filter, Unset) and params.filter.strip():
        wanted = params.filter.strip().lower()
        links = [
            link
            for link in links
            if any(
                wanted in value.lower()
                for name in CONDITION_FIELDS
                if name in searchable
                for value in _texts(searchable[name].get(link))
            )
        ]
    meets = search.matcher(conditions, searchable)
    links = [link for link in links if meets(link)]
    links = search.sort_records(links, sort, fields)
    shown = search.page(links, params.offset, params.limit, default_limit=DEFAULT_LIST_LIMIT)
    return [_wire(ctx, link, with_status=True) for link in shown]


def _texts(value: object) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    return [] if value is None else [str(value)]

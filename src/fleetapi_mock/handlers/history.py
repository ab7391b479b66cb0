"""Events: their types, lists, unread counts and read state.

Events live in ``world.events`` (see :mod:`fleetapi_mock.domain.history`). A user sees the events
of the trackers it may see; ``is_read`` is the caller's own read state.
"""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import EntityNotFoundError, LimitTooBigError
from fleetapi._types import Unset
from fleetapi.endpoints.history import (
    HISTORY_ASSET_COUNT,
    HISTORY_ASSET_LIST,
    HISTORY_MARK_READ,
    HISTORY_MARK_READ_ALL,
    HISTORY_READ,
    HISTORY_TRACKER_LIST,
    HISTORY_TYPE_LIST,
    HISTORY_UNREAD_COUNT,
    HISTORY_UNREAD_LIST,
    HISTORY_USER_LIST,
)
from fleetapi.models.history import (
    MAX_HISTORY_LIMIT,
    EventType,
    HistoryAssetCount,
    HistoryAssetCountParams,
    HistoryAssetList,
    HistoryAssetListParams,
    HistoryEntry,
    HistoryMarkReadParams,
    HistoryReadParams,
    HistoryTrackerList,
    HistoryTrackerListParams,
    HistoryTypeListParams,
    HistoryUnreadCountParams,
    HistoryUnreadListParams,
    HistoryUserListParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.employee import visible_employee
from fleetapi_mock.domain.history import EVENT_TYPES, wire_event
from fleetapi_mock.domain.rule import current_events
from fleetapi_mock.domain.tracker import unblocked_trackers
from fleetapi_mock.domain.vehicle import vehicle_visible
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import EventRecord

UNREAD_WINDOW = dt.timedelta(days=365)
"""How far back the unread calls look without ``from``."""


def _limit(value: int | Unset) -> int:
    if isinstance(value, Unset):
        return MAX_HISTORY_LIMIT
    if value > MAX_HISTORY_LIMIT:
        raise LimitTooBigError(f"limit is at most {MAX_HISTORY_LIMIT}")
    return value


def _unread(ctx: Context, since: dt.datetime | Unset) -> list[EventRecord]:
    """The caller's unread events from ``since`` (a year ago by default), by ID."""
    start = ctx.now() - UNREAD_WINDOW
    if not isinstance(since, Unset):
        start = ctx.world_time(since)
    user = ctx.require_user().id
    return [e for e in current_events(ctx) if e.time >= start and user not in e.read_by]


@handles(HISTORY_TYPE_LIST)
def history_type_list(ctx: Context, params: HistoryTypeListParams) -> list[EventType]:
    """The event types the mock knows, described in English."""
    return [EventType(type=name, description=text) for name, text in EVENT_TYPES.items()]


@handles(HISTORY_TRACKER_LIST)
def history_tracker_list(ctx: Context, params: HistoryTrackerListParams) -> HistoryTrackerList:
    """The events of the trackers over the period, filtered, sorted by time, cut at ``limit``."""
    limit = _limit(params.limit)
    start, end = ctx.period(params.from_, params.to)
    wanted = {t.id for t in unblocked_trackers(ctx, params.trackers)}
    return _history(ctx, params, [e for e in current_events(ctx) if e.tracker_id in wanted],
                    (start, end), limit)  # fmt: skip


@handles(HISTORY_USER_LIST)
def history_user_list(ctx: Context, params: HistoryUserListParams) -> HistoryTrackerList:
    """The events of every tracker the caller sees over the period, as
    :func:`history_tracker_list` answers them."""
    limit = _limit(params.limit)
    period = ctx.period(params.from_, params.to)
    return _history(ctx, params, current_events(ctx), period, limit)


def _matching(
    ctx: Context,
    events: list[EventRecord],
    period: tuple[dt.datetime, dt.datetime],
    kinds: list[str] | Unset,
    only_unread: bool | Unset,
    only_emergency: bool | Unset,
) -> list[EventRecord]:
    """``events`` in the period of the types asked for (all by default), unread or emergency
    ones alone when asked, oldest first (ties by ID)."""
    start, end = period
    user = ctx.require_user().id
    wanted = None if isinstance(kinds, Unset) else set(kinds)
    found = [
        e
        for e in events
        if start <= e.time <= end
        and (wanted is None or e.event in wanted)
        and (only_unread is not True or user not in e.read_by)
        and (only_emergency is not True or _emergency(e))
    ]
    found.sort(key=lambda e: (e.time, e.id))
    return found


def _history(
    ctx: Context,
    params: HistoryUserListParams,
    events: list[EventRecord],
    period: tuple[dt.datetime, dt.datetime],
    limit: int,
) -> HistoryTrackerList:
    """``events`` in the period, filtered as ``params`` say, sorted by time, cut at ``limit``."""
    user = ctx.require_user().id
    found = _matching(ctx, events, period, params.events, params.only_unread, params.only_emergency)
    if params.ascending is False:
        found.reverse()
    label = params.add_tracker_label is not False
    return HistoryTrackerList(
        list=[wire_event(ctx, e, add_tracker_label=label) for e in found[:limit]],
        limit_exceeded=len(found) > limit,
        total=len(found),
        total_unread=sum(1 for e in found if user not in e.read_by),
    )


def _emergency(event: EventRecord) -> bool:
    return not isinstance(event.extra, Unset) and event.extra.emergency is True


@handles(HISTORY_UNREAD_LIST)
def history_unread_list(ctx: Context, params: HistoryUnreadListParams) -> list[HistoryEntry]:
    """The caller's latest unread events, newest first, at most ``limit``."""
    limit = _limit(params.limit)
    unread = sorted(_unread(ctx, params.from_), key=lambda e: (e.time, e.id), reverse=True)
    return [wire_event(ctx, e, add_tracker_label=False) for e in unread[:limit]]


@handles(HISTORY_UNREAD_COUNT)
def history_unread_count(ctx: Context, params: HistoryUnreadCountParams) -> int:
    """How many events the caller has not read (of ``type``'s devices: the mock's are all
    trackers)."""
    unread = _unread(ctx, params.from_)
    if not isinstance(params.type, Unset):
        unread = [e for e in unread if e.type == params.type]
    return len(unread)


def _find(ctx: Context, event_id: int) -> EventRecord:
    found = next((e for e in current_events(ctx) if e.id == event_id), None)
    if found is None:
        raise EntityNotFoundError(f"no event {event_id}")
    return found


@handles(HISTORY_READ)
def history_read(ctx: Context, params: HistoryReadParams) -> HistoryEntry:
    """One event the caller sees (201 otherwise)."""
    record = _find(ctx, params.id)
    return wire_event(ctx, record, add_tracker_label=params.add_tracker_label is True)


@handles(HISTORY_MARK_READ)
def history_mark_read(ctx: Context, params: HistoryMarkReadParams) -> None:
    """Mark an event read for the caller; 201 for one it cannot see or has read."""
    record = _find(ctx, params.id)
    user = ctx.require_user().id
    if user in record.read_by:
        raise EntityNotFoundError(f"no unread event {params.id}")
    ctx.world.events[record.id] = attrs.evolve(record, read_by=[*record.read_by, user])


@handles(HISTORY_MARK_READ_ALL)
def history_mark_read_all(ctx: Context, params: NoParams) -> None:
    """Mark every event the caller sees read for the caller."""
    user = ctx.require_user().id
    for record in current_events(ctx):
        if user not in record.read_by:
            ctx.world.events[record.id] = attrs.evolve(record, read_by=[*record.read_by, user])


_BOTH = frozenset({"vehicle", "employee"})
"""The kinds of asset."""


def _asset_labels(ctx: Context) -> dict[int, str]:
    """The label of each tracker an asset carries: its vehicle's, else its employee's name."""
    labels = {
        e.tracker_id: " ".join(p for p in (e.first_name, e.middle_name, e.last_name) if p)
        for e in ctx.owned(ctx.world.employees)
        if e.tracker_id is not None
    }
    for vehicle in ctx.owned(ctx.world.vehicles):
        if vehicle.tracker_id is not None:
            labels[vehicle.tracker_id] = vehicle.label
    return labels


def _asset_trackers(ctx: Context, params: HistoryAssetCountParams) -> set[int]:
    """The trackers of the assets asked for that the caller sees (201: an asset the caller
    may not see, as ``vehicle/read`` and ``employee/read`` answer it)."""
    kinds = (
        {"vehicle", "employee"}
        if isinstance(params.asset_types, Unset)
        else set(params.asset_types)
    )
    found: list[int | None] = []
    if isinstance(params.assets, Unset):
        if "vehicle" in kinds:
            found += [v.tracker_id for v in ctx.owned(ctx.world.vehicles)]
        if "employee" in kinds:
            found += [e.tracker_id for e in ctx.owned(ctx.world.employees)]
    else:
        for asset in params.assets:
            if asset.type not in kinds:
                continue
            if asset.type == "vehicle":
                vehicle = ctx.owned_get(ctx.world.vehicles, asset.id)
                if vehicle is None or not vehicle_visible(ctx, vehicle):
                    raise EntityNotFoundError(f"no vehicle {asset.id}")
                found.append(vehicle.tracker_id)
            else:
                employee = visible_employee(ctx, asset.id)
                if employee is None:
                    raise EntityNotFoundError(f"no employee {asset.id}")
                found.append(employee.tracker_id)
    seen = ctx.visible_tracker_ids()
    return {t for t in found if t is not None and t in seen}


def _asset_events(ctx: Context, params: HistoryAssetCountParams) -> list[EventRecord]:
    """The events of the assets' trackers in the period, filtered, oldest first."""
    period = ctx.period(params.from_, params.to)
    trackers = _asset_trackers(ctx, params)
    events = [e for e in current_events(ctx) if e.tracker_id in trackers]
    return _matching(ctx, events, period, params.events, params.only_unread, params.only_emergency)


@handles(HISTORY_ASSET_LIST)
def history_asset_list(ctx: Context, params: HistoryAssetListParams) -> HistoryAssetList:
    """The events of the assets' trackers, sorted by time, cut at ``limit``, each message
    after the asset's label unless ``add_asset_label`` is false."""
    limit = _limit(params.limit)
    found = _asset_events(ctx, params)
    if params.ascending is False:
        found.reverse()
    labels = _asset_labels(ctx) if params.add_asset_label is not False else {}
    by_tracker = params.add_tracker_label is True
    return HistoryAssetList(
        list=[
            wire_event(ctx, e, add_tracker_label=by_tracker, label=labels.get(e.tracker_id))
            for e in found[:limit]
        ],
        limit_exceeded=len(found) > limit,
    )


@handles(HISTORY_ASSET_COUNT)
def history_asset_count(ctx: Context, params: HistoryAssetCountParams) -> HistoryAssetCount:
    """How many events of the assets' trackers match, and how many of them are unread."""
    found = _asset_events(ctx, params)
    user = ctx.require_user().id
    return HistoryAssetCount(
        total=len(found), total_unread=sum(1 for e in found if user not in e.read_by)
    )

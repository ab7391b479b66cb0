"""The minimal tracker group: ``tracker/list``, ``read``, ``get_state``, ``get_states``.

A user sees the trackers of their account; a sub-user whose record lists ``trackers`` sees
only those. A tracker the caller may not see is answered as missing (201, or 217 in lists).
"""

from __future__ import annotations

from fleetapi._errors import (
    DeviceBlockedError,
    EntityNotFoundError,
    NonExistentEntitiesError,
)
from fleetapi._types import UNSET
from fleetapi.endpoints.tracker import (
    TRACKER_GET_STATE,
    TRACKER_GET_STATES,
    TRACKER_LIST,
    TRACKER_READ,
)
from fleetapi.models.tracker import (
    Tracker,
    TrackerListParams,
    TrackerReadParams,
    TrackerState,
    TrackerStates,
    TrackerStatesParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tracker import wire_state, wire_tracker
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TrackerRecord


def _tracker(ctx: Context, tracker_id: int) -> TrackerRecord:
    record = ctx.visible_tracker(tracker_id)
    if record is None:
        raise EntityNotFoundError(f"no tracker {tracker_id}")
    if record.blocked:
        raise DeviceBlockedError(f"tracker {tracker_id} is blocked")
    return record


@handles(TRACKER_LIST)
def tracker_list(ctx: Context, params: TrackerListParams) -> list[Tracker]:
    """Every tracker the caller sees (blocked ones included), optionally filtered by label.

    ``labels`` keeps the trackers whose label contains any of them (case-insensitive
    substrings).
    """
    records = ctx.visible_trackers()
    if params.labels is not UNSET:
        wanted = [label.lower() for label in params.labels]
        records = [r for r in records if any(w in r.label.lower() for w in wanted)]
    return [wire_tracker(r) for r in records]


@handles(TRACKER_READ)
def tracker_read(ctx: Context, params: TrackerReadParams) -> Tracker:
    """One tracker: 201 when missing or not the caller's, 208 when blocked."""
    return wire_tracker(_tracker(ctx, params.tracker_id))


@handles(TRACKER_GET_STATE)
def tracker_get_state(ctx: Context, params: TrackerReadParams) -> TrackerState:
    """A tracker's state: 201 when missing or not the caller's, 208 when blocked."""
    return wire_state(ctx, _tracker(ctx, params.tracker_id))


@handles(TRACKER_GET_STATES)
def tracker_get_states(ctx: Context, params: TrackerStatesParams) -> TrackerStates:
    """The states of several trackers.

    Unknown IDs fail the call with 217 unless ``allow_not_exist`` (then they are listed in
    ``not_exist``). Blocked trackers are listed in ``blocked``; with ``list_blocked`` their
    states are reported too.
    """
    states: dict[str, TrackerState] = {}
    blocked: list[int] = []
    missing: list[int] = []
    for tracker_id in dict.fromkeys(params.trackers):
        record = ctx.visible_tracker(tracker_id)
        if record is None:
            missing.append(tracker_id)
            continue
        if record.blocked:
            blocked.append(tracker_id)
            if not params.list_blocked:
                continue
        states[str(tracker_id)] = wire_state(ctx, record)
    if missing and not params.allow_not_exist:
        raise NonExistentEntitiesError("no such trackers: " + ", ".join(str(i) for i in missing))
    return TrackerStates(states=states, blocked=blocked, not_exist=missing)

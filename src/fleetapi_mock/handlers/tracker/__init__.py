"""The core tracker calls: trackers and their states.

A user sees the trackers of their account; a sub-user whose record lists ``trackers`` sees
only those. A tracker the caller may not see is answered as missing (201, or 217 in lists).
"""

from __future__ import annotations

from typing import Any

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
    TrackerStatesParams,
)
from fleetapi_mock.domain.context import Context, Reply
from fleetapi_mock.domain.tracker import (
    state_json,
    tracker_json,
    unblocked_tracker,
    wire_tracker,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TrackerRecord


def _visible(ctx: Context, tracker_id: int) -> TrackerRecord:
    record = ctx.visible_tracker(tracker_id)
    if record is None:
        raise EntityNotFoundError(f"no tracker {tracker_id}")
    return record


@handles(TRACKER_LIST)
def tracker_list(ctx: Context, params: TrackerListParams) -> Reply:
    """Every tracker the caller sees (blocked ones included), optionally filtered by label.

    ``labels`` keeps the trackers whose label contains any of them (case-insensitive
    substrings).
    """
    records = ctx.visible_trackers()
    if params.labels is not UNSET:
        wanted = [label.lower() for label in params.labels]
        records = [r for r in records if any(w in r.label.lower() for w in wanted)]
    trackers = ctx.world.trackers
    return Reply(value=[tracker_json(trackers, r, iso=ctx.iso) for r in records], unstructured=True)


@handles(TRACKER_READ)
def tracker_read(ctx: Context, params: TrackerReadParams) -> Tracker:
    """One tracker, blocked ones included (``source.blocked``): 201 when missing or not the
    caller's."""
    return wire_tracker(_visible(ctx, params.tracker_id))


@handles(TRACKER_GET_STATE)
def tracker_get_state(ctx: Context, params: TrackerReadParams) -> Reply:
    """A tracker's state: 201 when missing or not the caller's, 208 when blocked."""
    record = unblocked_tracker(ctx, params.tracker_id)
    return Reply(value=state_json(ctx, record), unstructured=True)


@handles(TRACKER_GET_STATES)
def tracker_get_states(ctx: Context, params: TrackerStatesParams) -> Reply:
    """The states of several trackers.

    An unknown tracker fails the call with 217 unless ``allow_not_exist`` lists it in
    ``not_exist``; a blocked one fails it with 208 unless ``list_blocked`` lists it in
    ``blocked``. Neither has a state; each list is answered only when asked for.
    """
    states: dict[str, Any] = {}
    blocked: list[int] = []
    missing: list[int] = []
    write = ctx.time_writer()
    for tracker_id in dict.fromkeys(params.trackers):
        record = ctx.visible_tracker(tracker_id)
        if record is None:
            missing.append(tracker_id)
        elif record.blocked:
            blocked.append(tracker_id)
        else:
            states[str(tracker_id)] = state_json(ctx, record, write=write)
    if missing and not params.allow_not_exist:
        raise NonExistentEntitiesError("no such trackers: " + ", ".join(str(i) for i in missing))
    if blocked and not params.list_blocked:
        raise DeviceBlockedError("blocked trackers: " + ", ".join(str(i) for i in blocked))
    answer: dict[str, Any] = {"states": states}  # the JSON form of ``TrackerStates``
    if params.list_blocked:
        answer["blocked"] = blocked
    if params.allow_not_exist:
        answer["not_exist"] = missing
    return Reply(value=answer, unstructured=True)

"""The minimal tracker group that almost every integration starts with (from NOTES)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Result
from fleetapi.models.tracker import (
    Tracker,
    TrackerListParams,
    TrackerReadParams,
    TrackerState,
    TrackerStates,
    TrackerStatesParams,
)

TRACKER_LIST = Endpoint(
    path="tracker/list",
    params=TrackerListParams,
    result=Result.field("list", list[Tracker]),
    summary="List the trackers available to the user.",
    resource="trackers",
    method="list",
    safe=True,
    origin="notes",
)
TRACKER_READ = Endpoint(
    path="tracker/read",
    params=TrackerReadParams,
    result=Result.field("value", Tracker),
    summary="Read one tracker.",
    resource="trackers",
    method="read",
    errors=(201, 208),
    safe=True,
    origin="notes",
)
TRACKER_GET_STATE = Endpoint(
    path="tracker/get_state",
    params=TrackerReadParams,
    result=Result.field("state", TrackerState),
    summary="Read the current state of a tracker: position, connection, movement.",
    resource="trackers",
    method="get_state",
    errors=(201, 208),
    safe=True,
    origin="notes",
    cli=("tracker", "state"),
)
TRACKER_GET_STATES = Endpoint(
    path="tracker/get_states",
    params=TrackerStatesParams,
    result=Result.body(TrackerStates),
    summary="Read the current states of several trackers at once.",
    resource="trackers",
    method="get_states",
    errors=(217,),
    safe=True,
    origin="notes",
    cli=("tracker", "states"),
)

ENDPOINTS = (TRACKER_LIST, TRACKER_READ, TRACKER_GET_STATE, TRACKER_GET_STATES)

"""The tracker calls almost every integration starts with (named by NOTES, their behaviour as
the service's documentation gives it)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
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
    safe=True,
    origin="notes",
)
TRACKER_READ = Endpoint(
    path="tracker/read",
    params=TrackerReadParams,
    result=Result.field("value", Tracker),
    summary="Read one tracker.",
    errors=(201,),
    safe=True,
    origin="notes",
    notes="A blocked tracker is answered like any other, `source.blocked` true.",
)
TRACKER_GET_STATE = Endpoint(
    path="tracker/get_state",
    params=TrackerReadParams,
    result=Result.field("state", TrackerState, user_time=True),
    summary="Read the current state of a tracker: position, connection, movement.",
    errors=(201, 208),
    safe=True,
    origin="notes",
    notes=(
        "The state object of the service's documentation (GPS, network, movement and ignition "
        "with their update times, battery, inputs, outputs, model-specific `additional` "
        "states); `user_time` beside it in every date/time mode."
    ),
    decisions=(
        Decision(
            "Which readings show in `additional`",
            "The keys the docs show, `hardware_key`, `moving` and `status`, each from the "
            "newest point that reports it, as text with every digit (a 20-digit key is not "
            "rounded); other readings go to sensors only (`tests/sdk/test_reading.py`).",
        ),
    ),
)
TRACKER_GET_STATES = Endpoint(
    path="tracker/get_states",
    params=TrackerStatesParams,
    result=Result.body(TrackerStates, user_time=True),
    summary="Read the current states of several trackers at once.",
    errors=(208, 217),
    safe=True,
    origin="notes",
    notes=(
        "A blocked tracker fails the call with 208 unless `list_blocked` lists it in "
        "`blocked`; an unknown one with 217 unless `allow_not_exist` lists it in `not_exist`. "
        "Neither gets a state, and each list is answered only when asked for."
    ),
)

ENDPOINTS = (TRACKER_LIST, TRACKER_READ, TRACKER_GET_STATE, TRACKER_GET_STATES)

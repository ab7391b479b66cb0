"""A tracker's data beyond its state: the calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Result
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_data import (
    MAX_BATCH_TRACKERS,
    Inputs,
    LastGpsPoint,
    OutputInfo,
    TrackerInputs,
    TrackersParams,
    TrackerTagsSetParams,
)
from fleetapi.models.tracker_model import TrackerModel, TrackerModelListParams

_BATCH = (
    "217 names every tracker that is not the caller's or is blocked; 221 for more than "
    f"{MAX_BATCH_TRACKERS} trackers."
)
_INPUTS = (
    "The digital inputs of the tracker's state. The mock binds one semantic input: the "
    "ignition, on input 1, for a tracker that reports it."
)

TRACKER_GET_LAST_GPS_POINT = Endpoint(
    path="tracker/get_last_gps_point",
    params=TrackerReadParams,
    result=Result.field("value", LastGpsPoint | None),
    summary="Read a tracker's last point located by GPS (GSM LBS points left out).",
    errors=(201, 208),
    safe=True,
    origin="service",
    notes="The newest recorded point not located by GSM LBS; `value` is null when there is none.",
)
TRACKER_GET_INPUTS = Endpoint(
    path="tracker/get_inputs",
    params=TrackerReadParams,
    result=Result.body(TrackerInputs, user_time=True),
    summary="Read a tracker's digital inputs and the semantic inputs bound to them.",
    errors=(201, 208),
    safe=True,
    origin="service",
    notes=_INPUTS,
)
TRACKER_BATCH_GET_INPUTS = Endpoint(
    path="tracker/batch_get_inputs",
    params=TrackersParams,
    result=Result.field("data", dict[str, Inputs], user_time=True),
    summary="Read the digital inputs of several trackers, by tracker ID.",
    errors=(217, 221),
    safe=True,
    origin="service",
    notes=f"{_INPUTS} {_BATCH}",
)
TRACKER_GET_OUTPUTS = Endpoint(
    path="tracker/get_outputs",
    params=TrackerReadParams,
    result=Result.field("result", list[OutputInfo]),
    summary="List a tracker's digital outputs.",
    errors=(201, 208),
    safe=True,
    origin="service",
    notes="One output per output of the tracker's state, titled `OUT1`, `OUT2`...",
)
TRACKER_BATCH_GET_OUTPUTS = Endpoint(
    path="tracker/batch_get_outputs",
    params=TrackersParams,
    result=Result.field("result", dict[str, list[OutputInfo]]),
    summary="List the digital outputs of several trackers, by tracker ID.",
    errors=(217, 221),
    safe=True,
    origin="service",
    notes=_BATCH,
)
TRACKER_TAGS_SET = Endpoint(
    path="tracker/tags/set",
    params=TrackerTagsSetParams,
    result=Result.nothing(),
    summary="Replace a tracker's tags.",
    errors=(201, 204, 208),
    safe=True,
    origin="service",
    notes=(
        "The tags are kept in `ordinal` order. A tag that is not the account's is 204, as for "
        "every referenced entity. The documented example body is not valid JSON (its array "
        "is a string with unescaped quotes): sent as JSON with `tag_bindings` an array, or as "
        "form fields, it is accepted."
    ),
)

TRACKER_LIST_MODELS = Endpoint(
    path="tracker/list_models",
    params=TrackerModelListParams,
    result=Result.field("list", list[TrackerModel]),
    summary="List the device models of the platform's catalogue.",
    safe=True,
    origin="service",
    notes=(
        "The models of the world's catalogue (`tracker_models`), by ID, in `list` (the "
        "documentation shows one model object, not its envelope). `compact_view` answers each "
        "model's identity only (`id` to `register`); `compact_index` is accepted and ignored; "
        "`codes` keeps the models named."
    ),
)

ENDPOINTS = (
    TRACKER_LIST_MODELS,
    TRACKER_GET_LAST_GPS_POINT,
    TRACKER_GET_INPUTS,
    TRACKER_BATCH_GET_INPUTS,
    TRACKER_GET_OUTPUTS,
    TRACKER_BATCH_GET_OUTPUTS,
    TRACKER_TAGS_SET,
)

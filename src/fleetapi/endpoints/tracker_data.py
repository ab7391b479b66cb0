"""A tracker's data beyond its state: the calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
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
    decisions=(
        Decision(
            "`tracker/get_last_gps_point`",
            "The newest recorded point not located by GSM LBS; `value` is null for a tracker "
            "without one. `precision` is answered when the point has one.",
        ),
    ),
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
    notes=_INPUTS,
    decisions=(
        Decision(
            "The batch calls (`batch_get_inputs`, `batch_get_outputs`)",
            f"At most {MAX_BATCH_TRACKERS} trackers, the limit the documentation gives for "
            "`tracker/get_states` (221 beyond); every tracker that is not the caller's or is "
            "blocked is named in one 217.",
        ),
    ),
)
TRACKER_GET_OUTPUTS = Endpoint(
    path="tracker/get_outputs",
    params=TrackerReadParams,
    result=Result.field("result", list[OutputInfo]),
    summary="List a tracker's digital outputs.",
    errors=(201, 208),
    safe=True,
    origin="service",
    notes=(
        "One output per output of the tracker's state (its model's `digital_outputs` when "
        "the state has none), titled `OUT1`, `OUT2`... unless `tracker/output/update` named "
        "it."
    ),
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
    decisions=(
        Decision(
            "`tracker/tags/set`",
            "Replaces the tracker's tags, kept in `ordinal` order and answered as `tag_bindings` "
            "numbered from 0; a tag that is not the account's is 204 and nothing changes. The "
            "documented example body is not valid JSON (the array is a string with unescaped "
            "quotes): the mock reads the array it means, sent as JSON or as a form field.",
        ),
    ),
)

TRACKER_LIST_MODELS = Endpoint(
    path="tracker/list_models",
    params=TrackerModelListParams,
    result=Result.field("list", list[TrackerModel]),
    summary="List the device models of the platform's catalogue.",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`tracker/list_models`",
            "The world's catalogue (`tracker_models`), by ID, in a `list` (the documentation "
            "shows one model without its envelope). `compact_view` answers each model's "
            "identity (`id` to `register`); `compact_index`, deprecated by the service, is "
            "accepted and ignored; `codes` keeps the models named, unknown codes ignored.",
        ),
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

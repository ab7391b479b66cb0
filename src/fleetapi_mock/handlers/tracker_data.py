"""A tracker's data beyond its state: last point, inputs, outputs, tags, models.

Inputs and outputs are those of the tracker's state (``inputs``, ``outputs`` and their update
times, moved by the world document, a test or a confirmed output command); a tracker whose
state has no outputs has its model's, titled as ``tracker/output/update`` names them. The mock
binds one semantic input, the ignition on input 1, for a tracker whose state reports an
ignition. A tracker the caller may not see is 201 (217 in a batch), a blocked one 208 (217
in a batch).
"""

from __future__ import annotations

import attrs

from fleetapi._errors import (
    EntityMissingError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.tracker_data import (
    TRACKER_BATCH_GET_INPUTS,
    TRACKER_BATCH_GET_OUTPUTS,
    TRACKER_GET_INPUTS,
    TRACKER_GET_LAST_GPS_POINT,
    TRACKER_GET_OUTPUTS,
    TRACKER_LIST_MODELS,
    TRACKER_TAGS_SET,
)
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_data import (
    MAX_BATCH_TRACKERS,
    Inputs,
    InputState,
    LastGpsPoint,
    OutputInfo,
    TrackerInputs,
    TrackersParams,
    TrackerTagsSetParams,
)
from fleetapi.models.tracker_model import TrackerModel, TrackerModelListParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tracker import unblocked_tracker, unblocked_trackers
from fleetapi_mock.domain.tracker_command import wire_outputs
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TrackerRecord


def _trackers(ctx: Context, params: TrackersParams) -> list[TrackerRecord]:
    """The batch's trackers: 221 past the limit, 217 naming each missing or blocked one."""
    return unblocked_trackers(ctx, params.trackers, limit=MAX_BATCH_TRACKERS)


def _inputs(ctx: Context, record: TrackerRecord) -> Inputs:
    state = record.state
    states = []
    if state.ignition is not None:
        states.append(InputState(type="ignition", status=state.ignition, input_number=1))
    return Inputs(
        inputs=list(state.inputs),
        states=states,
        update_time=ctx.optional_user_time(state.inputs_update),
    )


@handles(TRACKER_GET_LAST_GPS_POINT)
def tracker_get_last_gps_point(ctx: Context, params: TrackerReadParams) -> LastGpsPoint | None:
    """The tracker's newest recorded point not located by GSM LBS (null without one)."""
    record = unblocked_tracker(ctx, params.tracker_id)
    points = [p for p in ctx.world.points_of(record.id) if not p.gsm_lbs]
    if not points:
        return None
    point = max(points, key=lambda p: p.get_time)
    return LastGpsPoint(
        get_time=ctx.user_time(point.get_time),
        heading=point.heading,
        lat=point.lat,
        lng=point.lng,
        satellites=point.satellites,
        speed=point.speed,
        precision=point.precision if point.precision else UNSET,
    )


@handles(TRACKER_GET_INPUTS)
def tracker_get_inputs(ctx: Context, params: TrackerReadParams) -> TrackerInputs:
    """The tracker's digital inputs and semantic inputs."""
    inputs = _inputs(ctx, unblocked_tracker(ctx, params.tracker_id))
    return TrackerInputs(inputs=inputs.inputs, states=inputs.states, update_time=inputs.update_time)


@handles(TRACKER_BATCH_GET_INPUTS)
def tracker_batch_get_inputs(ctx: Context, params: TrackersParams) -> dict[str, Inputs]:
    """The inputs of each tracker, by tracker ID."""
    return {str(record.id): _inputs(ctx, record) for record in _trackers(ctx, params)}


@handles(TRACKER_GET_OUTPUTS)
def tracker_get_outputs(ctx: Context, params: TrackerReadParams) -> list[OutputInfo]:
    """The tracker's outputs."""
    return wire_outputs(ctx.world, unblocked_tracker(ctx, params.tracker_id))


@handles(TRACKER_BATCH_GET_OUTPUTS)
def tracker_batch_get_outputs(ctx: Context, params: TrackersParams) -> dict[str, list[OutputInfo]]:
    """The outputs of each tracker, by tracker ID."""
    return {str(record.id): wire_outputs(ctx.world, record) for record in _trackers(ctx, params)}


@handles(TRACKER_TAGS_SET)
def tracker_tags_set(ctx: Context, params: TrackerTagsSetParams) -> None:
    """Replace the tracker's tags, in ``ordinal`` order; 204 for a tag not the account's."""
    record = unblocked_tracker(ctx, params.tracker_id)
    missing = [
        b.tag_id for b in params.tag_bindings if ctx.owned_get(ctx.world.tags, b.tag_id) is None
    ]
    if missing:
        raise EntityMissingError("no such tags: " + ", ".join(map(str, missing)))
    ordered = sorted(params.tag_bindings, key=lambda b: b.ordinal)
    tag_ids = list(dict.fromkeys(b.tag_id for b in ordered))
    ctx.world.trackers[record.id] = attrs.evolve(record, tag_ids=tag_ids)


_FIELDS = tuple(attrs.fields_dict(TrackerModel))
_COMPACT = _FIELDS[: _FIELDS.index("register") + 1]
"""The fields of a model in ``compact_view``."""


@handles(TRACKER_LIST_MODELS)
def tracker_list_models(ctx: Context, params: TrackerModelListParams) -> list[TrackerModel]:
    """The catalogue's models by ID: those of ``codes`` when given; identities only with
    ``compact_view``."""
    models = [ctx.world.tracker_models[k] for k in sorted(ctx.world.tracker_models)]
    if not isinstance(params.codes, Unset):
        wanted = set(params.codes)
        models = [m for m in models if m.code in wanted]
    if params.compact_view is True:
        models = [TrackerModel(**{n: getattr(m, n) for n in _COMPACT}) for m in models]
    return models

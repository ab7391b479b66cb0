"""A device's switches: digital outputs (``tracker/output/*``), alarm mode, LED and engine
immobilizer.

What a model has comes from the catalogue (:mod:`fleetapi_mock.domain.tracker_command`); a
switch changes once the device confirms the command. As documented, a tracker the caller
cannot see is 204 (201 for the LED and ``output/update``), a blocked one 208, a clone 219
where a call changes the device, a device not connected 213 where the call needs it.
"""

from __future__ import annotations

from fleetapi._errors import DeviceOfflineError, EntityMissingError
from fleetapi.endpoints.tracker_command import (
    TRACKER_ALARM_MODE_READ,
    TRACKER_ALARM_MODE_SET,
    TRACKER_ENGINE_IMMOBILIZER_READ,
    TRACKER_ENGINE_IMMOBILIZER_SET,
    TRACKER_LED_READ,
    TRACKER_LED_UPDATE,
    TRACKER_OUTPUT_SET,
    TRACKER_OUTPUT_SET_ALL,
    TRACKER_OUTPUT_UPDATE,
)
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_command import (
    EnabledSetParams,
    LedUpdateParams,
    OutputSetAllParams,
    OutputSetParams,
    OutputUpdateParams,
)
from fleetapi.models.tracker_model import TrackerModel
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.domain.tracker_command import (
    BATCH_OUTPUT_CONTROLS,
    OFFLINE_OUTPUT_CONTROL,
    SINGLE_OUTPUT_CONTROLS,
    flag,
    is_connected,
    model_of,
    output_count,
    queue_command,
    require,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TrackerRecord


def _connected(tracker: TrackerRecord) -> None:
    """213 unless the tracker's device is connected."""
    if not is_connected(tracker):
        raise DeviceOfflineError(f"tracker {tracker.id} is not connected")


def _output_control(model: TrackerModel | None) -> str | None:
    """The model's ``output_control`` (``None`` for a model not in the catalogue)."""
    if model is None:
        return None
    return model.output_control if isinstance(model.output_control, str) else "none"


@handles(TRACKER_OUTPUT_SET)
def tracker_output_set(ctx: Context, params: OutputSetParams) -> None:
    """Switch one output: 214 for a model switching outputs together or not at all, or an
    output the tracker does not have; 213 when not connected (but ``async_offline``)."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError, refuse_clone=True)
    control = _output_control(model_of(ctx.world, tracker))
    require(control is None or control in SINGLE_OUTPUT_CONTROLS, "switching one output")
    count = output_count(ctx.world, tracker)
    require(params.output <= count, f"output {params.output} (it has {count})")
    if control != OFFLINE_OUTPUT_CONTROL:
        _connected(tracker)
    outputs: list[bool | None] = [None] * (params.output - 1)
    queue_command(ctx, tracker, "outputs", outputs=[*outputs, params.enable])


@handles(TRACKER_OUTPUT_SET_ALL)
def tracker_output_set_all(ctx: Context, params: OutputSetAllParams) -> None:
    """Switch every output: 214 for a model without batch control or a number of states
    other than its outputs'; 213 when not connected."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError, refuse_clone=True)
    control = _output_control(model_of(ctx.world, tracker))
    require(control is None or control in BATCH_OUTPUT_CONTROLS, "switching outputs together")
    count = output_count(ctx.world, tracker)
    require(len(params.outputs) == count, f"{len(params.outputs)} outputs (it has {count})")
    _connected(tracker)
    queue_command(ctx, tracker, "outputs", outputs=params.outputs)


@handles(TRACKER_OUTPUT_UPDATE)
def tracker_output_update(ctx: Context, params: OutputUpdateParams) -> None:
    """Title one output (an empty title gives back ``OUTn``); 214 for an output the tracker
    does not have."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    number = params.tracker_output.number
    count = output_count(ctx.world, tracker)
    require(number <= count, f"output {number} (it has {count})")
    titles = list(tracker.output_titles)
    titles += [""] * (number - len(titles))
    titles[number - 1] = params.tracker_output.title
    while titles and not titles[-1]:
        titles.pop()
    ctx.world.trackers.change(tracker.id, output_titles=titles)


def _alarm(ctx: Context, tracker: TrackerRecord) -> None:
    """214 unless the tracker's model has a car alarm (``alarmcontrol`` among its rules)."""
    model = model_of(ctx.world, tracker)
    rules = None if model is None else model.rules
    require(model is None or (isinstance(rules, list) and "alarmcontrol" in rules), "alarm mode")


@handles(TRACKER_ALARM_MODE_READ)
def tracker_alarm_mode_read(ctx: Context, params: TrackerReadParams) -> bool:
    """Whether the device's alarm mode is on."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    _alarm(ctx, tracker)
    return tracker.state.alarm_mode


@handles(TRACKER_ALARM_MODE_SET)
def tracker_alarm_mode_set(ctx: Context, params: EnabledSetParams) -> None:
    """Switch the alarm mode, once the device confirms; 213 when not connected."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError, refuse_clone=True)
    _alarm(ctx, tracker)
    _connected(tracker)
    queue_command(ctx, tracker, "alarm_mode", enabled=params.enabled)


def _led(ctx: Context, tracker: TrackerRecord) -> None:
    """214 unless the tracker's model has ``has_led_control``."""
    require(flag(model_of(ctx.world, tracker), "has_led_control"), "LED control")


@handles(TRACKER_LED_READ)
def tracker_led_read(ctx: Context, params: TrackerReadParams) -> bool:
    """Whether the device's LED is on."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    _led(ctx, tracker)
    return tracker.state.led


@handles(TRACKER_LED_UPDATE)
def tracker_led_update(ctx: Context, params: LedUpdateParams) -> None:
    """Switch the LED, once the device confirms (the command waits for a device not
    connected)."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    _led(ctx, tracker)
    queue_command(ctx, tracker, "led", enabled=params.value)


def _immobilizer(ctx: Context, tracker: TrackerRecord) -> None:
    """214 unless the tracker's model is a vehicle's with a digital output."""
    model = model_of(ctx.world, tracker)
    outputs = None if model is None else model.digital_outputs
    require(
        model is None or (model.type == "vehicle" and isinstance(outputs, int) and outputs > 0),
        "an engine immobilizer",
    )


@handles(TRACKER_ENGINE_IMMOBILIZER_READ)
def tracker_engine_immobilizer_read(ctx: Context, params: TrackerReadParams) -> bool:
    """Whether the device's engine immobilizer is on."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    _immobilizer(ctx, tracker)
    return tracker.state.engine_immobilizer


@handles(TRACKER_ENGINE_IMMOBILIZER_SET)
def tracker_engine_immobilizer_set(ctx: Context, params: EnabledSetParams) -> None:
    """Switch the engine immobilizer, once the device confirms; 213 when not connected."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError, refuse_clone=True)
    _immobilizer(ctx, tracker)
    _connected(tracker)
    queue_command(ctx, tracker, "engine_immobilizer", enabled=params.enabled)

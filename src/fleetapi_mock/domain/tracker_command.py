"""Commands to devices: what the device of a tracker supports, the queue of commands sent to it,
and their confirmation as the world's clock moves.

A command sent to a device (an output switched, alarm mode, engine immobilizer, LED, a
location request, a raw or special command, a saved hardware command) joins the world's
``command_queue`` with its due time: the moment it was sent plus the confirmation delay (the
platform value ``tracker.command.confirmation_delay`` of the tracker owner's dealer, an ISO
8601 duration, else :data:`DEFAULT_CONFIRMATION_DELAY`). Until it is confirmed,
``tracker/command/unconfirmed/count`` counts it.

Nothing is scheduled, as for the task lifecycle (:mod:`fleetapi_mock.domain.lifecycle`): the
router calls :func:`confirm_due_commands` before each request's handler (and the event stream
before it looks at the world), which confirms every command due by the world's time, in the
order they are due. A command is confirmed when its tracker is connected (:data:`CONNECTED`)
and not blocked, or when it went by SMS; else it waits (an unreliable one is dropped). On
confirmation the tracker's state follows, dated at the command's due time, and the owner's
``output_change`` and ``location_response`` rules make their events
(:func:`~fleetapi_mock.domain.rule.record_device_events`).

Which controls a device has comes from its model in the catalogue (``tracker_models``): a
model the catalogue does not know has every control.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Sequence
from typing import Any, Final

import attrs

from fleetapi._converter import parse_duration
from fleetapi._errors import NotSupportedByDeviceError, OperationNotPermittedError
from fleetapi.models.tracker_command import (
    MAX_QUEUED_COMMANDS,
    HardwareCommand,
    HttpCommand,
    LocationRequestType,
    NewHardwareCommand,
    NewTrackerCommand,
    TrackerCommand,
)
from fleetapi.models.tracker_data import OutputInfo
from fleetapi.models.tracker_model import TrackerModel
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.rule import record_device_events
from fleetapi_mock.domain.subuser import rights_of
from fleetapi_mock.state.records import (
    HardwareCommandRecord,
    HttpCommandRecord,
    QueuedCommandKind,
    QueuedCommandRecord,
    TrackerCommandRecord,
    TrackerRecord,
    convert,
)
from fleetapi_mock.state.world import World

__all__ = [
    "BATCH_OUTPUT_CONTROLS",
    "CONFIRMATION_DELAY",
    "CONNECTED",
    "DEFAULT_CONFIRMATION_DELAY",
    "LOCATION_FLAGS",
    "LOCK_CONTROLS",
    "OFFLINE_OUTPUT_CONTROL",
    "SINGLE_OUTPUT_CONTROLS",
    "command_record",
    "commands_due_at",
    "confirm_due_commands",
    "confirmation_delay",
    "flag",
    "is_connected",
    "model_of",
    "output_count",
    "queue_command",
    "require",
    "require_right",
    "special_controls",
    "wire_command",
    "wire_outputs",
]

CONFIRMATION_DELAY: Final = "tracker.command.confirmation_delay"
"""The platform value setting how long a device takes to confirm a command."""
DEFAULT_CONFIRMATION_DELAY: Final = dt.timedelta(seconds=10)
"""How long a device takes to confirm a command when the dealer's platform does not say."""
CONNECTED: Final = frozenset({"active", "idle", "just_connected"})
"""The connection statuses of a device that receives commands over its connection."""
SINGLE_OUTPUT_CONTROLS: Final = frozenset({"default", "stateless", "async", "async_offline"})
"""The ``output_control`` of models switching one output at a time (``tracker/output/set``)."""
BATCH_OUTPUT_CONTROLS: Final = frozenset({"batch", "batch_async"})
"""The ``output_control`` of models switching every output at once (``output/set_all``)."""
OFFLINE_OUTPUT_CONTROL: Final = "async_offline"
"""The ``output_control`` whose commands wait for a device that is not connected."""
LOCK_CONTROLS: Final = frozenset(
    {"jointech_lock_password", "hhd_lock_password", "vg_lock_password"}
)
"""The special controls of electronic locks (``electronic_lock_command``)."""
LOCATION_FLAGS: Final[dict[LocationRequestType, str]] = {
    "sms": "has_location_request",
    "gsm": "has_gsm_lbs_location_request",
    "gprs": "has_gprs_location_request",
}
"""The model's flag allowing each kind of location request."""


def model_of(world: World, tracker: TrackerRecord) -> TrackerModel | None:
    """The catalogue's model of ``tracker`` (by its code), or ``None`` when it has none."""
    return next((m for m in world.tracker_models.values() if m.code == tracker.model), None)


def require(supported: bool, what: str) -> None:
    """214 saying the device does not support ``what``, unless ``supported``."""
    if not supported:
        raise NotSupportedByDeviceError(f"the device does not support {what}")


def require_right(ctx: Context, right: str) -> None:
    """13 for a sub-user without ``right`` (a call needing two rights: the router checks the
    table's one, the handler the other)."""
    user = ctx.require_user()
    if not user.is_master and right not in rights_of(ctx.world, user):
        raise OperationNotPermittedError(f"this call needs the right {right!r}")


def flag(model: TrackerModel | None, name: str) -> bool:
    """Whether the model's boolean ``name`` is true (every flag of a model not in the
    catalogue is)."""
    return model is None or getattr(model, name) is True


def special_controls(model: TrackerModel | None) -> frozenset[str] | None:
    """The special controls of a model (its comma-separated ``special_control`` but
    ``none``); ``None`` for a model not in the catalogue (it has every one)."""
    if model is None:
        return None
    text = model.special_control if isinstance(model.special_control, str) else ""
    return frozenset(c.strip() for c in text.split(",")) - {"", "none"}


def output_count(world: World, tracker: TrackerRecord) -> int:
    """The tracker's digital outputs: those of its state, else its model's."""
    if tracker.state.outputs:
        return len(tracker.state.outputs)
    model = model_of(world, tracker)
    outputs = None if model is None else model.digital_outputs
    return outputs if isinstance(outputs, int) else 0


def wire_outputs(world: World, tracker: TrackerRecord) -> list[OutputInfo]:
    """The tracker's outputs with their titles (``OUT1``... when not named)."""
    titles = tracker.output_titles
    return [
        OutputInfo(
            number=number,
            title=(titles[number - 1] if number <= len(titles) else "") or f"OUT{number}",
        )
        for number in range(1, output_count(world, tracker) + 1)
    ]


def is_connected(tracker: TrackerRecord) -> bool:
    """Whether the tracker's device is connected (receives commands now)."""
    return tracker.state.connection_status in CONNECTED


def confirmation_delay(ctx: Context) -> dt.timedelta:
    """How long the caller's devices take to confirm a command (the dealer's platform value
    :data:`CONFIRMATION_DELAY`, else :data:`DEFAULT_CONFIRMATION_DELAY`)."""
    value = ctx.world.platform_value(ctx.account, CONFIRMATION_DELAY, None)
    if isinstance(value, str):
        try:
            return max(parse_duration(value), dt.timedelta(0))
        except ValueError:
            pass
    return DEFAULT_CONFIRMATION_DELAY


def queue_command(
    ctx: Context,
    tracker: TrackerRecord,
    kind: QueuedCommandKind,
    *,
    sms: bool = False,
    reliable: bool = True,
    outputs: Sequence[bool | None] = (),
    enabled: bool = False,
    command: str = "",
) -> None:
    """Send a command to the tracker's device: it joins the queue, due the confirmation delay
    from now (a full queue drops its oldest first). An unreliable command to a device that is
    not connected is dropped at once."""
    if not (sms or reliable or is_connected(tracker)):
        return
    queue = ctx.world.command_queue
    queued = [r.id for r in queue.values() if r.tracker_id == tracker.id]
    for oldest in queued[: max(0, len(queued) - MAX_QUEUED_COMMANDS + 1)]:
        del queue[oldest]
    now = ctx.now().replace(microsecond=0)
    record_id = ctx.world.ids.next("command_queue")
    queue[record_id] = QueuedCommandRecord(
        id=record_id,
        tracker_id=tracker.id,
        kind=kind,
        sent=now,
        due=now + confirmation_delay(ctx),
        sms=sms,
        reliable=reliable,
        outputs=list(outputs),
        enabled=enabled,
        command=command,
    )


def commands_due_at(world: World) -> dt.datetime | None:
    """When :func:`confirm_due_commands` next has work, the world unchanged: the first queued
    command's time (``None``: none queued)."""
    return min((r.due for r in world.command_queue.values()), default=None)


def confirm_due_commands(world: World) -> None:
    """Confirm every queued command due by the world's time, in the order they are due: the
    tracker's state follows each and its rules make their events. A command waits while its
    tracker is blocked or its device not connected (but by SMS); an unreliable one is dropped
    instead. Cheap when the queue is empty: the router calls it before every handler."""
    queue = world.command_queue
    if not queue:
        return
    now = world.now()
    due = sorted((r for r in queue.values() if r.due <= now), key=lambda r: (r.due, r.id))
    for record in due:
        tracker = world.trackers.get(record.tracker_id)
        if tracker is not None and (tracker.blocked or not (record.sms or is_connected(tracker))):
            if not record.reliable:
                del queue[record.id]
            continue
        del queue[record.id]
        if tracker is not None:
            _confirm(world, tracker, record)


def _confirm(world: World, tracker: TrackerRecord, record: QueuedCommandRecord) -> None:
    """The tracker's state once its device confirmed ``record``, and the events of it."""
    at = record.due
    state = tracker.state
    changes: list[tuple[str, bool, int | None]] = []
    later = max(at, state.last_update or at)
    if record.kind == "outputs":
        before = list(state.outputs)
        size = max(len(record.outputs), output_count(world, tracker))
        after = [*before, *[False] * (size - len(before))]
        for index, value in enumerate(record.outputs):
            if value is not None:
                after[index] = value
        for number, (was, now) in enumerate(itertools.zip_longest(before, after), start=1):
            if bool(was) != now:
                changes.append(("output_change", now, number))
        state = attrs.evolve(state, outputs=after, outputs_update=at, last_update=later)
    elif record.kind in ("alarm_mode", "engine_immobilizer", "led"):
        switched: dict[str, Any] = {record.kind: record.enabled}
        state = attrs.evolve(state, **switched)
    elif record.kind == "location":
        reported = max(at, state.gps_updated or at)
        state = attrs.evolve(
            state, gps_updated=reported, last_update=later, gsm_lbs=record.command == "gsm"
        )
        changes.append(("location_response", True, None))
    if state is not tracker.state:
        world.trackers[tracker.id] = attrs.evolve(tracker, state=state)
    if changes:
        record_device_events(world, tracker.id, at, changes)


def command_record(
    command: NewTrackerCommand, *, command_id: int, tracker_id: int
) -> TrackerCommandRecord:
    """The world's record of a saved command of ``tracker_id`` (an ``id`` given is
    replaced by ``command_id``)."""
    if isinstance(command, NewHardwareCommand):
        return convert(HardwareCommandRecord, command, id=command_id, tracker_id=tracker_id)
    return convert(HttpCommandRecord, command, id=command_id, tracker_id=tracker_id)


def wire_command(record: TrackerCommandRecord) -> TrackerCommand:
    """The API's object of a saved command (its tracker left out)."""
    if isinstance(record, HardwareCommandRecord):
        return convert(HardwareCommand, record)
    return convert(HttpCommand, record)

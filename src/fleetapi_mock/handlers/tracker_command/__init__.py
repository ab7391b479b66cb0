"""Commands to devices (``endpoints/tracker_command.py``): a tracker's saved commands here,
what is sent to a device in :mod:`.device` (raw and special commands, location requests, the
queue of unconfirmed commands) and its switches in :mod:`.controls` (outputs, alarm mode,
LED, engine immobilizer).

Saved commands are kept per tracker (the world's ``tracker_commands``); they are settings,
so a blocked tracker has them too. A tracker the caller may not see is 201.
"""

from __future__ import annotations

from collections import defaultdict

from fleetapi._errors import EntityNotFoundError, InvalidParametersError
from fleetapi._types import Unset
from fleetapi.endpoints.tracker_command import (
    TRACKER_BATCH_GET_COMMANDS,
    TRACKER_COMMAND_CREATE,
    TRACKER_COMMAND_DELETE,
    TRACKER_COMMAND_EXECUTE,
    TRACKER_COMMAND_UPDATE,
)
from fleetapi.models.tracker_command import (
    BatchGetCommandsParams,
    TrackerCommand,
    TrackerCommandCreateParams,
    TrackerCommandParams,
    TrackerCommandUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.domain.tracker_command import (
    command_record,
    queue_command,
    wire_command,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import (
    HardwareCommandRecord,
    TrackerCommandRecord,
    TrackerRecord,
)


def _tracker(ctx: Context, tracker_id: int) -> TrackerRecord:
    """A tracker the caller sees, blocked or not: 201 for any other."""
    record = ctx.visible_tracker(tracker_id)
    if record is None:
        raise EntityNotFoundError(f"no tracker {tracker_id}")
    return record


def _command(ctx: Context, tracker: TrackerRecord, command_id: int) -> TrackerCommandRecord:
    """The tracker's saved command ``command_id``: 201 for any other."""
    record = ctx.world.tracker_commands.get(command_id)
    if record is None or record.tracker_id != tracker.id:
        raise EntityNotFoundError(f"tracker {tracker.id} has no command {command_id}")
    return record


@handles(TRACKER_COMMAND_CREATE)
def tracker_command_create(ctx: Context, params: TrackerCommandCreateParams) -> int:
    """Save the command for the tracker; its ID."""
    tracker = _tracker(ctx, params.tracker_id)
    command_id = ctx.world.ids.next("tracker_commands")
    ctx.world.tracker_commands[command_id] = command_record(
        params.command, command_id=command_id, tracker_id=tracker.id
    )
    return command_id


@handles(TRACKER_COMMAND_UPDATE)
def tracker_command_update(ctx: Context, params: TrackerCommandUpdateParams) -> None:
    """Replace the tracker's command named by ``id``, whole (its type may change)."""
    tracker = _tracker(ctx, params.tracker_id)
    current = _command(ctx, tracker, params.command.id)
    ctx.world.tracker_commands[current.id] = command_record(
        params.command, command_id=current.id, tracker_id=tracker.id
    )


@handles(TRACKER_COMMAND_DELETE)
def tracker_command_delete(ctx: Context, params: TrackerCommandParams) -> None:
    """Delete the tracker's command."""
    tracker = _tracker(ctx, params.tracker_id)
    del ctx.world.tracker_commands[_command(ctx, tracker, params.command_id).id]


@handles(TRACKER_COMMAND_EXECUTE)
def tracker_command_execute(ctx: Context, params: TrackerCommandParams) -> None:
    """Execute the tracker's command: a hardware command's text goes to the device (208 for
    a blocked tracker); an HTTP command is sent nowhere."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    command = _command(ctx, tracker, params.command_id)
    if isinstance(command, HardwareCommandRecord):
        config = command.config
        queue_command(ctx, tracker, "raw", reliable=config.reliable, command=config.command)


@handles(TRACKER_BATCH_GET_COMMANDS)
def tracker_batch_get_commands(
    ctx: Context, params: BatchGetCommandsParams
) -> dict[str, list[TrackerCommand]]:
    """The saved commands of each tracker, by tracker ID (every tracker the caller sees when
    ``trackers`` is omitted or empty); 7 naming each tracker the caller cannot see."""
    wanted = [] if isinstance(params.trackers, Unset) else params.trackers
    if wanted:
        seen = {i: ctx.visible_tracker(i) for i in dict.fromkeys(wanted)}
        bad = [
            {"parameter": f"trackers[{index}]", "error": f"no tracker {tracker_id}"}
            for index, tracker_id in enumerate(wanted)
            if seen[tracker_id] is None
        ]
        if bad:
            raise InvalidParametersError(errors=bad)
        ids = list(seen)
    else:
        ids = [t.id for t in ctx.visible_trackers()]
    by_tracker: dict[int, list[TrackerCommand]] = defaultdict(list)
    chosen = set(ids)
    for key in sorted(ctx.world.tracker_commands):
        record = ctx.world.tracker_commands[key]
        if record.tracker_id in chosen:
            by_tracker[record.tracker_id].append(wire_command(record))
    return {str(i): by_tracker.get(i, []) for i in ids}

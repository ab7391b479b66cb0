"""What is sent to a device as it is: special control commands, raw commands, location
requests, and the queue of commands the device has not confirmed.

Each command joins the tracker's queue and is confirmed as the world's clock moves
(:mod:`fleetapi_mock.domain.tracker_command`). A blocked tracker is 208.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from fleetapi._errors import (
    DeviceOfflineError,
    EntityMissingError,
    LocationAlreadyActualError,
)
from fleetapi._types import UNSET
from fleetapi.endpoints.tracker_command import (
    TRACKER_COMMAND_UNCONFIRMED_COUNT,
    TRACKER_COMMAND_UNCONFIRMED_RESET,
    TRACKER_LOCATION_REQUEST,
    TRACKER_RAW_COMMAND_SEND,
    TRACKER_SEND_COMMAND,
)
from fleetapi.models.tracker import Tracker, TrackerReadParams
from fleetapi.models.tracker_command import (
    LocationRequestParams,
    RawCommandSendParams,
    SendCommandParams,
)
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.tracker import unblocked_tracker, wire_tracker
from fleetapi_mock.domain.tracker_command import (
    LOCATION_FLAGS,
    LOCK_CONTROLS,
    flag,
    is_connected,
    model_of,
    queue_command,
    require,
    require_right,
    special_controls,
)
from fleetapi_mock.handlers import handles

_HEX: Final = re.compile(r"(?:[0-9A-Fa-f]{2})+")
"""A command written as hexadecimal digits of its bytes."""
LOCATION_ACTUAL: Final = dt.timedelta(minutes=1)
"""A position younger than this answers a location request with 256."""


@handles(TRACKER_SEND_COMMAND)
def tracker_send_command(ctx: Context, params: SendCommandParams) -> list[Tracker]:
    """Send a special control command the tracker's model allows (214 otherwise); the
    tracker, in a list. Sub-users need ``tracker_configure`` too (13)."""
    require_right(ctx, "tracker_configure")
    tracker = unblocked_tracker(ctx, params.tracker_id)
    command = params.command
    controls = special_controls(model_of(ctx.world, tracker))
    if command.name == "electronic_lock_command":
        if command.command_code is UNSET:
            raise invalid("command.command_code", "required by electronic_lock_command")
        require(controls is None or bool(controls & LOCK_CONTROLS), "electronic lock commands")
    else:
        if command.special_settings is UNSET:
            raise invalid("command.special_settings", f"required by {command.name}")
        require(controls is None or bool(controls), "special settings")
    queue_command(ctx, tracker, "special", command=command.name)
    return [wire_tracker(tracker)]


@handles(TRACKER_RAW_COMMAND_SEND)
def tracker_raw_command_send(ctx: Context, params: RawCommandSendParams) -> None:
    """Send the command to the device as it is (7 ``Non-hex string`` for ``hex`` that is
    not pairs of hexadecimal digits). Sub-users need ``tracker_configure`` too (13)."""
    require_right(ctx, "tracker_configure")
    tracker = unblocked_tracker(ctx, params.tracker_id)
    if params.type == "hex" and _HEX.fullmatch(params.command) is None:
        raise invalid("command", "Non-hex string")
    reliable = params.reliable is not False
    queue_command(ctx, tracker, "raw", reliable=reliable, command=params.command)


@handles(TRACKER_LOCATION_REQUEST)
def tracker_location_request(ctx: Context, params: LocationRequestParams) -> None:
    """Ask the device for its position: 214 when its model cannot be asked this way, 213
    for a GSM or GPRS request to a device not connected, 256 while its position is less
    than a minute old."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    kind = "sms" if params.type is UNSET else params.type
    require(flag(model_of(ctx.world, tracker), LOCATION_FLAGS[kind]), f"{kind} location requests")
    if kind != "sms" and not is_connected(tracker):
        raise DeviceOfflineError(f"tracker {tracker.id} is not connected")
    updated = tracker.state.gps_updated
    if updated is not None and ctx.now() - updated < LOCATION_ACTUAL:
        raise LocationAlreadyActualError(f"tracker {tracker.id} reported its position just now")
    queue_command(ctx, tracker, "location", sms=kind == "sms", command=kind)


@handles(TRACKER_COMMAND_UNCONFIRMED_COUNT)
def tracker_command_unconfirmed_count(ctx: Context, params: TrackerReadParams) -> int:
    """How many commands of the tracker its device has not confirmed (204 for a tracker the
    caller cannot see)."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    return sum(1 for r in ctx.world.command_queue.values() if r.tracker_id == tracker.id)


@handles(TRACKER_COMMAND_UNCONFIRMED_RESET)
def tracker_command_unconfirmed_reset(ctx: Context, params: TrackerReadParams) -> None:
    """Drop the tracker's unconfirmed commands: they never change its state."""
    tracker = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    queue = ctx.world.command_queue
    for record in [r for r in queue.values() if r.tracker_id == tracker.id]:
        del queue[record.id]

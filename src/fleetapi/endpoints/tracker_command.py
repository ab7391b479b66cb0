"""Commands to devices: the calls of the service's documentation that send something to a
tracker (outputs, alarm mode, LED, engine immobilizer, location requests, raw and special
commands), a tracker's saved commands, and the queue of commands not confirmed yet."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.tracker import Tracker, TrackerReadParams
from fleetapi.models.tracker_command import (
    MAX_COMMAND_LENGTH,
    MAX_QUEUED_COMMANDS,
    BatchGetCommandsParams,
    EnabledSetParams,
    LedUpdateParams,
    LocationRequestParams,
    OutputSetAllParams,
    OutputSetParams,
    OutputUpdateParams,
    RawCommandSendParams,
    SendCommandParams,
    TrackerCommand,
    TrackerCommandCreateParams,
    TrackerCommandParams,
    TrackerCommandUpdateParams,
)

_SEND_RIGHTS = (
    "Sub-users need `tracker_configure` besides `tracker_set_output`, the two rights the "
    "documentation names (13 without either)."
)

TRACKER_SEND_COMMAND = Endpoint(
    path="tracker/send_command",
    params=SendCommandParams,
    result=Result.field("list", list[Tracker]),
    summary="Send a special control command (an electronic lock, special settings) to a device.",
    right="tracker_set_output",
    errors=(201, 208, 214),
    origin="service",
    notes=_SEND_RIGHTS,
    decisions=(
        Decision(
            "`tracker/send_command`",
            "`electronic_lock_command` (with its `command_code`) for models whose "
            "`special_control` is `jointech_lock_password`, `hhd_lock_password` or "
            "`vg_lock_password`; `set_special_settings_command` (with its `special_settings` "
            "object) for models with any special control but `none`; 214 otherwise, 7 without "
            "the command's own field. The command waits in the queue like a raw one and "
            "changes nothing the API shows; the answer is the tracker, in a `list`, as "
            "documented.",
        ),
    ),
)
TRACKER_RAW_COMMAND_SEND = Endpoint(
    path="tracker/raw_command/send",
    params=RawCommandSendParams,
    result=Result.nothing(),
    summary="Send a command's text (or its bytes in hexadecimal) to a device as it is.",
    right="tracker_set_output",
    errors=(7, 201, 208),
    origin="service",
    notes=_SEND_RIGHTS,
    decisions=(
        Decision(
            "`tracker/raw_command/send`",
            f"At most {MAX_COMMAND_LENGTH} characters; with `type` `hex`, pairs of "
            "hexadecimal digits, else 7 `Non-hex string` naming `command`. Queued for the "
            "device; 208 for a blocked tracker.",
        ),
    ),
)
TRACKER_BATCH_GET_COMMANDS = Endpoint(
    path="tracker/batch_get_commands",
    params=BatchGetCommandsParams,
    result=Result.field("result", dict[str, list[TrackerCommand]]),
    summary="List the saved commands of several trackers, by tracker ID.",
    right="tracker_update",
    errors=(7,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`tracker/batch_get_commands`",
            "Each tracker asked for, blocked ones included, with its commands by ID (an empty "
            "list without); omitted or empty `trackers`: every tracker the caller sees. A "
            "tracker the caller cannot see is 7 naming it, the code documented for invalid "
            "values of `trackers`.",
        ),
    ),
)
TRACKER_COMMAND_CREATE = Endpoint(
    path="tracker/command/create",
    params=TrackerCommandCreateParams,
    result=Result.field("id", int),
    summary="Save a command (hardware or HTTP) for a tracker.",
    right="tracker_update",
    errors=(7, 201),
    origin="service",
    decisions=(
        Decision(
            "Saved commands (`tracker/command/*`)",
            "Kept per tracker (the world's `tracker_commands`), IDs unique across trackers; a "
            "command of another tracker is 201. Creating, updating, deleting and listing "
            "work for blocked trackers too (they are settings); `update` replaces the command "
            "whole, its type included.",
        ),
    ),
)
TRACKER_COMMAND_UPDATE = Endpoint(
    path="tracker/command/update",
    params=TrackerCommandUpdateParams,
    result=Result.nothing(),
    summary="Replace a tracker's saved command.",
    right="tracker_update",
    errors=(7, 201),
    origin="service",
)
TRACKER_COMMAND_DELETE = Endpoint(
    path="tracker/command/delete",
    params=TrackerCommandParams,
    result=Result.nothing(),
    summary="Delete a tracker's saved command.",
    right="tracker_update",
    errors=(7, 201),
    origin="service",
)
TRACKER_COMMAND_EXECUTE = Endpoint(
    path="tracker/command/execute",
    params=TrackerCommandParams,
    result=Result.nothing(),
    summary="Execute a tracker's saved command now.",
    right="tracker_update",
    errors=(7, 201, 208),
    origin="service",
    decisions=(
        Decision(
            "`tracker/command/execute`",
            "A hardware command's text goes to the device like a raw command (`reliable` as "
            "saved); an HTTP command is answered with success and sent nowhere (no request "
            "leaves the mock). 208 for a blocked tracker, whose device it would reach.",
        ),
    ),
)
TRACKER_COMMAND_UNCONFIRMED_COUNT = Endpoint(
    path="tracker/command/unconfirmed/count",
    params=TrackerReadParams,
    result=Result.field("count", int),
    summary="Count the commands a tracker's device has not confirmed yet.",
    errors=(204, 208),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "When a device confirms a command",
            "Every command sent to a device (outputs, alarm mode, engine immobilizer, LED, "
            "location requests, raw, special and saved hardware commands) waits in the "
            "tracker's queue until the device confirms it: the platform value "
            "`tracker.command.confirmation_delay` (an ISO 8601 duration of the tracker "
            "owner's dealer, default `PT10S`, read when the command is sent) after it was "
            "sent, by the world clock, if the tracker is connected then (`active`, `idle` or "
            "`just_connected`, and not blocked), else as soon as it is. Until then "
            "`unconfirmed/count` counts it. Nothing is scheduled: the commands due are "
            "confirmed, in the order they are due, when the mock next answers a request or "
            "the event stream next looks; the tracker's state then follows, dated at the "
            f"command's due time. A tracker's queue holds {MAX_QUEUED_COMMANDS} commands at "
            "most: one more drops the oldest.",
        ),
        Decision(
            "Commands to a device that is not connected",
            "The calls documented to need an online device (`output/set`, `output/set_all`, "
            "`alarm_mode/set`, `engine_immobilizer/set`, GSM and GPRS location requests) "
            "answer 213, but `output/set` for a model whose `output_control` is "
            "`async_offline`, whose command waits. LED switches, raw, special and saved "
            "hardware commands wait until the device is connected; an unreliable one "
            "(`reliable` false) is dropped instead and never confirmed.",
        ),
    ),
)
TRACKER_COMMAND_UNCONFIRMED_RESET = Endpoint(
    path="tracker/command/unconfirmed/reset",
    params=TrackerReadParams,
    result=Result.nothing(),
    summary="Drop the commands a tracker's device has not confirmed yet.",
    right="tracker_update",
    errors=(204, 208),
    origin="service",
    notes=(
        "Counts and drops every command of the tracker not confirmed yet, sent by SMS or "
        "GPRS alike; a dropped command never changes the state."
    ),
)
TRACKER_OUTPUT_SET = Endpoint(
    path="tracker/output/set",
    params=OutputSetParams,
    result=Result.nothing(),
    summary="Switch one digital output of a device on or off.",
    right="tracker_set_output",
    errors=(204, 208, 213, 214, 219),
    origin="service",
    decisions=(
        Decision(
            "Which models switch outputs",
            "Those of the tracker's model in the catalogue (`tracker_models`): `output/set` "
            "for `output_control` `default`, `stateless`, `async` and `async_offline`, "
            "`output/set_all` for `batch` and `batch_async` with one state per output; 214 "
            "otherwise. A tracker has the outputs of its state, or its model's "
            "`digital_outputs` when its state has none (214 for an output past them); a "
            "model the catalogue does not know supports every control of these calls. No "
            "output is reserved to the engine immobilizer.",
        ),
        Decision(
            "An output switched",
            "Once confirmed, the state's `outputs` and `outputs_update` change "
            "(`tracker/get_state`, `tracker/get_outputs`), and each `output_change` rule "
            "bound to the tracker whose `param` is the output makes an `output_change` event "
            "(its `primary_text` for on, `secondary_text` for off) at the tracker's position.",
        ),
    ),
)
TRACKER_OUTPUT_SET_ALL = Endpoint(
    path="tracker/output/set_all",
    params=OutputSetAllParams,
    result=Result.nothing(),
    summary="Switch every digital output of a device at once.",
    right="tracker_set_output",
    errors=(204, 208, 213, 214, 219),
    origin="service",
)
TRACKER_OUTPUT_UPDATE = Endpoint(
    path="tracker/output/update",
    params=OutputUpdateParams,
    result=Result.nothing(),
    summary="Rename one of a tracker's digital outputs.",
    errors=(201, 208, 214),
    origin="service",
    decisions=(
        Decision(
            "`tracker/output/update`",
            "Sets the title `tracker/get_outputs` answers; an empty title gives back the "
            "default (`OUT1`); 214 for an output the tracker does not have. Open to "
            "sub-users: the documentation names no right.",
        ),
    ),
)
TRACKER_ALARM_MODE_READ = Endpoint(
    path="tracker/alarm_mode/read",
    params=TrackerReadParams,
    result=Result.field("enabled", bool),
    summary="Read whether a device's alarm mode is on.",
    errors=(204, 208, 214),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Alarm mode, engine immobilizer and LED",
            "Each is a switch of the device, off at first, kept in the tracker's state "
            "(`alarm_mode`, `engine_immobilizer`, `led` of a world document): the read call "
            "answers it, the set or update call changes it once the device confirms. Alarm "
            "mode is for models whose `rules` include `alarmcontrol` (a car alarm), the "
            "engine immobilizer for `vehicle` models with a digital output, the LED for "
            "models with `has_led_control`; 214 otherwise (a model the catalogue does not "
            "know has them all). The LED calls answer 201 for a tracker the caller cannot "
            "see, the others 204, as documented. Rights as documented: "
            "`engine_immobilizer/set` needs `tracker_set_output`; the alarm mode and LED "
            "calls name none.",
        ),
    ),
)
TRACKER_ALARM_MODE_SET = Endpoint(
    path="tracker/alarm_mode/set",
    params=EnabledSetParams,
    result=Result.nothing(),
    summary="Switch a device's alarm mode on or off.",
    errors=(204, 208, 213, 214, 219),
    origin="service",
)
TRACKER_LED_READ = Endpoint(
    path="tracker/led/read",
    params=TrackerReadParams,
    result=Result.field("value", bool),
    summary="Read whether a device's LED is on.",
    errors=(201, 208, 214),
    safe=True,
    origin="service",
)
TRACKER_LED_UPDATE = Endpoint(
    path="tracker/led/update",
    params=LedUpdateParams,
    result=Result.nothing(),
    summary="Switch a device's LED on or off.",
    errors=(201, 208, 214),
    origin="service",
)
TRACKER_ENGINE_IMMOBILIZER_READ = Endpoint(
    path="tracker/engine_immobilizer/read",
    params=TrackerReadParams,
    result=Result.field("enabled", bool),
    summary="Read whether a device's engine immobilizer is on.",
    errors=(204, 208, 214),
    safe=True,
    origin="service",
)
TRACKER_ENGINE_IMMOBILIZER_SET = Endpoint(
    path="tracker/engine_immobilizer/set",
    params=EnabledSetParams,
    result=Result.nothing(),
    summary="Switch a device's engine immobilizer on or off.",
    right="tracker_set_output",
    errors=(204, 208, 213, 214, 219),
    origin="service",
)
TRACKER_LOCATION_REQUEST = Endpoint(
    path="tracker/location_request",
    params=LocationRequestParams,
    result=Result.nothing(),
    summary="Ask a device for its current position (by SMS, GSM LBS or GPRS).",
    errors=(201, 208, 213, 214, 256),
    origin="service",
    decisions=(
        Decision(
            "`tracker/location_request`",
            "`sms` (the default) needs the model's `has_location_request` and no "
            "connection; `gsm` needs `has_gsm_lbs_location_request` and `gprs` "
            "`has_gprs_location_request`, both a connected device (213); 214 without the "
            "feature. 256 while the tracker's position is less than a minute old "
            "(`gps.updated`). Once confirmed, the device reports the position it has, "
            "dated at the confirmation (`gps.updated` and `last_update` of its state; "
            "`gps.gsm_lbs` for `gsm`), and each `location_response` rule bound to the "
            "tracker makes a `location_response` event.",
        ),
    ),
)

ENDPOINTS = (
    TRACKER_SEND_COMMAND,
    TRACKER_RAW_COMMAND_SEND,
    TRACKER_BATCH_GET_COMMANDS,
    TRACKER_COMMAND_CREATE,
    TRACKER_COMMAND_UPDATE,
    TRACKER_COMMAND_DELETE,
    TRACKER_COMMAND_EXECUTE,
    TRACKER_COMMAND_UNCONFIRMED_COUNT,
    TRACKER_COMMAND_UNCONFIRMED_RESET,
    TRACKER_OUTPUT_SET,
    TRACKER_OUTPUT_SET_ALL,
    TRACKER_OUTPUT_UPDATE,
    TRACKER_ALARM_MODE_READ,
    TRACKER_ALARM_MODE_SET,
    TRACKER_LED_READ,
    TRACKER_LED_UPDATE,
    TRACKER_ENGINE_IMMOBILIZER_READ,
    TRACKER_ENGINE_IMMOBILIZER_SET,
    TRACKER_LOCATION_REQUEST,
)

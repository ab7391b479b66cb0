"""Commands to devices, as the service documents them: a tracker's saved commands
(``tracker/command/*``, ``tracker/batch_get_commands``), commands sent at once
(``tracker/send_command``, ``tracker/raw_command/send``), the queue of commands the device has
not confirmed (``tracker/command/unconfirmed/*``), digital outputs (``tracker/output/*``),
alarm mode, LED, engine immobilizer and location requests.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset, tagged_union
from fleetapi.models.tracker_data import OutputInfo

__all__ = [
    "MAX_COMMAND_LENGTH",
    "MAX_OUTPUTS",
    "MAX_QUEUED_COMMANDS",
    "BatchGetCommandsParams",
    "DeviceCommand",
    "DeviceCommandName",
    "EnabledSetParams",
    "HardwareCommand",
    "HardwareCommandConfig",
    "HttpCommand",
    "HttpCommandConfig",
    "HttpHeader",
    "LedUpdateParams",
    "LocationRequestParams",
    "LocationRequestType",
    "LockCommandCode",
    "NewHardwareCommand",
    "NewHttpCommand",
    "NewTrackerCommand",
    "OutputSetAllParams",
    "OutputSetParams",
    "OutputUpdateParams",
    "RawCommandSendParams",
    "RawCommandType",
    "SendCommandParams",
    "TrackerCommand",
    "TrackerCommandCreateParams",
    "TrackerCommandParams",
    "TrackerCommandUpdateParams",
]

MAX_COMMAND_LENGTH = 512
"""The most characters of a command's text sent to a device (the limit the service documents
for the custom command of an IoT Logic device action)."""
MAX_QUEUED_COMMANDS = 100
"""The most unconfirmed commands a tracker's queue holds (the mock's choice): one more drops
the oldest."""
MAX_OUTPUTS = 64
"""The most digital outputs ``tracker/output/set_all`` sets at once."""

LocationRequestType = Literal["sms", "gsm", "gprs"]
"""How a location is asked for: by SMS (GNSS data), GSM LBS data over GPRS, GNSS data over
GPRS."""
RawCommandType = Literal["text", "hex"]
"""How a raw command is written: as text, or as hexadecimal digits of its bytes."""
DeviceCommandName = Literal["electronic_lock_command", "set_special_settings_command"]
"""The commands ``tracker/send_command`` sends, as the model's ``special_control`` allows."""
LockCommandCode = Literal["seal", "unseal"]
"""What an electronic lock command does."""

_NAME = rules(not_blank=True, max_length=255, printable=True)
_TEXT = rules(not_blank=True, max_length=MAX_COMMAND_LENGTH)


@attrs.frozen(kw_only=True, weakref_slot=False)
class HardwareCommandConfig:
    """What a hardware command sends to the device."""

    command: str = attrs.field(metadata=_TEXT)
    """The protocol-level command text, sent as it is (``RELAY,1#``); device-specific."""
    reliable: bool = True
    """Ask the device to acknowledge the command: it is resent until it does."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HttpHeader:
    """One header of an HTTP command's request."""

    key: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    """The header's name (``Authorization``)."""
    value: str = attrs.field(metadata=rules(max_length=4096, printable=True))
    """The header's value."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HttpCommandConfig:
    """The HTTP POST request an HTTP command makes."""

    url: str = attrs.field(metadata=rules(url=True, max_length=2048))
    """Where the request goes: an absolute http or https URL."""
    headers: list[HttpHeader] = attrs.field(factory=list, metadata=rules(max_items=50))
    """The request's headers (may be empty)."""
    body: str = attrs.field(default="", metadata=rules(max_length=65536))
    """The JSON body; ``{{attribute}}`` placeholders stand for the device's current values."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewHardwareCommand:
    """A hardware command without its ID (``{"type": "hardware", ...}``)."""

    TAG: ClassVar[str] = "hardware"

    name: str = attrs.field(metadata=_NAME)
    """The label the commands block shows (``engine_stop``)."""
    config: HardwareCommandConfig


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewHttpCommand:
    """An HTTP command without its ID (``{"type": "http", ...}``)."""

    TAG: ClassVar[str] = "http"

    name: str = attrs.field(metadata=_NAME)
    """The label the commands block shows (``webhook_action``)."""
    config: HttpCommandConfig


@attrs.frozen(kw_only=True, weakref_slot=False)
class HardwareCommand(NewHardwareCommand):
    """A tracker's saved hardware command."""

    id: int
    """The command, unique across trackers."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HttpCommand(NewHttpCommand):
    """A tracker's saved HTTP command."""

    id: int
    """The command, unique across trackers."""


NewTrackerCommand = NewHardwareCommand | NewHttpCommand
"""A command to save, told apart by its ``type`` key (``hardware`` or ``http``)."""

tagged_union(NewTrackerCommand, tag="type")

TrackerCommand = HardwareCommand | HttpCommand
"""A tracker's saved command, told apart on the wire by its ``type`` key."""

tagged_union(TrackerCommand, tag="type")


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerCommandCreateParams:
    """Parameters of ``tracker/command/create``."""

    tracker_id: int
    """The tracker to save the command for."""
    command: NewTrackerCommand
    """The command, without ``id``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerCommandUpdateParams:
    """Parameters of ``tracker/command/update``: the command whole, replacing the saved one."""

    tracker_id: int
    """The tracker the command is saved for."""
    command: TrackerCommand
    """The command with its ``id``; its ``type`` may change."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerCommandParams:
    """Parameters of ``tracker/command/delete`` and ``tracker/command/execute``."""

    tracker_id: int
    """The tracker the command is saved for."""
    command_id: int
    """The command."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BatchGetCommandsParams:
    """Parameters of ``tracker/batch_get_commands``."""

    trackers: list[int] | Unset = UNSET
    """The trackers whose commands to list; omitted or empty: every tracker the caller sees."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DeviceCommand:
    """A command of ``tracker/send_command``: its name and what it takes."""

    name: DeviceCommandName
    """``electronic_lock_command`` (models whose ``special_control`` is a lock password) or
    ``set_special_settings_command`` (models with any special control)."""
    command_code: LockCommandCode | Unset = UNSET
    """What an ``electronic_lock_command`` does: ``seal`` or ``unseal`` (required there)."""
    special_settings: dict[str, Any] | Unset = UNSET
    """The special settings object of the model's special control (``type`` and its
    fields); required by ``set_special_settings_command``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SendCommandParams:
    """Parameters of ``tracker/send_command``."""

    tracker_id: int
    """The tracker."""
    command: DeviceCommand
    """The command to send."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RawCommandSendParams:
    """Parameters of ``tracker/raw_command/send``."""

    tracker_id: int
    """The tracker."""
    command: str = attrs.field(metadata=_TEXT)
    """The command: text, or hexadecimal digits of its bytes (pairs, ``0A1B``) with ``type``
    ``hex``."""
    type: RawCommandType | Unset = UNSET
    """How ``command`` is written: ``text`` (the default) or ``hex``."""
    reliable: bool | Unset = UNSET
    """False: sent once, not kept for a disconnected device nor resent without an
    acknowledgement (default true)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class OutputSetParams:
    """Parameters of ``tracker/output/set``."""

    tracker_id: int
    """The tracker."""
    output: int = attrs.field(metadata=rules(minimum=1))
    """The output's number, from 1."""
    enable: bool
    """True to switch the output on, false to switch it off."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class OutputSetAllParams:
    """Parameters of ``tracker/output/set_all``."""

    tracker_id: int
    """The tracker."""
    outputs: list[bool] = attrs.field(metadata=rules(min_items=1, max_items=MAX_OUTPUTS))
    """The state of every output, output 1 first (``[true, true, false]``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class OutputUpdateParams:
    """Parameters of ``tracker/output/update``."""

    tracker_id: int
    """The tracker."""
    tracker_output: OutputInfo
    """The output and its new title (an empty title gives back the default, ``OUT1``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EnabledSetParams:
    """Parameters of ``tracker/alarm_mode/set`` and ``tracker/engine_immobilizer/set``."""

    tracker_id: int
    """The tracker."""
    enabled: bool
    """True to switch it on, false to switch it off."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class LedUpdateParams:
    """Parameters of ``tracker/led/update``."""

    tracker_id: int
    """The tracker."""
    value: bool
    """The LED's new state: true on, false off."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class LocationRequestParams:
    """Parameters of ``tracker/location_request``."""

    tracker_id: int
    """The tracker."""
    type: LocationRequestType | Unset = UNSET
    """How to ask: ``sms`` (the default), ``gsm`` or ``gprs``."""

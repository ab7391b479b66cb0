"""Records of what the devices of trackers hold beside their state: saved and queued
commands, settings, trusted numbers, the dealers' device bundles and the APN catalogue."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

import attrs

from fleetapi._types import tagged_union
from fleetapi.models.tracker_command import HardwareCommand, HttpCommand
from fleetapi.models.tracker_settings import SpecialSettings, TripDetectionSettings

__all__ = [
    "BundleRecord",
    "HardwareCommandRecord",
    "HttpCommandRecord",
    "MobileNetworkRecord",
    "QueuedCommandKind",
    "QueuedCommandRecord",
    "TrackerCommandRecord",
    "TrackerSettingsRecord",
    "TrustedNumbersRecord",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrustedNumbersRecord:
    """A tracker's trusted phone numbers (``tracker/trusted_number/*``); a tracker without a
    record has none."""

    tracker_id: int
    numbers: list[str] = attrs.Factory(list)
    """10 to 15 digits each, without ``+``, in the order they were given."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BundleRecord:
    """A preconfigured device of a dealer's stock, known by its IMEI: ``tracker/register_quick``
    and ``tracker/replace_quick`` take it by IMEI alone."""

    imei: str
    """The device's IMEI, its device ID once registered."""
    dealer_id: int
    """The dealer whose users may register it."""
    model: str
    """The device model's code (``tracker_models``)."""
    phone: str | None = None
    """The number of the SIM card bundled with it, if any."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerSettingsRecord:
    """What the settings calls changed of a tracker (``tracker/settings/*``); a part left
    null (or a tracker without a record) has its defaults."""

    tracker_id: int
    tracking: dict[str, Any] | None = None
    """Its tracking settings, the fields of its model's tracking profile."""
    trip_detection: TripDetectionSettings | None = None
    """When it counts as idle, which splits its track into trips."""
    lbs_max_radius: int | None = None
    """The largest radius of its LBS points, in meters."""
    special: list[SpecialSettings] = attrs.Factory(list)
    """Its special settings, one of each kind set."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class MobileNetworkRecord:
    """A mobile network of the APN catalogue (``apn_settings/read``), shared by every
    account: its operator, the prefixes of its numbers and its access point."""

    operator_name: str
    prefixes: list[str]
    """International prefixes of its phone numbers, digits without ``+`` (``49151``)."""
    name: str
    """The access point's name."""
    user: str = ""
    password: str = ""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HardwareCommandRecord(HardwareCommand):
    """A saved hardware command as the world keeps it: the API's command and its tracker."""

    tracker_id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class HttpCommandRecord(HttpCommand):
    """A saved HTTP command as the world keeps it: the API's command and its tracker."""

    tracker_id: int


TrackerCommandRecord = HardwareCommandRecord | HttpCommandRecord
"""A tracker's saved command (``tracker/command/*``), told apart by its ``type`` key as on the
wire."""

tagged_union(TrackerCommandRecord, tag="type")


QueuedCommandKind = Literal[
    "outputs", "alarm_mode", "engine_immobilizer", "led", "location", "raw", "special"
]
"""What a queued command does once the device confirms it: set outputs, switch the alarm
mode, the engine immobilizer or the LED, answer a location request; a raw command (sent by
``tracker/raw_command/send`` or a saved hardware command) or a special control command
(``tracker/send_command``) changes nothing the API shows."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class QueuedCommandRecord:
    """A command sent to a device and not confirmed yet (``tracker/command/unconfirmed/*``).

    The device confirms it at ``due``, once connected then (a command sent by SMS needs no
    connection); the tracker's state then follows it and the record leaves the queue.
    """

    id: int
    tracker_id: int
    kind: QueuedCommandKind
    sent: dt.datetime
    """When it was sent (UTC)."""
    due: dt.datetime
    """When the device confirms it (UTC): ``sent`` and the confirmation delay."""
    sms: bool = False
    """Sent by SMS: confirmed whether the device is connected or not."""
    reliable: bool = True
    """False: dropped, not kept waiting, when the device is not connected at ``due``."""
    outputs: list[bool | None] = attrs.Factory(list)
    """``outputs``: each output's new state, output 1 first; null leaves one as it is."""
    enabled: bool = False
    """``alarm_mode``, ``engine_immobilizer``, ``led``: the new state."""
    command: str = ""
    """``raw``: the command as sent; ``special``: its name; ``location``: the request type."""

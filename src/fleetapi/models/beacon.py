"""BLE beacon data: the radio tags a tracker saw (``beacon/data/*``)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "BEACON_ID_LENGTH",
    "BEACON_LAST_VALUES_MAX_AGE",
    "BeaconData",
    "BeaconDataReadParams",
    "BeaconLastValuesParams",
]

BEACON_ID_LENGTH: Final = 64
"""The longest beacon ID a filter may name."""

BEACON_LAST_VALUES_MAX_AGE: Final = 3600
"""Seconds: ``beacon/data/last_values`` skips entries older than this by default."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BeaconData:
    """What a tracker received from a BLE beacon (iBeacon, Eddystone...) at a time."""

    tracker_id: int
    """The tracker that saw the beacon."""
    hardware_id: str
    """The beacon's ID."""
    rssi: int
    """The received signal strength (dBm): the nearer the beacon, the higher."""
    get_time: dt.datetime
    """When the data was received."""
    latitude: float = attrs.field(metadata=rules(minimum=-90, maximum=90))
    """Where the tracker was: latitude."""
    longitude: float = attrs.field(metadata=rules(minimum=-180, maximum=180))
    """Where the tracker was: longitude."""
    ext_data: dict[str, Any] = attrs.Factory(dict)
    """What else the beacon sent (its ``voltage``, ``temperature``, ``major``...)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BeaconDataReadParams:
    """Parameters of ``beacon/data/read``."""

    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """Later than ``from``."""
    trackers: list[int] | Unset | None = UNSET
    """Only these trackers (default: every tracker the caller sees)."""
    beacons: list[str] | Unset | None = UNSET
    """Only these beacon IDs: each 1 to :data:`BEACON_ID_LENGTH` characters."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BeaconLastValuesParams:
    """Parameters of ``beacon/data/last_values``."""

    trackers: list[int] | Unset | None = UNSET
    """Only these trackers (default: every tracker the caller sees)."""
    skip_older_than_seconds: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1))
    """Leave out what is older than this many seconds (default 3600)."""

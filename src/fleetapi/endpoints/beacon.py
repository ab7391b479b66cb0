"""BLE beacon data: the radio tags trackers saw."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.beacon import BeaconData, BeaconDataReadParams, BeaconLastValuesParams

BEACON_DATA_READ = Endpoint(
    path="beacon/data/read",
    params=BeaconDataReadParams,
    result=Result.field("list", list[BeaconData]),
    summary="List what trackers received from BLE beacons over a period, by time.",
    errors=(7, 211, 217),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Where beacon data comes from",
            "The world's `beacon_data` (a world document's, or one a test adds): the mock "
            "makes none up. Trackers the caller may not see, or blocked ones, answer 217 "
            "naming them; a beacon ID that is empty or longer than 64 characters 7 "
            "(`tests/sdk/test_beacon.py`).",
        ),
    ),
)
BEACON_DATA_LAST_VALUES = Endpoint(
    path="beacon/data/last_values",
    params=BeaconLastValuesParams,
    result=Result.field("list", list[BeaconData]),
    summary="List the last data of each beacon each tracker sees, within an age.",
    errors=(7, 217),
    safe=True,
    origin="service",
    notes="The newest entry of each tracker and beacon no older than "
    "`skip_older_than_seconds` (3600 by default), by tracker, then beacon.",
)

ENDPOINTS = (BEACON_DATA_READ, BEACON_DATA_LAST_VALUES)

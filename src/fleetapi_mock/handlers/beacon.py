"""BLE beacon data (``beacon/data/*``): the world's ``beacon_data`` of the trackers the caller
sees, times in the caller's time zone."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from fleetapi._errors import InvalidParametersError
from fleetapi._types import Unset
from fleetapi.endpoints.beacon import BEACON_DATA_LAST_VALUES, BEACON_DATA_READ
from fleetapi.models.beacon import (
    BEACON_ID_LENGTH,
    BEACON_LAST_VALUES_MAX_AGE,
    BeaconData,
    BeaconDataReadParams,
    BeaconLastValuesParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tracker import unblocked_trackers
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.bounds import seconds_before


def _trackers(ctx: Context, wanted: list[int] | Unset | None) -> set[int]:
    """The trackers asked for (217 naming those the caller may not see or that are blocked),
    or every tracker the caller sees."""
    if isinstance(wanted, list) and wanted:
        return {t.id for t in unblocked_trackers(ctx, wanted)}
    return {t.id for t in ctx.visible_trackers()}


def _answered(ctx: Context, entries: Iterable[BeaconData]) -> list[BeaconData]:
    return [attrs.evolve(e, get_time=ctx.user_time(e.get_time)) for e in entries]


@handles(BEACON_DATA_READ)
def beacon_data_read(ctx: Context, params: BeaconDataReadParams) -> list[BeaconData]:
    """The data of the period, sorted by ``get_time``."""
    beacons = params.beacons if isinstance(params.beacons, list) else None
    bad = [
        {"parameter": f"beacons[{i}]", "error": f"must be 1 to {BEACON_ID_LENGTH} characters"}
        for i, b in enumerate(beacons or [])
        if not b.strip() or len(b) > BEACON_ID_LENGTH
    ]
    if bad:
        raise InvalidParametersError(errors=bad)
    start, end = ctx.period(params.from_, params.to)
    trackers = _trackers(ctx, params.trackers)
    found = [
        e
        for e in ctx.world.beacon_data
        if e.tracker_id in trackers
        and start <= e.get_time <= end
        and (beacons is None or e.hardware_id in beacons)
    ]
    return _answered(ctx, sorted(found, key=lambda e: e.get_time))


@handles(BEACON_DATA_LAST_VALUES)
def beacon_data_last_values(ctx: Context, params: BeaconLastValuesParams) -> list[BeaconData]:
    """The newest entry of each tracker and beacon within the age, by tracker then beacon."""
    age = params.skip_older_than_seconds
    oldest = seconds_before(
        ctx.now(), BEACON_LAST_VALUES_MAX_AGE if isinstance(age, Unset) else age
    )
    trackers = _trackers(ctx, params.trackers)
    now = ctx.now()
    last: dict[tuple[int, str], BeaconData] = {}
    for entry in ctx.world.beacon_data:
        if entry.tracker_id not in trackers or not oldest <= entry.get_time <= now:
            continue
        key = (entry.tracker_id, entry.hardware_id)
        if key not in last or entry.get_time >= last[key].get_time:
            last[key] = entry
    return _answered(ctx, (last[k] for k in sorted(last)))

"""A tracker's waybill for a period, and the number the next one takes.

The trips are those the track list answers for the same options; the driver is the employee
bound to the tracker, the vehicle the one linked to it, the organization the vehicle's garage.
A download keeps its number for the caller (one more when it is all digits).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import EntityNotFoundError, TariffRestrictionError
from fleetapi._types import Unset
from fleetapi.endpoints.track import (
    TRACK_WAYBILL_DOWNLOAD,
    TRACK_WAYBILL_SETTINGS_READ,
    WAYBILL_FILE_TYPE,
)
from fleetapi.models.track import MergedTrack, RegularTrack, TrackerTrackListParams
from fleetapi.models.waybill import WaybillDownloadParams, WaybillSettings
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.employee import driver_of
from fleetapi_mock.domain.sensor.counters import counter_series
from fleetapi_mock.domain.tariff import FLEET_FEATURE, has_feature
from fleetapi_mock.domain.track.answer import sources, track_infos
from fleetapi_mock.domain.track.waybill import Waybill, next_number, trip_row
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import EmployeeRecord, TrackerRecord


def _text(value: Any) -> str:
    """A field's value as text ("" for an absent or null one)."""
    return "" if value is None or isinstance(value, Unset) else str(value)


@handles(TRACK_WAYBILL_DOWNLOAD)
def track_waybill_download(ctx: Context, params: WaybillDownloadParams) -> FileReply:
    """The waybill as a DOCX document; its number is kept as the caller's last one."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    if not has_feature(ctx.world, tracker, FLEET_FEATURE):
        raise TariffRestrictionError(f"the tariff of tracker {tracker.id} has no {FLEET_FEATURE}")
    start, end = ctx.period(params.from_, params.to)
    vehicle = next((v for v in ctx.owned(ctx.world.vehicles) if v.tracker_id == tracker.id), None)
    garage_id = None if vehicle is None else vehicle.garage_id
    garage = None if garage_id is None else ctx.world.garages.get(garage_id)
    driver = driver_of(ctx, tracker.id)
    trips, total_km = None, 0.0
    if params.fill_history:
        found = sources(ctx, [tracker], start, end)
        options = TrackerTrackListParams(
            tracker_id=tracker.id,
            from_=params.from_,
            to=params.to,
            filter=params.filter,
            split=params.split,
            include_gsm_lbs=params.include_gsm_lbs,
            cluster_single_reports=params.cluster_single_reports,
        )
        tracks = track_infos(ctx, found[0], options)[0] if found else []
        trips = [trip_row(i, t) for i, t in enumerate(tracks, start=1)]
        total_km = sum(t.length for t in tracks if isinstance(t, RegularTrack | MergedTrack))
    vehicle_rows = [
        ("Vehicle", _text(vehicle.label if vehicle else tracker.label)),
        ("Model", _text(vehicle and vehicle.model)),
        ("Registration number", _text(vehicle and vehicle.reg_number)),
        ("VIN", _text(vehicle and vehicle.vin)),
    ]
    if params.type == "form3ext":
        norm = vehicle.norm_avg_fuel_consumption if vehicle else None
        fuel = f"{total_km * norm / 100:.2f}" if isinstance(norm, int | float) else ""
        vehicle_rows += [("Fuel norm, l/100 km", _text(norm)), ("Fuel by norm, l", fuel)]
    elif params.type == "form4c":
        vehicle_rows.append(("Payload, kg", _text(vehicle and vehicle.payload_weight)))
    waybill = Waybill(
        form=params.type,
        series=_text(params.series),
        number=params.number,
        period=(ctx.user_time(start), ctx.user_time(end)),
        organization=[
            ("Organization", _text(garage and garage.organization_name)),
            ("Dispatcher", _text(garage and garage.dispatcher_name)),
            ("Mechanic", _text(garage and garage.mechanic_name)),
        ],
        vehicle=vehicle_rows,
        driver=_driver_rows(driver),
        trips=trips,
        total_km=total_km,
        odometer=_odometer(ctx, tracker, start, end) if params.fill_odometer is True else None,
        created=ctx.user_time(ctx.now()),
    )
    content = waybill.docx()
    user = ctx.require_user()
    ctx.world.users[user.id] = attrs.evolve(user, waybill_number=next_number(params.number))
    return FileReply(
        content=content, content_type=WAYBILL_FILE_TYPE, filename=f"waybill-{tracker.id}.docx"
    )


def _driver_rows(driver: EmployeeRecord | None) -> list[tuple[str, str]]:
    """The driver's rows (none when nobody is bound to the tracker)."""
    if driver is None:
        return []
    return [
        ("Driver", " ".join(filter(None, (driver.first_name, driver.last_name)))),
        ("Personnel number", _text(driver.personnel_number)),
        ("Driving licence", _text(driver.driver_license_number)),
        ("Licence categories", _text(driver.driver_license_cats)),
    ]


def _odometer(
    ctx: Context, tracker: TrackerRecord, start: dt.datetime, end: dt.datetime
) -> tuple[str, str]:
    """The odometer (km) at the period's first and last points ("" without a value)."""
    series = counter_series(ctx.world, tracker, "odometer", start, end) or []
    if not series:
        return "", ""
    return f"{series[0].value:.1f}", f"{series[-1].value:.1f}"


@handles(TRACK_WAYBILL_SETTINGS_READ)
def track_waybill_settings_read(ctx: Context, params: NoParams) -> WaybillSettings:
    """The number the caller's next waybill takes (201 before any download)."""
    number = ctx.require_user().waybill_number
    if number is None:
        raise EntityNotFoundError("no waybill was downloaded")
    return WaybillSettings(number=number)

"""Waybills: a tracker's trips of a period as a driver's trip sheet (``track/waybill/*``)."""

from __future__ import annotations

import datetime as dt
from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "WAYBILL_NUMBER_LENGTH",
    "WaybillDownloadParams",
    "WaybillSettings",
    "WaybillType",
]

WaybillType = Literal["form3", "form3ext", "form4c"]
"""The waybill forms: ``form3`` a passenger car's, ``form3ext`` the same with fuel by the
vehicle's norm, ``form4c`` a truck's paid by the trip."""

WAYBILL_NUMBER_LENGTH: Final = 64
"""The longest series or number a waybill carries."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class WaybillDownloadParams:
    """Parameters of ``track/waybill/download``."""

    tracker_id: int
    """The tracker: the caller's, not blocked."""
    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """Later than ``from``."""
    type: WaybillType
    """The form."""
    fill_history: bool
    """False fills in the driver, garage and vehicle only (no trips)."""
    number: str = attrs.field(
        metadata=rules(min_length=1, max_length=WAYBILL_NUMBER_LENGTH, printable=True)
    )
    """The waybill's number; kept as the last number (one more when it is all digits)."""
    series: str | Unset = attrs.field(
        default=UNSET, metadata=rules(max_length=WAYBILL_NUMBER_LENGTH, printable=True)
    )
    """The waybill's series."""
    fill_odometer: bool | Unset = UNSET
    """Write the odometer at the start and end of the period (default false)."""
    filter: bool | Unset = UNSET
    """Drop trips too short by length and point count (default true)."""
    split: bool | Unset = UNSET
    """False merges every trip of the period into one (default true)."""
    include_gsm_lbs: bool | Unset = UNSET
    """Default true; false leaves out trips located by cell towers."""
    cluster_single_reports: bool | Unset = UNSET
    """Group single-point trips by coordinates (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class WaybillSettings:
    """The answer of ``track/waybill/settings/read``."""

    number: str
    """The number the next waybill takes: the last one downloaded, plus one when it was all
    digits."""

"""Time zones: what a user's ``time_zone`` may name."""

from __future__ import annotations

from fleetapi._endpoint import Access, Decision, Endpoint, Result
from fleetapi.models.timezone import TimeZone, TimeZoneListParams

TIMEZONE_LIST = Endpoint(
    path="timezone/list",
    params=TimeZoneListParams,
    result=Result.field("list", list[TimeZone]),
    summary="List the time zones, with their offsets and countries.",
    access=Access.NONE,
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "The zones of `timezone/list`",
            "Every zone of the IANA database's `zone.tab` (one with a country), and `UTC` "
            "(country code empty), sorted by `zone_id`; the offsets are those in force in the "
            "world's current year. Descriptions are the zone's city in English whatever the "
            "`locale`; `alt_ids` are left out (`tests/sdk/test_timezone.py`).",
        ),
    ),
)

ENDPOINTS = (TIMEZONE_LIST,)

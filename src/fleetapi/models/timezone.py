"""Time zones (``timezone/list``): the zones a user's ``time_zone`` may name."""

from __future__ import annotations

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = ["TimeZone", "TimeZoneListParams"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class TimeZoneListParams:
    """Parameters of ``timezone/list``."""

    locale: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=16))
    """The language of the descriptions (``en``, ``en_US``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TimeZone:
    """A time zone."""

    zone_id: str
    """Its IANA name (``Europe/Berlin``), what ``time_zone`` fields take."""
    description: str
    """Its name for people (``Berlin``)."""
    base_offset: float
    """Hours ahead of UTC outside daylight saving time (negative west of Greenwich)."""
    dst_offset: int
    """Hours daylight saving time adds; 0 where it is not kept."""
    country_code: str
    """The ISO 3166 code of its country."""
    alt_ids: list[str] | Unset = UNSET
    """Other names of the zone."""

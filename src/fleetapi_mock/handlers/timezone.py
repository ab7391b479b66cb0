"""Time zones: the IANA database's zones with a country, and UTC."""

from __future__ import annotations

import datetime as dt
import functools
import importlib.resources
import zoneinfo

from fleetapi.endpoints.timezone import TIMEZONE_LIST
from fleetapi.models.timezone import TimeZone, TimeZoneListParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles

_HOUR = dt.timedelta(hours=1)


def _countries() -> dict[str, str]:
    """Zone name to country code, from the ``zone.tab`` the ``tzdata`` package ships."""
    table = importlib.resources.files("tzdata.zoneinfo").joinpath("zone.tab").read_text("utf-8")
    rows = (line.split("\t") for line in table.splitlines() if line and line[0] != "#")
    return {row[2]: row[0] for row in rows if len(row) >= 3}


def _zone(zone_id: str, country: str, year: int) -> TimeZone:
    """The zone's offsets in ``year``: its standard offset and what daylight time adds."""
    tz = zoneinfo.ZoneInfo(zone_id)
    moments = [dt.datetime(year, month, 15, 12, tzinfo=tz) for month in range(1, 13)]
    saved = max((m.dst() or dt.timedelta()) for m in moments)
    standard = min((m.utcoffset() or dt.timedelta()) - (m.dst() or dt.timedelta()) for m in moments)
    return TimeZone(
        zone_id=zone_id,
        description=zone_id.rsplit("/", 1)[-1].replace("_", " "),
        base_offset=standard / _HOUR,
        dst_offset=round(saved / _HOUR),
        country_code=country,
    )


@functools.cache
def _zones(year: int) -> tuple[TimeZone, ...]:
    countries = {"UTC": "", **_countries()}
    return tuple(_zone(z, countries[z], year) for z in sorted(countries))


@handles(TIMEZONE_LIST)
def timezone_list(ctx: Context, params: TimeZoneListParams) -> list[TimeZone]:
    """Every zone of ``zone.tab`` and UTC, by name, with the offsets of the world's year."""
    return list(_zones(ctx.world.now().year))

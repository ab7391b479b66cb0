"""Yesterday's trips of every employee with a tracker: a daily driving report.

Run it against the demo backend (``make demo`` in another shell):

    FLEETAPI_BASE_URL=http://127.0.0.1:8765 python examples/daily_trips.py
"""

from __future__ import annotations

import datetime as dt
import os

from fleetapi import Client
from fleetapi.models.track import AssetRef, RegularTrack, SingleReportTrack


def main() -> None:
    """Print each employee's trips of 2026-01-14 (the demo's yesterday) and the day's totals."""
    base_url = os.environ.get("FLEETAPI_BASE_URL", "http://127.0.0.1:8765")
    day = dt.datetime(2026, 1, 14)

    with Client.login(base_url, "demo", "demo") as client:
        for employee_id, name in ((1, "Anna Schmidt"), (2, "Ben Keller")):
            result = client.asset.track.list(
                asset=AssetRef(id=employee_id, type="employee"),
                from_=day,
                to=day + dt.timedelta(days=1),
                count_events=True,
            )
            print(f"{name}:")
            for element in result.list:
                for track in element.tracks:
                    if isinstance(track, RegularTrack):
                        print(
                            f"  {track.start_date:%H:%M}-{track.end_date:%H:%M}"
                            f"  {track.length:5.1f} km  {track.start_address or '?'}"
                            f" -> {track.end_address or '?'}  events: {track.event_count}"
                        )
                    elif isinstance(track, SingleReportTrack):
                        print(f"  {track.start_date:%H:%M}        single report")
            total = result.total
            print(
                f"  {total.count} tracks, {total.length:.1f} km,"
                f" driving {total.trips_duration}, parked {total.parking_duration}"
            )


if __name__ == "__main__":
    main()

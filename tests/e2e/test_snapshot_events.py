"""A snapshot reads every event of its window, however many: ``history/tracker/list`` answers
1,000 at most and has no offset, so the snapshot pages by time."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi_mock import FleetMock, demo_document
from fleetapi_mock.snapshot import take_snapshot
from fleetapi_mock.snapshot.compare import compare, covered_requests

pytestmark = pytest.mark.e2e

SINCE, UNTIL = dt.datetime(2026, 1, 8), dt.datetime(2026, 1, 15, 23, 59, 59)
BUSY = 2400
"""Events added to the window, two at each time (a page may end between the two)."""


def _busy() -> dict[str, Any]:
    """The demo world in New York's time, Vans 1 and 2 with 2,400 more events in the week."""
    document = demo_document()
    document["users"][0]["time_zone"] = "America/New_York"
    start = dt.datetime(2026, 1, 9, 12)
    for n in range(BUSY):
        at = start + dt.timedelta(minutes=2 * (n // 2))
        document["events"].append({
            "id": 1000 + n, "user_id": 1, "message": "Speeding", "event": "speeding",
            "time": at.strftime("%Y-%m-%d %H:%M:%S"), "tracker_id": 1 + n % 2,
            "location": {"lat": 52.5, "lng": 13.4, "precision": 5},
            "extra": {"last_known_location": False, "emergency": False},
        })  # fmt: skip
    return document


def test_a_window_of_more_than_1000_events_is_read_whole() -> None:
    source = FleetMock(_busy())
    # the window in UTC: New York is five hours behind in January
    first, last = SINCE + dt.timedelta(hours=5), UNTIL + dt.timedelta(hours=5)
    expected = {
        e.id
        for e in source.world.events.values()
        if e.user_id == 1 and e.tracker_id != 5 and first <= e.time <= last
    }
    assert len(expected) > 2 * 1000
    with source.login() as client:
        taken = take_snapshot(client, since=SINCE, until=UNTIL, seed=1)
        requests = covered_requests(client, since=SINCE, until=UNTIL)
        pages = [p for call, p in requests if call == "history/tracker/list"]
        assert len(pages) == 3  # 1,000 + 1,000 + the rest, each page from the last one's time
        assert {e["id"] for e in taken.document["events"]} == expected
        assert taken.counts["events"] == len(expected)
        with FleetMock(taken.document).login("demo", taken.password) as mirror:
            assert compare(client, mirror, requests) == []

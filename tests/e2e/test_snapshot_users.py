"""The users of a snapshot: every date/time the master reads, its sub-users' included, is in
the master's time zone (the service's documentation: a date/time is in the user's zone), and
no reading call tells a sub-user's own zone to its master."""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi_mock import FleetMock, demo_document
from fleetapi_mock.snapshot import take_snapshot
from fleetapi_mock.snapshot.compare import compare, covered_requests

pytestmark = pytest.mark.e2e

SINCE, UNTIL = dt.datetime(2026, 1, 8), dt.datetime(2026, 1, 15, 23, 59, 59)


def test_a_sub_users_dates_are_read_in_its_masters_time_zone() -> None:
    document = demo_document()
    master, dispatcher = document["users"][0], document["users"][1]
    master["time_zone"] = "America/New_York"
    assert dispatcher["time_zone"] == "Europe/Berlin"  # its own, which no call tells
    dispatcher["profile"] = {"creation_date": "2025-09-01 08:00:00"}
    source = FleetMock(document)
    with source.login() as client:
        shown = client.request("subuser/list")["list"][0]["creation_date"]
        assert shown == "2025-09-01 04:00:00"  # in New York's time, for the master
        taken = take_snapshot(client, since=SINCE, until=UNTIL)
        kept = {u["login"]: u for u in taken.document["users"]}
        assert kept["dispatcher"]["profile"]["creation_date"] == "2025-09-01 08:00:00"  # UTC
        assert kept["demo"]["profile"]["creation_date"] == "2025-06-01 10:00:00"
        assert kept["dispatcher"]["time_zone"] == "America/New_York"  # the master's
        requests = covered_requests(client, since=SINCE, until=UNTIL)
        assert ("subuser/list", {}) in requests
        with FleetMock(taken.document).login("demo", taken.password) as mirror:
            assert compare(client, mirror, requests) == []
            theirs = client.request("user/get_info")["user_info"]["creation_date"]
            assert mirror.request("user/get_info")["user_info"]["creation_date"] == theirs

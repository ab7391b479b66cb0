"""Contract tests of check-ins: read-only, against any server.

See ``test_contract_accounts.py`` for how to point them at another server.
"""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi import Client, EntityMissingError, InvalidParametersError

pytestmark = pytest.mark.e2e


def test_a_page_agrees_with_the_count_and_with_read(client: Client) -> None:
    every = client.checkin.list()
    assert every.count >= len(every.list)
    first = client.checkin.list(limit=1)
    assert first.count == every.count
    assert len(first.list) == min(1, every.count)
    for checkin in every.list[:3]:
        again = client.checkin.read(checkin_id=checkin.id)
        assert (again.id, again.tracker_id, again.marker_time) == (
            checkin.id,
            checkin.tracker_id,
            checkin.marker_time,
        )
        assert [f.id for f in again.files] == [f.id for f in checkin.files]


def test_the_newest_come_first_unless_sorted(client: Client) -> None:
    times = [c.marker_time for c in client.checkin.list(limit=20).list]
    assert times == sorted(times, reverse=True)
    ascending = [c.marker_time for c in client.checkin.list(sort=["marker_time=asc"]).list]
    assert ascending == sorted(ascending)


def test_reading_an_unknown_checkin_is_204(client: Client) -> None:
    with pytest.raises(EntityMissingError):
        client.checkin.read(checkin_id=2_000_000_000)


def test_to_before_from_is_an_invalid_parameter(client: Client) -> None:
    start = dt.datetime(2026, 1, 2)
    with pytest.raises(InvalidParametersError):
        client.checkin.list(from_=start, to=start - dt.timedelta(days=1))


def test_exports_are_files(client: Client) -> None:
    assert client.checkin.list_file(format="xlsx", limit=5).startswith(b"PK")
    assert client.checkin.list_file(format="pdf", limit=5).startswith(b"%PDF")

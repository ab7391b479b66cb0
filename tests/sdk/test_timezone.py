"""``timezone/list``: the zones a user's ``time_zone`` may name, without logging in."""

from __future__ import annotations

import httpx

from fleetapi_mock import FleetMock


def test_the_zones_come_with_their_offsets_and_countries_to_anyone() -> None:
    mock = FleetMock()
    with mock.client() as anonymous:
        zones = {z.zone_id: z for z in anonymous.timezone.list(locale="en")}
    berlin = zones["Europe/Berlin"]
    assert (berlin.description, berlin.base_offset, berlin.dst_offset) == ("Berlin", 1.0, 1)
    assert berlin.country_code == "DE"
    kolkata = zones["Asia/Kolkata"]
    assert (kolkata.base_offset, kolkata.dst_offset) == (5.5, 0)
    assert zones["America/New_York"].base_offset == -5.0
    assert zones["UTC"].country_code == ""
    assert list(zones) == sorted(zones)
    assert len(zones) > 300


def test_no_credential_is_needed() -> None:
    mock = FleetMock()
    with httpx.Client(transport=mock.transport, base_url=mock.base_url) as plain:
        answer = plain.post("/timezone/list", json={"locale": "En-en"}).json()
    assert answer["success"] is True
    assert answer["list"][0]["zone_id"] == "Africa/Abidjan"

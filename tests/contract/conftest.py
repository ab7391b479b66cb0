"""The client of the contract tests: the served mock, or the server the environment names.

FLEETAPI_TEST_BASE_URL=https://... FLEETAPI_TEST_HASH=<session hash> pytest tests/contract
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from fleetapi import Client


@pytest.fixture
def client(request: pytest.FixtureRequest) -> Iterator[Client]:
    """A master user's client: on ``FLEETAPI_TEST_BASE_URL`` when set, else the demo mock."""
    base_url = os.environ.get("FLEETAPI_TEST_BASE_URL")
    if base_url:
        with Client(base_url=base_url, api_key=os.environ["FLEETAPI_TEST_HASH"]) as real:
            yield real
        return
    server = request.getfixturevalue("fleet_server")
    with Client.login(server.base_url, "demo", "demo") as mock:
        yield mock

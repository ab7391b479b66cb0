"""Fixtures shared by the SDK tests."""

from __future__ import annotations

from typing import Any

import pytest
from tasks_helpers import login

from fleetapi_mock import FleetMock


@pytest.fixture(params=["sync", "async"])
def client(request: pytest.FixtureRequest, fleet_mock: FleetMock) -> Any:
    """The demo master user's client, sync or async (behind a sync view)."""
    return login(fleet_mock, request.param)

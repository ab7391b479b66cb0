"""Fixtures for driving the mock at the HTTP level through the in-process transport."""

from __future__ import annotations

import pytest
from mock_helpers import Api

from fleetapi_mock import FleetMock


@pytest.fixture
def api(fleet_mock: FleetMock) -> Api:
    return Api(fleet_mock)


@pytest.fixture
def demo(api: Api) -> str:
    """A session hash of the demo master user."""
    return api.login()


@pytest.fixture
def dispatcher(api: Api) -> str:
    """A session hash of the demo sub-user (rights: task_update, employee_update)."""
    return api.login("dispatcher", "demo")

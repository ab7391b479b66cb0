"""Shared test configuration."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# CI runs the property tests derandomized, so that a run is reproducible: pick the profile with
# HYPOTHESIS_PROFILE (default: "ci" when CI is set).
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default")
)


@pytest.fixture(params=["asyncio"])
def anyio_backend(request):
    return request.param


@pytest.fixture
def no_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    """The SDK's retries wait no backoff (what the mock makes wait, a delay fault, still
    does)."""

    async def nothing(seconds: float) -> None:
        return None

    monkeypatch.setattr("fleetapi._client.sleep", lambda seconds: None)
    monkeypatch.setattr("fleetapi._async_client.sleep", nothing)

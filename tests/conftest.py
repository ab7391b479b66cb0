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

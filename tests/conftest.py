"""Shared test configuration."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["asyncio"])
def anyio_backend(request):
    return request.param

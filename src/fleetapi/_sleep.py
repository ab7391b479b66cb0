"""Sleeping between retries, for each engine (patched out in tests)."""

from __future__ import annotations

import time

import anyio

__all__ = ["async_sleep", "sync_sleep"]


async def async_sleep(seconds: float) -> None:
    """Wait ``seconds`` in any async framework anyio supports."""
    await anyio.sleep(seconds)


def sync_sleep(seconds: float) -> None:
    """Wait ``seconds``."""
    time.sleep(seconds)

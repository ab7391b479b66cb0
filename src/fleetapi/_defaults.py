"""The SDK's defaults that the command line states in its help: a module that imports nothing,
so that ``fleet --help`` need not import httpx to print them."""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT_MAX_RETRIES", "DEFAULT_TIMEOUT"]

DEFAULT_TIMEOUT: Final = 30.0
"""Seconds each attempt of a call may take, unless the client is told otherwise."""

DEFAULT_MAX_RETRIES: Final = 2
"""Retries after the first attempt, unless the client is told otherwise."""

"""fleetapi: a typed client for the fleet and field-workforce tracking web API."""

from __future__ import annotations

from fleetapi._types import UNSET, Unset

__version__ = "0.1.0"

__all__ = ["UNSET", "Unset", "__version__"]

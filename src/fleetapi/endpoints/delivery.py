"""Calls of the delivery area."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint

ENDPOINTS: tuple[Endpoint, ...] = ()

"""Calls of the track area."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint

ENDPOINTS: tuple[Endpoint, ...] = ()

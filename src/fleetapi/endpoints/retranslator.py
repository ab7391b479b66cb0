"""Calls of the retranslator area."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint

ENDPOINTS: tuple[Endpoint, ...] = ()

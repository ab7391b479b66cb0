"""Dealer interface configuration."""

from __future__ import annotations

from fleetapi._endpoint import Access, Endpoint, Result
from fleetapi.models.dealer import DealerUiConfig, UiConfigParams

DEALER_GET_UI_CONFIG = Endpoint(
    path="dealer/get_ui_config",
    params=UiConfigParams,
    result=Result.body(DealerUiConfig),
    summary="Read a dealer's interface configuration by domain or by a user's hash.",
    access=Access.NONE,
    errors=(12, 201),
    safe=True,
    notes="Needs no credential. Given both `domain` and `hash`, the mock uses the hash.",
)

ENDPOINTS = (DEALER_GET_UI_CONFIG,)

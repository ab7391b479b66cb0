"""Dealer interface configuration (``dealer/get_ui_config``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs

from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LatLng

__all__ = [
    "DealerInfo",
    "DealerSettings",
    "DealerUiConfig",
    "DefaultMap",
    "DefaultUserSettings",
    "InternalSettings",
    "TrackerModelFilter",
    "UiConfigParams",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class UiConfigParams:
    """Parameters of ``dealer/get_ui_config``: a ``domain``, or a user ``hash``.

    The service tolerates both; when a hash is given the dealer is the one of its user.
    """

    domain: str | Unset = UNSET
    """The interface domain whose settings to read."""
    hash: str | Unset = attrs.field(default=UNSET, repr=False)
    """A session hash, when the call is made without credentials otherwise."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class DealerInfo:
    """The dealer itself."""

    id: int
    ui_domain: str
    company_url: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class DefaultMap:
    """The map a new user sees first."""

    type: str
    location: LatLng
    zoom: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class DefaultUserSettings:
    """Settings new users start with."""

    geocoder: str
    route_provider: str
    measurement_system: str
    translit: bool


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerModelFilter:
    """Which device models are offered (an empty ``values`` means all)."""

    exclusion: bool
    values: list[str]


@attrs.frozen(kw_only=True, weakref_slot=False)
class InternalSettings:
    """Registration internals."""

    light_registration: bool
    demo_tracker_source_id: int
    demo_tracker_label: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class DealerSettings:
    """The dealer's interface settings."""

    domain: str
    service_title: str
    locale: str
    demo_login: str = ""
    demo_password: str = attrs.field(default="", repr=False)
    maps: list[str]
    default_map: DefaultMap
    currency: str
    payment_link: str | None = None
    promo_url: str | None = None
    google_client_id: str | None = None
    favicon: str | None = None
    logo: str | None = None
    app_logo: str | None = None
    login_wallpaper: str | None = None
    desktop_wallpaper: str | None = None
    monitoring_logo: str | None = None
    login_footer: str | None = None
    privacy_policy_link: str | None = None
    tos: str | None = None
    allow_registration: bool = False
    show_mobile_apps: bool = True
    show_call_notifications: bool = False
    display_model_features_link: bool = False
    no_register_commands: bool = False
    default_user_settings: DefaultUserSettings
    color_theme: str = ""
    app_color_theme: str = ""
    tracker_model_filter: TrackerModelFilter
    internal: InternalSettings | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class DealerUiConfig:
    """The result of ``dealer/get_ui_config``."""

    dealer: DealerInfo
    settings: DealerSettings
    demo_ends: dt.date | None = None
    premium_gis: bool = False
    features: list[str] = attrs.Factory(list)
    platform: dict[str, Any] = attrs.Factory(dict)
    """Global settings (``report.max_time_span``, ``file_storage.hard_max_file_size``...)."""

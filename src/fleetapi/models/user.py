"""The signed-in user (``user/get_info``, ``user/get_tariff_restrictions``, ``user/logout``,
``user/settings/*``), as the service documents them."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.dealer import DealerSettings
from fleetapi.models.geocoder import GeocoderType

__all__ = [
    "BalanceAlertSettings",
    "DateFormat",
    "FileStorageSettings",
    "HourMode",
    "LegalType",
    "MasterInfo",
    "MeasurementSystem",
    "Privileges",
    "RouteProvider",
    "TariffRestrictions",
    "UserInfo",
    "UserInfoAnswer",
    "UserInfoParams",
    "UserSettings",
    "UserSettingsAnswer",
    "UserSettingsUpdateParams",
]

LegalType = Literal["legal_entity", "individual", "sole_trader"]
MeasurementSystem = Literal["metric", "imperial", "us", "metric_gal_us", "nautical"]
DateFormat = Literal[
    "ddMMyyyy_dots", "ddMMyyyy_slashes", "MMddyyyy_hyphens", "yyyyMMdd_hyphens", "dMMMy", "dMMMMy"
]
HourMode = Literal["TWENTY_FOUR_HOURS", "TWELVE_HOURS"]
RouteProvider = Literal["progorod", "google", "osrm"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class MasterInfo:
    """The account owner, as ``user/get_info`` shows it to a sub-user."""

    id: int
    demo: bool = False
    legal_type: LegalType = "individual"
    first_name: str = ""
    middle_name: str = ""
    last_name: str = ""
    legal_name: str = ""
    title: str = ""
    """The first and last name, or the organization's title."""
    balance: float = 0.0
    bonus: float = 0.0


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserInfo(MasterInfo):
    """The user (``user_info`` of ``user/get_info``)."""

    login: str
    """The login, most often an e-mail address."""
    phone: str = ""
    creation_date: dt.datetime | None = None
    locale: str = "en"
    verified: bool = True
    """Whether the e-mail address was confirmed."""
    default_geocoder: GeocoderType = "osm"
    route_provider: RouteProvider = "osrm"
    time_zone: str = "UTC"
    measurement_system: MeasurementSystem = "metric"
    date_format: DateFormat | None = None
    hour_mode: HourMode | None = None
    tin: str = ""
    """The taxpayer identification number."""
    iec: str = ""
    post_country: str = ""
    post_region: str = ""
    post_index: str = ""
    post_city: str = ""
    post_street_address: str = ""
    registered_country: str = ""
    registered_region: str = ""
    registered_index: str = ""
    registered_city: str = ""
    registered_street_address: str = ""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TariffRestrictions:
    """What the user's plan allows (``user/get_tariff_restrictions``)."""

    allowed_maps: list[str]
    """The maps the user may open (``roadmap``, ``osm``...)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Privileges:
    """A sub-user's effective rights."""

    rights: list[str]


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserInfoParams:
    """Parameters of ``user/get_info``."""

    application: str | Unset = UNSET
    """An application whose custom menu ``user_menu`` describes."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserInfoAnswer:
    """The answer of ``user/get_info``."""

    paas_id: int
    """The dealer's ID."""
    paas_settings: DealerSettings | None
    """The dealer's interface settings, as ``dealer/get_ui_config`` answers them."""
    user_info: UserInfo
    master: MasterInfo | Unset = UNSET
    """The account owner; answered to sub-users only."""
    tariff_restrictions: TariffRestrictions
    premium_gis: bool
    features: list[str]
    """The dealer's features."""
    privileges: Privileges | Unset = UNSET
    """The effective rights; answered to sub-users only."""
    user_menu: dict[str, Any]
    """The menu of the user interface (its items are the service's own)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserSettings:
    """The user's settings (``settings`` of ``user/settings/read``)."""

    time_zone: str
    """An IANA time zone (``Europe/Amsterdam``): date/times are answered in it."""
    locale: str
    measurement_system: MeasurementSystem
    date_format: DateFormat | Unset = UNSET
    hour_mode: HourMode | Unset = UNSET
    geocoder: GeocoderType
    route_provider: RouteProvider
    translit: bool
    """Transliterate SMS notifications."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class BalanceAlertSettings:
    """Where balance alerts go."""

    emails: list[str] = attrs.field(metadata=rules(max_items=20))
    """The addresses (empty: no alerts)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FileStorageSettings:
    """What the file storage does when it is full."""

    auto_overwrite: bool = False
    """New files replace the oldest ones."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserSettingsAnswer:
    """The answer of ``user/settings/read``."""

    settings: UserSettings
    file_storage_settings: FileStorageSettings | Unset = UNSET
    """Master users only."""
    balance_alert_settings: BalanceAlertSettings | Unset = UNSET
    """Master users only."""
    first_user_balance_warning_period: str | Unset = UNSET
    """When the first balance warning goes out (``7d``: 7 days before)."""
    second_user_balance_warning_period: str | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserSettingsUpdateParams:
    """Parameters of ``user/settings/update``: the settings to change (the others stay)."""

    time_zone: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=64))
    """An IANA time zone (``Europe/Amsterdam``)."""
    locale: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=16))
    """The interface language and regional format, e.g. en_US."""
    measurement_system: MeasurementSystem | Unset = UNSET
    """Units for distances, speeds and volumes."""
    date_format: DateFormat | Unset = UNSET
    """How the interface writes dates."""
    hour_mode: HourMode | Unset = UNSET
    """24-hour or 12-hour clock."""
    geocoder: GeocoderType | Unset = UNSET
    """The geocoder that finds addresses for the user."""
    route_provider: RouteProvider | Unset = UNSET
    """The service that plans routes for the user."""
    translit: bool | Unset = UNSET
    """Write addresses in Latin letters."""
    balance_alert_settings: BalanceAlertSettings | Unset = UNSET
    """Master users only (13 for a sub-user)."""
    file_storage_settings: FileStorageSettings | Unset = UNSET
    """Master users only (13 for a sub-user)."""


def __getattr__(name: str) -> Any:
    """``GeocoderName``, 0.1's name of :data:`~fleetapi.models.geocoder.GeocoderType`, with a
    warning (it goes in 0.3.0)."""
    if name == "GeocoderName":
        import warnings

        warnings.warn(
            "fleetapi.models.user.GeocoderName is deprecated since 0.2.0 and goes in 0.3.0: "
            "use fleetapi.models.geocoder.GeocoderType",
            DeprecationWarning,
            stacklevel=2,
        )
        return GeocoderType
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The signed-in user: its information, settings, password, sessions and activation
(``user/*``), as the service documents them."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

import attrs

from fleetapi._rules import PHONE_PATTERN, rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LegalType as LegalType
from fleetapi.models.common import RouteProvider as RouteProvider
from fleetapi.models.dealer import DealerSettings
from fleetapi.models.geocoder import GeocoderType

__all__ = [
    "MAX_UI_SETTINGS_CHARACTERS",
    "PASSWORD_LENGTH",
    "BalanceAlertSettings",
    "DateFormat",
    "FileStorageSettings",
    "HourMode",
    "MasterInfo",
    "MeasurementSystem",
    "Privileges",
    "PushApplication",
    "TariffRestrictions",
    "UserInfo",
    "UserInfoAnswer",
    "UserInfoParams",
    "UserPasswordChangeParams",
    "UserPasswordSetParams",
    "UserPersonalInfoUpdateParams",
    "UserResendActivationParams",
    "UserSessionPushTokenBindParams",
    "UserSettings",
    "UserSettingsAnswer",
    "UserSettingsFileStorageUpdateParams",
    "UserSettingsUiReadParams",
    "UserSettingsUiUpdateParams",
    "UserSettingsUpdateParams",
]

MeasurementSystem = Literal["metric", "imperial", "us", "metric_gal_us", "nautical"]
DateFormat = Literal[
    "ddMMyyyy_dots", "ddMMyyyy_slashes", "MMddyyyy_hyphens", "yyyyMMdd_hyphens", "dMMMy", "dMMMMy"
]
HourMode = Literal["TWENTY_FOUR_HOURS", "TWELVE_HOURS"]

_NAME = rules(max_length=100)
_ADDRESS = rules(max_length=255)
_UI_KEY = rules(min_length=1, max_length=50, pattern=r"^[A-Za-z0-9_-]+$")

PASSWORD_LENGTH = (6, 20)
"""The shortest and longest password a user sets itself (a sub-user's too), in characters."""

MAX_UI_SETTINGS_CHARACTERS = 65_536
"""The most characters of keys and values the interface keeps for one user (268 beyond)."""


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


# --- Passwords, sessions and the interface's settings -------------------------------------------

PushApplication = Literal["navixy_iphone_viewer", "navixy_android_viewer", "w3c_pushapi"]
"""The application a push token belongs to (``w3c_pushapi``: web push in a browser)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserPasswordSetParams:
    """Parameters of ``user/password/set``."""

    old_password: str = attrs.field(repr=False, metadata=rules(max_length=40))
    """The current password."""
    new_password: str = attrs.field(
        repr=False,
        metadata=rules(
            min_length=PASSWORD_LENGTH[0], max_length=PASSWORD_LENGTH[1], printable=True
        ),
    )
    """6 to 20 printable characters, not the current one."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserPasswordChangeParams:
    """Parameters of ``user/password/change``, made with a password-restore session."""

    password: str = attrs.field(repr=False, metadata=rules(min_length=12, max_length=20))
    """12 to 20 characters with an upper-case and a lower-case letter, a digit and one of
    ``!@#$%^&*``, none of the user's last 10 passwords."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserResendActivationParams:
    """Parameters of ``user/resend_activation``."""

    login: str = attrs.field(metadata=rules(not_blank=True, max_length=255))
    """The login (e-mail address) of the user to activate."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserPersonalInfoUpdateParams:
    """Parameters of ``user/personal_info/update``: the user's contact and legal details
    (what is not given stays as it was)."""

    legal_type: LegalType
    """An individual, a sole trader or a legal entity."""
    first_name: str = attrs.field(metadata=_NAME)
    """The contact person's first name."""
    middle_name: str = attrs.field(metadata=_NAME)
    """The contact person's middle name."""
    last_name: str = attrs.field(metadata=_NAME)
    """The contact person's last name."""
    phone: str | Unset = attrs.field(default=UNSET, metadata=rules(pattern=PHONE_PATTERN))
    """0 to 15 digits."""
    post_country: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """The postal address: its country."""
    post_index: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """Its postal code."""
    post_region: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """Its region."""
    post_city: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """Its city."""
    post_street_address: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """Its street and number."""
    registered_country: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """Legal entities and sole traders: the registered address."""
    registered_index: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """Its postal code."""
    registered_region: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """Its region."""
    registered_city: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """Its city."""
    registered_street_address: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """Its street and number."""
    state_reg_num: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=15))
    """The state registration number (EIN, OGRN...)."""
    tin: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=32))
    """The taxpayer identification number."""
    legal_name: str | Unset = attrs.field(default=UNSET, metadata=_ADDRESS)
    """A legal entity's name."""
    iec: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=32))
    """A legal entity's industrial enterprises classifier (KPP)."""
    okpo_code: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=10))
    """The OKPO code of a legal entity or a sole trader."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserSettingsUiReadParams:
    """Parameters of ``user/settings/ui/read``."""

    key: str = attrs.field(metadata=_UI_KEY)
    """1 to 50 letters, digits, ``_`` and ``-``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserSettingsUiUpdateParams(UserSettingsUiReadParams):
    """Parameters of ``user/settings/ui/update``."""

    value: str = attrs.field(metadata=rules(max_length=8192))
    """What to keep under the key, up to 8,192 characters."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserSettingsFileStorageUpdateParams:
    """Parameters of ``user/settings/file_storage/update``."""

    file_storage_settings: FileStorageSettings
    """What the file storage does when it is full."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserSessionPushTokenBindParams:
    """Parameters of ``user/session/push_token/bind``: push notifications of the session."""

    application: PushApplication
    """The application receiving the notifications."""
    token: str = attrs.field(repr=False, metadata=rules(not_blank=True, max_length=4096))
    """The push token (for ``w3c_pushapi``, the subscription's ``endpoint`` URL)."""
    parameters: dict[str, str] | Unset = UNSET
    """``w3c_pushapi`` only: the subscription's keys (``p256dh``, ``auth``)."""
    category_filter: str = attrs.field(
        default="*", metadata=rules(pattern=r"^(\*|-?[a-z_]+(,[a-z_]+)*)$")
    )
    """``*`` for every category, a comma-separated list of those wanted, or a list after
    ``-`` of those not wanted (``chat_message``, ``history_rule``, ``history_task``,
    ``history_info``, ``history_service_task``, ``history_work_status``)."""


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

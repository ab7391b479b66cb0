"""Records of accounts: dealers, tariffs, users, sessions, API keys and contacts."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

import attrs

from fleetapi._rules import rules
from fleetapi.models.account import FactorType
from fleetapi.models.application import ApplicationAuthorization, DisplayMethod
from fleetapi.models.audit import AuditEntry
from fleetapi.models.common import RouteProvider
from fleetapi.models.dealer import DealerSettings
from fleetapi.models.geocoder import GeocoderType
from fleetapi.models.payment import PaymentSystemSettings
from fleetapi.models.subuser import SecurityGroup
from fleetapi.models.tariff import MapFilter, TariffType
from fleetapi.models.user import DateFormat, HourMode, LegalType, MeasurementSystem

__all__ = [
    "ApiKeyRecord",
    "ApplicationRecord",
    "AuditRecord",
    "ContactRecord",
    "DealerRecord",
    "GeoAccess",
    "PushTokenRecord",
    "SecurityGroupRecord",
    "SessionKind",
    "SessionRecord",
    "TariffRecord",
    "UserPreferences",
    "UserProfile",
    "UserRecord",
]


SessionKind = Literal["standard", "delivery", "password_restore", "activation", "second_factor"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class DealerRecord:
    """A dealer (the reseller whose branded interface users log in to)."""

    id: int
    parent_id: int | None = None
    """The parent dealer of a sub-dealer."""
    ui_domain: str
    company_url: str = ""
    features: list[str] = attrs.Factory(list)
    """``branding_web``, ``branding_mobile``, ``subpaas``..."""
    premium_gis: bool = False
    demo_ends: dt.date | None = None
    """The end of the dealer's trial tariff, if it is on one."""
    platform: dict[str, Any] = attrs.Factory(dict)
    """Platform values in force (``report.max_time_span``...), as ``dealer/get_ui_config``
    answers them."""
    settings: DealerSettings | None = None
    """The interface settings; null makes ``dealer/get_ui_config`` answer 201."""
    payment_settings: PaymentSystemSettings | None = None
    """The payment system of the dealer's users (``payment_system/list``; null answers 201).
    Its ``type`` ``avangate`` makes the external subscription calls work (else 215)."""
    device_limit: int | None = None
    """The most trackers the dealer's users may have in all; null means no limit. A dealer
    over it makes the calls that check it (``checkin/list``, ``department/list``,
    ``department/create``) answer 221."""
    activation_codes: list[str] = attrs.Factory(list)
    """The dealer's activation codes not used yet: registering a device with one uses it
    up (``tracker/register``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TariffRecord:
    """A tariff plan of trackers: the features it allows, how long tracks are kept, what it
    costs, and which plans a tracker on it may switch to (``tariff/*``)."""

    id: int
    """The plan."""
    label: str = ""
    """The plan's name (its ``name`` in ``tariff/list``)."""
    dealer_id: int | None = None
    """The dealer offering it; null: every dealer (a world document naming none)."""
    group_id: int = 0
    """Its group of plans: a tracker switches only between plans of one group."""
    active: bool = True
    """Whether users may switch to it themselves."""
    type: TariffType = "monthly"
    """How it is paid: ``monthly``, ``everyday`` or ``activeday``."""
    features: list[str] = attrs.Factory(list)
    """``app_tasks`` (tasks), ``weblocator`` (geo links), ``checkin`` (check-ins)..."""
    storage_period: dt.timedelta = dt.timedelta(days=90)
    """How long tracks are kept (``store_period`` in ``tariff/list``)."""
    has_reports: bool = True
    """Its trackers may be in reports (``report/tracker/generate`` answers 236 otherwise)."""
    price: float = attrs.field(default=0.0, metadata=rules(minimum=0))
    """Monthly price of one tracker on the tariff, in the dealer's currency (the payment
    estimate adds them up)."""
    early_change_price: float | None = attrs.field(default=None, metadata=rules(minimum=0))
    """What a switch to it within the freeze period costs; null: no such switch (240)."""
    device_limit: int = attrs.field(default=1000, metadata=rules(minimum=0))
    """The most trackers an account may have to switch a tracker to it (221 beyond)."""
    paas_free: bool = False
    """Whether it is free for the PaaS owner."""
    map_filter: MapFilter = attrs.Factory(lambda: MapFilter(exclusion=True, values=[]))
    """The maps it offers; by default every one (none excluded)."""
    legal_types: list[LegalType] | None = None
    """The legal types of the accounts it is for; null: every one."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserProfile:
    """What the service keeps about a user beyond the login: ``user/get_info``'s facts."""

    middle_name: str = ""
    phone: str = ""
    creation_date: dt.datetime | None = None
    """When the user registered (UTC); answered null when the world does not say."""
    balance: float = 0.0
    bonus: float = 0.0
    demo: bool = False
    verified: bool = True
    legal_type: LegalType = "individual"
    legal_name: str = ""
    title: str = ""
    """The organization's title; empty: the first and last name are answered."""
    tin: str = ""
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
    state_reg_num: str = ""
    """A state registration number (EIN in the USA); sub-users show it."""
    allowed_maps: list[str] = attrs.Factory(lambda: ["roadmap", "satellite", "hybrid", "osm"])
    """The maps the user's plan allows (``user/get_tariff_restrictions``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserPreferences:
    """A user's settings beside its time zone and locale (``user/settings/*``)."""

    measurement_system: MeasurementSystem = "metric"
    date_format: DateFormat | None = None
    hour_mode: HourMode | None = None
    geocoder: GeocoderType = "osm"
    route_provider: RouteProvider = "osrm"
    translit: bool = False
    balance_alert_emails: list[str] = attrs.Factory(list)
    file_storage_auto_overwrite: bool = False
    first_balance_warning_period: str = "7d"
    second_balance_warning_period: str = "2d"


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoAccess:
    """The zones (or places) a sub-user sees: every one of the account's, or those bound."""

    access_to_all: bool = True
    """Every one of the account's (the bound IDs are kept for when this ends)."""
    ids: list[int] = attrs.Factory(list)
    """The IDs bound to the sub-user."""

    def sight(self) -> frozenset[int] | None:
        """The IDs seen; ``None`` for every one of the account's."""
        return None if self.access_to_all else frozenset(self.ids)


@attrs.frozen(kw_only=True, weakref_slot=False)
class UserRecord:
    """A user: a master user (account owner) or a sub-user of one."""

    id: int
    login: str
    password: str = attrs.field(repr=False)
    """Kept in clear text: this is a mock."""
    master_id: int | None = None
    """The account owner of a sub-user; null for a master user."""
    dealer_id: int
    first_name: str = ""
    last_name: str = ""
    time_zone: str = "UTC"
    """IANA time zone name; date/times are answered in it."""
    locale: str = "en"
    rights: list[str] = attrs.Factory(list)
    """A sub-user's rights (``task_update``...); master users hold every right."""
    trackers: list[int] | None = None
    """The trackers a sub-user may see; null means every tracker of the account."""
    security_group_id: int | None = None
    """A sub-user's security group, whose rights replace ``rights``; null: none."""
    zones: GeoAccess = attrs.Factory(GeoAccess)
    """The zones a sub-user sees (``subuser/zones/bind``)."""
    places: GeoAccess = attrs.Factory(GeoAccess)
    """The places a sub-user sees (``subuser/places/bind``)."""
    activated: bool = True
    plugins: list[int] = attrs.Factory(list)
    """Plugins available to a master user's account (29: bills; without it ``bill/*`` answer
    222). Sub-users have their master's."""
    profile: UserProfile = attrs.Factory(UserProfile)
    preferences: UserPreferences = attrs.Factory(UserPreferences)
    old_passwords: list[str] = attrs.Factory(list)
    """The user's last passwords before the current one, newest last (at most 10)."""
    ui_settings: dict[str, str] = attrs.Factory(dict)
    """What the interface keeps for the user (``user/settings/ui/*``), by key."""
    activation_sent: dt.datetime | None = None
    """When the last activation link went out (``user/resend_activation``)."""
    second_factor: FactorType | None = None
    """The second factor ``user/auth`` asks for (``email``: a code mailed to the login);
    null: none."""
    waybill_number: str | None = None
    """The number the user's next waybill takes (``track/waybill/*``); null: none downloaded."""

    @property
    def is_master(self) -> bool:
        """Whether the user owns the account."""
        return self.master_id is None

    @property
    def account_id(self) -> int:
        """The ID of the account owner (the user itself for a master user)."""
        return self.id if self.master_id is None else self.master_id


@attrs.frozen(kw_only=True, weakref_slot=False)
class SecurityGroupRecord(SecurityGroup):
    """A security group as the world keeps it: the API's group and its owner."""

    user_id: int
    """The master user owning the group."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AuditRecord(AuditEntry):
    """An entry of the audit log, as ``user/audit/log/list`` answers it (times in UTC)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ApplicationRecord:
    """An application embedded in the account's menu (``user/application/create``)."""

    id: int
    user_id: int
    """The master user of the account."""
    label: str
    url_template: str
    """Its address, with variables in braces."""
    authorization: ApplicationAuthorization | None = None
    """How it is signed in (an API key, or the user's session); null: it is not."""
    display_method: DisplayMethod = "new_tab"
    icon: str = "extension"
    description: str = ""
    enabled: bool = True
    """Shown in the menu."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PushTokenRecord:
    """A session's push token: the application and where its notifications go."""

    application: str
    token: str = attrs.field(repr=False)
    parameters: dict[str, str] = attrs.Factory(dict)
    category_filter: str = "*"


@attrs.frozen(kw_only=True, weakref_slot=False)
class AuthCodeRecord:
    """The code a second-factor session waits for (mailed to the user)."""

    code: str = attrs.field(repr=False)
    sent: dt.datetime
    """When the code was mailed (``user/auth/code/resend`` waits 5 minutes after)."""
    failures: int = 0
    """Wrong codes tried so far."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SessionRecord:
    """A session hash returned by ``user/auth``; it ends after 30 days without use."""

    hash: str = attrs.field(repr=False)
    user_id: int
    kind: SessionKind = "standard"
    """``standard``, ``delivery`` for the special DELIVERY session, ``password_restore`` for
    the session of a password-restore e-mail, ``activation`` for that of an activation e-mail
    (good for ``user/activate`` alone), ``second_factor`` for the session ``user/auth``
    answers a user with a second factor (good for ``user/auth/code/*`` alone)."""
    auth_code: AuthCodeRecord | None = None
    """The code a ``second_factor`` session waits for."""
    push_token: PushTokenRecord | None = None
    """Where the session's push notifications go (``user/session/push_token/bind``)."""
    create_date: dt.datetime
    last_used: dt.datetime


@attrs.frozen(kw_only=True, weakref_slot=False)
class ApiKeyRecord:
    """An API key of an account: unlimited lifetime, managed by the master user."""

    hash: str = attrs.field(repr=False)
    user_id: int
    """The master user owning the key."""
    title: str
    create_date: dt.datetime


@attrs.frozen(kw_only=True, weakref_slot=False)
class ContactRecord:
    """A contact of an account (``tracker/contact/list``): a user of another account who
    shares the locations of some of its trackers with it."""

    id: int
    user_id: int
    """The master user of the account the trackers are shared with."""
    contact_id: int
    """The user sharing them (a master user of another account)."""
    tracker_ids: list[int] = attrs.Factory(list)
    """The trackers of the contact's account it shares, in the order shown."""

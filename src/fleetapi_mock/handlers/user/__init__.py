"""The signed-in user: its facts, tariff, settings, and signing out.

A user's facts are its :class:`~fleetapi_mock.state.records.UserRecord`: names, time zone and
locale on the record, the rest in its ``profile`` (what ``user/get_info`` shows) and its
``preferences`` (the settings beside time zone and locale).
"""

from __future__ import annotations

import copy
from typing import Any, Final

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    InvalidParametersError,
    OperationNotPermittedError,
    SessionNotFoundError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.user import (
    USER_GET_INFO,
    USER_GET_TARIFF_RESTRICTIONS,
    USER_LOGOUT,
    USER_SETTINGS_READ,
    USER_SETTINGS_UPDATE,
)
from fleetapi.models.user import (
    BalanceAlertSettings,
    FileStorageSettings,
    MasterInfo,
    Privileges,
    TariffRestrictions,
    UserInfo,
    UserInfoAnswer,
    UserInfoParams,
    UserSettings,
    UserSettingsAnswer,
    UserSettingsUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.subuser import rights_of
from fleetapi_mock.domain.tariff import allowed_maps
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.clock import zone
from fleetapi_mock.state.records import UserPreferences, UserRecord

DEFAULT_MENU: Final[dict[str, Any]] = {
    "title": "menu-editor.default-preset",
    "account": [],
    "main": [],
    "applications": [],
    "footer": {"title": None, "items": []},
}
"""The user interface's menu every user is answered (the mock keeps no custom menus)."""

_SHARED_SETTINGS = tuple(
    name for name in attrs.fields_dict(UserSettings) if name in attrs.fields_dict(UserPreferences)
)
"""The settings kept in a user's ``preferences`` under the API's own names."""


def _title(user: UserRecord) -> str:
    """The organization's title, else the first and last name."""
    names = " ".join(p for p in (user.first_name, user.last_name) if p)
    return user.profile.title or names


def _master_info(user: UserRecord) -> MasterInfo:
    profile = user.profile
    return MasterInfo(
        id=user.id,
        demo=profile.demo,
        legal_type=profile.legal_type,
        first_name=user.first_name,
        middle_name=profile.middle_name,
        last_name=user.last_name,
        legal_name=profile.legal_name,
        title=_title(user),
        balance=profile.balance,
        bonus=profile.bonus,
    )


def _user_info(ctx: Context, user: UserRecord) -> UserInfo:
    profile, preferences = user.profile, user.preferences
    created = profile.creation_date
    shared = attrs.asdict(_master_info(user), recurse=False)
    address = {
        name: getattr(profile, name)
        for name in attrs.fields_dict(UserInfo)
        if name.startswith(("post_", "registered_"))
    }
    return UserInfo(
        **shared,
        **address,
        login=user.login,
        phone=profile.phone,
        creation_date=ctx.user_time(created) if created is not None else None,
        locale=user.locale,
        verified=profile.verified,
        default_geocoder=preferences.geocoder,
        route_provider=preferences.route_provider,
        time_zone=user.time_zone,
        measurement_system=preferences.measurement_system,
        date_format=preferences.date_format,
        hour_mode=preferences.hour_mode,
        tin=profile.tin,
        iec=profile.iec,
    )


@handles(USER_GET_INFO)
def user_get_info(ctx: Context, params: UserInfoParams) -> UserInfoAnswer:
    """The user, its dealer's settings and features, and what its plan allows; the master and
    the effective rights for a sub-user."""
    user = ctx.require_user()
    master = ctx.world.master_of(user)
    dealer = ctx.world.dealers[user.dealer_id]
    return UserInfoAnswer(
        paas_id=dealer.id,
        paas_settings=dealer.settings,
        user_info=_user_info(ctx, user),
        master=UNSET if user.is_master else _master_info(master),
        tariff_restrictions=TariffRestrictions(allowed_maps=allowed_maps(ctx.world, master)),
        premium_gis=dealer.premium_gis,
        features=list(dealer.features),
        privileges=UNSET if user.is_master else Privileges(rights=rights_of(ctx.world, user)),
        user_menu=copy.deepcopy(DEFAULT_MENU),
    )


@handles(USER_GET_TARIFF_RESTRICTIONS)
def user_get_tariff_restrictions(ctx: Context, params: NoParams) -> TariffRestrictions:
    """The maps the account's plans allow (:func:`~fleetapi_mock.domain.tariff.allowed_maps`)."""
    master = ctx.world.master_of(ctx.require_user())
    return TariffRestrictions(allowed_maps=allowed_maps(ctx.world, master))


@handles(USER_LOGOUT)
def user_logout(ctx: Context, params: NoParams) -> None:
    """End the caller's session; an API key is 4 (only a session can end)."""
    if ctx.session is None:
        raise SessionNotFoundError("an API key cannot log out: this call needs a session")
    del ctx.world.sessions[ctx.session.hash]


@handles(USER_SETTINGS_READ)
def user_settings_read(ctx: Context, params: NoParams) -> UserSettingsAnswer:
    """The user's settings; the storage and balance alert settings for master users only."""
    user = ctx.require_user()
    preferences = user.preferences
    settings = UserSettings(
        time_zone=user.time_zone,
        locale=user.locale,
        measurement_system=preferences.measurement_system,
        date_format=preferences.date_format or UNSET,
        hour_mode=preferences.hour_mode or UNSET,
        geocoder=preferences.geocoder,
        route_provider=preferences.route_provider,
        translit=preferences.translit,
    )
    if not user.is_master:
        return UserSettingsAnswer(settings=settings)
    return UserSettingsAnswer(
        settings=settings,
        file_storage_settings=FileStorageSettings(
            auto_overwrite=preferences.file_storage_auto_overwrite
        ),
        balance_alert_settings=BalanceAlertSettings(emails=list(preferences.balance_alert_emails)),
        first_user_balance_warning_period=preferences.first_balance_warning_period,
        second_user_balance_warning_period=preferences.second_balance_warning_period,
    )


@handles(USER_SETTINGS_UPDATE)
def user_settings_update(ctx: Context, params: UserSettingsUpdateParams) -> None:
    """Change the settings given; 7 for an unknown time zone, 13 for a sub-user changing the
    storage or balance alert settings. Nothing changes on a failure."""
    user = ctx.require_user()
    admin_only = (params.balance_alert_settings, params.file_storage_settings)
    if not user.is_master and any(not isinstance(v, Unset) for v in admin_only):
        raise OperationNotPermittedError("only the master user may change these settings")
    if not isinstance(params.time_zone, Unset):
        try:
            zone(params.time_zone)
        except KeyError:
            raise InvalidParametersError(
                errors=[{"parameter": "time_zone", "error": "must be an IANA time zone"}]
            ) from None
    own: dict[str, Any] = {}
    if not isinstance(params.time_zone, Unset):
        own["time_zone"] = params.time_zone
    if not isinstance(params.locale, Unset):
        own["locale"] = params.locale
    changes = {
        name: value
        for name in _SHARED_SETTINGS
        if not isinstance(value := getattr(params, name), Unset)
    }
    if not isinstance(params.balance_alert_settings, Unset):
        changes["balance_alert_emails"] = list(params.balance_alert_settings.emails)
    if not isinstance(params.file_storage_settings, Unset):
        changes["file_storage_auto_overwrite"] = params.file_storage_settings.auto_overwrite
    preferences = attrs.evolve(user.preferences, **changes)
    ctx.world.users[user.id] = attrs.evolve(user, preferences=preferences, **own)

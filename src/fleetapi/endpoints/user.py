"""The signed-in user: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.user import (
    TariffRestrictions,
    UserInfoAnswer,
    UserInfoParams,
    UserSettingsAnswer,
    UserSettingsUpdateParams,
)

USER_GET_INFO = Endpoint(
    path="user/get_info",
    params=UserInfoParams,
    result=Result.body(UserInfoAnswer),
    summary="Read the signed-in user, its dealer's settings and what its plan allows.",
    safe=True,
    origin="service",
    notes=(
        "`master` and `privileges` are answered to sub-users only. `paas_settings` is null for "
        "a dealer without interface settings."
    ),
    decisions=(
        Decision(
            "`title` in `user/get_info`",
            "The organization's title the world holds; without one, the first and last name.",
        ),
        Decision(
            "`user_menu`",
            "Always the default preset with no items (`menu-editor.default-preset`), whatever "
            "the `application`: the mock keeps no custom menus.",
        ),
        Decision(
            "`creation_date` of a user the world gives none",
            "Answered null.",
        ),
    ),
)
USER_GET_TARIFF_RESTRICTIONS = Endpoint(
    path="user/get_tariff_restrictions",
    params=NoParams,
    result=Result.field("value", TariffRestrictions),
    summary="Read what the user's plan allows (the maps it may open).",
    safe=True,
    origin="service",
    notes="A sub-user is answered its master's plan.",
)
USER_LOGOUT = Endpoint(
    path="user/logout",
    params=NoParams,
    result=Result.nothing(),
    summary="End the current session (the hash stops working).",
    origin="service",
    decisions=(
        Decision(
            "`user/logout` with an API key",
            "4, as for every call an API key may not make: only a session can end. The ended "
            "session is 4 from then on.",
        ),
        Decision(
            "Retrying `user/logout`",
            "Not retried after a lost answer: the session the first ended makes the repeat "
            "answer 4, though the work was done.",
        ),
    ),
)
USER_SETTINGS_READ = Endpoint(
    path="user/settings/read",
    params=NoParams,
    result=Result.body(UserSettingsAnswer),
    summary="Read the user's settings (time zone, locale, units, providers).",
    safe=True,
    origin="service",
    notes=(
        "`file_storage_settings`, `balance_alert_settings` and the warning periods are "
        "answered to master users only (the right `admin`)."
    ),
)
USER_SETTINGS_UPDATE = Endpoint(
    path="user/settings/update",
    params=UserSettingsUpdateParams,
    result=Result.nothing(),
    summary="Change some of the user's settings; the others stay.",
    errors=(7, 13),
    origin="service",
    decisions=(
        Decision(
            "`user/settings/update`",
            "Changes only what is given; an unknown IANA `time_zone` is 7 naming it, and every "
            "later answer uses the new zone. A sub-user sending `balance_alert_settings` or "
            "`file_storage_settings` gets 13 and nothing changes; `user/settings/read` does not "
            "show them to sub-users.",
        ),
    ),
)

ENDPOINTS = (
    USER_GET_INFO,
    USER_GET_TARIFF_RESTRICTIONS,
    USER_LOGOUT,
    USER_SETTINGS_READ,
    USER_SETTINGS_UPDATE,
)

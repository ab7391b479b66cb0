"""The signed-in user: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Access, Decision, Endpoint, NoParams, Result
from fleetapi.models.application import UserApplicationCreateParams
from fleetapi.models.audit import MAX_AUDIT_ENTRIES, AuditEntry, AuditLogListParams
from fleetapi.models.user import (
    MAX_UI_SETTINGS_CHARACTERS,
    TariffRestrictions,
    UserInfoAnswer,
    UserInfoParams,
    UserPasswordChangeParams,
    UserPasswordSetParams,
    UserPersonalInfoUpdateParams,
    UserResendActivationParams,
    UserSessionPushTokenBindParams,
    UserSettingsAnswer,
    UserSettingsFileStorageUpdateParams,
    UserSettingsUiReadParams,
    UserSettingsUiUpdateParams,
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
    decisions=(
        Decision(
            "Which plan's maps",
            "The account's own maps (its profile's `allowed_maps`) that the plan of at least "
            "one of its trackers offers (each plan's `map_filter`, as `tariff/list` shows it); "
            "an account without trackers keeps them all (`tests/sdk/test_tariff.py`).",
        ),
    ),
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
USER_PASSWORD_SET = Endpoint(
    path="user/password/set",
    params=UserPasswordSetParams,
    result=Result.nothing(),
    summary="Change the user's own password, giving the current one.",
    access=Access.USER_SESSION,
    errors=(4, 7, 101, 245, 248),
    origin="service",
    decisions=(
        Decision(
            "Sessions after a new password",
            "`user/password/set` ends the user's other sessions and keeps the one that made "
            "the call; `user/password/change` ends every session of the user, the "
            "password-restore one included. API keys stay (`tests/sdk/test_user_password.py`).",
        ),
    ),
)
USER_PASSWORD_CHANGE = Endpoint(
    path="user/password/change",
    params=UserPasswordChangeParams,
    result=Result.nothing(),
    summary="Set a new password with the session of a password-restore e-mail.",
    access=Access.RESTORE,
    errors=(4, 7, 101),
    origin="service",
    decisions=(
        Decision(
            "A password-restore session",
            "`POST /__mock__/password_restore` with a `login` starts one as the service's "
            "restore e-mail does: the hash is in the answer and in the sent box (an e-mail of "
            "kind `password_restore`, `values.hash`). It works for `user/password/change` "
            "alone (4 elsewhere, as any other credential is 4 there), once. A password used "
            "among the user's last 10 is 7 (`tests/sdk/test_user_password.py`).",
        ),
    ),
)
USER_RESEND_ACTIVATION = Endpoint(
    path="user/resend_activation",
    params=UserResendActivationParams,
    result=Result.nothing(),
    summary="Send a user's activation link again.",
    access=Access.NONE,
    errors=(201, 264, 265),
    origin="service",
    notes="264 within 5 minutes of the last link (the answer tells `timeout` and `remainder` "
    "as ISO 8601 durations); 265 for a user activated already.",
    decisions=(
        Decision(
            "The activation e-mail",
            "Kept in the sent box (kind `activation`, to the login), never sent; its "
            "`values.hash` is the link's session, good for `user/activate` alone, and a new "
            "link ends the one before (`tests/sdk/test_user_account.py`).",
        ),
    ),
)
USER_ACTIVATE = Endpoint(
    path="user/activate",
    params=NoParams,
    result=Result.nothing(),
    summary="Activate a registered user, with the session of its activation link.",
    access=Access.ACTIVATION,
    errors=(4, 265),
    origin="service",
    notes="The activation session ends: the user then logs in with `user/auth`.",
    decisions=(
        Decision(
            "What else the activation session serves",
            "Nothing: the docs say it also creates, reads and deletes API keys, but a key "
            "made by a link that travelled by e-mail outlives the link; `api/key/*` take the "
            "session `user/auth` answers once the user is active "
            "(`tests/sdk/test_user_account.py`).",
        ),
    ),
)
USER_PERSONAL_INFO_UPDATE = Endpoint(
    path="user/personal_info/update",
    params=UserPersonalInfoUpdateParams,
    result=Result.nothing(),
    summary="Update the user's contact and legal details.",
    errors=(7, 222),
    origin="service",
    notes="The account needs plugin 45 (222 otherwise). `user/get_info` answers the new "
    "details; fields not given stay as they were.",
)
USER_SETTINGS_UI_READ = Endpoint(
    path="user/settings/ui/read",
    params=UserSettingsUiReadParams,
    result=Result.field("value", str),
    summary="Read a value the interface keeps for the user under a key.",
    errors=(201,),
    safe=True,
    origin="service",
)
USER_SETTINGS_UI_UPDATE = Endpoint(
    path="user/settings/ui/update",
    params=UserSettingsUiUpdateParams,
    result=Result.nothing(),
    summary="Keep a value for the user's interface under a key.",
    errors=(268,),
    origin="service",
    decisions=(
        Decision(
            "The interface's storage",
            f"Each user keeps at most {MAX_UI_SETTINGS_CHARACTERS:,} characters of keys and "
            "values; a write past it is 268 and changes nothing. Sub-users have their own "
            "(`tests/sdk/test_user_account.py`).",
        ),
    ),
)
USER_SETTINGS_FILE_STORAGE_UPDATE = Endpoint(
    path="user/settings/file_storage/update",
    params=UserSettingsFileStorageUpdateParams,
    result=Result.nothing(),
    summary="Choose whether new files replace the oldest when the file storage is full.",
    master_only=True,
    errors=(13,),
    origin="service",
    notes="`user/settings/read` answers it as `file_storage_settings`.",
)
USER_SESSION_RENEW = Endpoint(
    path="user/session/renew",
    params=NoParams,
    result=Result.nothing(),
    summary="Keep the session alive: its 30 days without use start again.",
    access=Access.USER_SESSION,
    errors=(4,),
    safe=True,
    origin="service",
)
USER_SESSION_DELIVERY_CREATE = Endpoint(
    path="user/session/delivery/create",
    params=NoParams,
    result=Result.field("value", str),
    summary="Create the special DELIVERY session (for embedding order tracking) and get its hash.",
    master_only=True,
    errors=(13, 101),
    origin="service",
    decisions=(
        Decision(
            "One DELIVERY session",
            "A master user has one: `create` ends the one before and answers a new hash (a "
            "demo user whose session exists gets 101 instead); `read` answers the current "
            "one, 201 without (`tests/sdk/test_user_session.py`).",
        ),
    ),
)
USER_SESSION_DELIVERY_READ = Endpoint(
    path="user/session/delivery/read",
    params=NoParams,
    result=Result.field("value", str),
    summary="Read the hash of the user's DELIVERY session.",
    master_only=True,
    errors=(13, 201),
    safe=True,
    origin="service",
)
USER_SESSION_PUSH_TOKEN_BIND = Endpoint(
    path="user/session/push_token/bind",
    params=UserSessionPushTokenBindParams,
    result=Result.nothing(),
    summary="Send the session's push notifications to an application's token.",
    access=Access.USER_SESSION,
    errors=(4, 7),
    safe=True,
    origin="service",
    notes="One token per session: binding again replaces it; it ends with the session.",
)
USER_SESSION_PUSH_TOKEN_DELETE = Endpoint(
    path="user/session/push_token/delete",
    params=NoParams,
    result=Result.nothing(),
    summary="Stop the session's push notifications.",
    access=Access.USER_SESSION,
    errors=(4,),
    origin="service",
)
USER_APPLICATION_CREATE = Endpoint(
    path="user/application/create",
    params=UserApplicationCreateParams,
    result=Result.field("id", int),
    summary="Embed a third-party application in the account's menu and get its ID.",
    master_only=True,
    errors=(7, 13),
    origin="service",
    decisions=(
        Decision(
            "The two forms of `user/application/create`",
            "The API reference's (`label`, `url_template`, `authorization`, `display_method`, "
            "`icon`, `description`) and the guide's example (`name`, `url`, `icon`, "
            "`is_enabled`, `id: null`) are both taken: `name` stands for `label`, `url` for "
            "`url_template`, `is_enabled` for `enabled`; a name and its other name that differ, "
            "neither given, or an `id` that is not null, are 7. An `api_key` authorization "
            "names one of the account's API keys (7 otherwise). The account's own: a sub-user "
            "gets 13 (`tests/sdk/test_user_application.py`).",
        ),
    ),
)
USER_AUDIT_LOG_LIST = Endpoint(
    path="user/audit/log/list",
    params=AuditLogListParams,
    result=Result.field("list", list[AuditEntry]),
    summary="List what the account's sub-users did over a period.",
    master_only=True,
    errors=(7, 13, 211),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "What the audit log holds",
            "Every call a sub-user makes that changes something (one not retried as safe) "
            "and succeeds: `entry_category` is the call's path without its action, `/` as "
            "`_` (`tracker/rule/create`: `tracker_rule`; `user/audit/checkin`: "
            "`user_audit`), `action` its last word, `entry_id` the ID it answers or the "
            "`<category>_id` it names, `payload` its parameters with secrets masked (text cut "
            "at 256 characters, objects and lists named only), `host` and `user_agent` the "
            f"request's. A world keeps the last {MAX_AUDIT_ENTRIES:,}. A master user's calls "
            "are not written (`tests/sdk/test_user_audit.py`).",
        ),
        Decision(
            "`user/audit/log/list` order",
            "By `sort` (`action_date=asc` by default; `action_date` compares days, ties by "
            "time; `user` the sub-user's last, first and middle names), then `grouping` puts "
            "a group's entries together, groups in the order of their first entry; `offset` "
            "and `limit` page the result. Another sort field or direction is 7; a period "
            "longer than `report.max_time_span` is 211 (`tests/sdk/test_user_audit.py`).",
        ),
    ),
)
USER_AUDIT_CHECKIN = Endpoint(
    path="user/audit/checkin",
    params=NoParams,
    result=Result.nothing(),
    summary="Note in the audit log that the user opened the interface.",
    access=Access.USER_SESSION,
    errors=(4,),
    origin="service",
    notes="A sub-user's check-in is an entry of the audit log (action `checkin`); a master "
    "user's is not written.",
)

ENDPOINTS = (
    USER_GET_INFO,
    USER_GET_TARIFF_RESTRICTIONS,
    USER_LOGOUT,
    USER_SETTINGS_READ,
    USER_SETTINGS_UPDATE,
    USER_PASSWORD_SET,
    USER_PASSWORD_CHANGE,
    USER_RESEND_ACTIVATION,
    USER_ACTIVATE,
    USER_PERSONAL_INFO_UPDATE,
    USER_SETTINGS_UI_READ,
    USER_SETTINGS_UI_UPDATE,
    USER_SETTINGS_FILE_STORAGE_UPDATE,
    USER_SESSION_RENEW,
    USER_SESSION_DELIVERY_CREATE,
    USER_SESSION_DELIVERY_READ,
    USER_SESSION_PUSH_TOKEN_BIND,
    USER_SESSION_PUSH_TOKEN_DELETE,
    USER_APPLICATION_CREATE,
    USER_AUDIT_LOG_LIST,
    USER_AUDIT_CHECKIN,
)

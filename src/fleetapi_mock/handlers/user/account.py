"""The user's own account: its password, activation, personal details and the values the
interface keeps for it."""

from __future__ import annotations

import re
from typing import Final

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    AlreadyDoneError,
    DemoModeError,
    EntityNotFoundError,
    OverQuotaError,
    PasswordNotChangedError,
    PluginNotFoundError,
    WrongPasswordError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.user import (
    USER_ACTIVATE,
    USER_PASSWORD_CHANGE,
    USER_PASSWORD_SET,
    USER_PERSONAL_INFO_UPDATE,
    USER_RESEND_ACTIVATION,
    USER_SETTINGS_FILE_STORAGE_UPDATE,
    USER_SETTINGS_UI_READ,
    USER_SETTINGS_UI_UPDATE,
)
from fleetapi.models.user import (
    MAX_UI_SETTINGS_CHARACTERS,
    UserPasswordChangeParams,
    UserPasswordSetParams,
    UserPersonalInfoUpdateParams,
    UserResendActivationParams,
    UserSettingsFileStorageUpdateParams,
    UserSettingsUiReadParams,
    UserSettingsUiUpdateParams,
)
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.mail import refuse_resend_before, send_mail
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import SessionKind, UserRecord

PASSWORD_HISTORY: Final = 10
"""How many of a user's last passwords a new one may not repeat."""

PERSONAL_INFO_PLUGIN: Final = 45
"""The plugin an account needs for ``user/personal_info/update``."""

_STRONG = (r"[A-Z]", r"[a-z]", r"[0-9]", r"[!@#$%^&*]")
"""What a password set through a restore e-mail holds, each at least once."""


def _refuse_demo(user: UserRecord) -> None:
    if user.profile.demo:
        raise DemoModeError("a demo user's password cannot change")


def _with_password(user: UserRecord, password: str) -> UserRecord:
    """``user`` with a new password, the old one kept in its history."""
    history = [*user.old_passwords, user.password][-PASSWORD_HISTORY:]
    return attrs.evolve(user, password=password, old_passwords=history)


def _end_sessions(
    ctx: Context, user: UserRecord, keep: str | None, kind: SessionKind | None = None
) -> None:
    """End every session of ``user`` (of ``kind``, if given) but ``keep``."""
    for session in [s for s in ctx.world.sessions.values() if s.user_id == user.id]:
        if session.hash != keep and kind in (None, session.kind):
            del ctx.world.sessions[session.hash]


@handles(USER_PASSWORD_SET)
def user_password_set(ctx: Context, params: UserPasswordSetParams) -> None:
    """The user's new password (248: a wrong current one; 245: the same); the user's other
    sessions end."""
    user = ctx.require_user()
    _refuse_demo(user)
    if params.old_password != user.password:
        raise WrongPasswordError("the current password is wrong")
    if params.new_password == user.password:
        raise PasswordNotChangedError("the new password is the current one")
    ctx.world.users[user.id] = _with_password(user, params.new_password)
    _end_sessions(ctx, user, keep=ctx.session.hash if ctx.session else None)


@handles(USER_PASSWORD_CHANGE)
def user_password_change(ctx: Context, params: UserPasswordChangeParams) -> None:
    """The new password of a password-restore session's user: strong, not one of its last
    10 (7); every session of the user ends, the restore one with them."""
    user = ctx.require_user()
    _refuse_demo(user)
    missing = [rule for rule in _STRONG if not re.search(rule, params.password)]
    if missing:
        raise invalid(
            "password", "needs an upper-case and a lower-case letter, a digit and one of !@#$%^&*"
        )
    if params.password in (user.password, *user.old_passwords[-PASSWORD_HISTORY:]):
        raise invalid("password", "was recently used")
    ctx.world.users[user.id] = _with_password(user, params.password)
    _end_sessions(ctx, user, keep=None)


@handles(USER_RESEND_ACTIVATION)
def user_resend_activation(ctx: Context, params: UserResendActivationParams) -> None:
    """A new activation link in the sent box (201: no such user; 265: activated; 264: the
    last link is less than 5 minutes old)."""
    user = ctx.world.user_by_login(params.login)
    if user is None:
        raise EntityNotFoundError(f"no user {params.login!r}")
    if user.activated:
        raise AlreadyDoneError("the user is activated already")
    now = ctx.now()
    refuse_resend_before(user.activation_sent, now, "an activation link")
    ctx.world.users[user.id] = attrs.evolve(user, activation_sent=now)
    _end_sessions(ctx, user, keep=None, kind="activation")  # the link before stops working
    link = ctx.world.create_session(user, kind="activation", most=ctx.limits.max_sessions)
    send_mail(
        ctx.world,
        user,
        to=user.login,
        kind="activation",
        subject="Activate your account",
        text="Open the activation link in this e-mail to start using your account.",
        values={"login": user.login, "hash": link.hash},
    )


@handles(USER_ACTIVATE)
def user_activate(ctx: Context, params: NoParams) -> None:
    """The link's user is activated and the link's session ends (265: activated already)."""
    user = ctx.require_user()
    if user.activated:
        raise AlreadyDoneError("the user is activated already")
    ctx.world.users[user.id] = attrs.evolve(user, activated=True, activation_sent=None)
    _end_sessions(ctx, user, keep=None, kind="activation")


@handles(USER_PERSONAL_INFO_UPDATE)
def user_personal_info_update(ctx: Context, params: UserPersonalInfoUpdateParams) -> None:
    """The given contact and legal details replace the user's (222: no plugin 45)."""
    if PERSONAL_INFO_PLUGIN not in ctx.account.plugins:
        raise PluginNotFoundError(f"the account has no plugin {PERSONAL_INFO_PLUGIN}")
    user = ctx.require_user()
    given = {
        a.name: getattr(params, a.name)
        for a in attrs.fields(type(params))
        if not isinstance(getattr(params, a.name), Unset)
    }
    names = {n: given.pop(n) for n in ("first_name", "last_name") if n in given}
    known = attrs.fields_dict(type(user.profile))
    profile = attrs.evolve(user.profile, **{k: v for k, v in given.items() if k in known})
    ctx.world.users[user.id] = attrs.evolve(user, profile=profile, **names)


@handles(USER_SETTINGS_UI_READ)
def user_settings_ui_read(ctx: Context, params: UserSettingsUiReadParams) -> str:
    """The value kept under the key (201: none)."""
    value = ctx.require_user().ui_settings.get(params.key)
    if value is None:
        raise EntityNotFoundError(f"nothing is kept under {params.key!r}")
    return value


@handles(USER_SETTINGS_UI_UPDATE)
def user_settings_ui_update(ctx: Context, params: UserSettingsUiUpdateParams) -> None:
    """Keep the value under the key (268 past the user's storage)."""
    user = ctx.require_user()
    kept = {**user.ui_settings, params.key: params.value}
    if sum(len(k) + len(v) for k, v in kept.items()) > MAX_UI_SETTINGS_CHARACTERS:
        raise OverQuotaError(f"the interface keeps at most {MAX_UI_SETTINGS_CHARACTERS} characters")
    ctx.world.users[user.id] = attrs.evolve(user, ui_settings=kept)


@handles(USER_SETTINGS_FILE_STORAGE_UPDATE)
def user_settings_file_storage_update(
    ctx: Context, params: UserSettingsFileStorageUpdateParams
) -> None:
    """Whether new files replace the oldest when the storage is full."""
    user = ctx.require_user()
    overwrite = params.file_storage_settings.auto_overwrite
    preferences = attrs.evolve(user.preferences, file_storage_auto_overwrite=overwrite)
    ctx.world.users[user.id] = attrs.evolve(user, preferences=preferences)

"""Signing in, API keys and the base group."""

from __future__ import annotations

import secrets
from typing import Final

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    EntityNotFoundError,
    OperationNotPermittedError,
    OverQuotaError,
    UserNotActivatedError,
    WrongAuthCodeError,
    WrongLoginError,
)
from fleetapi.endpoints.account import (
    API_KEY_CREATE,
    API_KEY_DELETE,
    API_KEY_LIST,
    BASE_NOTHING,
    BASE_SEND_EMAIL,
    USER_AUTH,
    USER_AUTH_CODE_RESEND,
    USER_AUTH_CODE_VERIFY,
)
from fleetapi.models.account import (
    SECOND_FACTOR_REQUIRED,
    ApiKey,
    ApiKeyCreateParams,
    ApiKeyDeleteParams,
    AuthCodeVerifyParams,
    AuthOutcome,
    AuthParams,
    SendEmailParams,
)
from fleetapi_mock.domain.context import Context, Reply
from fleetapi_mock.domain.mail import refuse_resend_before, send_mail
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ApiKeyRecord, AuthCodeRecord, SessionRecord, UserRecord

MAX_API_KEYS = 20
"""API keys per account; the 21st answers 268."""


AUTH_CODE_TRIES: Final = 5
"""Wrong second-factor codes a session takes: the fifth ends it."""


@handles(USER_AUTH)
def user_auth(ctx: Context, params: AuthParams) -> Reply:
    """Open a standard session: 102 for a wrong login or password, 103 when not activated.

    The login is matched case-insensitively, the password exactly. A user with a second
    factor gets a ``second_factor`` session instead, good for ``user/auth/code/*`` alone, and
    a code in the sent box.
    """
    user = ctx.world.user_by_login(params.login)
    if user is None or user.password != params.password:
        raise WrongLoginError()
    if not user.activated:
        raise UserNotActivatedError()
    if user.second_factor is None:
        session = ctx.world.create_session(user, most=ctx.limits.max_sessions)
        return Reply(value=session.hash, extra={"type": AuthOutcome().type})
    session = ctx.world.create_session(user, kind="second_factor", most=ctx.limits.max_sessions)
    _mail_code(ctx, user, session)
    outcome = AuthOutcome(type=SECOND_FACTOR_REQUIRED, factor_type=user.second_factor)
    return Reply(
        value=session.hash, extra={"type": outcome.type, "factor_type": user.second_factor}
    )


def _mail_code(ctx: Context, user: UserRecord, session: SessionRecord) -> None:
    """A new code for ``session`` (the one before stops working), mailed to the user."""
    code = f"{ctx.world.random.randrange(10**6):06d}"
    now = ctx.now()
    ctx.world.sessions.change(session.hash, auth_code=AuthCodeRecord(code=code, sent=now))
    send_mail(
        ctx.world,
        user,
        to=user.login,
        kind="auth_code",
        subject="Your sign-in code",
        text=f"Enter {code} to finish signing in.",
        values={"code": code},
    )


def _pending(ctx: Context) -> tuple[UserRecord, SessionRecord]:
    """The caller (a second-factor session) and its session."""
    session = ctx.session
    assert session is not None  # the access level admits second-factor sessions alone
    return ctx.require_user(), session


@handles(USER_AUTH_CODE_RESEND)
def user_auth_code_resend(ctx: Context, params: NoParams) -> None:
    """A new code in the sent box (264: the last one is less than 5 minutes old)."""
    user, session = _pending(ctx)
    last = session.auth_code
    refuse_resend_before(None if last is None else last.sent, ctx.now(), "a code")
    _mail_code(ctx, user, session)


@handles(USER_AUTH_CODE_VERIFY)
def user_auth_code_verify(ctx: Context, params: AuthCodeVerifyParams) -> str:
    """The code mailed last opens a standard session and ends this one (282: a wrong code;
    the fifth wrong one ends this session too)."""
    user, session = _pending(ctx)
    expected = session.auth_code
    if expected is None or not secrets.compare_digest(params.code, expected.code):
        failures = 1 + (expected.failures if expected else 0)
        if failures >= AUTH_CODE_TRIES:
            del ctx.world.sessions[session.hash]
        elif expected is not None:
            ctx.world.sessions.change(
                session.hash, auth_code=attrs.evolve(expected, failures=failures)
            )
        raise WrongAuthCodeError()
    del ctx.world.sessions[session.hash]
    return ctx.world.create_session(user, most=ctx.limits.max_sessions).hash


def _wire_key(ctx: Context, record: ApiKeyRecord) -> ApiKey:
    return ApiKey(
        hash=record.hash, create_date=ctx.user_time(record.create_date), title=record.title
    )


def _account_keys(ctx: Context) -> list[ApiKeyRecord]:
    owner = ctx.account.id
    return [k for k in ctx.world.api_keys.values() if ctx.world.belongs(k, owner)]


@handles(API_KEY_CREATE)
def api_key_create(ctx: Context, params: ApiKeyCreateParams) -> ApiKey:
    """Create an API key, from a master user's standard session only; 20 keys per account.

    ``title`` must be non-empty (not all spaces), printable and at most 255 characters, else 7
    naming ``title`` (the limits are declared on the params model). The 21st key of an account
    answers 268.
    """
    title = params.title
    if len(_account_keys(ctx)) >= MAX_API_KEYS:
        raise OverQuotaError(f"an account may hold at most {MAX_API_KEYS} API keys")
    record = ApiKeyRecord(
        hash=ctx.world.new_hash(), user_id=ctx.account.id, title=title, create_date=ctx.now()
    )
    ctx.world.api_keys[record.hash] = record
    return _wire_key(ctx, record)


@handles(API_KEY_DELETE)
def api_key_delete(ctx: Context, params: ApiKeyDeleteParams) -> None:
    """Revoke one of the account's API keys (201 when the account has no such key).

    An empty ``key`` answers 7.
    """
    record = ctx.owned_get(ctx.world.api_keys, params.key)
    if record is None:
        raise EntityNotFoundError("the account has no such API key")
    del ctx.world.api_keys[record.hash]


@handles(API_KEY_LIST)
def api_key_list(ctx: Context, params: NoParams) -> list[ApiKey]:
    """The account's API keys, oldest first."""
    keys = sorted(_account_keys(ctx), key=lambda k: (k.create_date, k.title))
    return [_wire_key(ctx, k) for k in keys]


@handles(BASE_NOTHING)
def base_nothing(ctx: Context, params: NoParams) -> None:
    """Health check: nothing to do once the credential has been accepted."""


@handles(BASE_SEND_EMAIL)
def base_send_email(ctx: Context, params: SendEmailParams) -> None:
    """Never reached: the router refuses every user the ROOT access level (13)."""
    raise OperationNotPermittedError("this call needs the ROOT access level")

"""Signing in, API keys and the base group."""

from __future__ import annotations

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    EntityNotFoundError,
    OperationNotPermittedError,
    OverQuotaError,
    UserNotActivatedError,
    WrongLoginError,
)
from fleetapi.endpoints.account import (
    API_KEY_CREATE,
    API_KEY_DELETE,
    API_KEY_LIST,
    BASE_NOTHING,
    BASE_SEND_EMAIL,
    USER_AUTH,
)
from fleetapi.models.account import (
    ApiKey,
    ApiKeyCreateParams,
    ApiKeyDeleteParams,
    AuthParams,
    SendEmailParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ApiKeyRecord

MAX_API_KEYS = 20
"""API keys per account; the 21st answers 268."""


@handles(USER_AUTH)
def user_auth(ctx: Context, params: AuthParams) -> str:
    """Open a standard session: 102 for a wrong login or password, 103 when not activated.

    The login is matched case-insensitively, the password exactly.
    """
    user = ctx.world.user_by_login(params.login)
    if user is None or user.password != params.password:
        raise WrongLoginError()
    if not user.activated:
        raise UserNotActivatedError()
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

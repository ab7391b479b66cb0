"""The user's sessions: renewing one, the DELIVERY session, push tokens."""

from __future__ import annotations

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import DemoModeError, EntityNotFoundError
from fleetapi._types import Unset
from fleetapi.endpoints.user import (
    USER_SESSION_DELIVERY_CREATE,
    USER_SESSION_DELIVERY_READ,
    USER_SESSION_PUSH_TOKEN_BIND,
    USER_SESSION_PUSH_TOKEN_DELETE,
    USER_SESSION_RENEW,
)
from fleetapi.models.user import UserSessionPushTokenBindParams
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import PushTokenRecord, SessionRecord


def _session(ctx: Context) -> SessionRecord:
    """The caller's session (the router lets no API key through to these calls)."""
    if ctx.session is None:
        raise RuntimeError(f"{ctx.endpoint.path} needs a session")
    return ctx.session


@handles(USER_SESSION_RENEW)
def user_session_renew(ctx: Context, params: NoParams) -> None:
    """The session's 30 days without use start again (every call does it; so does this)."""
    ctx.world.sessions.change(_session(ctx).hash, last_used=ctx.now())


def _delivery(ctx: Context) -> SessionRecord | None:
    user = ctx.require_user().id
    return next(
        (s for s in ctx.world.sessions.values() if s.user_id == user and s.kind == "delivery"),
        None,
    )


@handles(USER_SESSION_DELIVERY_CREATE)
def user_session_delivery_create(ctx: Context, params: NoParams) -> str:
    """A new DELIVERY session in place of the user's last (101: a demo user has one)."""
    user = ctx.require_user()
    old = _delivery(ctx)
    if old is not None:
        if user.profile.demo:
            raise DemoModeError("a demo user keeps its DELIVERY session")
        del ctx.world.sessions[old.hash]
    return ctx.world.create_session(user, kind="delivery", most=ctx.limits.max_sessions).hash


@handles(USER_SESSION_DELIVERY_READ)
def user_session_delivery_read(ctx: Context, params: NoParams) -> str:
    """The hash of the user's DELIVERY session (201: none)."""
    session = _delivery(ctx)
    if session is None:
        raise EntityNotFoundError("the user has no DELIVERY session")
    return session.hash


@handles(USER_SESSION_PUSH_TOKEN_BIND)
def user_session_push_token_bind(ctx: Context, params: UserSessionPushTokenBindParams) -> None:
    """The session's push token (7: ``parameters`` with another application than web push)."""
    parameters = {} if isinstance(params.parameters, Unset) else dict(params.parameters)
    if parameters and params.application != "w3c_pushapi":
        raise invalid("parameters", "only w3c_pushapi takes parameters")
    token = PushTokenRecord(
        application=params.application,
        token=params.token,
        parameters=parameters,
        category_filter=params.category_filter,
    )
    ctx.world.sessions[_session(ctx).hash] = attrs.evolve(_session(ctx), push_token=token)


@handles(USER_SESSION_PUSH_TOKEN_DELETE)
def user_session_push_token_delete(ctx: Context, params: NoParams) -> None:
    """The session sends no push notifications any more."""
    ctx.world.sessions[_session(ctx).hash] = attrs.evolve(_session(ctx), push_token=None)

"""Authentication, API keys and the ``base`` group."""

from __future__ import annotations

from fleetapi._endpoint import Access, Endpoint, NoParams, Result
from fleetapi.models.account import (
    ApiKey,
    ApiKeyCreateParams,
    ApiKeyDeleteParams,
    AuthParams,
    SendEmailParams,
)

USER_AUTH = Endpoint(
    path="user/auth",
    params=AuthParams,
    result=Result.field("hash", str),
    summary="Log in with a login and password and get a session hash.",
    access=Access.NONE,
    errors=(102, 103, 104, 105),
)
API_KEY_CREATE = Endpoint(
    path="api/key/create",
    params=ApiKeyCreateParams,
    result=Result.field("value", ApiKey),
    summary="Create an API key (master user, standard session only).",
    access=Access.SESSION,
    master_only=True,
    errors=(4, 13, 268),
)
API_KEY_DELETE = Endpoint(
    path="api/key/delete",
    params=ApiKeyDeleteParams,
    result=Result.nothing(),
    summary="Delete (revoke) an API key of the account.",
    access=Access.SESSION,
    master_only=True,
    errors=(4, 13, 201),
)
API_KEY_LIST = Endpoint(
    path="api/key/list",
    params=NoParams,
    result=Result.field("list", list[ApiKey]),
    summary="List the account's API keys.",
    access=Access.SESSION,
    master_only=True,
    errors=(4, 13),
    safe=True,
)
BASE_NOTHING = Endpoint(
    path="base/nothing",
    params=NoParams,
    result=Result.nothing(),
    summary="Health check: does nothing, proves the credential works.",
    safe=True,
)
BASE_SEND_EMAIL = Endpoint(
    path="base/send_email",
    params=SendEmailParams,
    result=Result.nothing(),
    summary="Send an e-mail through the platform (ROOT access only; not available to users).",
    access=Access.ROOT,
)

ENDPOINTS = (
    USER_AUTH,
    API_KEY_CREATE,
    API_KEY_DELETE,
    API_KEY_LIST,
    BASE_NOTHING,
    BASE_SEND_EMAIL,
)

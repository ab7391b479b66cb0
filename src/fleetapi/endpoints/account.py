"""Authentication, API keys and the ``base`` group."""

from __future__ import annotations

from fleetapi._endpoint import Access, Decision, Endpoint, NoParams, Result
from fleetapi.models.account import (
    ApiKey,
    ApiKeyCreateParams,
    ApiKeyDeleteParams,
    AuthCodeVerifyParams,
    AuthOutcome,
    AuthParams,
    SendEmailParams,
)

USER_AUTH = Endpoint(
    path="user/auth",
    params=AuthParams,
    result=Result.field("hash", str, beside=AuthOutcome),
    summary="Log in with a login and password and get a session hash.",
    access=Access.NONE,
    errors=(102, 103, 104, 105),
    notes="For a user with a second factor the answer's `type` is `second_factor_required` "
    "and its hash serves `user/auth/code/verify` and `resend` alone; the SDK raises "
    "`SecondFactorRequiredError` with it (`Client.login` asks its `second_factor` callback "
    "for the code instead).",
)
USER_AUTH_CODE_RESEND = Endpoint(
    path="user/auth/code/resend",
    params=NoParams,
    result=Result.nothing(),
    summary="Mail the second factor's code again (once in 5 minutes).",
    access=Access.SECOND_FACTOR,
    errors=(4, 264),
    origin="service",
    notes="264 within 5 minutes of the last code (the answer tells `timeout` and `remainder`).",
    decisions=(
        Decision(
            "The code a resend mails",
            "A new one: the code mailed before stops working, as a second copy of a code "
            "that may have leaked would not help (`tests/sdk/test_account_second_factor.py`).",
        ),
    ),
)
USER_AUTH_CODE_VERIFY = Endpoint(
    path="user/auth/code/verify",
    params=AuthCodeVerifyParams,
    result=Result.field("hash", str),
    summary="Trade the second factor's code for a standard session hash.",
    access=Access.SECOND_FACTOR,
    errors=(4, 7, 282),
    origin="service",
    notes="The second-factor session ends on success: the answer's hash is a new standard session.",
    decisions=(
        Decision(
            "Wrong codes",
            "282 for each; the fifth wrong code also ends the second-factor session, so that "
            "the next call answers 4 and the user logs in again: a six-digit code must not "
            "be guessable by trying (`tests/sdk/test_account_second_factor.py`).",
        ),
    ),
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
    USER_AUTH_CODE_RESEND,
    USER_AUTH_CODE_VERIFY,
    API_KEY_CREATE,
    API_KEY_DELETE,
    API_KEY_LIST,
    BASE_NOTHING,
    BASE_SEND_EMAIL,
)

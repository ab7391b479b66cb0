"""Signing in with a second factor: ``user/auth`` asks for a code, ``user/auth/code/verify``
trades it for a session, ``user/auth/code/resend`` mails another."""

from __future__ import annotations

import asyncio
import pickle

import httpx
import pytest

from fleetapi import (
    AsyncClient,
    Client,
    SecondFactorRequiredError,
    SessionNotFoundError,
    TimeoutNotReachedError,
    WrongAuthCodeError,
)
from fleetapi_mock import FleetMock


def two_factor_mock() -> FleetMock:
    """The demo world, its master user ``demo`` with a second factor by e-mail."""
    mock = FleetMock()
    with mock.world.lock:
        mock.world.users.change(1, second_factor="email")
    return mock


def mailed_code(mock: FleetMock) -> str:
    """The code mailed last to ``demo``."""
    return mock.control.mail(to="demo", kind="auth_code")[-1].values["code"]


def test_auth_answers_the_documented_kinds_of_answer() -> None:
    mock = two_factor_mock()
    with httpx.Client(transport=mock.transport, base_url=mock.base_url) as http:
        asked = http.post("/user/auth", json={"login": "demo", "password": "demo"}).json()
        plain = http.post("/user/auth", json={"login": "dispatcher", "password": "demo"}).json()
    assert (asked["type"], asked["factor_type"], len(asked["hash"])) == (
        "second_factor_required",
        "email",
        32,
    )
    assert plain["type"] == "authenticated"
    assert "factor_type" not in plain


def test_the_code_from_the_mail_opens_a_session_and_ends_the_pending_one() -> None:
    mock = two_factor_mock()
    with mock.client() as anonymous, pytest.raises(SecondFactorRequiredError) as required:
        anonymous.user.auth(login="demo", password="demo")
    assert required.value.factor_type == "email"
    pending = required.value.hash
    assert pending not in repr(required.value)
    assert pending not in str(required.value)
    assert pickle.loads(pickle.dumps(required.value)).hash == pending
    (mail,) = mock.control.mail(kind="auth_code")
    assert mail.to == "demo"
    with mock.client(pending) as waiting:
        with pytest.raises(SessionNotFoundError):
            waiting.tracker.list()  # the pending session serves the code calls alone
        session = waiting.user.auth.code.verify(code=mail.values["code"])
        with pytest.raises(SessionNotFoundError):
            waiting.user.auth.code.verify(code=mail.values["code"])  # it has ended
    assert session != pending
    with mock.client(session) as signed_in:
        assert signed_in.tracker.list()
        with pytest.raises(SessionNotFoundError):
            signed_in.user.auth.code.resend()  # a standard session is not a pending one


def test_login_asks_its_callback_for_the_code() -> None:
    mock = two_factor_mock()
    asked: list[str] = []

    def code(sent_by: str) -> str:
        asked.append(sent_by)
        return mailed_code(mock)

    with Client.login(
        mock.base_url, "demo", "demo", transport=mock.transport, second_factor=code
    ) as client:
        assert client.user.get_info().user_info.login == "demo"
    assert asked == ["email"]
    with pytest.raises(SecondFactorRequiredError):
        Client.login(mock.base_url, "demo", "demo", transport=mock.transport)
    with mock.login() as by_the_mock:  # the mock's helper reads the sent box itself
        assert by_the_mock.user.get_info().user_info.login == "demo"


def test_async_login_asks_its_callback_for_the_code() -> None:
    mock = two_factor_mock()

    async def main() -> str:
        client = await AsyncClient.login(
            mock.base_url,
            "demo",
            "demo",
            transport=mock.transport,
            second_factor=lambda _: mailed_code(mock),
        )
        async with client:
            return (await client.user.get_info()).user_info.login

    assert asyncio.run(main()) == "demo"


def test_a_resend_waits_five_minutes_and_replaces_the_code() -> None:
    mock = two_factor_mock()
    with mock.client() as anonymous, pytest.raises(SecondFactorRequiredError) as required:
        anonymous.user.auth(login="demo", password="demo")
    first = mailed_code(mock)
    with mock.client(required.value.hash) as waiting:
        with pytest.raises(TimeoutNotReachedError) as early:
            waiting.user.auth.code.resend()
        assert early.value.extra["timeout"] == "PT5M"
        mock.control.set_clock(advance=300)
        waiting.user.auth.code.resend()
        second = mailed_code(mock)
        assert len(mock.control.mail(kind="auth_code")) == 2
        if first != second:  # six random digits may repeat
            with pytest.raises(WrongAuthCodeError):
                waiting.user.auth.code.verify(code=first)
        assert len(waiting.user.auth.code.verify(code=second)) == 32


def test_the_fifth_wrong_code_ends_the_pending_session() -> None:
    mock = two_factor_mock()
    with mock.client() as anonymous, pytest.raises(SecondFactorRequiredError) as required:
        anonymous.user.auth(login="demo", password="demo")
    wrong = f"{(int(mailed_code(mock)) + 1) % 10**6:06d}"
    with mock.client(required.value.hash) as waiting:
        for _ in range(5):
            with pytest.raises(WrongAuthCodeError):
                waiting.user.auth.code.verify(code=wrong)
        with pytest.raises(SessionNotFoundError):
            waiting.user.auth.code.verify(code=mailed_code(mock))

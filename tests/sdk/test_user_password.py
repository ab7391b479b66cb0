"""``user/password/set`` and ``user/password/change``: a user's own password, and a restore."""

from __future__ import annotations

import pytest

from fleetapi import (
    InvalidParametersError,
    PasswordNotChangedError,
    SessionNotFoundError,
    WrongLoginError,
    WrongPasswordError,
)
from fleetapi_mock import FleetMock


def test_a_user_sets_its_password_and_its_other_sessions_end() -> None:
    mock = FleetMock()
    elsewhere = mock.login("dispatcher", "demo")
    with mock.login("dispatcher", "demo") as dirk:
        with pytest.raises(WrongPasswordError):
            dirk.user.password.set(old_password="wrong", new_password="secret1")
        dirk.user.password.set(old_password="demo", new_password="secret1")
        assert dirk.user.get_info().user_info.login == "dispatcher"  # this session stays
        with pytest.raises(PasswordNotChangedError):
            dirk.user.password.set(old_password="secret1", new_password="secret1")
    with pytest.raises(SessionNotFoundError):
        elsewhere.user.get_info()
    with pytest.raises(WrongLoginError):
        mock.login("dispatcher", "demo")
    mock.login("dispatcher", "secret1").close()


def test_an_api_key_may_not_set_a_password() -> None:
    mock = FleetMock()
    with mock.login() as master:
        key = master.api.key.create(title="ci")
    with mock.client(key.hash) as by_key, pytest.raises(SessionNotFoundError):
        by_key.user.password.set(old_password="demo", new_password="secret1")


def test_a_restore_session_changes_the_password_once_and_ends_every_session() -> None:
    mock = FleetMock()
    before = mock.login("dispatcher", "demo")
    restore = mock.control.password_restore(login="dispatcher").hash
    (mail,) = mock.control.mail(kind="password_restore")
    assert (mail.to, mail.values["hash"]) == ("dispatcher", restore)
    with mock.client(restore) as restoring:
        with pytest.raises(SessionNotFoundError):  # good for the change alone
            restoring.user.get_info()
        with pytest.raises(InvalidParametersError):  # not strong enough
            restoring.user.password.change(password="weakpassword12")
        with pytest.raises(InvalidParametersError):  # the current one
            restoring.user.password.change(password="demo")
        restoring.user.password.change(password="D9#YoBaQd@RMjMSb")
        with pytest.raises(SessionNotFoundError):  # once
            restoring.user.password.change(password="Other#Pass123")
    with pytest.raises(SessionNotFoundError):
        before.user.get_info()
    mock.login("dispatcher", "D9#YoBaQd@RMjMSb").close()


def test_a_standard_session_may_not_change_a_password_without_restore() -> None:
    mock = FleetMock()
    with mock.login() as master, pytest.raises(SessionNotFoundError):
        master.user.password.change(password="D9#YoBaQd@RMjMSb")


def test_a_password_of_the_last_ten_is_refused() -> None:
    mock = FleetMock()
    with mock.login("dispatcher", "demo") as dirk:
        dirk.user.password.set(old_password="demo", new_password="Aa1!first-one")
    restore = mock.control.password_restore(login="dispatcher").hash
    with mock.client(restore) as restoring, pytest.raises(InvalidParametersError):
        restoring.user.password.change(password="Aa1!first-one")

"""``user/session/*``: renewing a session, the DELIVERY session and push tokens."""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi import EntityNotFoundError, OperationNotPermittedError, SessionNotFoundError
from fleetapi_mock import FleetMock


def test_renewing_keeps_a_session_alive_past_thirty_days() -> None:
    mock = FleetMock()
    with mock.login() as master:
        mock.control.set_clock(advance=dt.timedelta(days=29).total_seconds())
        master.user.session.renew()
        mock.control.set_clock(advance=dt.timedelta(days=29).total_seconds())
        master.user.session.renew()
        mock.control.set_clock(advance=dt.timedelta(days=31).total_seconds())
        with pytest.raises(SessionNotFoundError):
            master.user.session.renew()


def test_one_delivery_session_per_master_user() -> None:
    mock = FleetMock()
    with mock.login() as master:
        with pytest.raises(EntityNotFoundError):
            master.user.session.delivery.read()
        first = master.user.session.delivery.create()
        assert master.user.session.delivery.read() == first
        second = master.user.session.delivery.create()
        assert master.user.session.delivery.read() == second != first
    with mock.client(first) as old, pytest.raises(SessionNotFoundError):
        old.user.get_info()
    with mock.login("dispatcher", "demo") as dirk, pytest.raises(OperationNotPermittedError):
        dirk.user.session.delivery.create()


def test_a_push_token_belongs_to_its_session() -> None:
    mock = FleetMock()
    with mock.login("dispatcher", "demo") as dirk:
        dirk.user.session.push_token.bind(
            application="navixy_android_viewer", token="f4be7b9d", category_filter="-history_task"
        )
        session = mock.world.sessions[dirk.hash]
        assert session.push_token is not None
        assert (session.push_token.token, session.push_token.category_filter) == (
            "f4be7b9d", "-history_task"
        )  # fmt: skip
        dirk.user.session.push_token.delete()
        assert mock.world.sessions[dirk.hash].push_token is None

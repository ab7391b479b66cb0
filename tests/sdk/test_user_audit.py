"""``user/audit/log/list`` and ``user/audit/checkin``: what the account's sub-users did."""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi import InvalidParametersError, OperationNotPermittedError
from fleetapi.models.tag import NewTag
from fleetapi_mock import FleetMock

DAY = (dt.datetime(2026, 1, 15), dt.datetime(2026, 1, 16))


def _give_tag_update(mock: FleetMock) -> None:
    with mock.world.lock:
        mock.world.users.change(2, rights=["tag_update"])


def test_a_sub_users_changes_and_check_ins_are_logged_for_its_master() -> None:
    mock = FleetMock()
    _give_tag_update(mock)
    with mock.login("dispatcher", "demo") as dirk:
        dirk.user.audit.checkin()
        tag = dirk.tag.create(tag=NewTag(name="night", color="1E96DC"))
        dirk.tag.list()  # a read: not logged
    with mock.login() as master:
        master.tag.create(tag=NewTag(name="day", color="1E96DC"))  # the master's: not logged
        checkin, created = master.user.audit.log.list(from_=DAY[0], to=DAY[1])
    assert (checkin.entry_category, checkin.action, checkin.subuser_id) == (
        "user_audit",
        "checkin",
        2,
    )
    assert (created.entry_category, created.action, created.entry_id) == ("tag", "create", tag)
    assert created.payload == {"tag": "<object>"}
    assert created.user_id == 1
    assert created.action_date == dt.datetime(2026, 1, 15, 9, 0)  # the master user's zone
    with mock.login("dispatcher", "demo") as dirk, pytest.raises(OperationNotPermittedError):
        dirk.user.audit.log.list(from_=DAY[0], to=DAY[1])


def test_the_log_filters_sorts_and_pages() -> None:
    mock = FleetMock()
    _give_tag_update(mock)
    with mock.login("dispatcher", "demo") as dirk:
        for name in ("a", "b", "c"):
            dirk.tag.create(tag=NewTag(name=name, color="1E96DC"))
            mock.control.set_clock(advance=60)
        dirk.user.audit.checkin()
    with mock.login() as master:
        log = master.user.audit.log
        assert [e.action for e in log.list(from_=DAY[0], to=DAY[1], actions=["checkin"])] == [
            "checkin"
        ]
        newest = log.list(from_=DAY[0], to=DAY[1], sort=["action_datetime=desc"], limit=1)
        assert [e.action for e in newest] == ["checkin"]
        page = log.list(from_=DAY[0], to=DAY[1], offset=1, limit=2)
        assert [e.payload for e in page] == [{"tag": "<object>"}] * 2
        grouped = log.list(from_=DAY[0], to=DAY[1], grouping="action", sort=["action=desc"])
        assert [e.action for e in grouped] == ["create", "create", "create", "checkin"]
        assert log.list(from_=DAY[0], to=DAY[1], subuser_ids=[99]) == []
        with pytest.raises(InvalidParametersError):
            log.list(from_=DAY[0], to=DAY[1], sort=["login=asc"])

"""``notification/list``: the account's notifications while they are to be shown."""

from __future__ import annotations

import datetime as dt

from fleetapi_mock import FleetMock


def test_a_notification_is_listed_until_its_show_till() -> None:
    mock = FleetMock()  # the demo's clock: 2026-01-15 09:00 UTC
    with mock.login("demo", "demo") as master:
        (shown,) = master.notification.list()
        assert shown.message.startswith("Scheduled maintenance")
        assert shown.show_till == dt.datetime(2026, 1, 31, 23, 59, 59)
        with mock.login("dispatcher", "demo") as sub_user:  # the account's, in Berlin time
            (seen,) = sub_user.notification.list()
            assert (seen.id, seen.show_till) == (shown.id, dt.datetime(2026, 2, 1, 0, 59, 59))
        mock.control.set_clock(now="2026-02-01 00:00:00")
        assert master.notification.list() == []
    with mock.login("other", "other") as stranger:
        assert stranger.notification.list() == []

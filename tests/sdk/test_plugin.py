"""``plugin/list``: the report kinds the mock makes and the account's features."""

from __future__ import annotations

import datetime as dt

import attrs
from report_requests import demo_request

from fleetapi_mock import FleetMock
from fleetapi_mock.domain.report import KINDS


def test_the_report_plugins_and_the_accounts_features_are_listed() -> None:
    mock = FleetMock()
    with mock.login("demo", "demo") as master:
        plugins = master.plugin.list()
        reports = [p.id for p in plugins if p.type == "tracker_report"]
        assert reports == sorted(KINDS)
        trips = plugins[0]
        assert (trips.module, trips.ui_module) == ("com.navixy.plugin.tracker.report.trip", "Trip")
        assert trips.filter.exclusion is True
        assert [p.id for p in plugins if p.type == "user"] == [29]  # the demo has bills
        assert {p.module.rsplit(".", 1)[1] for p in plugins if p.type == "tracker_report"} >= {
            "eco_driving", "engine_hours", "sos",
        }  # fmt: skip
        # what is listed, a report can be generated with
        day = dt.datetime(2026, 1, 14)
        for plugin_id in reports:
            master.report.tracker.generate(
                from_=day, to=day + dt.timedelta(hours=23), trackers=[1], **demo_request(plugin_id)
            )  # fmt: skip
            mock.clock.advance(dt.timedelta(seconds=5))  # ready: at most 5 are made at once
    with mock.world.lock:
        mock.world.users[1] = attrs.evolve(mock.world.users[1], plugins=[])
    with mock.login("dispatcher", "demo") as sub_user:  # its master's features
        assert [p.id for p in sub_user.plugin.list() if p.type == "user"] == []

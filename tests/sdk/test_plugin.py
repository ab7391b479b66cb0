"""``plugin/list``: the report kinds the mock makes and the account's features."""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi.models.report import ReportPlugin
from fleetapi_mock import FleetMock


def test_the_report_plugins_and_the_accounts_features_are_listed() -> None:
    mock = FleetMock()
    with mock.login("demo", "demo") as master:
        plugins = master.plugin.list()
        reports = [p.id for p in plugins if p.type == "tracker_report"]
        assert reports == [4, 6, 8, 11, 13, 15, 16, 17, 18, 19, 20, 23, 27, 66, 89]
        trips = plugins[0]
        assert (trips.module, trips.ui_module) == ("com.navixy.plugin.tracker.report.trip", "Trip")
        assert trips.filter.exclusion is True
        assert [p.id for p in plugins if p.type == "user"] == [29]  # the demo has bills
        # what is listed, a report can be generated with
        day = dt.datetime(2026, 1, 14)
        for plugin_id in reports:
            master.report.tracker.generate(
                from_=day, to=day + dt.timedelta(hours=23), trackers=[1],
                plugin=ReportPlugin(plugin_id=plugin_id),
            )  # fmt: skip
            mock.clock.advance(dt.timedelta(seconds=5))  # ready: at most 5 are made at once
    with mock.world.lock:
        mock.world.users[1] = attrs.evolve(mock.world.users[1], plugins=[])
    with mock.login("dispatcher", "demo") as sub_user:  # its master's features
        assert [p.id for p in sub_user.plugin.list() if p.type == "user"] == []

"""``plugin/list``: the report kinds the mock makes and the account's features."""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs

from fleetapi.models.report import ReportPlugin, ReportShift
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.report import KINDS

WHOLE_DAY = ReportShift(name="Day", start_time="00:00", end_time="23:59")

_REQUIRED: dict[int, dict[str, Any]] = {84: {"zone_ids": [1]}}
"""The options a plugin cannot be made without (the report by drivers needs employees)."""


def test_the_report_plugins_and_the_accounts_features_are_listed() -> None:
    mock = FleetMock()
    with mock.login("demo", "demo") as master:
        plugins = master.plugin.list()
        reports = [p.id for p in plugins if p.type == "tracker_report"]
        assert reports == sorted(KINDS)
        assert set(reports) >= {4, 6, 8, 27}
        assert reports == [4, 6, 8, 27, 46, 82, 84, 85]
        assert reports == [4, 6, 8, 11, 13, 15, 16, 17, 18, 19, 20, 23, 27, 66, 89]
        trips = plugins[0]
        assert (trips.module, trips.ui_module) == ("com.navixy.plugin.tracker.report.trip", "Trip")
        assert trips.filter.exclusion is True
        assert [p.id for p in plugins if p.type == "user"] == [29]  # the demo has bills
        # what is listed, a report can be generated with
        day = dt.datetime(2026, 1, 14)
        for plugin_id in reports:
            subjects: dict[str, list[int]] = {"employees": [2]} if plugin_id == 82 else {}
            master.report.tracker.generate(
                from_=day, to=day + dt.timedelta(hours=23), trackers=[1],
                plugin=ReportPlugin(plugin_id=plugin_id, shifts=[WHOLE_DAY]),  # others ignore it
            )  # fmt: skip
            mock.clock.advance(dt.timedelta(seconds=5))  # done: not one of the parallel ones
                plugin=ReportPlugin(plugin_id=plugin_id, **_REQUIRED.get(plugin_id, {})),
                **subjects,
            )  # fmt: skip
            mock.clock.advance(dt.timedelta(seconds=5))  # ready: at most 5 run at once
            mock.clock.advance(dt.timedelta(seconds=5))  # ready: at most 5 are made at once
    with mock.world.lock:
        mock.world.users[1] = attrs.evolve(mock.world.users[1], plugins=[])
    with mock.login("dispatcher", "demo") as sub_user:  # its master's features
        assert [p.id for p in sub_user.plugin.list() if p.type == "user"] == []

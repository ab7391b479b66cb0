"""What a report of each plugin needs beyond its ID to be made for the demo world: the options
its documentation requires (shifts, zones) and the employees of the reports by drivers."""

from __future__ import annotations

from typing import Any

from fleetapi.models.report import ReportPlugin, ReportShift
from fleetapi.report_plugins import BY_ID

WHOLE_DAY_SHIFT = ReportShift(name="Day", start_time="00:00", end_time="23:59")

NEEDED: dict[int, dict[str, Any]] = {
    77: {"shifts": [WHOLE_DAY_SHIFT]},
    84: {"zone_ids": [1]},
}
"""The options a plugin is refused without, as the demo world can give them."""


def demo_request(plugin_id: int, **options: Any) -> dict[str, Any]:
    """The ``plugin`` (and the ``employees`` of a report by drivers) of ``report/tracker/
    generate`` for a report of ``plugin_id`` on the demo world's Van 1 and its driver Ben."""
    plugin = ReportPlugin(plugin_id=plugin_id, **{**NEEDED.get(plugin_id, {}), **options})
    subjects = {"employees": [2]} if BY_ID[plugin_id].by == "employees" else {}
    return {"plugin": plugin, **subjects}

"""Fill in the sheets of the demo world's reports from the world's own data.

Each report of ``src/fleetapi_mock/data/demo_world.json`` is generated again by the mock, as its
user, over its period, trackers, time filter and plugin, and the sheets it makes are written
back into the report. Run it after ``scripts/demo_tracks.py`` changes the points; only the
``reports`` block of the file is rewritten (one report per line).

Usage: ``.venv/bin/python scripts/demo_report.py``
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from demo_tracks import DEMO, write_block  # the script beside this one

from fleetapi._converter import converter_for
from fleetapi.endpoints.report import GENERATION_SECONDS
from fleetapi.models.report import ReportPlugin, ReportSheet, TimeFilter
from fleetapi_mock import FleetMock


def sheets_of(mock: FleetMock, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The sheets the mock makes of ``report`` (a report of the world document) now."""
    converter = converter_for(strict=True)
    user = mock.world.users[report["user_id"]]
    with mock.login(user.login, user.password) as client:
        report_id = client.report.tracker.generate(
            from_=dt.datetime.fromisoformat(report["from"]),
            to=dt.datetime.fromisoformat(report["to"]),
            trackers=report["trackers"],
            time_filter=converter.structure(report["time_filter"], TimeFilter),
            plugin=converter.structure(report["plugin"], ReportPlugin),
        )
        mock.clock.advance(dt.timedelta(seconds=GENERATION_SECONDS))
        sheets = client.report.tracker.retrieve(report_id=report_id).sheets
    made: list[dict[str, Any]] = converter.unstructure(sheets, list[ReportSheet])
    return made


def main() -> None:
    reports = json.loads(DEMO.read_text(encoding="utf-8"))["reports"]
    mock = FleetMock()
    for report in reports:
        report["sheets"] = sheets_of(mock, report)
    write_block("reports", reports)
    print(f"{len(reports)} reports written to {DEMO}")


if __name__ == "__main__":
    main()

"""``fleet report generate``: a plugin by name, a wait for the job, a download."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from conftest import Cli

PERIOD = ("--from", "2026-01-01", "--to", "2026-01-15")


def test_generate_prints_the_id_at_once(cli: Cli, session: str, fleet_mock: Any) -> None:
    result = cli("report", "generate", *PERIOD, "--tracker", "1", "-o", "json")
    assert result.exit_code == 0, result.output
    report_id = max(fleet_mock.world.reports)
    assert f'"id": {report_id}' in result.output
    assert fleet_mock.world.reports[report_id].plugin.plugin_id == 4  # trips by default


def test_p_for_the_plugin_still_works_and_warns(cli: Cli, session: str, fleet_mock: Any) -> None:
    """``-p`` will mean ``--profile`` here as in every command: for one minor version it is
    still the plugin, with a warning, and the help shows ``--plugin`` only."""
    result = cli("report", "generate", *PERIOD, "-p", "stops", "-o", "json")
    assert result.exit_code == 0, result.output
    assert "warning: '-p' of 'fleet report generate' is deprecated" in result.stderr
    assert "use '--plugin'" in result.stderr
    assert fleet_mock.world.reports[max(fleet_mock.world.reports)].plugin.plugin_id == 6
    plain = cli("report", "generate", *PERIOD, "--plugin", "stops", "-o", "json")
    assert "warning" not in plain.stderr
    assert "-p," not in cli("report", "generate", "--help").output


def test_wait_then_download_to_a_file(
    cli: Cli, session: str, fleet_mock: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("fleetapi_mock.domain.report.making.GENERATION_SECONDS", 0)
    target = tmp_path / "month.xlsx"
    result = cli("report", "generate", "--plugin", "trips", *PERIOD, "--wait", "-O", str(target))
    assert result.exit_code == 0, result.output
    workbook = load_workbook(io.BytesIO(target.read_bytes()))
    moved = {
        w.title for w in workbook if ("In total:",) in w.iter_rows(max_col=1, values_only=True)
    }
    assert moved == {"Van 1", "Anna's phone"}  # the demo's that moved
    options = cli("report", "generate", *PERIOD, "-p", "4", "--options", '{"split": false}', "-w")
    assert options.exit_code == 0, options.output
    assert '"title": "Trips"' in options.output


def test_a_wait_gives_up_after_its_timeout(cli: Cli, session: str, fleet_mock: Any) -> None:
    result = cli("report", "generate", *PERIOD, "--wait", "--wait-timeout", "0", "--interval", "0")
    assert result.exit_code == 7  # the frozen clock never finishes it
    assert "0% ready" in result.output
    assert "fleet report tracker retrieve --report-id" in result.output


def test_timeout_of_report_generate_is_deprecated_for_wait_timeout(cli: Cli, session: str) -> None:
    """``--timeout`` will be the global one (seconds per call) here as in every command: for
    one minor version it still means the wait, with a warning."""
    result = cli("report", "generate", *PERIOD, "--wait", "--timeout", "0", "--interval", "0")
    assert result.exit_code == 7, result.output
    assert "warning: '--timeout' of 'fleet report generate' is deprecated" in result.stderr
    assert "--wait-timeout" in result.stderr
    assert "--timeout" not in cli("report", "generate", "--help").output.replace(
        "--wait-timeout", ""
    )


@pytest.mark.parametrize(
    "args", [("--plugin", "sightseeing"), ("--options", "[1]"), ("-O", "report.txt")]
)
def test_bad_options_are_usage_errors(cli: Cli, session: str, args: tuple[str, ...]) -> None:
    result = cli("report", "generate", *PERIOD, *args)
    assert result.exit_code == 2, result.output


def test_every_documented_plugin_has_a_name(cli: Cli) -> None:
    """``fleet report plugins`` lists the plugins of the service's documentation, each by the
    name ``--plugin`` takes; the old name ``speeding`` still works, with a warning."""
    result = cli("report", "plugins", "-o", "json")
    assert result.exit_code == 0, result.output
    listed = {p["name"]: p["id"] for p in json.loads(result.stdout)}
    assert len(set(listed.values())) == 33
    assert listed["eco-driving-by-trackers"] == 46
    assert listed["fuel-volume"] == 10


@pytest.mark.parametrize(("name", "number"), [("speed-violation", 27), ("stay-in-places", 85)])
def test_a_plugin_by_its_name(
    cli: Cli, session: str, fleet_mock: Any, name: str, number: int
) -> None:
    made = cli("report", "generate", *PERIOD, "--plugin", name, "-o", "json")
    assert made.exit_code == 0, made.output
    assert "warning" not in made.stderr
    assert fleet_mock.world.reports[max(fleet_mock.world.reports)].plugin.plugin_id == number


def test_an_old_plugin_name_warns(cli: Cli, session: str, fleet_mock: Any) -> None:
    result = cli("report", "generate", *PERIOD, "--plugin", "speeding", "-o", "json")
    assert result.exit_code == 0, result.output
    assert "--plugin speeding is deprecated" in result.stderr
    assert "use --plugin speed-violation" in result.stderr
    assert fleet_mock.world.reports[max(fleet_mock.world.reports)].plugin.plugin_id == 27
    unknown = cli("report", "generate", *PERIOD, "--plugin", "nonsense")
    assert unknown.exit_code == 2
    assert "fleet report plugins" in unknown.output

"""The sharing slice's hand-made commands (geo links, map layers, retranslators) on the mock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

Cli = Any  # the runner of conftest.py

KML = b'<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Yard</name></Document></kml>'


def data(result: Any) -> Any:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


# --- map-layer ------------------------------------------------------------------------------


def test_upload_then_download_a_layer(cli: Cli, session: str, fleet_mock: Any, tmp_path: Path):
    source = tmp_path / "yard.kml"
    source.write_bytes(KML)
    created = data(cli("map-layer", "upload", str(source), "--label", "Yard", "-o", "json"))
    assert created == {"id": created["id"], "label": "Yard"}
    assert fleet_mock.world.map_layers[created["id"]].kml == KML.decode()
    target = tmp_path / "copy.kml"
    result = cli("map-layer", "download", str(created["id"]), "-O", str(target))
    assert result.exit_code == 0, result.stderr
    assert target.read_bytes() == KML
    assert result.stdout == ""
    assert str(target) in result.stderr
    # "-o -" (and the default) write to stdout.
    assert cli("map-layer", "download", str(created["id"]), "-O", "-").stdout_bytes == KML
    assert cli("map-layer", "download", "1").stdout.startswith("<?xml")


def test_upload_from_stdin(cli: Cli, session: str, fleet_mock: Any):
    created = data(cli("map-layer", "upload", "-", "--label", "Piped", input=KML.decode()))
    assert fleet_mock.world.map_layers[created["id"]].label == "Piped"


def test_upload_failures(cli: Cli, session: str, tmp_path: Path):
    missing = cli("map-layer", "upload", str(tmp_path / "nope.kml"), "--label", "x")
    assert missing.exit_code == 2
    assert "no such file" in missing.stderr
    bad = tmp_path / "bad.kml"
    bad.write_text("not xml")
    result = cli("map-layer", "upload", str(bad), "--label", "x")
    assert result.exit_code == 6
    assert "[242]" in result.stderr
    assert result.stdout == ""


def test_download_of_a_missing_layer_exits_5(cli: Cli, session: str):
    result = cli("map-layer", "download", "424242")
    assert result.exit_code == 5
    assert "[201]" in result.stderr


def test_generated_map_layer_commands_stay_beside_the_hand_made_ones(cli: Cli, session: str):
    assert data(cli("map-layer", "list", "-o", "json")) == [{"id": 1, "label": "Delivery areas"}]
    result = cli("map-layer", "update", "--layer", '{"id": 1, "label": "Zones"}')
    assert result.exit_code == 0, result.stderr
    assert data(cli("map-layer", "list", "-o", "json"))[0]["label"] == "Zones"


# --- link -----------------------------------------------------------------------------------


def test_create_a_link_and_print_its_url(cli: Cli, session: str, fleet_mock: Any):
    result = cli(
        "link",
        "create",
        "--tracker",
        "1",
        "--tracker",
        "2",
        "--description",
        "Deliveries today",
        "--until",
        "2026-01-20",
        "-o",
        "json",
    )
    created = data(result)
    link = fleet_mock.world.geo_links[created["id"]]
    assert created["url"] == f"https://demo.fleet.test/ls/#{link.hash}"
    assert [t.tracker_id for t in link.trackers] == [1, 2]
    assert link.trackers[0].params.object_data == ["speed", "address"]
    assert link.description == "Deliveries today"
    assert str(link.lifetime.to) == "2026-01-20 23:59:59"


def test_create_with_a_start_a_domain_and_fields(cli: Cli, session: str, fleet_mock: Any):
    created = data(
        cli(
            "link",
            "create",
            "-t",
            "3",
            "--from",
            "2026-01-16 08:00",
            "--show",
            "driver_name",
            "--domain",
            "track.example.com",
            "-o",
            "json",
        )
    )
    link = fleet_mock.world.geo_links[created["id"]]
    assert created["url"] == f"https://track.example.com/ls/#{link.hash}"
    assert str(link.lifetime.from_) == "2026-01-16 08:00:00"
    assert link.trackers[0].params.object_data == ["driver_name"]


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["--until", "next week"], "--until"),
        (["--show", "colour"], "--show"),
    ],
)
def test_create_usage_errors(cli: Cli, session: str, args: list[str], hint: str):
    result = cli("link", "create", "-t", "1", *args)
    assert result.exit_code == 2
    assert hint in result.stderr


def test_create_with_a_tracker_the_tariff_refuses_exits_8(cli: Cli, session: str):
    result = cli("link", "create", "-t", "6")
    assert result.exit_code == 8
    assert "[236]" in result.stderr


def test_the_url_falls_back_to_the_api_host(cli: Cli, session: str, fleet_mock: Any):
    with fleet_mock.world.lock:
        fleet_mock.world.dealers.change(1, settings=None)  # get_ui_config now answers 201
    created = data(cli("link", "create", "-t", "1", "-o", "json"))
    assert created["url"].startswith("https://fleet.localhost/ls/#")


def test_list_shows_the_status(cli: Cli, session: str):
    listed = data(cli("link", "list", "-o", "json"))
    assert [(link["id"], link["status"]) for link in listed] == [(1, "enabled"), (2, "expired")]
    table = cli("link", "list", "-o", "table")
    assert table.exit_code == 0
    header, first, second = table.stdout.splitlines()[:3]
    assert header.split()[:3] == ["ID", "STATUS", "DESCRIPTION"]
    assert first.split()[:2] == ["1", "enabled"]
    assert "1 2" in first  # the trackers' IDs
    assert second.split()[:2] == ["2", "expired"]
    shuttle = data(cli("link", "list", "--filter", "shuttle", "-o", "json"))
    assert [link["id"] for link in shuttle] == [2]
    ordered = data(cli("link", "list", "--sort", "status=desc", "-o", "json"))
    assert [link["id"] for link in ordered] == [2, 1]


def test_disable_and_enable(cli: Cli, session: str, fleet_mock: Any):
    result = cli("link", "disable", "1")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert "disabled" in result.stderr
    assert fleet_mock.world.geo_links[1].enabled is False
    assert data(cli("link", "list", "-o", "json"))[0]["status"] == "disabled"
    assert cli("link", "enable", "1").exit_code == 0
    assert fleet_mock.world.geo_links[1].enabled is True
    missing = cli("link", "disable", "424242")
    assert missing.exit_code == 5
    assert "[201]" in missing.stderr


# --- retranslator ---------------------------------------------------------------------------


def test_retranslator_list(cli: Cli, session: str):
    listed = data(cli("retranslator", "list", "-o", "json"))
    assert listed == [
        {
            "id": 1,
            "name": "Partner logistics portal",
            "protocol_id": 1,
            "protocol": "Wialon IPS",
            "address": "gps.partner.example",
            "port": 20332,
            "password": "partner-pass",
            "enabled": True,
        }
    ]
    table = cli("retranslator", "list", "-o", "table")
    assert table.exit_code == 0
    assert "Wialon IPS" in table.stdout
    assert "partner-pass" not in table.stdout


def test_generated_retranslator_commands_remain(cli: Cli, session: str):
    protocols = data(cli("retranslator", "protocols", "-o", "json"))
    assert [p["name"] for p in protocols][:2] == ["Wialon IPS", "Wialon Retranslator"]

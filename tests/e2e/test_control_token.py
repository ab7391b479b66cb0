"""A served mock's control API behind a token: no stranger reads, moves or deletes a world."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest

import fleetapi
from fleetapi_mock import FleetMock, MockControl, ThreadedServer
from fleetapi_mock.state.documents import MASK, MASKED_PROBLEM, SECRETS

pytestmark = pytest.mark.e2e

TOKEN = "s3cret-token"


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedServer]:
    with ThreadedServer(FleetMock(), control_token=TOKEN) as served:
        yield served


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/__mock__/world"),
        ("GET", "/__mock__/journal"),
        ("POST", "/__mock__/clock"),
        ("POST", "/__mock__/reset"),
        ("GET", "/__mock__/worlds"),
        ("DELETE", "/__mock__/worlds/ci-1"),
        ("POST", "/__mock__/faults"),
        ("GET", "/v2/__world/ci-1/__mock__/world"),
        ("GET", "/__mock__/no-such-route"),
    ],
)
def test_a_control_route_without_the_token_is_refused(
    server: ThreadedServer, method: str, path: str
) -> None:
    before = server.mock.clock.now()
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}):
        answer = httpx.request(method, server.base_url + path, headers=headers, json={})
        assert answer.status_code == 401, (path, answer.text)
        assert answer.json()["status"]["code"] == 3
        assert answer.headers["www-authenticate"].startswith("Bearer")
        assert "s3cret" not in answer.text
    assert server.mock.clock.now() == before


def test_with_the_token_the_control_api_answers(server: ThreadedServer) -> None:
    with MockControl(server.base_url, world="ci-token", token=TOKEN) as control:
        assert control.set_clock(advance="P1D").now.day == 16
        assert "ci-token" in [w.name for w in control.list_worlds()]
        control.delete_world(name="ci-token")
    with MockControl(server.base_url) as stranger, pytest.raises(fleetapi.WrongHashError):
        stranger.read_clock()


def test_the_api_the_file_routes_and_the_openapi_document_stay_open(
    server: ThreadedServer,
) -> None:
    login = {"login": "demo", "password": "demo"}
    assert httpx.post(server.base_url + "/user/auth", json=login).json()["success"] is True
    assert httpx.get(server.base_url + "/openapi.json").status_code == 200
    download = httpx.get(server.base_url + "/__mock__/files/999/t/name.png")
    assert download.status_code == 404  # a missing file, not a missing token
    assert download.json()["status"]["code"] != 3


def test_serving_beyond_loopback_without_a_token_warns() -> None:
    command = [sys.executable, "-m", "fleetapi_cli", "mock", "serve", "--host", "0.0.0.0"]
    process = subprocess.Popen(
        [*command, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        assert "listening" in process.stdout.readline()
    finally:
        process.terminate()
        _, err = process.communicate(timeout=15)
    assert "without --control-token" in err


def _secrets(document: dict[str, object]) -> set[str]:
    """Every value of a secret field in ``document``."""
    return {
        str(item[field])  # type: ignore[index]
        for name, fields in SECRETS.items()
        for item in document.get(name, [])  # type: ignore[attr-defined]
        for field in fields
        if field in item
    }


def test_a_world_document_shows_its_secrets_to_the_token_holder_only() -> None:
    """Without a token a served document masks passwords and hashes; with it, all round-trips."""
    with ThreadedServer(FleetMock()) as open_server:
        login = {"login": "demo", "password": "demo"}
        assert httpx.post(open_server.base_url + "/user/auth", json=login).json()["success"]
        masked = httpx.get(open_server.base_url + "/__mock__/world").json()
    assert masked["masked"] is True
    assert _secrets(masked) == {MASK}
    assert "demo" not in {u["password"] for u in masked["users"]}
    with ThreadedServer(FleetMock(), control_token=TOKEN) as server:
        auth = {"Authorization": f"Bearer {TOKEN}"}
        full = httpx.get(server.base_url + "/__mock__/world", headers=auth).json()
        assert "masked" not in full
        assert MASK not in _secrets(full)
        refused = httpx.post(server.base_url + "/__mock__/reset", json=masked, headers=auth)
        assert refused.json()["status"]["code"] == 7
        assert refused.json()["errors"] == [{"parameter": "masked", "error": MASKED_PROBLEM}]
        assert httpx.get(server.base_url + "/__mock__/world", headers=auth).json() == full
    in_process = FleetMock()
    assert "masked" not in in_process.control.world_document()

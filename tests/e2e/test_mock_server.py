"""The mock over real HTTP: the threaded server, the fixture, and ``run`` in a subprocess."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys

import httpx
import pytest

from fleetapi import Client, SessionNotFoundError
from fleetapi_mock import DEMO_API_KEY, FleetMock, ThreadedServer

pytestmark = pytest.mark.e2e


def test_threaded_server_answers_over_http():
    with ThreadedServer() as server:
        assert server.base_url.startswith("http://127.0.0.1:")
        with httpx.Client(base_url=server.base_url) as http:
            answer = http.post("/v2/user/auth/", json={"login": "demo", "password": "demo"})
            session = answer.json()["hash"]
            assert session in server.world.sessions
            response = http.post("/tracker/list", headers={"Authorization": f"NVX {session}"})
            assert len(response.json()["list"]) == 6
            response = http.get("/tracker/read", params={"hash": session, "tracker_id": "99"})
            assert response.status_code == 400
            assert response.json()["status"]["code"] == 201
            response = http.post("/api/key/create", data={"hash": session, "title": "form encoded"})
            assert response.json()["value"]["title"] == "form encoded"


def test_fleet_server_fixture_with_the_sdk(fleet_server: ThreadedServer):
    with Client.login(fleet_server.base_url, "demo", "demo") as client:
        assert [k.title for k in client.api.key.list()] == ["Demo key"]
        assert client.dealer.get_ui_config(domain="demo.fleet.test").dealer.id == 1
    key_client = Client(base_url=fleet_server.base_url, api_key=DEMO_API_KEY, max_retries=0)
    with key_client, pytest.raises(SessionNotFoundError):
        key_client.api.key.list()
    fleet_server.mock.clock.advance(3600)
    with httpx.Client(base_url=fleet_server.base_url) as http:
        assert http.get("/__mock__/clock").json()["now"] == "2026-01-15 10:00:00"


def test_oversized_body_over_http():
    mock = FleetMock()
    mock.backend.max_body_bytes = 1000
    with ThreadedServer(mock) as server, httpx.Client(base_url=server.base_url) as http:
        response = http.post("/tracker/list", content=b" " * 5000)
        assert response.status_code == 413
        assert response.json()["status"]["code"] == 5
        chunks = (b" " * 600 for _ in range(3))  # streamed: no content-length
        response = http.post("/tracker/list", content=chunks)
        assert response.status_code == 413


def test_two_servers_run_side_by_side():
    with ThreadedServer() as first, ThreadedServer() as second:
        assert first.base_url != second.base_url
        with httpx.Client() as http:
            for server in (first, second):
                assert http.get(server.base_url + "/openapi.json").status_code == 200


def _finish(process: subprocess.Popen[str]) -> tuple[str, str]:
    """The rest of the output once the process ends (read through the same buffers that
    ``readline`` used: ``communicate`` would skip what they hold)."""
    assert process.stdout is not None
    assert process.stderr is not None
    out = process.stdout.read()
    err = process.stderr.read()
    process.wait(timeout=20)
    return out, err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_run_prints_the_banner_and_stops_on_sigterm():
    code = "from fleetapi_mock import run; run(port=0, banner=True)"
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("fleet mock: listening on http://127.0.0.1:"), line
        url = line.rsplit(" ", 1)[1].strip()
        with httpx.Client(base_url=url) as http:
            answer = http.post("/base/nothing", headers={"Authorization": f"NVX {DEMO_API_KEY}"})
            assert answer.json() == {"success": True}
        process.send_signal(signal.SIGTERM)
        out, err = _finish(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert "demo / demo" in out
    assert "dispatcher / demo" in out
    assert DEMO_API_KEY in out
    assert f"fleet --base-url {url} auth login --login demo" in out
    assert f"fleet --base-url {url} dealer config --domain demo.fleet.test" in out
    assert f"fleet --base-url {url} task list" in out
    assert f"fleet --base-url {url} event list --from 2026-01-08" in out  # a week of events
    assert out.rstrip().endswith("fleet mock: stopped")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_run_stops_on_ctrl_c():
    code = "from fleetapi_mock import run; run(port=0)"
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("fleet mock: listening on")
        process.send_signal(signal.SIGINT)
        out, err = _finish(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert out.rstrip().endswith("fleet mock: stopped")


SLOW_SERVER = """
import time
from fleetapi_mock import handlers, run

def slow(ctx, params):
    print("handler started", flush=True)
    time.sleep(600)

handlers.load_handlers()
handlers.HANDLERS["base/nothing"] = slow
run(port=0, shutdown_timeout=1)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_during_a_long_request_exits_after_the_shutdown_timeout():
    import threading

    process = subprocess.Popen(
        [sys.executable, "-c", SLOW_SERVER],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )

    def slow_call(url: str) -> None:
        with contextlib.suppress(httpx.HTTPError):  # the server went away, as it should
            httpx.post(f"{url}/base/nothing", json={"hash": DEMO_API_KEY}, timeout=60)

    try:
        assert process.stdout is not None
        url = process.stdout.readline().rsplit(" ", 1)[1].strip()
        threading.Thread(target=slow_call, args=(url,), daemon=True).start()
        printed = process.stdout.readline().strip()
        assert printed == f"fleet mock: dashboard at {url}/__mock__/ui/", printed
        assert process.stdout.readline().strip() == "handler started"
        process.send_signal(signal.SIGTERM)
        # Far below the handler's 600 s: the one-second shutdown timeout ends the wait.
        process.wait(timeout=30)
        out, _ = _finish(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0
    assert out.rstrip().endswith("fleet mock: stopped")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_ci_job_waits_for_the_server_with_its_ready_file(tmp_path):
    """``fleet mock serve --ready-file F &`` then ``fleet mock wait --ready-file F``: the wait
    returns once the server answers, with its URL; the file goes when the server stops, and a
    wait for a server that is not there gives up with exit 10."""
    ready = tmp_path / "mock.url"
    fleet = [sys.executable, "-m", "fleetapi_cli"]
    server = subprocess.Popen(
        [*fleet, "mock", "serve", "--port", "0", "--ready-file", str(ready)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        waited = subprocess.run(
            [*fleet, "mock", "wait", "--ready-file", str(ready), "--timeout", "60"],
            capture_output=True,
            text=True,
            timeout=90,
        )
        assert waited.returncode == 0, waited.stderr
        url = waited.stdout.strip()
        assert url == ready.read_text().strip()
        assert httpx.post(f"{url}/base/nothing", json={"hash": DEMO_API_KEY}).json()["success"]
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
        server.communicate()
    assert not ready.exists()
    gone = subprocess.run(
        [*fleet, "mock", "wait", url, "--timeout", "0.3"], capture_output=True, text=True
    )
    assert gone.returncode == 10
    assert "did not answer" in gone.stderr

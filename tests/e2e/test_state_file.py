"""``fleet mock serve --state FILE``: worlds survive restarts, a crash never tears the file,
and a file the mock cannot read is refused and left as it is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from fleetapi_mock import FleetMock, World
from fleetapi_mock.web.statefile import FORMAT, StateFileError, StateKeeper, write_state
from fleetapi_mock.web.worlds import Worlds

SAVE_EVERY = 0.5


def _serve(state: Path, *extra: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "fleetapi_cli", "mock", "serve", "--port", "0"]
    command += ["--state", str(state), "--save-every", str(SAVE_EVERY), "--rate-limit", "0"]
    command += ["--frozen-clock", *extra]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def _address(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    for _ in range(5):
        line = process.stdout.readline()
        if "listening on" in line:
            return line.rsplit(" ", 1)[-1].strip()
    errors = process.stderr.read() if process.stderr else ""
    raise AssertionError(f"the mock did not start: {errors}")


@pytest.fixture
def stopped() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


def _login(http: httpx.Client) -> str:
    answer = http.post("/user/auth", json={"login": "demo", "password": "demo"}).json()
    return str(answer["hash"])


def _departments(document: dict[str, Any]) -> set[int]:
    return {d["id"] for d in document["departments"]}


@pytest.mark.e2e
def test_a_server_killed_under_load_keeps_what_it_saved(
    tmp_path: Path, stopped: list[subprocess.Popen[str]]
) -> None:
    state = tmp_path / "state.json"
    process = _serve(state)
    stopped.append(process)
    url = _address(process)
    made: dict[str, list[tuple[float, int]]] = {"default": [], "ci-1": []}
    halt = threading.Event()

    def create(world: str) -> None:
        headers = {} if world == "default" else {"X-Mock-World": world}
        with httpx.Client(base_url=url, headers=headers, timeout=5) as http:
            session = _login(http)
            n = 0
            while not halt.is_set():
                n += 1
                body = {"hash": session, "department": {"label": f"{world} {n}"}}
                try:
                    answer = http.post("/department/create", json=body).json()
                except httpx.TransportError:
                    return  # the server is gone
                made[world].append((time.monotonic(), answer["id"]))

    workers = [threading.Thread(target=create, args=(w,)) for w in made]
    for worker in workers:
        worker.start()
    time.sleep(3.0)
    killed_at = time.monotonic()
    process.kill()
    process.wait(timeout=10)
    halt.set()
    for worker in workers:
        worker.join(timeout=10)

    saved = json.loads(state.read_bytes())  # never torn: a whole save, old or new
    assert saved["format"] == FORMAT
    for world, acknowledged in made.items():
        assert len(acknowledged) > 10, "the load ran"
        settled = {i for at, i in acknowledged if at < killed_at - 4 * SAVE_EVERY}
        assert settled, "some departments were made well before the kill"
        assert settled <= _departments(saved["worlds"][world])

    again = _serve(state)
    stopped.append(again)
    url = _address(again)
    for world in made:
        headers = {} if world == "default" else {"X-Mock-World": world}
        with httpx.Client(base_url=url, headers=headers) as http:
            session = _login(http)
            listed = http.post("/department/list", json={"hash": session}).json()["list"]
            ids = {d["id"] for d in listed}
            assert _departments(saved["worlds"][world]) <= ids
            body = {"hash": session, "department": {"label": "after the restart"}}
            fresh = http.post("/department/create", json=body).json()["id"]
            assert fresh not in ids, "id sequences go on where they were saved"
    again.terminate()
    assert again.wait(timeout=15) == 0
    final = json.loads(state.read_bytes())
    assert "after the restart" in {d["label"] for d in final["worlds"]["ci-1"]["departments"]}


_WORLDS = b'{"format": "' + FORMAT.encode() + b'", "worlds": '


@pytest.mark.e2e
@pytest.mark.parametrize(
    ("content", "message", "options"),
    [
        (b'{"format": "fleetapi-mock-st', "not valid JSON", []),
        (b'{"format": "fleetapi-mock-state/9", "worlds": {}}', "newer version", []),
        (b'{"worlds": {}}', "not a fleet mock state file", []),
        (_WORLDS + b'{"x": {"users": 3}}}', "invalid world", []),
        (_WORLDS + b'{"../x": {}}}', "names a world '../x'", []),
        (_WORLDS + b'{"a": {}, "b": {}}}', "more than the 1 --max-worlds", ["--max-worlds", "1"]),
    ],
)
def test_a_file_it_cannot_read_is_refused_and_left_as_it_is(
    tmp_path: Path, content: bytes, message: str, options: list[str]
) -> None:
    state = tmp_path / "state.json"
    state.write_bytes(content)
    command = [sys.executable, "-m", "fleetapi_cli", "mock", "serve", "--port", "0", *options]
    result = subprocess.run(
        [*command, "--state", str(state)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert message in result.stderr
    assert str(state) in result.stderr
    assert state.read_bytes() == content


def test_worlds_round_trip_with_fresh_hashes(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    worlds = Worlds(FleetMock().backend, seed=5)  # a seeded world repeats its draws
    named = worlds.select("/", {"x-mock-world": "suite-a"})
    named.world.clock.set(named.world.now().replace(year=2027))
    session, ended = FleetMock.serving(named).session(), FleetMock.serving(named).session()
    del named.world.sessions[ended]  # a session that ended: its hash must never come back
    keeper = StateKeeper(worlds, state)
    assert keeper.save() is True
    assert keeper.save() is False, "nothing asked of a world since"

    restored = Worlds(FleetMock().backend, seed=5)
    assert StateKeeper(restored, state).load() == 2
    again = restored.select("/", {"x-mock-world": "suite-a"})
    assert again.world.now().year == 2027
    assert session in again.world.sessions
    assert FleetMock.serving(again).session() not in {session, ended}, "no hash handed out twice"


def test_a_failed_save_leaves_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tmp_path / "state.json"
    write_state(state, {"default": {"users": []}})
    before = state.read_bytes()

    def refuse(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(StateFileError, match="No space left"):
        write_state(state, {"default": {"users": [1]}})
    assert state.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"], "no temporary file left"


def test_a_request_that_overlaps_a_save_is_saved_by_the_next(tmp_path: Path) -> None:
    """A save that runs while a request is in flight, before its change is made, does not
    count that request as saved: the next save writes its change."""
    state = tmp_path / "state.json"
    mock = FleetMock()
    worlds = Worlds(mock.backend)
    keeper = StateKeeper(worlds, state)
    keeper.save(force=True)
    session = mock.session()
    keeper.save()  # the session is saved; nothing is due now
    answer = mock.backend._answer

    def saving_first(request: Any) -> Any:
        keeper.save()  # the saver thread runs before the handler changes the world
        return answer(request)

    mock.backend._answer = saving_first  # type: ignore[method-assign]
    body = {"hash": session, "department": {"label": "during a save"}}
    response = mock.backend.handle("POST", "/department/create", {}, {}, json.dumps(body).encode())
    assert json.loads(response.body)["success"] is True
    assert keeper.save() is True, "the request's change is still to be saved"
    saved = json.loads(state.read_bytes())["worlds"]["default"]["departments"]
    assert "during a save" in {d["label"] for d in saved}


def test_a_save_writes_out_again_only_the_worlds_asked_something(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With many worlds, a save costs the worlds that changed: the others are not held."""
    worlds = Worlds(FleetMock().backend)
    for name in ("a", "b", "c"):
        worlds.select("/", {"x-mock-world": name})
    keeper = StateKeeper(worlds, tmp_path / "state.json")
    written: list[int] = []
    to_document = World.to_document

    def counted(world: World) -> dict[str, Any]:
        written.append(id(world))
        return to_document(world)

    monkeypatch.setattr(World, "to_document", counted)
    assert keeper.save(force=True) is True
    assert len(written) == 4
    busy = worlds.select("/", {"x-mock-world": "b"})
    login = json.dumps({"login": "demo", "password": "demo"}).encode()
    assert json.loads(busy.handle("POST", "/user/auth", {}, {}, login).body)["success"] is True
    written.clear()
    assert keeper.save() is True
    assert written == [id(busy.world)]
    saved = json.loads((tmp_path / "state.json").read_bytes())
    assert sorted(saved["worlds"]) == ["a", "b", "c", "default"]
    assert len(saved["worlds"]["b"]["sessions"]) == len(saved["worlds"]["a"]["sessions"]) + 1


def test_health_checks_and_control_reads_never_make_a_save(tmp_path: Path) -> None:
    """A load balancer's health check (``/__mock__/health``, ``/openapi.json``) and reading the
    control API change nothing: no save is due after them; an API call makes one due."""
    worlds = Worlds(FleetMock().backend)
    named = worlds.select("/", {"x-mock-world": "probed"})
    keeper = StateKeeper(worlds, tmp_path / "state.json")
    keeper.save(force=True)
    for path in ("/__mock__/health", "/openapi.json", "/__mock__/worlds", "/__mock__/journal"):
        for backend in (worlds.main, named):
            answer = backend.handle("GET", path, {}, {}, b"")
            assert answer.status == 200, (path, answer.body[:200])
    assert keeper.save() is False, "a read of the control API made a save due"
    named.handle("POST", "/user/auth", {}, {}, b'{"login": "demo", "password": "demo"}')
    assert keeper.save() is True


def test_the_health_check_needs_no_control_token() -> None:
    """``GET /__mock__/health`` is answered without the token the rest of the control API
    needs, and tells nothing but that the server answers."""
    from fleetapi_mock.web.server import ThreadedServer

    with ThreadedServer(control_token="s3cret") as server:
        health = httpx.get(f"{server.base_url}/__mock__/health")
        head = httpx.head(f"{server.base_url}/__mock__/health")
        worlds = httpx.get(f"{server.base_url}/__mock__/worlds")
    assert health.status_code == 200
    assert health.json() == {"success": True}
    assert head.status_code == 200
    assert worlds.status_code == 401

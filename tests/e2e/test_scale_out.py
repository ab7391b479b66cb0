"""Scaling out (docs/scale-out.md): several ``fleet mock serve`` processes behind nginx, which
sends each world to one of them by hashing its name.

The e2e tests run three real servers, each with its own ``--state`` file, behind a real nginx
running the shipped ``deploy/nginx/fleet-mock.conf``: only the values the file marks as the
user's (its ``server`` lines and its ``listen`` port) are rendered for the test's ports, so its
maps, ``hash`` and proxy settings are the ones under test. nginx runs as this user from a
scratch prefix (``daemon off``, every temporary path in ``tmp_path``); without an nginx binary
those tests are skipped (``.ci/run`` installs one).

The other tests read ``deploy/Containerfile`` and ``deploy/kubernetes/fleet-mock.yaml``: every
``fleet mock serve`` option they give exists, the extras they install exist, and the
Kubernetes ConfigMap is the shipped nginx file rendered for the cluster.

``python tests/e2e/test_scale_out.py`` writes the shipped nginx config, rendered for the cluster,
into the Kubernetes file's ConfigMap.
"""

from __future__ import annotations

import functools
import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx" / "fleet-mock.conf"
CONTAINERFILE = ROOT / "deploy" / "Containerfile"
KUBERNETES = ROOT / "deploy" / "kubernetes" / "fleet-mock.yaml"

SERVERS_START = "# --- fleet mock servers:"
"""The line before the ``server`` lines of the shipped config (the values a user changes)."""
SERVERS_END = "# --- end of fleet mock servers ---"
LISTEN = "listen 8100;"
"""The shipped config's listen line (the other value a user changes)."""
KUBERNETES_SERVERS = ["fleet-mock-0:8000", "fleet-mock-1:8000", "fleet-mock-2:8000"]
"""The servers the Kubernetes example's nginx names: one Service per StatefulSet pod."""

TOKEN = "scale-out-token"
SAVE_EVERY = 1.0
STARTUP_SECONDS = 30.0
PNG = bytes.fromhex("89504e470d0a1a0a") + b"picture"
UNAVAILABLE = {
    "success": False,
    "status": {"code": 14, "description": "Service temporarily unavailable"},
}


# --- The shipped nginx config, rendered ---------------------------------------------------------


def render_nginx(servers: Sequence[str], listen: str | None = None) -> str:
    """The shipped nginx config with its marked values replaced: the ``server`` lines of the
    upstream (each keeps the shipped parameters, ``max_fails=0``) and the listen address.
    Every other line, the routing rules above all, is the shipped one."""
    lines = NGINX_CONF.read_text(encoding="utf-8").splitlines(keepends=True)
    (start,) = [i for i, line in enumerate(lines) if line.strip().startswith(SERVERS_START)]
    (end,) = [i for i, line in enumerate(lines) if line.strip() == SERVERS_END]
    shipped = [
        re.fullmatch(r"( *)server (\S+)((?: [^;]*)?);\n", line) for line in lines[start + 1 : end]
    ]
    assert shipped, "the marked block holds the server lines"
    assert all(shipped), "the marked block holds only `server ADDRESS PARAMETERS;` lines"
    shapes = {(m[1], m[3]) for m in shipped if m}
    assert len(shapes) == 1, "every shipped server line has the same parameters"
    ((indent, parameters),) = shapes
    rendered = [f"{indent}server {address}{parameters};\n" for address in servers]
    text = "".join([*lines[: start + 1], *rendered, *lines[end:]])
    if listen is not None:
        assert text.count(LISTEN) == 1, f"the shipped config has one `{LISTEN}` line"
        text = text.replace(LISTEN, f"listen {listen};")
    return text


def _map_block(text: str, variable: str) -> str:
    found = re.search(r"^map \S+ \$" + variable + r" \{\n(.*?)^\}", text, re.M | re.S)
    assert found, f"the config defines ${variable}"
    return found[1]


# --- Processes ---------------------------------------------------------------------------------


def _nginx_binary() -> str | None:
    found = shutil.which("nginx")
    if found is None and os.access("/usr/sbin/nginx", os.X_OK):
        found = "/usr/sbin/nginx"
    return found


def _wait_for(what: str, ready: Callable[[], bool], timeout: float, why: Callable[[], str]) -> None:
    """Poll ``ready`` until it holds; fail after ``timeout`` seconds, saying ``why``."""
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {timeout} s: {why()}")
        time.sleep(0.02)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _accepts(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        return False
    return True


class Backend:
    """One ``fleet mock serve`` process with its own state file; its log in ``log``."""

    def __init__(self, directory: Path) -> None:
        directory.mkdir()
        self.state = directory / "state.json"
        self.log = directory / "serve.log"
        self.port = 0  # a free one at the first start, the same one at every restart
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "fleetapi_cli", "mock", "serve", "--port", str(self.port)]
        command += ["--state", str(self.state), "--save-every", str(SAVE_EVERY)]
        command += ["--control-token", TOKEN]
        self.starts += 1
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with self.log.open("ab") as log:
            log.write(f"--- start {self.starts}\n".encode())
            log.flush()
            self.process = subprocess.Popen(command, stdout=log, stderr=log, env=env)

    def wait_ready(self) -> str:
        """Wait for the ready line; the lines this start printed."""

        def printed() -> str:
            return self.log.read_text(errors="replace").split(f"--- start {self.starts}\n")[-1]

        def ready() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(f"the mock exited: {printed()}")
            return "listening on" in printed()

        _wait_for("the mock listens", ready, STARTUP_SECONDS, printed)
        found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", printed())
        assert found, printed()
        self.port = int(found[1])
        return printed()

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """``kill -9``: no last save, no goodbye."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def worlds(self) -> set[str]:
        """The named worlds it holds, asked directly (not through the proxy)."""
        answer = httpx.get(f"{self.url}/__mock__/worlds", headers=_control(), timeout=10)
        assert answer.status_code == 200, answer.text
        return {row["name"] for row in answer.json()["list"]} - {"default"}

    def saved_labels(self) -> dict[str, set[str]]:
        """The department labels of each world, as its state file holds them now."""
        if not self.state.exists():
            return {}
        saved = json.loads(self.state.read_bytes())  # replaced whole at every save, never torn
        return {
            name: {d["label"] for d in world.get("departments", [])}
            for name, world in saved["worlds"].items()
        }


class Farm:
    """Three servers behind nginx running the shipped config."""

    def __init__(self, directory: Path, nginx: str) -> None:
        self.directory = directory
        self.nginx = nginx
        self.backends = [Backend(directory / f"server-{i}") for i in range(3)]
        self.port = 0
        self.proxy: subprocess.Popen[bytes] | None = None
        self.error_log = directory / "nginx" / "error.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        for backend in self.backends:
            backend.start()
        for backend in self.backends:
            backend.wait_ready()
        for _ in range(3):  # another process may take the free port first
            if self._start_nginx():
                return
        raise AssertionError(f"nginx did not start: {self._nginx_errors()}")

    def _start_nginx(self) -> bool:
        prefix = self.directory / "nginx"
        prefix.mkdir(exist_ok=True)
        self.port = _free_port()
        site = prefix / "fleet-mock.conf"
        servers = [f"127.0.0.1:{b.port}" for b in self.backends]
        site.write_text(render_nginx(servers, listen=f"127.0.0.1:{self.port}"), encoding="utf-8")
        main = prefix / "nginx.conf"
        main.write_text(_nginx_main(prefix, site), encoding="utf-8")
        command = [self.nginx, "-p", f"{prefix}/", "-c", str(main)]
        if _nginx_version(self.nginx) >= (
            1,
            19,
            5,
        ):  # -e: the log of the start, before the config's
            command[1:1] = ["-e", str(self.error_log)]
        with (prefix / "output.log").open("ab") as output:
            self.proxy = subprocess.Popen(command, stdout=output, stderr=output)

        def ready() -> bool:
            assert self.proxy is not None
            return self.proxy.poll() is not None or _accepts(self.port)

        _wait_for("nginx listens", ready, STARTUP_SECONDS, self._nginx_errors)
        return self.proxy.poll() is None

    def _nginx_errors(self) -> str:
        logs = [self.error_log, self.directory / "nginx" / "output.log"]
        return "\n".join(p.read_text(errors="replace") for p in logs if p.exists())

    def stop(self) -> None:
        if self.proxy is not None and self.proxy.poll() is None:
            self.proxy.terminate()  # SIGTERM: nginx's fast shutdown, workers included
            try:
                self.proxy.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proxy.kill()
                self.proxy.wait(timeout=10)
        for backend in self.backends:
            backend.stop()

    def holders(self) -> dict[str, list[int]]:
        """Each named world, and the running servers (by index) holding it."""
        held: dict[str, list[int]] = {}
        for index, backend in enumerate(self.backends):
            if not backend.running:
                continue
            for name in backend.worlds():
                held.setdefault(name, []).append(index)
        return held


@functools.cache
def _nginx_version(binary: str) -> tuple[int, ...]:
    shown = subprocess.run([binary, "-v"], capture_output=True, text=True, check=True).stderr
    found = re.search(r"nginx/(\d+)\.(\d+)\.(\d+)", shown)
    return tuple(int(n) for n in found.groups()) if found else (0,)


def _nginx_main(prefix: Path, site: Path) -> str:
    """nginx's main config for a test: everything in ``prefix``, then the shipped site."""
    user = ""
    if os.geteuid() == 0:  # else the workers would run as nobody, who cannot write in tmp_path
        user = f"user {pwd.getpwuid(0).pw_name};\n"
    temp = "\n".join(
        f'    {kind}_temp_path "{prefix / kind}";'
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"daemon off;\n{user}worker_processes 1;\n"
        f'pid "{prefix / "nginx.pid"}";\nerror_log "{prefix / "error.log"}" notice;\n'
        "events {\n    worker_connections 256;\n}\n"
        f'http {{\n    access_log "{prefix / "access.log"}";\n{temp}\n'
        f'    include "{site}";\n}}\n'
    )


@pytest.fixture
def farm(tmp_path: Path) -> Iterator[Farm]:
    nginx = _nginx_binary()
    if nginx is None:
        pytest.skip("nginx is not installed (apt-get install nginx-light): it runs the proxy")
    farm = Farm(tmp_path, nginx)
    try:
        farm.start()
        yield farm
    finally:
        farm.stop()


# --- Talking to worlds -------------------------------------------------------------------------


def _control() -> dict[str, str]:
    return {"Authorization": f"Bearer {TOKEN}"}


def _forms(name: str) -> list[tuple[str, dict[str, str]]]:
    """The two ways of naming a world: ``(path prefix, headers)``."""
    return [("", {"X-Mock-World": name}), (f"/__world/{name}", {})]


def _call(http: httpx.Client, path: str, headers: dict[str, str], body: dict[str, Any]) -> Any:
    answer = http.post(path, json=body, headers=headers)
    assert answer.status_code == 200, f"{path}: {answer.status_code} {answer.text}"
    return answer.json()


def _login(http: httpx.Client, prefix: str, headers: dict[str, str]) -> str:
    body = {"login": "demo", "password": "demo"}
    return str(_call(http, f"{prefix}/user/auth", headers, body)["hash"])


def _labels(http: httpx.Client, prefix: str, headers: dict[str, str], session: str) -> set[str]:
    listed = _call(http, f"{prefix}/department/list", headers, {"hash": session})["list"]
    return {d["label"] for d in listed}


def _fill(http: httpx.Client, names: Sequence[str]) -> dict[str, str]:
    """In each world, a department made through each form; each world's session hash."""
    sessions = {}
    for name in names:
        sessions[name] = session = _login(http, *_forms(name)[0])
        for prefix, headers in _forms(name):
            label = f"{name} via {prefix or 'header'}"
            body = {"hash": session, "department": {"label": label}}
            _call(http, f"{prefix}/department/create", headers, body)
    return sessions


def _made(name: str) -> set[str]:
    return {f"{name} via header", f"{name} via /__world/{name}"}


def _assert_both_forms_see(http: httpx.Client, name: str, session: str) -> None:
    seen = [_labels(http, prefix, headers, session) for prefix, headers in _forms(name)]
    assert seen[0] == seen[1], f"{name}: the header and the path prefix reach the same world"
    assert _made(name) <= seen[0], f"{name}: {seen[0]}"
    assert not any(label.startswith(("suite-", "crash-")) for label in seen[0] - _made(name))


# --- End to end: what a user of the farm relies on ---------------------------------------------

SUITES = [f"suite-{i:02d}" for i in range(30)]


def _each_world_lives_on_one_server(farm: Farm) -> None:
    """A world named by header or by path prefix is the same world, on exactly one server."""
    with httpx.Client(base_url=farm.url, timeout=10) as http:
        sessions = _fill(http, SUITES)
        for name in SUITES:
            _assert_both_forms_see(http, name, sessions[name])

        held = farm.holders()
        assert {name: held.get(name) for name in SUITES if len(held.get(name, [])) != 1} == {}
        spread = {held[name][0] for name in SUITES}
        assert spread == {0, 1, 2}, "the worlds spread over the three servers"

        # No world named, X-Mock-World: default and /__world/default: one world, one server.
        session = _login(http, "", {})
        body = {"hash": session, "department": {"label": "in the default world"}}
        _call(http, "/department/create", {}, body)
        for prefix, headers in [("", {}), *_forms("default")]:
            assert "in the default world" in _labels(http, prefix, headers, session)
        holding = []
        for backend in farm.backends:
            with httpx.Client(base_url=backend.url, timeout=10) as direct:
                own = _login(direct, "", {})
                holding += ["in the default world" in _labels(direct, "", {}, own)]
        assert holding.count(True) == 1

        # The control token passes through; each world is deleted on the server holding it.
        assert http.get("/__mock__/worlds").status_code == 401
        for name in SUITES:
            deleted = http.delete(f"/__mock__/worlds/{name}", headers=_control())
            assert deleted.status_code == 200, deleted.text
        assert set(SUITES).isdisjoint(farm.holders())


def _uploads_go_through_the_proxy(farm: Farm) -> None:
    """Upload tickets and download addresses point at the proxy, and work through it."""
    from fleetapi import Client

    name = "uploads"
    with Client.login(f"{farm.url}/__world/{name}", "demo", "demo") as client:
        ticket = client.checkin.image.create(size=100, filename="a.png")
        assert ticket.url.startswith(f"{farm.url}/__world/{name}/"), ticket.url
        stored = client.upload_file(ticket, ("a.png", PNG, "image/png"))
    assert stored is not None
    assert stored.download_url is not None
    assert stored.download_url.startswith(f"{farm.url}/__world/{name}/")
    assert httpx.get(stored.download_url, timeout=10).content == PNG

    by_header = httpx.Client(headers={"X-Mock-World": name}, timeout=10)
    with Client.login(farm.url, "demo", "demo", http_client=by_header) as client:
        ticket = client.checkin.image.create(size=100, filename="b.png")
        assert ticket.url.startswith(f"{farm.url}/"), ticket.url
        stored = client.upload_file(ticket, ("b.png", PNG, "image/png"))
        assert stored is not None
        assert stored.download_url is not None
        assert by_header.get(stored.download_url).content == PNG
    by_header.close()
    assert len(farm.holders()[name]) == 1


def _nginx_answers_in_the_envelope(farm: Farm) -> None:
    """nginx's own refusals and failures arrive in the mock's JSON envelope; the mock's pass."""
    world = {"X-Mock-World": "faults"}
    with httpx.Client(base_url=farm.url, timeout=30) as http:
        too_large = b"\0" * (32 * 1024 * 1024 + 1)
        for path, code in [("/department/create", 5), ("/map_layer/upload", 271)]:
            answer = http.post(path, content=too_large, headers=world)
            assert answer.status_code == 413
            assert answer.json()["status"]["code"] == code

        rules = [{"path": "department/list", "drop": "before"}, {"path": "tag/list", "status": 503}]
        for rule in rules:
            added = http.post("/__mock__/faults", json=rule, headers={**world, **_control()})
            assert added.status_code == 200, added.text
        dropped = http.post("/department/list", json={}, headers=world)
        assert (dropped.status_code, dropped.json()) == (502, UNAVAILABLE)
        assert dropped.headers["content-type"] == "application/json"
        refused = http.post("/tag/list", json={}, headers=world)
        assert refused.status_code == 503
        assert refused.headers["content-type"] != "application/json", "the mock's own answer"


def _a_killed_server_comes_back(farm: Farm) -> None:
    """kill -9 a server: its worlds fail in the envelope meanwhile, then come back whole."""
    from fleetapi import Client, ServiceUnavailableError

    names = [f"crash-{i:02d}" for i in range(12)]
    with httpx.Client(base_url=farm.url, timeout=10) as http:
        sessions = _fill(http, names)
        held = farm.holders()
        victim = max(range(3), key=lambda i: sum(held[n] == [i] for n in names))
        lost = [n for n in names if held[n] == [victim]]
        kept = [n for n in names if held[n] != [victim]]
        assert lost
        assert kept
        backend = farm.backends[victim]

        def on_disk() -> bool:
            saved = backend.saved_labels()
            return all(_made(n) <= saved.get(n, set()) for n in lost)

        _wait_for("the state file holds the worlds", on_disk, 10, backend.saved_labels)
        held_there = backend.worlds()
        backend.kill()

        for prefix, headers in _forms(lost[0]):
            answer = http.post(f"{prefix}/department/list", json={}, headers=headers)
            assert answer.status_code == 502
            assert answer.headers["content-type"] == "application/json"
            assert answer.json() == UNAVAILABLE
        client = Client(base_url=f"{farm.url}/__world/{lost[0]}", api_key=sessions[lost[0]])
        with client, pytest.raises(ServiceUnavailableError):
            client.with_options(max_retries=0).department.list()
        for name in kept:  # the other servers go on serving theirs
            _assert_both_forms_see(http, name, sessions[name])
        assert set(lost).isdisjoint(farm.holders()), "no other server made a fresh world"

        backend.start()
        printed = backend.wait_ready()
        assert f"restored {len(held_there) + 1} world(s)" in printed  # and the default one
        assert backend.worlds() == held_there
        for name in lost:
            _assert_both_forms_see(http, name, sessions[name])
        assert {n: i for n, i in farm.holders().items() if n in names} == {
            n: held[n] for n in names
        }


@pytest.mark.e2e
def test_three_servers_behind_the_shipped_nginx_config_act_as_one_mock(farm: Farm) -> None:
    """Behind the shipped nginx config, each world lives on one server and outlives a crash."""
    # One test, one farm: three servers take seconds to start (more under pytest-xdist).
    _each_world_lives_on_one_server(farm)
    _uploads_go_through_the_proxy(farm)
    _nginx_answers_in_the_envelope(farm)
    _a_killed_server_comes_back(farm)


# --- The container and Kubernetes files --------------------------------------------------------


@functools.cache
def serve_options() -> frozenset[str]:
    """The options ``fleet mock serve --help`` lists."""
    shown = subprocess.run(
        [sys.executable, "-m", "fleetapi_cli", "mock", "serve", "--help"],
        capture_output=True, text=True, check=True, env={**os.environ, "COLUMNS": "200"},
    ).stdout  # fmt: skip
    found = frozenset(re.findall(r"^\s+(?:-\w, )?(--[a-z][a-z-]*)", shown, re.M))
    assert {"--host", "--port", "--state"} <= found, shown
    return found


def _options(args: Sequence[str]) -> list[str]:
    return [a.split("=", 1)[0] for a in args if a.startswith("--")]


def _extras() -> set[str]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(pyproject["project"]["optional-dependencies"])


def _instructions() -> list[tuple[str, str]]:
    """The Containerfile's instructions, continuation lines joined, comments left out."""
    text = re.sub(r"\\\n", " ", CONTAINERFILE.read_text(encoding="utf-8"))
    found = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            keyword, _, rest = line.strip().partition(" ")
            found.append((keyword.upper(), rest.strip()))
    return found


def test_the_rendered_nginx_config_differs_only_in_its_marked_values() -> None:
    """A user edits the server lines and the port; the routing rules stay as shipped."""
    shipped = NGINX_CONF.read_text(encoding="utf-8")
    same = render_nginx(["127.0.0.1:8101", "127.0.0.1:8102", "127.0.0.1:8103"])
    assert same == shipped
    rendered = render_nginx(["10.0.0.1:9000", "10.0.0.2:9000"], listen="127.0.0.1:18100")
    removed = set(shipped.splitlines()) - set(rendered.splitlines())
    assert {line.strip() for line in removed} == {
        "server 127.0.0.1:8101 max_fails=0;",
        "server 127.0.0.1:8102 max_fails=0;",
        "server 127.0.0.1:8103 max_fails=0;",
        "listen 8100;                # <- yours: where clients reach the mock",
    }
    assert "hash $fleet_world consistent;" in rendered
    assert "proxy_next_upstream off;" in rendered


def test_the_nginx_config_refuses_what_the_mock_refuses() -> None:
    """nginx's body limit and its refusal codes are the mock's own."""
    from fleetapi.endpoints import ENDPOINTS
    from fleetapi_mock.web.router import MAX_BODY_BYTES

    text = NGINX_CONF.read_text(encoding="utf-8")
    (limit,) = re.findall(r"^\s*client_max_body_size (\d+)m;", text, re.M)
    assert int(limit) * 1024 * 1024 == MAX_BODY_BYTES
    assert f"larger than {MAX_BODY_BYTES} bytes" in text
    (uploads,) = re.findall(r"\((map_layer[^)]*)\)", _map_block(text, "fleet_too_large_code"))
    assert set(uploads.split("|")) == {e.path for e in ENDPOINTS if e.upload}


def test_the_containerfile_runs_real_options_and_extras() -> None:
    """The image installs extras pyproject.toml has and runs options `fleet mock serve` has."""
    instructions = _instructions()
    (entrypoint,) = [json.loads(rest) for keyword, rest in instructions if keyword == "ENTRYPOINT"]
    assert entrypoint[:3] == ["fleet", "mock", "serve"]
    assert set(_options(entrypoint[3:])) <= serve_options()
    given = dict(zip(entrypoint[3::2], entrypoint[4::2], strict=True))
    assert given["--host"] == "0.0.0.0"
    assert [rest for keyword, rest in instructions if keyword == "EXPOSE"] == [given["--port"]]
    (volume,) = [json.loads(rest) for keyword, rest in instructions if keyword == "VOLUME"]
    assert str(Path(given["--state"]).parent) in volume
    assert [kw for kw, _ in instructions].count("FROM") == 2
    assert all(rest.startswith("python:3.11-slim") for kw, rest in instructions if kw == "FROM")
    assert any(kw == "USER" and not rest.startswith(("0", "root")) for kw, rest in instructions)
    installs = [
        rest for keyword, rest in instructions if keyword == "RUN" and "pip install" in rest
    ]
    extras = re.findall(r"\[([a-z0-9_,-]+)\]", " ".join(installs))
    assert extras
    assert {e for group in extras for e in group.split(",")} <= _extras()


@pytest.mark.e2e
def test_the_containerfile_healthcheck_passes_on_a_live_server() -> None:
    """The image's health check answers healthy for a serving mock (without its control token:
    the health route is public), unhealthy once it stops."""
    from fleetapi_mock import ThreadedServer

    (check,) = [rest for keyword, rest in _instructions() if keyword == "HEALTHCHECK"]
    command = json.loads(check.split(" CMD ", 1)[1])
    assert command[:2] == ["python", "-c"]
    code = command[2]
    assert "http://127.0.0.1:8000/__mock__/health" in code
    with ThreadedServer(control_token=TOKEN) as server:
        code = code.replace("http://127.0.0.1:8000", server.base_url)
        env = {k: v for k, v in os.environ.items() if k != "FLEET_MOCK_CONTROL_TOKEN"}
        healthy = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True)
        assert healthy.returncode == 0, healthy.stderr
    gone = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True)
    assert gone.returncode != 0, "a server that stopped is unhealthy"


def _kubernetes() -> dict[tuple[str, str], dict[str, Any]]:
    yaml = pytest.importorskip("yaml", reason="PyYAML reads the Kubernetes example")
    documents = list(yaml.safe_load_all(KUBERNETES.read_text(encoding="utf-8")))
    return {(d["kind"], d["metadata"]["name"]): d for d in documents if d}


def test_the_kubernetes_servers_run_real_options_each_with_its_state() -> None:
    """The StatefulSet runs three servers with real options, each with its own state volume."""
    objects = _kubernetes()
    (statefulset,) = [o for (kind, _), o in objects.items() if kind == "StatefulSet"]
    name = statefulset["metadata"]["name"]
    spec = statefulset["spec"]
    assert spec["replicas"] == 3
    headless = objects[("Service", spec["serviceName"])]
    assert headless["spec"]["clusterIP"] == "None"
    (container,) = spec["template"]["spec"]["containers"]
    assert container["command"] == ["fleet", "mock", "serve"]
    args = [str(a) for a in container["args"]]
    assert set(_options(args)) <= serve_options()
    given = dict(zip(args[::2], args[1::2], strict=True))
    assert [p["containerPort"] for p in container["ports"]] == [int(given["--port"])]
    (claim,) = spec["volumeClaimTemplates"]
    (mount,) = [m for m in container["volumeMounts"] if m["name"] == claim["metadata"]["name"]]
    assert Path(given["--state"]).parent == Path(mount["mountPath"])
    for index in range(spec["replicas"]):  # a stable address per pod, for nginx
        service = objects[("Service", f"{name}-{index}")]
        pod = {"statefulset.kubernetes.io/pod-name": f"{name}-{index}"}
        assert service["spec"]["selector"] == pod
        assert service["spec"]["ports"][0]["port"] == int(given["--port"])
    assert [f"{name}-{i}:{given['--port']}" for i in range(3)] == KUBERNETES_SERVERS
    from fleetapi_mock.web.control.routes import ROUTE_OF

    health = ROUTE_OF["health"]
    assert health.public, "a probe carries no control token"
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == health.url_path


def test_the_kubernetes_proxy_runs_the_shipped_nginx_config() -> None:
    """The ConfigMap is deploy/nginx/fleet-mock.conf with the cluster's servers, nothing else."""
    objects = _kubernetes()
    (config,) = [o for (kind, _), o in objects.items() if kind == "ConfigMap"]
    (text,) = config["data"].values()
    assert text == render_nginx(KUBERNETES_SERVERS), (
        "write it again: .venv/bin/python tests/e2e/test_scale_out.py"
    )
    (deployment,) = [o for (kind, _), o in objects.items() if kind == "Deployment"]
    pod = deployment["spec"]["template"]["spec"]
    (volume,) = [v for v in pod["volumes"] if v.get("configMap")]
    assert volume["configMap"]["name"] == config["metadata"]["name"]
    (container,) = pod["containers"]
    (mount,) = [m for m in container["volumeMounts"] if m["name"] == volume["name"]]
    assert mount["mountPath"] == "/etc/nginx/conf.d"
    port = int(re.search(r"^\s*listen (\d+);", text, re.M)[1])  # type: ignore[index]
    assert [p["containerPort"] for p in container["ports"]] == [port]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    fronts = [
        o for (kind, _), o in objects.items()
        if kind == "Service" and o["spec"].get("selector") == labels
    ]  # fmt: skip
    assert [p["targetPort"] for f in fronts for p in f["spec"]["ports"]] == [port]


def _write_kubernetes_config() -> None:
    """Put the shipped nginx config, rendered for the cluster, in the Kubernetes ConfigMap."""
    text = KUBERNETES.read_text(encoding="utf-8")
    key = "  fleet-mock.conf: |\n"
    head, rest = text.split(key, 1)
    tail = rest[rest.index("\n---\n") :]
    lines = render_nginx(KUBERNETES_SERVERS).splitlines(keepends=True)
    block = "".join(f"    {line}" if line.strip() else line for line in lines)
    KUBERNETES.write_text(head + key + block.rstrip("\n") + tail, encoding="utf-8")


if __name__ == "__main__":
    _write_kubernetes_config()

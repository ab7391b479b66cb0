"""The hand-made commands, end to end on the in-process mock."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest

from conftest import fake_cli
from fleetapi_cli import _typer as typer_settings
from fleetapi_cli.commands import auth as auth_commands
from fleetapi_cli.config import ProfileStore

Cli = Any  # the runner of conftest.py

DEMO_API_KEY = "f1ee7de0f1ee7de0f1ee7de0f1ee7de0"


def data(result: Any) -> Any:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


# --- auth ------------------------------------------------------------------------------------


def test_login_with_password_on_stdin(cli: Cli, fleet_mock: Any, config_dir: Path) -> None:
    result = cli(
        "--base-url",
        fleet_mock.base_url,
        "auth",
        "login",
        "--login",
        "demo",
        "--password-stdin",
        input="demo\n",
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    profile = ProfileStore.default().get("default")
    assert profile.kind == "session"
    assert profile.login == "demo"
    assert profile.base_url == fleet_mock.base_url
    assert profile.hash
    assert len(profile.hash) == 32
    assert profile.hash not in result.stderr
    assert "****" + profile.hash[-4:] in result.stderr
    path = config_dir / "config.toml"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    # The stored session works.
    assert data(cli("auth", "status"))["works"] is True


def test_login_prompts_for_what_is_missing(cli: Cli, fleet_mock: Any) -> None:
    result = cli(
        "--base-url", fleet_mock.base_url, "--profile", "p", "auth", "login", input="demo\ndemo\n"
    )
    assert result.exit_code == 0, result.stderr
    assert ProfileStore.default().get("p").login == "demo"
    assert not ProfileStore.default().exists("default")


def test_login_asks_for_the_second_factor_code(
    cli: Cli, fleet_mock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with fleet_mock.world.lock:
        fleet_mock.world.users.change(1, second_factor="email")

    def typed(what: str) -> str:  # stdin's next line, typed once the code is in the mail
        mail = fleet_mock.control.mail(kind="auth_code")
        return {"password": "demo", "code": mail[-1].values["code"] if mail else ""}[what]

    monkeypatch.setattr(auth_commands, "read_stdin_line", typed)
    args = ("--base-url", fleet_mock.base_url, "auth", "login", "-l", "demo", "--password-stdin")
    result = cli(*args)
    assert result.exit_code == 0, result.stderr
    assert data(cli("auth", "status"))["works"] is True
    monkeypatch.undo()
    wrong = cli(*args, input="demo\nnot-the-code\n")
    assert wrong.stderr.startswith("error: [282]")


def test_login_with_a_wrong_password(cli: Cli, fleet_mock: Any) -> None:
    result = cli(
        "--base-url",
        fleet_mock.base_url,
        "auth",
        "login",
        "-l",
        "demo",
        "--password-stdin",
        input="wrong\n",
    )
    assert result.exit_code == 3
    assert result.stderr.startswith("error: [102]")
    assert not ProfileStore.default().exists("default")


def test_login_with_an_api_key(cli: Cli, fleet_mock: Any) -> None:
    result = cli(
        "--base-url",
        fleet_mock.base_url,
        "auth",
        "login",
        "--api-key-stdin",
        input=DEMO_API_KEY + "\n",
    )
    assert result.exit_code == 0, result.stderr
    profile = ProfileStore.default().get("default")
    assert (profile.hash, profile.kind) == (DEMO_API_KEY, "api_key")
    bad = cli(
        "--base-url",
        fleet_mock.base_url,
        "--profile",
        "bad",
        "auth",
        "login",
        "--api-key-stdin",
        input="0" * 32 + "\n",
    )
    assert bad.exit_code == 3
    assert not ProfileStore.default().exists("bad")


def test_logout_forgets_the_hash_but_keeps_the_url(cli: Cli, session: str) -> None:
    result = cli("auth", "logout")
    assert result.exit_code == 0
    profile = ProfileStore.default().get("default")
    assert profile.hash is None
    assert profile.base_url == "http://fleet.localhost"
    status = cli("auth", "status")
    assert status.exit_code == 3
    assert json.loads(status.stdout)["error"].startswith("not logged in")
    assert "error: not logged in" in status.stderr
    again = cli("auth", "logout")
    assert again.exit_code == 0
    assert "holds no credential" in again.stderr


def test_status_shows_a_masked_credential(cli: Cli, session: str) -> None:
    result = cli("auth", "status")
    info = data(result)
    assert info["profile"] == "default"
    assert info["base_url"] == "http://fleet.localhost"
    assert info["credential"] == "****" + session[-4:]
    assert (info["credential_source"], info["kind"], info["login"]) == (
        "profile",
        "session",
        "demo",
    )
    assert info["works"] is True
    assert session not in result.stdout + result.stderr


def test_status_with_an_environment_key(cli: Cli, fleet_mock: Any) -> None:
    env = {"FLEETAPI_API_KEY": DEMO_API_KEY, "FLEETAPI_BASE_URL": fleet_mock.base_url}
    info = data(cli("auth", "status", env=env))
    assert info["credential_source"] == "FLEETAPI_API_KEY"
    assert info["base_url_source"] == "FLEETAPI_BASE_URL"
    assert info["kind"] == "api_key"
    assert info["works"] is True


def test_status_with_a_revoked_credential(cli: Cli, fleet_mock: Any) -> None:
    env = {"FLEETAPI_HASH": "0" * 32, "FLEETAPI_BASE_URL": fleet_mock.base_url}
    result = cli("auth", "status", "-o", "table", env=env)
    assert result.exit_code == 3
    assert "works" in result.stdout
    assert result.stderr.startswith("error: [")


# --- ping ------------------------------------------------------------------------------------


def test_ping(cli: Cli, session: str) -> None:
    table = cli("ping", "-o", "table")
    assert table.exit_code == 0
    assert table.stdout.startswith("ok ")
    assert table.stdout.rstrip().endswith("ms (http://fleet.localhost)")
    answer = data(cli("ping"))
    assert answer["ok"] is True
    assert answer["elapsed_ms"] >= 0


def test_ping_without_credential(cli: Cli, fleet_mock: Any) -> None:
    result = cli("--base-url", fleet_mock.base_url, "ping")
    assert result.exit_code == 3
    assert result.stdout == ""


# --- key -------------------------------------------------------------------------------------


def test_key_create_list_delete(cli: Cli, session: str) -> None:
    created = data(cli("key", "create", "CI"))
    assert created["title"] == "CI"
    full = created["hash"]
    assert len(full) == 32
    listed = data(cli("key", "list"))
    assert full in [k["hash"] for k in listed]

    table = cli("key", "list", "-o", "table")
    assert table.exit_code == 0
    assert full not in table.stdout
    assert "****" + full[-4:] in table.stdout
    assert full in cli("key", "list", "-o", "table", "--reveal").stdout
    tsv = cli("key", "list", "--output", "tsv").stdout.splitlines()
    assert tsv[0].split("\t") == ["hash", "create_date", "title"]

    refused = cli("key", "delete", full)
    assert refused.exit_code == 2
    assert "--yes" in refused.stderr
    assert full in [k["hash"] for k in data(cli("key", "list"))]

    deleted = cli("key", "delete", full, "--yes")
    assert deleted.exit_code == 0, deleted.stderr
    assert deleted.stdout == ""
    assert full not in [k["hash"] for k in data(cli("key", "list"))]


def test_key_delete_asks_on_a_terminal(
    cli: Cli, session: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(typer_settings, "is_terminal", lambda stream=None: True)
    full = data(cli("key", "create", "tmp"))["hash"]
    kept = cli("key", "delete", full, input="n\n")
    assert kept.exit_code == 1
    assert full in [k["hash"] for k in data(cli("key", "list"))]
    gone = cli("key", "delete", full, input="y\n")
    assert gone.exit_code == 0, gone.stderr
    assert full not in [k["hash"] for k in data(cli("key", "list"))]


def test_key_delete_reads_the_key_from_stdin(cli: Cli, session: str) -> None:
    full = data(cli("key", "create", "tmp"))["hash"]
    assert cli("key", "delete", "-", "--yes", input=full + "\n").exit_code == 0
    assert full not in [k["hash"] for k in data(cli("key", "list"))]


def test_key_errors_exit_with_their_family_code(cli: Cli, session: str, fleet_mock: Any) -> None:
    missing = cli("key", "delete", "0" * 32, "--yes")
    assert missing.exit_code == 5
    assert missing.stderr.startswith("error: [201]")
    with_key = cli("key", "list", env={"FLEETAPI_API_KEY": DEMO_API_KEY})
    assert with_key.exit_code == 3  # code 4: keys need a standard session
    sub_user = cli("key", "list", env={"FLEETAPI_HASH": fleet_mock.session("dispatcher")})
    assert sub_user.exit_code == 4  # code 13
    assert sub_user.stderr.startswith("error: [13]")


def test_key_quota(cli: Cli, session: str) -> None:
    existing = len(data(cli("key", "list")))
    for n in range(20 - existing):
        assert cli("key", "create", f"k{n}").exit_code == 0
    over = cli("key", "create", "one too many")
    assert over.exit_code == 8
    assert over.stderr.startswith("error: [268]")


# --- dealer, tracker -------------------------------------------------------------------------


def test_dealer_config(cli: Cli, fleet_mock: Any) -> None:
    config = data(
        cli("--base-url", fleet_mock.base_url, "dealer", "config", "--domain", "demo.fleet.test")
    )
    assert config["dealer"]["ui_domain"] == "demo.fleet.test"
    missing = cli("--base-url", fleet_mock.base_url, "dealer", "config", "--domain", "nope.test")
    assert missing.exit_code == 5
    assert cli("dealer", "config").exit_code == 2


def test_dealer_config_through_the_session(cli: Cli, session: str) -> None:
    config = data(cli("dealer", "config", "--use-session"))
    assert config["dealer"]["ui_domain"] == "demo.fleet.test"


def test_tracker_commands(cli: Cli, session: str) -> None:
    trackers = data(cli("tracker", "list"))
    assert trackers[0]["id"] == 1
    some = data(cli("tracker", "list", "--label", "Van"))
    assert {t["label"] for t in some} == {"Van 1", "Van 2"}
    table = cli("tracker", "list", "-o", "table").stdout
    assert table.splitlines()[0].split()[:3] == ["ID", "LABEL", "SOURCE.MODEL"]
    assert data(cli("tracker", "read", "2"))["label"] == "Van 2"
    assert data(cli("tracker", "state", "1"))["source_id"]
    states = data(cli("tracker", "states", "1", "2"))
    assert [s["tracker_id"] for s in states] == [1, 2]  # a row (an object) per tracker
    assert states[0]["source_id"]
    rows = cli("tracker", "states", "1", "2", "-o", "table").stdout.splitlines()
    assert rows[0].startswith("TRACKER_ID")
    assert len(rows) == 3
    lines = cli("tracker", "list", "-o", "jsonl").stdout.splitlines()
    assert len(lines) == len(trackers)
    missing = cli("tracker", "read", "99999")
    assert missing.exit_code == 5
    assert cli("tracker", "read", "x").exit_code == 2


# --- api -------------------------------------------------------------------------------------


def test_api_reaches_any_call(cli: Cli, session: str, tmp_path: Path) -> None:
    answer = data(cli("api", "tracker/read", "tracker_id=1"))
    assert answer["success"] is True
    assert answer["value"]["id"] == 1
    states = data(cli("api", "/tracker/get_states", "trackers:=[1,2]", "list_blocked=true"))
    assert set(states["states"]) == {"1", "2"}
    body = tmp_path / "body.json"
    body.write_text('{"trackers": [1], "list_blocked": false}')
    assert set(data(cli("api", "tracker/get_states", "--input", str(body)))["states"]) == {"1"}
    piped = cli(
        "api", "tracker/get_states", "--input", "-", "trackers:=[2]", input='{"trackers": [1]}'
    )
    assert set(data(piped)["states"]) == {"2"}
    compact = cli("api", "tracker/read", "tracker_id=1", "-o", "jsonl").stdout
    assert compact.count("\n") == 1


def test_api_sends_text_fields_as_text_and_typed_ones_typed(fake_profile: str) -> None:
    fake, service = fake_cli({"success": True, "list": [], "count": 0})
    result = fake("api", "task/list", "filter=2026", "limit=5", "trackers=[1]", "-o", "json")
    assert result.exit_code == 0, result.output
    assert fake("api", "no/such_call", "limit=5").exit_code == 0
    assert fake("api", "task/list", "filter:=2026").exit_code == 0
    assert service.bodies() == [
        {"filter": "2026", "limit": 5, "trackers": [1]},  # as task/list declares them
        {"limit": "5"},  # a call the table does not know: text unless := says JSON
        {"filter": 2026},
    ]


def test_api_failure(cli: Cli, session: str) -> None:
    result = cli("api", "tracker/read", "tracker_id=99999")
    assert result.exit_code == 5
    assert result.stdout == ""
    assert result.stderr.startswith("error: [201]")
    assert cli("api", "tracker/read", "oops").exit_code == 2


# --- debug -----------------------------------------------------------------------------------


def test_debug_trace_is_redacted(cli: Cli, session: str) -> None:
    result = cli("--debug", "tracker", "list")
    assert result.exit_code == 0
    assert "debug: POST http://fleet.localhost/tracker/list -> 200 OK in " in result.stderr
    assert "debug: profile default, base URL http://fleet.localhost (profile)" in result.stderr
    assert session not in result.stderr
    assert session not in result.stdout
    failed = cli("--debug", "api", "tracker/read", "tracker_id=99999")
    assert "-> code 201" in failed.stderr or "-> 400" in failed.stderr
    assert session not in failed.stderr


def test_mock_serve_reports_a_broken_world_file(cli: Cli, tmp_path: Path) -> None:
    broken = tmp_path / "world.json"
    broken.write_text('{"users": [{"id": "one"}]}')
    result = cli("mock", "serve", "--world", str(broken), "--port", "0")
    assert result.exit_code == 2
    assert "--world" in result.output
    assert "users" in result.output


def test_mock_serve_on_a_busy_port_says_so_in_one_line(cli: Cli) -> None:
    import socket

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = cli("mock", "serve", "--port", str(port))
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"error: cannot listen on http://127.0.0.1:{port}: address already in use "
        "(another process listens there: stop it, or choose another port)"
    ]


def test_the_banner_prints_fleet_as_this_shell_finds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from fleetapi_cli.commands.mock import invoked_as

    monkeypatch.setattr("sys.argv", [".venv/bin/fleet", "mock", "serve"])
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert invoked_as() == ".venv/bin/fleet"
    monkeypatch.setattr("shutil.which", lambda name: "/usr/local/bin/fleet")
    assert invoked_as() == ".venv/bin/fleet"  # another fleet on the PATH is not this one
    monkeypatch.setattr("sys.argv", ["/usr/local/bin/fleet", "mock", "serve"])
    assert invoked_as() == "fleet"


def test_mock_serve_reports_a_world_file_that_is_not_json(cli: Cli, tmp_path: Path) -> None:
    broken = tmp_path / "world.json"
    broken.write_text("not json")
    result = cli("mock", "serve", "--world", str(broken), "--port", "0")
    assert result.exit_code == 2
    assert "--world" in result.output


@pytest.mark.parametrize(
    "content",
    ['{"users": ' + "[" * 100_000 + "]" * 100_000 + "}", '{"users": ' + "[" * 70 + "]" * 70 + "}"],
    ids=["past the decoder", "past 64 levels"],
)
def test_mock_serve_reports_a_deeply_nested_world_file(cli: Cli, tmp_path: Path, content: str):
    broken = tmp_path / "world.json"
    broken.write_text(content)
    result = cli("mock", "serve", "--world", str(broken), "--port", "0")
    assert result.exit_code == 2
    assert "Invalid value for --world: users: is nested deeper than 64 levels" in result.output
    assert "Traceback" not in result.output


def test_auth_token_prints_the_credential_in_use_whole(cli: Cli, session: str) -> None:
    """As ``gh auth token``: the one place a credential is printed in full, for scripts; the
    environment's key wins as it does for every call; none is exit 3."""
    result = cli("auth", "token")
    assert (result.exit_code, result.stdout) == (0, session + "\n")
    key = "f1ee7de0f1ee7de0f1ee7de0f1ee7de0"
    assert cli("auth", "token", env={"FLEETAPI_API_KEY": key}).stdout == key + "\n"
    cli("auth", "logout")
    gone = cli("auth", "token")
    assert (gone.exit_code, gone.stdout) == (3, "")
    assert "not logged in" in gone.stderr

"""Global options work after the command too: ``fleet tracker list -p work``."""

from __future__ import annotations

import pytest
import typer

from conftest import FAKE_URL, fake_cli
from fleetapi_cli.app import app
from fleetapi_cli.global_options import hoist_global_options


def hoisted(*args: str) -> list[str]:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    return hoist_global_options(group, typer.Context(group), list(args))


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (["tracker", "list", "-p", "work"], ["-p", "work", "tracker", "list"]),
        (["tracker", "list", "--profile=work"], ["--profile=work", "tracker", "list"]),
        (["tracker", "list", "-pwork"], ["-pwork", "tracker", "list"]),
        (["tracker", "-p", "work", "list"], ["-p", "work", "tracker", "list"]),
        (["--debug", "tracker", "list", "--base-url", "http://x.localhost"],
         ["--debug", "--base-url", "http://x.localhost", "tracker", "list"]),
        (["vehicle", "list", "--allow-insecure", "-n", "2"],
         ["--allow-insecure", "vehicle", "list", "-n", "2"]),
        (["profile", "use", "work", "-o", "json"], ["-o", "json", "profile", "use", "work"]),
    ],
)  # fmt: skip
def test_global_options_after_the_command_move_before_it(given, expected):
    assert hoisted(*given) == expected


@pytest.mark.parametrize(
    "given",
    [
        ["vehicle", "list", "-o", "json"],  # the command's own -o wins
        ["vehicle", "list", "--filter", "-p"],  # a value of the command's option
        ["vehicle", "list", "-q", "--debug"],
        ["api", "tracker/list", "--", "-p", "work"],  # nothing after --
        ["tracker", "list"],
        ["nosuch", "-p", "work"],  # no such command: click says so
    ],
)
def test_words_that_are_not_global_options_stay(given):
    assert hoisted(*given) == given


def test_a_profile_named_after_the_command_is_the_profile(cli):
    result = cli("tracker", "list", "-p", "nosuch")
    assert result.exit_code == 2, result.output
    assert "no profile 'nosuch'" in result.output


def test_base_url_and_debug_after_the_command_take_effect(fake_profile):
    cli, service = fake_cli({"success": True, "list": []})
    other = "http://other.localhost"
    result = cli("tracker", "list", "--base-url", other, "--debug", "-o", "json")
    assert result.exit_code == 0, result.output
    assert str(service.requests[0].url).startswith(other)
    assert not str(service.requests[0].url).startswith(FAKE_URL)
    assert f"debug: POST {other}/tracker/list" in result.stderr


def test_timeout_and_retries_are_options_and_environment_variables(fake_profile: str) -> None:
    """``--timeout`` sets each attempt's limit, ``--max-retries`` how often a refused call is
    tried again; ``FLEETAPI_TIMEOUT`` and ``FLEETAPI_MAX_RETRIES`` do the same."""
    import httpx

    limited = {"success": False, "status": {"code": 15, "description": "Too many requests"}}

    def busy(request: httpx.Request) -> httpx.Response:
        return httpx.Response(429, json=limited, headers={"retry-after": "0"})

    cli, service = fake_cli(answer=busy)
    result = cli("tracker", "list", "--timeout", "1.5", "--max-retries", "2")
    assert result.exit_code == 9, result.output
    assert len(service.requests) == 3
    assert service.requests[0].extensions["timeout"]["read"] == 1.5

    cli, service = fake_cli(answer=busy)
    env = {"FLEETAPI_TIMEOUT": "4", "FLEETAPI_MAX_RETRIES": "1"}
    assert cli("tracker", "list", env=env).exit_code == 9
    assert len(service.requests) == 2
    assert service.requests[0].extensions["timeout"]["read"] == 4.0

    assert cli("tracker", "list", "--timeout", "0").exit_code == 2  # usage error

"""Error reports and exit codes: one per error family, whatever the code."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from fleetapi._errors import CODES, http_status_for
from fleetapi_cli.errors import exit_code_for

Cli = Any  # the runner of conftest.py

FAMILY_EXIT_CODES = {
    "AuthenticationError": 3,
    "PermissionDeniedError": 4,
    "NotFoundError": 5,
    "InvalidRequestError": 6,
    "ConflictError": 7,
    "InvalidStateError": 7,
    "QuotaExceededError": 8,
    "RateLimitError": 9,
    "ServerError": 11,
}


def failure(code: int, description: str = "Something", **extra: Any) -> dict[str, Any]:
    return {"success": False, "status": {"code": code, "description": description}, **extra}


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_exits_with_its_family_code(fake: Any, fake_profile: str, code: int) -> None:
    cli, _ = fake(failure(code, "Described"), status=http_status_for(code))
    result = cli("api", "base/nothing")
    family = next(c.__name__ for c in CODES[code].__mro__ if c.__name__ in FAMILY_EXIT_CODES)
    assert result.exit_code == FAMILY_EXIT_CODES[family]
    assert result.stdout == ""
    first, *rest = result.stderr.splitlines()
    assert first == f"error: [{code}] Described"
    assert all(line.startswith("hint: ") for line in rest)
    typed = cli("base", "nothing")
    assert typed.exit_code == FAMILY_EXIT_CODES[family]


def test_unknown_codes_exit_1(fake: Any, fake_profile: str) -> None:
    cli, _ = fake(failure(999, "New"))
    result = cli("ping")
    assert result.exit_code == 1
    assert result.stderr == "error: [999] New\n"


def test_field_errors_are_listed(fake: Any, fake_profile: str) -> None:
    errors = [{"parameter": "tracker_id", "error": "must be an integer"}, {"field_id": 4}]
    cli, _ = fake(failure(7, "Invalid parameters", errors=errors))
    result = cli("tracker", "read", "1")
    assert result.exit_code == 6
    assert result.stderr.splitlines() == [
        "error: [7] Invalid parameters",
        "  tracker_id: must be an integer",
        "  4: ",
    ]


def test_the_envelopes_other_keys_are_shown(fake: Any, fake_profile: str) -> None:
    entities = [{"type": "rules", "ids": [12, 34]}, {"type": "links", "ids": [5]}]
    cli, _ = fake(failure(203, "Delete entity associated with", entities=entities))
    result = cli("zone", "delete", "--zone-id", "1", "--yes")
    assert result.exit_code == 7
    assert result.stderr.splitlines() == [
        "error: [203] Delete entity associated with",
        "  used by rules: 12, 34",
        "  used by links: 5",
    ]
    cli, _ = fake(failure(999, "New", reason={"why": "x"}))
    assert cli("ping").stderr.splitlines() == ["error: [999] New", '  reason: {"why":"x"}']


def test_hashes_are_masked_in_error_messages(fake: Any, fake_profile: str) -> None:
    cli, _ = fake(failure(4, f"session {fake_profile} ended"))
    result = cli("ping")
    assert fake_profile not in result.stderr
    assert "****" + fake_profile[-4:] in result.stderr


def test_connection_failures_exit_10(fake: Any, fake_profile: str) -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    def stall(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=request)

    for answer in (refuse, stall):
        cli, service = fake(answer=answer)
        result = cli("tracker", "list")
        assert result.exit_code == 10
        assert result.stderr.startswith("error: ")
        assert len(service.requests) == 1  # max_retries=0 in these tests


def test_insecure_urls_are_refused(fake: Any, fake_profile: str) -> None:
    cli, service = fake()
    result = cli("--base-url", "http://fleet.example.com", "ping")
    assert result.exit_code == 2
    assert "https" in result.stderr
    assert service.requests == []


def test_a_broken_profile_file(cli: Cli, config_dir: Any) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "config.toml").write_text("this is [not toml")
    result = cli("ping")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ")
    assert "not valid TOML" in result.stderr


def test_usage_errors_exit_2(cli: Cli) -> None:
    assert cli("no-such-group").exit_code == 2
    assert cli("--output", "xml", "ping").exit_code == 2
    assert cli("tracker", "read").exit_code == 2


def test_exit_code_for_plain_exceptions() -> None:
    assert exit_code_for(ValueError()) == 1
    assert exit_code_for(OSError()) == 1


def test_an_api_key_refused_by_a_session_only_call_says_what_to_use(
    cli: Cli, fleet_mock: Any
) -> None:
    """``key list`` with the demo API key (as ``make demo``'s banner suggests): the hint says
    the call needs a session, not that the key was refused; other calls still take the key."""
    from fleetapi_mock import DEMO_API_KEY

    env = {"FLEETAPI_BASE_URL": fleet_mock.base_url, "FLEETAPI_API_KEY": DEMO_API_KEY}
    refused = cli("key", "list", env=env)
    assert refused.exit_code == 3
    assert "hint: api/key/list takes a session only, never an API key" in refused.stderr
    assert "auth login" in refused.stderr
    assert "refused" not in refused.stderr.split("hint:")[1]
    assert cli("tracker", "list", "-o", "json", env=env).exit_code == 0

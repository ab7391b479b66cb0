"""``fleet user password set``: a password changes without touching the shell's history."""

from __future__ import annotations

from typing import Any

import pytest

from fleetapi import SessionNotFoundError, WrongLoginError


def test_the_passwords_come_from_stdin_and_other_sessions_end(
    cli: Any, fleet_mock: Any, session: str
) -> None:
    elsewhere = fleet_mock.login("demo", "demo")
    result = cli("user", "password", "set", "--password-stdin", input="demo\nsecret1\n")
    assert result.exit_code == 0, result.stderr
    assert "other sessions have ended" in result.stderr
    assert cli("user", "get-info", "-o", "json").exit_code == 0  # this session stays
    with pytest.raises(SessionNotFoundError):
        elsewhere.user.get_info()
    with pytest.raises(WrongLoginError):
        fleet_mock.login("demo", "demo")


def test_a_wrong_current_password_exits_with_its_code(cli: Any, session: str) -> None:
    result = cli("user", "password", "set", input="wrong\nsecret1\n")
    assert result.exit_code != 0
    assert "248" in result.stderr


def test_missing_lines_on_stdin_are_a_usage_error(cli: Any, session: str) -> None:
    result = cli("user", "password", "set", "--password-stdin", input="demo\n")
    assert result.exit_code == 2

"""``fleet link list`` pages like the other list commands: --limit, --offset, --all."""

from __future__ import annotations

import json
from typing import Any

Cli = Any  # the runner of conftest.py


def ids(result: Any) -> list[int]:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return [link["id"] for link in json.loads(result.stdout)]


def test_limit_and_offset_read_one_page(cli: Cli, session: str):
    assert ids(cli("link", "list", "-o", "json")) == [1, 2]
    assert ids(cli("link", "list", "--limit", "1", "-o", "json")) == [1]
    assert ids(cli("link", "list", "-n", "1", "--offset", "1", "-o", "json")) == [2]
    assert ids(cli("link", "list", "--offset", "2", "-o", "json")) == []
    assert ids(cli("link", "list", "--sort", "status=desc", "-n", "1", "-o", "json")) == [2]


def test_all_fetches_every_page(cli: Cli, session: str, fleet_mock: Any):
    created = cli("link", "create", "--tracker", "1", "--description", "Third", "-o", "json")
    assert created.exit_code == 0, created.stderr
    every = ids(cli("link", "list", "--all", "--limit", "1", "-o", "json"))
    assert every == sorted(fleet_mock.world.geo_links)
    assert len(every) == 3
    assert ids(cli("link", "list", "--all", "--filter", "shuttle", "-n", "1", "-o", "json")) == [2]


def test_a_negative_limit_is_a_usage_error(cli: Cli, session: str):
    result = cli("link", "list", "--limit", "-1")
    assert result.exit_code == 2
    assert "--limit" in result.stderr

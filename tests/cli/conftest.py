"""Fixtures of the CLI tests: an isolated profile directory and a runner on the mock."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner, Result

from fleetapi_cli.app import app
from fleetapi_cli.config import Profile, ProfileStore
from fleetapi_cli.context import CliState

ENV_NAMES = ("FLEETAPI_API_KEY", "FLEETAPI_HASH", "FLEETAPI_BASE_URL", "FLEETAPI_PROFILE")


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every CLI test gets its own profile directory and a clean environment."""
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    directory = tmp_path / "config"
    monkeypatch.setenv("FLEETAPI_CONFIG_DIR", str(directory))
    return directory


@dataclass
class Cli:
    """Runs ``fleet`` in-process on a transport (the mock's, or a fake one)."""

    transport: httpx.BaseTransport | None
    runner: CliRunner = field(default_factory=CliRunner)
    root: Any = None
    """The command to run instead of ``fleet`` (a generated group, say)."""

    def __call__(
        self,
        *args: str,
        input: str | None = None,
        env: dict[str, str | None] | None = None,
        max_retries: int = 0,
    ) -> Result:
        state = CliState(transport=self.transport, max_retries=max_retries)
        root = app if self.root is None else self.root
        return self.runner.invoke(root, list(args), input=input, env=env, obj=state)


@pytest.fixture
def cli(fleet_mock: Any) -> Cli:
    """``fleet`` on the in-process mock (demo world)."""
    return Cli(fleet_mock.transport)


@pytest.fixture
def session(fleet_mock: Any) -> str:
    """A session hash of the demo master user, stored in the default profile."""
    hash_ = fleet_mock.session("demo")
    ProfileStore.default().save(
        Profile(
            name="default", base_url=fleet_mock.base_url, hash=hash_, kind="session", login="demo"
        )
    )
    return str(hash_)


@dataclass
class FakeService:
    """An httpx transport answering every request with a fixed JSON body; keeps the requests."""

    answer: Callable[[httpx.Request], httpx.Response]
    requests: list[httpx.Request] = field(default_factory=list)

    @property
    def transport(self) -> httpx.MockTransport:
        def handle(request: httpx.Request) -> httpx.Response:
            request.read()
            self.requests.append(request)
            return self.answer(request)

        return httpx.MockTransport(handle)

    def bodies(self) -> list[Any]:
        return [json.loads(r.content) for r in self.requests]


def fake_cli(
    body: dict[str, Any] | None = None,
    status: int = 200,
    content: bytes | None = None,
    headers: Sequence[tuple[str, str]] = (),
    answer: Callable[[httpx.Request], httpx.Response] | None = None,
) -> tuple[Cli, FakeService]:
    """``fleet`` on a fake service answering ``body`` (``{"success": true}`` by default),
    ``content`` (a file), or whatever ``answer`` returns for each request."""

    def fixed(request: httpx.Request) -> httpx.Response:
        if content is not None:
            return httpx.Response(status, content=content, headers=list(headers))
        return httpx.Response(status, json=body if body is not None else {"success": True})

    service = FakeService(answer or fixed)
    return Cli(service.transport), service


FAKE_URL = "http://fleet.test.localhost"
FAKE_HASH = "0123456789abcdef0123456789abcdef"


@pytest.fixture
def fake_profile() -> str:
    """A default profile pointing at a fake loopback service with a made-up hash."""
    ProfileStore.default().save(
        Profile(name="default", base_url=FAKE_URL, hash=FAKE_HASH, kind="api_key")
    )
    return FAKE_HASH


@pytest.fixture
def fake() -> Callable[..., tuple[Cli, FakeService]]:
    """A factory of ``fleet`` runners on fake services (see :func:`fake_cli`)."""
    return fake_cli

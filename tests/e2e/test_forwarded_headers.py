"""Behind a proxy that rewrites ``Host``: the addresses a served mock hands out (upload tickets,
downloads) follow ``X-Forwarded-Host`` and ``X-Forwarded-Proto`` from a trusted proxy, and only
from one."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from fleetapi_mock import DEMO_API_KEY
from fleetapi_mock.web.server import ThreadedServer

pytestmark = pytest.mark.e2e

TICKET = {"size": 100, "filename": "a.png"}


def _ticket_url(server: ThreadedServer, **headers: str) -> str:
    """The upload address ``checkin/image/create`` answers a request with ``headers``."""
    answer = httpx.post(
        f"{server.base_url}/checkin/image/create",
        json=TICKET,
        headers={"Authorization": f"NVX {DEMO_API_KEY}", "Host": "backend-7:8765", **headers},
    )
    assert answer.status_code == 200, answer.text
    return str(answer.json()["value"]["url"])


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ThreadedServer]:
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)  # loopback is trusted by default
    with ThreadedServer() as served:
        yield served


def test_a_trusted_proxy_s_forwarded_host_and_scheme_make_the_addresses(
    server: ThreadedServer,
) -> None:
    url = _ticket_url(
        server, **{"X-Forwarded-Host": "proxy.example:8100, inner:80", "X-Forwarded-Proto": "https"}
    )
    assert url.startswith("https://proxy.example:8100/"), url


def test_without_the_header_the_host_makes_them(server: ThreadedServer) -> None:
    assert _ticket_url(server).startswith("http://backend-7:8765/")


def test_a_forwarded_host_that_is_no_host_is_ignored(server: ThreadedServer) -> None:
    url = _ticket_url(server, **{"X-Forwarded-Host": "evil.example/path?x="})
    assert url.startswith("http://backend-7:8765/"), url


def test_an_untrusted_client_s_forwarded_host_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.9.9.9")
    with ThreadedServer() as served:
        url = _ticket_url(served, **{"X-Forwarded-Host": "proxy.example:8100"})
    assert url.startswith("http://backend-7:8765/"), url

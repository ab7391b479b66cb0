"""Helpers for driving the mock at the HTTP level through the in-process transport."""

from __future__ import annotations

from typing import Any

import httpx

from fleetapi_mock import FleetMock

DEMO_KEY = "f1ee7de0f1ee7de0f1ee7de0f1ee7de0"


class Api:
    """An httpx client on a mock, with shortcuts."""

    def __init__(self, mock: FleetMock) -> None:
        self.mock = mock
        self.http = httpx.Client(transport=mock.transport, base_url=mock.base_url)

    def post(
        self,
        path: str,
        body: Any = None,
        *,
        hash: str | None = None,
        headers: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> httpx.Response:
        all_headers = dict(headers or {})
        if hash is not None:
            all_headers["Authorization"] = f"NVX {hash}"
        if body is not None:
            kwargs["json"] = body
        return self.http.post(path, headers=all_headers, **kwargs)

    def login(self, login: str = "demo", password: str = "demo") -> str:
        response = self.post("/user/auth", {"login": login, "password": password})
        assert response.status_code == 200, response.text
        return str(response.json()["hash"])

    def document(self) -> dict[str, Any]:
        return self.mock.world.to_document()


def assert_failure(response: httpx.Response, code: int, status: int) -> dict[str, Any]:
    """The response is the failure envelope with ``code`` and HTTP ``status``."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) <= {"success", "status", "errors"}
    assert body["success"] is False
    assert set(body["status"]) == {"code", "description"}
    assert body["status"]["code"] == code, body
    assert isinstance(body["status"]["description"], str)
    assert body["status"]["description"]
    if "errors" in body:
        assert body["errors"]
    return body


def assert_success(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["success"] is True
    return body

"""The client engines against a scripted transport: retries, logging, secrecy, options."""

from __future__ import annotations

import json
import logging

import httpx
import pytest

from fleetapi import (
    AsyncClient,
    Client,
    FleetConnectionError,
    FleetTimeoutError,
    InvalidParametersError,
    TooManyRequestsError,
)

HASH = "0123456789abcdef0123456789abcdef"
BASE = "http://127.0.0.1:9"


class Script:
    """A transport answering from a list of responses or exceptions, recording requests."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(answer, Exception):
            raise answer
        status, body = answer
        return httpx.Response(
            status, json=body, headers={"retry-after": "0"} if status == 429 else {}
        )


OK_LIST = (200, {"success": True, "list": []})
RATE_LIMITED = (429, {"success": False, "status": {"code": 15, "description": "Too many"}})
UNAVAILABLE = (503, {"success": False, "status": {"code": 14, "description": "Later"}})


@pytest.fixture(autouse=True)
def no_sleep(monkeypatch):
    slept: list[float] = []
    monkeypatch.setattr("fleetapi._client.sleep", slept.append)

    async def fake_async_sleep(seconds):
        slept.append(seconds)

    monkeypatch.setattr("fleetapi._async_client.sleep", fake_async_sleep)
    return slept


def make(script, **options):
    return Client(base_url=BASE, api_key=HASH, transport=httpx.MockTransport(script), **options)


def test_sends_the_hash_in_the_authorization_header():
    script = Script(OK_LIST)
    with make(script) as client:
        assert client.api.key.list() == []
    request = script.requests[0]
    assert request.url.path == "/api/key/list"
    assert request.headers["authorization"] == f"NVX {HASH}"
    assert json.loads(request.content) == {}


def test_rate_limit_is_retried_even_for_unsafe_calls(no_sleep):
    created = {"hash": "f" * 32, "create_date": "2026-01-15 09:00:00", "title": "CI"}
    script = Script(RATE_LIMITED, (200, {"success": True, "value": created}))
    with make(script) as client:
        key = client.api.key.create(title="CI")
    assert key.title == "CI"
    assert len(script.requests) == 2
    assert no_sleep == [0.0]


def test_rate_limit_gives_up_after_max_retries():
    script = Script(RATE_LIMITED)
    with make(script, max_retries=1) as client, pytest.raises(TooManyRequestsError):
        client.api.key.list()
    assert len(script.requests) == 2


def test_5xx_is_retried_for_a_safe_call_but_never_for_a_create():
    script = Script(UNAVAILABLE, OK_LIST)
    with make(script) as client:
        assert client.api.key.list() == []
    assert len(script.requests) == 2

    script = Script(UNAVAILABLE)
    with make(script) as client, pytest.raises(Exception, match=r"\[14\]"):
        client.api.key.create(title="CI")
    assert len(script.requests) == 1


def test_timeout_is_not_retried_for_an_unsafe_call():
    script = Script(httpx.ReadTimeout("slow"))
    with make(script) as client, pytest.raises(FleetTimeoutError):
        client.api.key.create(title="CI")
    assert len(script.requests) == 1


def test_connect_error_is_retried_then_raised_without_the_hash():
    script = Script(httpx.ConnectError(f"refused ?hash={HASH}"))
    with make(script, credential_in="query") as client, pytest.raises(FleetConnectionError) as info:
        client.base.nothing()
    assert len(script.requests) == 3
    assert HASH not in str(info.value)
    assert info.value.__cause__ is None


def test_client_errors_are_raised_at_once():
    body = {
        "success": False,
        "status": {"code": 7, "description": "Invalid parameters"},
        "errors": [{"parameter": "title", "error": "must not be empty"}],
    }
    script = Script((400, body))
    with make(script) as client, pytest.raises(InvalidParametersError) as info:
        client.api.key.create(title="")
    assert info.value.errors[0]["parameter"] == "title"
    assert info.value.endpoint == "api/key/create"
    assert len(script.requests) == 1


def test_the_hash_never_appears_in_repr_or_logs(caplog):
    caplog.set_level(logging.DEBUG)
    script = Script(OK_LIST)
    with make(script) as client:
        client.api.key.list()
        assert HASH not in repr(client)
    assert "api/key/list -> ok" in caplog.text
    assert HASH not in caplog.text


def test_with_options_shares_connections_and_changes_retries():
    script = Script(UNAVAILABLE)
    with make(script) as client:
        quick = client.with_options(max_retries=0, timeout=1)
        with pytest.raises(Exception, match=r"\[14\]"):
            quick.api.key.list()
        assert quick.config.timeout == 1
        assert client.config.retry.max_retries == 2
    assert len(script.requests) == 1


def test_login_keeps_the_session_hash():
    script = Script((200, {"success": True, "hash": HASH}), OK_LIST)
    client = Client.login(BASE, "demo", "demo", transport=httpx.MockTransport(script))
    with client:
        assert client.hash == HASH
        client.api.key.list()
    auth, listing = script.requests
    assert "authorization" not in auth.headers
    assert json.loads(auth.content) == {"login": "demo", "password": "demo"}
    assert listing.headers["authorization"] == f"NVX {HASH}"


def test_raw_request_reaches_any_path():
    script = Script((200, {"success": True, "count": 3}))
    with make(script) as client:
        assert client.request("task/count") == {"success": True, "count": 3}
    assert script.requests[0].url.path == "/task/count"


@pytest.mark.anyio
async def test_async_client_behaves_the_same(no_sleep):
    script = Script(RATE_LIMITED, OK_LIST)
    transport = httpx.MockTransport(script)
    async with AsyncClient(base_url=BASE, api_key=HASH, transport=transport) as client:
        assert await client.api.key.list() == []
    assert len(script.requests) == 2
    assert no_sleep == [0.0]


def test_upload_file_posts_the_ticket_fields_then_the_file_without_the_credential(tmp_path):
    import datetime as dt

    from fleetapi.models.files import UploadTicket

    photo = tmp_path / "door.jpg"
    photo.write_bytes(b"\xff\xd8jpeg")
    ticket = UploadTicket(
        file_id=41,
        url="http://127.0.0.1:9/upload/41",
        expires=dt.datetime(2026, 1, 15, 10, 0, 0),
        file_field_name="file",
        fields={"token": "t-41"},
    )
    script = Script((200, {"success": True}))
    with make(script) as client:
        client.upload_file(ticket, photo)
    request = script.requests[0]
    assert str(request.url) == ticket.url
    assert "authorization" not in request.headers
    content = request.content
    assert content.index(b'name="token"') < content.index(b'name="file"; filename="door.jpg"')
    assert b"\xff\xd8jpeg" in content


def test_query_credentials_are_masked_in_httpx_log_lines(caplog):
    caplog.set_level(logging.INFO)
    script = Script(OK_LIST)
    with make(script, credential_in="query") as client:
        client.api.key.list()
    assert script.requests[0].url.params["hash"] == HASH
    assert "HTTP Request" in caplog.text
    assert HASH not in caplog.text


def test_download_file_gets_the_url_without_the_credential():
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, content=b"\x89PNG", headers={"content-type": "image/png"})

    with Client(base_url=BASE, api_key=HASH, transport=httpx.MockTransport(answer)) as client:
        assert client.download_file("files/7/abc/a.png") == b"\x89PNG"
    assert seen[0].method == "GET"
    assert str(seen[0].url) == f"{BASE}/files/7/abc/a.png"
    assert "authorization" not in seen[0].headers


@pytest.mark.parametrize(
    "key",
    ["not-hex-at-all-key-Zq9", "key with spaces+plus/slash=eq&amp", "ключ-доступа-😀-0001"],
)
def test_a_non_hex_credential_in_the_query_is_masked_in_httpx_log_lines(caplog, key):
    caplog.set_level(logging.INFO)
    script = Script(OK_LIST)
    client = Client(
        base_url=BASE, api_key=key, transport=httpx.MockTransport(script), credential_in="query"
    )
    with client:
        client.api.key.list()
    sent = script.requests[0].url
    assert sent.params["hash"] == key
    assert "HTTP Request" in caplog.text
    raw_query = sent.query.decode()
    assert raw_query.split("hash=", 1)[1] not in caplog.text
    assert key not in caplog.text


@pytest.mark.parametrize("status", [500, 502, 503, 504])
def test_an_outage_without_the_envelope_is_a_server_failure_not_a_bad_request(status):
    """A load balancer's 5xx page is an outage: ``except ServerError`` catches it (the CLI
    exits 11), never ``InvalidRequestError``; a safe call is retried first."""
    from fleetapi import (
        InvalidRequestError,
        ServerError,
        ServiceOutageError,
        ServiceUnavailableError,
    )

    def outage(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, text="<html>upstream down</html>")

    calls = []
    with (
        make(lambda r: calls.append(r) or outage(r)) as client,
        pytest.raises(ServerError) as caught,
    ):
        client.tracker.list()
    assert isinstance(caught.value, ServiceOutageError)
    assert isinstance(caught.value, ServiceUnavailableError)
    assert not isinstance(caught.value, InvalidRequestError)
    assert caught.value.http_status == status
    assert len(calls) == 3  # the first attempt and two retries


def test_a_success_status_without_the_envelope_is_a_malformed_answer():
    from fleetapi import MalformedAnswerError, ServerError

    portal = httpx.Response(200, text="<html>portal</html>")
    with make(lambda r: portal) as client, pytest.raises(MalformedAnswerError) as caught:
        client.tracker.list()
    assert not isinstance(caught.value, ServerError)
    assert caught.value.http_status == 200


def _sent(request: httpx.Request) -> tuple[object, ...]:
    """What a request carries on the wire: method, URL, headers (as sent), body, timeout."""
    return (
        request.method,
        str(request.url),
        sorted(request.headers.multi_items()),
        request.content,
        request.extensions["timeout"],
    )


@pytest.mark.parametrize("iso", [False, True])
def test_a_call_sends_what_httpx_s_own_request_building_sends(iso: bool) -> None:
    """A JSON call is built from a head made once per URL (`RequestHeads`): the same request,
    byte for byte, as `httpx.Client.build_request` makes of the call."""
    from fleetapi._core import build_request

    script = Script((200, {"success": True, "value": None}))
    with make(script, iso_datetime=iso, timeout=7.5) as client:
        client.request("tracker/list", {"labels": ["Ünïcode", "x"], "limit": 2})
        client.request("tracker/list", {"labels": ["again"]})  # from the head made above
        prepared = build_request(client._config, "tracker/list", {"labels": ["again"]})
        built = client._http.build_request(
            "POST", prepared.url, headers=prepared.headers, json=prepared.json, timeout=7.5
        )
    assert _sent(script.requests[1]) == _sent(built)
    assert json.loads(script.requests[0].content) == {"labels": ["Ünïcode", "x"], "limit": 2}


def test_a_new_credential_or_client_header_makes_a_new_head() -> None:
    script = Script((200, {"success": True, "value": None}))
    with make(script) as client:
        client.request("tracker/list")
        client._config = client._config.evolve(hash="f" * 32)
        client._http.headers["X-Team"] = "ci"
        client.request("tracker/list")
    first, second = script.requests
    assert first.headers["authorization"] == f"NVX {HASH}"
    assert second.headers["authorization"] == "NVX " + "f" * 32
    assert second.headers["x-team"] == "ci"
    assert "x-team" not in first.headers


def test_a_client_with_cookies_of_its_own_still_sends_them() -> None:
    script = Script((200, {"success": True, "value": None}))
    http = httpx.Client(transport=httpx.MockTransport(script), cookies={"route": "eu-1"})
    with Client(base_url=BASE, api_key=HASH, http_client=http) as client:
        client.request("tracker/list")
    assert script.requests[0].headers["cookie"] == "route=eu-1"

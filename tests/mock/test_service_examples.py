"""A program written against the service's documentation runs unchanged against the mock.

Each documented example request (``service_examples.EXAMPLES``) is sent as such a program
would send it: a JSON body, form fields with ``hash``, or a GET query, each under ``/v2`` with
a trailing slash; the answer must succeed with the documented keys, types and nesting.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from mock_helpers import Api, assert_success
from service_examples import (
    EXAMPLES,
    MAILED_CODE,
    Example,
    assert_documented_file,
    assert_documented_shape,
)

from fleetapi.endpoints import BY_PATH, ENDPOINTS
from fleetapi_mock.web.admission import ADDING_ACTIONS


def _text(value: Any) -> str:
    """A form or query value: text as it is, anything else as JSON text."""
    return value if isinstance(value, str) else json.dumps(value)


def _mailed_code(api: Api) -> str:
    """The second-factor code the world mailed last."""
    return api.mock.control.mail(kind="auth_code")[-1].values["code"]


def _send(api: Api, example: Example, encoding: str) -> httpx.Response:
    if example.setup is not None:
        with api.mock.world.lock:
            example.setup(api.mock)
    if example.session_kind == "password_restore":
        session = api.mock.control.password_restore(login=example.login).hash
    elif example.session_kind == "activation":
        api.post("/user/resend_activation", {"login": example.login})
        session = api.mock.control.mail(kind="activation")[-1].values["hash"]
    else:
        session = api.login(example.login)
    if example.session_kind == "second_factor":
        api.mock.control.set_clock(advance=300)  # the user waits for the mail
    request = {k: _mailed_code(api) if v is MAILED_CODE else v for k, v in example.request.items()}
    url = f"/v2/{example.path}/"
    fields = {"hash": session, **{k: _text(v) for k, v in request.items()}}
    if example.files:  # an upload: multipart/form-data whatever the encoding
        return api.http.post(url, data=fields, files=example.files)
    if encoding == "json":
        return api.http.post(url, json={"hash": session, **request})
    if encoding == "form":
        return api.http.post(url, data=fields)
    return api.http.get(url, params=fields)


@pytest.mark.parametrize("encoding", ["json", "form", "get"])
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.path)
def test_the_documented_example_is_answered_as_documented(
    api: Api, example: Example, encoding: str
) -> None:
    endpoint = BY_PATH[example.path]
    if encoding == "get" and endpoint.upload:
        pytest.skip("upload calls take POST only")
    response = _send(api, example, encoding)
    if endpoint.result.kind == "bytes":
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].split(";")[0] in endpoint.result.media_types
        assert_documented_file(example.response, response.content)
        return
    answer = assert_success(response)
    answer.pop("success")
    assert_documented_shape(example.response, answer)


def test_every_call_of_the_service_has_its_documented_example() -> None:
    documented = {e.path for e in EXAMPLES}
    # the event stream's examples are WebSocket frames: tests/e2e/test_event_stream.py
    service = {e.path for e in ENDPOINTS if e.origin == "service" and e.result.kind != "stream"}
    assert service - documented == set(), "add the documented example to service_examples.py"


@pytest.mark.parametrize(
    "example", [e for e in EXAMPLES if BY_PATH[e.path].safe], ids=lambda e: e.path
)
def test_a_call_declared_safe_answers_the_same_when_repeated(api: Api, example: Example) -> None:
    """The SDK retries a safe call after a lost answer: its repeat must do nothing more and
    answer as the first did (``history/mark_read``, whose repeat is 201, is not safe)."""
    first = _send(api, example, "json")
    again = _send(api, example, "json")
    assert again.status_code == first.status_code, again.text
    if "json" in first.headers.get("content-type", ""):
        assert again.json().get("status") == first.json().get("status"), again.text


# The actions whose calls keep a record on the side of what they change (a tracker's
# settings made on first update, a sub-user's audit entry, a command an output change queues,
# a mailed notice): a full world lets them go on (docs/decisions.md, "A full world").
SIDE_RECORD_ACTIONS = {"update", "set", "set_all", "assign", "auth"}


@pytest.mark.parametrize(
    "example", [e for e in EXAMPLES if not BY_PATH[e.path].safe], ids=lambda e: e.path
)
def test_a_call_that_adds_records_is_refused_in_a_full_world(api: Api, example: Example) -> None:
    """A documented example that adds records goes through an action of ``ADDING_ACTIONS``
    (which a full world refuses with 268), and every such action adds."""
    counts: list[int] = []
    real_post = api.http.post

    def post(url: str, *args: Any, **kwargs: Any) -> httpx.Response:
        if not url.startswith(f"/v2/{example.path}/"):
            return real_post(url, *args, **kwargs)
        counts.append(api.mock.world.record_count())
        response = real_post(url, *args, **kwargs)
        counts.append(api.mock.world.record_count())
        return response

    api.http.post = post  # type: ignore[method-assign]
    assert_success(_send(api, example, "json"))
    added = counts[1] - counts[0]
    action = example.path.rsplit("/", 1)[-1]
    if action in ADDING_ACTIONS and not BY_PATH[example.path].upload:
        assert added > 0, f"{example.path} is refused in a full world but adds nothing"
    elif action not in ADDING_ACTIONS:
        assert added <= 0 or action in SIDE_RECORD_ACTIONS, (
            f"{example.path} adds {added} records: name its action in ADDING_ACTIONS"
        )

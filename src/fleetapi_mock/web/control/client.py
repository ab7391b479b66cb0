""":class:`MockControl`: the control API of a mock as typed methods, over HTTP to a served
mock or through the transport of one in this process."""

from __future__ import annotations

import json
import urllib.parse
from types import TracebackType
from typing import Any

import httpx

from fleetapi._converter import converter_for
from fleetapi._core import read_response
from fleetapi_mock.web.control._methods import ControlMethods
from fleetapi_mock.web.control.routes import ROUTE_OF, ControlRoute

__all__ = ["MockControl"]


def _text(value: Any) -> str:
    """A query value as the control routes read it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


class MockControl(ControlMethods):
    """The control API of a mock (``/__mock__/*``), one typed method per route.

    Reach a served mock (``fleet mock serve``, a :class:`~fleetapi_mock.ThreadedServer`)
    by its address, optionally in a named world; :attr:`FleetMock.control
    <fleetapi_mock.FleetMock.control>` is the same over the in-process transport. A refusal
    raises the SDK's error of its code (:class:`fleetapi.InvalidParametersError` for 7).

    Examples:
        >>> with MockControl("http://127.0.0.1:8765", world="ci-42") as control:
        ...     control.set_clock(advance="P1D")
        ...     control.add_fault(path="tracker/list", status=503, times=1)
        ...     assert control.verify(path="task/assign", body={"task_id": 12}).matched

    Args:
        base_url: The mock's address (with the prefix its clients use, if any).
        world: The named world to control (``X-Mock-World``); the server's own by default.
        token: The server's control token (``fleet mock serve --control-token``), if it has
            one.
        transport: An httpx transport (a :class:`~fleetapi_mock.MockTransport`).
        timeout: Seconds to wait for an answer.
    """

    def __init__(
        self,
        base_url: str,
        *,
        world: str | None = None,
        token: str | None = None,
        transport: httpx.BaseTransport | None = None,
        timeout: float = 30.0,
    ) -> None:
        headers = {} if world is None else {"X-Mock-World": world}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        self.base_url = base_url.rstrip("/")
        self._http = httpx.Client(headers=headers, transport=transport, timeout=timeout)

    def _url(self, route: ControlRoute, fields: dict[str, Any]) -> str:
        path = route.url_path
        for name in route.path_fields:
            path = path.replace(f"{{{name}}}", urllib.parse.quote(str(fields[name]), safe=""))
        return self.base_url + path

    def _send(self, route: str, params: Any) -> Any:
        declared = ROUTE_OF[route]
        fields: dict[str, Any] = {}
        if declared.params is not None and params is not None:
            given = converter_for().unstructure(params)
            fields = {k: v for k, v in given.items() if v is not None}
        url = self._url(declared, fields)
        sent = {k: v for k, v in fields.items() if k not in declared.path_fields}
        if declared.body == "document":
            content = b"" if params is None else json.dumps(params).encode()
            answer = self._http.request(declared.method, url, content=content)
        elif declared.method == "POST":
            answer = self._http.request(declared.method, url, json=sent)
        else:
            query = {k: _text(v) for k, v in sent.items()}
            answer = self._http.request(declared.method, url, params=query)
        if declared.raw:
            return answer.json()
        where = url.removeprefix(self.base_url)
        body = read_response(where, answer.status_code, answer.headers, answer.content)
        assert isinstance(body, dict)  # read_response answers bytes for files alone
        if declared.result is None:
            return None
        found = body[declared.key] if declared.key else body
        return converter_for().structure(found, declared.result)

    def close(self) -> None:
        """Close the HTTP connections."""
        self._http.close()

    def __enter__(self) -> MockControl:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"MockControl({self.base_url!r})"

"""The mock's HTTP messages: the response shapes every door and route answers with.

:func:`json_response` (the JSON envelope), :func:`failure_response` (a
:class:`~fleetapi.FleetApiError` with the HTTP status its code maps to),
:func:`redirect_response` (``redirect_target`` calls), :func:`file_response` (downloads), and
:func:`multipart_parts` (reading ``multipart/form-data`` bodies). The router, the control API
and the file routes all build on this module, and it imports none of them.
"""

from __future__ import annotations

import json
import math
import urllib.parse
from collections.abc import Iterable, Mapping
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any

import attrs

from fleetapi._errors import FleetApiError, WrongRequestFormatError
from fleetapi_mock.domain.context import FileReply, UploadedFile
from fleetapi_mock.state.bounds import json_text

__all__ = [
    "JSON_CONTENT_TYPE",
    "REDIRECT_STATUS",
    "FormFields",
    "LowerCaseHeaders",
    "Response",
    "failure_body",
    "failure_response",
    "file_response",
    "form_fields",
    "json_response",
    "multipart_parts",
    "redirect_response",
]


@attrs.frozen
class Response:
    """One HTTP answer of the mock, as every door sends it."""

    status: int
    headers: dict[str, str]
    body: bytes = attrs.field(repr=lambda b: f"<{len(b)} bytes>")
    code: int = 0
    """The API's ``status.code`` of a failure (also one that travels in a redirect); 0 for a
    success or an answer outside the API (a download, the OpenAPI document)."""
    delay: float = 0.0
    """Seconds the door waits before sending it (a fault rule's ``delay``)."""
    drop: bool = False
    """Whether the door closes the connection instead of sending it (a fault rule's
    ``drop``)."""


JSON_CONTENT_TYPE = "application/json; charset=utf-8"
"""The content type of every JSON answer."""

FormFields = Mapping[str, "str | list[str]"]
"""Fields of a query string or a form: a key given more than once holds the list of its
values, in order (OpenAPI's default ``form`` style sends an array so: ``types=a&types=b``)."""


class LowerCaseHeaders(dict[str, str]):
    """Request headers whose names are known to be in lower case (an ASGI server's): the
    steps that take headers in any case read these as they are, without lowering them again."""


def form_fields(pairs: Iterable[tuple[str, str]]) -> dict[str, str | list[str]]:
    """The fields of ``(key, value)`` pairs, repeated keys gathered into lists."""
    fields: dict[str, str | list[str]] = {}
    for key, value in pairs:
        if key not in fields:
            fields[key] = value
            continue
        held = fields[key]
        fields[key] = [*held, value] if isinstance(held, list) else [held, value]
    return fields


def json_response(status: int, body: Any, headers: Mapping[str, str] | None = None) -> Response:
    """A JSON response."""
    content = json_text(body)
    return Response(status, {"content-type": JSON_CONTENT_TYPE, **(headers or {})}, content)


def failure_body(error: FleetApiError) -> dict[str, Any]:
    """The failure envelope of ``error``.

    ``{"success": false, "status": {"code", "description"}}`` plus ``errors`` when the
    error lists per-field details, and the error's other keys (code 203: ``entities``).
    """
    body: dict[str, Any] = {
        **error.extra,
        "success": False,
        "status": {"code": error.code, "description": error.description},
    }
    if error.errors:
        body["errors"] = error.errors
    return body


def failure_response(error: FleetApiError) -> Response:
    """The failure envelope of ``error``, with the HTTP status its code maps to;
    ``Retry-After`` when the error says how long to wait."""
    body = failure_body(error)
    headers = {}
    wait = error.retry_after
    if wait is not None:  # whole seconds, at least one unless none was meant (a fault's 0)
        headers["retry-after"] = str(max(1, math.ceil(wait)) if wait > 0 else 0)
    return attrs.evolve(json_response(error.http_status, body, headers), code=error.code)


REDIRECT_STATUS = 303
"""The HTTP status of the redirect a call with ``redirect_target`` answers (See Other: the
browser then GETs the target)."""


_URI_SAFE = "!#$%&'()*+,-./:;=?@[]_~"
"""Characters a URI keeps as they are: every other one (non-ASCII text) is percent-encoded."""


def redirect_response(target: str, body: Mapping[str, Any]) -> Response:
    """A redirect to ``<target>?response=<urlencoded JSON of body>`` (``&`` when ``target``
    already has a query; before the target's ``#fragment``, which browsers never send).

    Non-ASCII text in ``target`` is percent-encoded, as a browser sends it, so that the
    ``Location`` header is plain ASCII; the JSON envelope also travels as the body, for
    clients that do not follow redirects.
    """
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    address, hash_mark, fragment = urllib.parse.quote(target, safe=_URI_SAFE).partition("#")
    separator = "&" if "?" in address else "?"
    response = urllib.parse.urlencode({"response": text})
    location = f"{address}{separator}{response}{hash_mark}{fragment}"
    return json_response(REDIRECT_STATUS, body, {"location": location})


def file_response(reply: FileReply) -> Response:
    """A file download: the raw bytes with their content type (and name, when known)."""
    headers = {"content-type": reply.content_type}
    if reply.filename:
        quoted = urllib.parse.quote(reply.filename)
        headers["content-disposition"] = f"attachment; filename*=UTF-8''{quoted}"
    return Response(200, headers, reply.content)


def multipart_parts(content_type: str, body: bytes) -> list[tuple[str, str | UploadedFile]]:
    """The parts of a ``multipart/form-data`` body in order: ``(name, text or file)``.

    Raises:
        WrongRequestFormatError: a broken body or part, a text part that is not UTF-8.
    """
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode("latin-1")
    message = BytesParser(policy=policy.HTTP).parsebytes(head + body)
    if not isinstance(message, EmailMessage) or not message.is_multipart() or message.defects:
        raise WrongRequestFormatError("malformed multipart/form-data body")
    parts: list[tuple[str, str | UploadedFile]] = []
    for part in message.iter_parts():
        if not isinstance(part, EmailMessage):
            continue
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str) or part.defects:
            raise WrongRequestFormatError("malformed multipart/form-data part")
        payload = part.get_payload(decode=True)
        data = payload if isinstance(payload, bytes) else b""
        filename = part.get_filename()
        if filename is not None:
            parts.append(
                (
                    name,
                    UploadedFile(
                        field=name,
                        filename=filename,
                        content_type=part.get_content_type(),
                        data=data,
                    ),
                )
            )
        else:
            try:
                parts.append((name, data.decode("utf-8")))
            except UnicodeDecodeError:
                raise WrongRequestFormatError(f"field {name!r} is not UTF-8 text") from None
    return parts

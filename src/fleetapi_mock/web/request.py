"""One HTTP request on its way through the backend's steps (:mod:`fleetapi_mock.web.router`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any, Final

import attrs

from fleetapi._endpoint import Endpoint
from fleetapi_mock.web.decoding import body_is_json
from fleetapi_mock.web.faults import FaultRule
from fleetapi_mock.web.journal import (
    CredentialKind,
    JournalEntry,
    masked_json,
    plain_json_body,
)
from fleetapi_mock.web.wire import FormFields, Response

__all__ = ["JOURNALED_BODY_BYTES", "Request", "request_origin", "unread_entry"]

JOURNALED_BODY_BYTES: Final = 16 * 1024
"""The journal keeps the fields of requests whose body is at most this large."""


def request_origin(headers: Mapping[str, str], scheme: str) -> str:
    """``scheme://host`` of a request, from its ``Host`` header (headers in lower case)."""
    host = headers.get("host", "").strip() or "fleet.localhost"
    return f"{scheme}://{host}"


@attrs.define(kw_only=True)
class Request:
    """One HTTP request on its way through the backend's steps.

    The steps fill in ``endpoint``, ``user_id``, ``fields`` and ``fault`` as they learn them,
    for the journal.
    """

    method: str
    path: str
    query: FormFields
    headers: Mapping[str, str]
    """In lower case."""
    body: bytes = attrs.field(repr=lambda b: f"<{len(b)} bytes>")
    size: int
    """The body's real size (``body`` may be cut short when it was too large)."""
    client: str | None = None
    origin: str
    """``scheme://host`` the request came to, and the prefix naming its world when the path
    does not (:attr:`.Backend.address`)."""
    secrets: bool = True
    """Whether control answers may show the world's secrets."""
    endpoint: Endpoint | None = None
    user_id: int | None = None
    credential: CredentialKind | None = None
    fields: Mapping[str, Any] | None = None
    """The request's fields, once read."""
    fault: FaultRule | None = None
    """The fault rule acting on the request, if one does."""

    @property
    def anonymous_rate_key(self) -> str:
        """The rate-limit bucket of a request that names no caller."""
        return f"client:{self.client or 'local'}"

    def _plain_body(self) -> bytes | None:
        """The body, when it is the JSON object of the fields alone and the journal may keep it
        as it is (:func:`~fleetapi_mock.web.journal.plain_json_body`)."""
        if self.query or not body_is_json(self.method, self.headers, self.body):
            return None
        return plain_json_body(self.body)

    def journal_entry(self, response: Response, now: dt.datetime, took: float) -> JournalEntry:
        """What the journal keeps of the request and its ``response`` (secrets masked;
        ``took`` the seconds the world took to answer)."""
        kept = self.fields if self.size <= JOURNALED_BODY_BYTES else None
        return JournalEntry(
            time=now,
            method=self.method,
            path=self.path,
            call=self.endpoint.path if self.endpoint is not None else None,
            status=0 if response.drop else response.status,
            code=response.code,
            user_id=self.user_id,
            credential=self.credential,
            fields_json=None if kept is None else self._plain_body() or masked_json(kept),
            fault=self.fault.id if self.fault is not None else None,
            duration=took,
            size=len(response.body),
        )


def unread_entry(
    method: str, path: str, response: Response, now: dt.datetime, took: float
) -> JournalEntry:
    """What the journal keeps of a request that could not even be read."""
    return JournalEntry(
        time=now,
        method=method,
        path=path,
        call=None,
        status=response.status,
        code=response.code,
        duration=took,
        size=len(response.body),
    )

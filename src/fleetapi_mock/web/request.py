"""One HTTP request on its way through the backend's steps (:mod:`fleetapi_mock.web.router`)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from fleetapi._endpoint import Endpoint
from fleetapi_mock.web.journal import CredentialKind
from fleetapi_mock.web.wire import FormFields

__all__ = ["Request", "request_origin"]


def request_origin(headers: Mapping[str, str], scheme: str) -> str:
    """``scheme://host`` of a request, from its ``Host`` header (headers in lower case)."""
    host = headers.get("host", "").strip() or "fleet.localhost"
    return f"{scheme}://{host}"


@attrs.define(kw_only=True)
class Request:
    """One HTTP request on its way through the backend's steps.

    The steps fill in ``endpoint`` and ``user_id`` as they learn them, for the journal.
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
    """``scheme://host`` the request came to."""
    endpoint: Endpoint | None = None
    user_id: int | None = None
    credential: CredentialKind | None = None

    @property
    def anonymous_rate_key(self) -> str:
        """The rate-limit bucket of a request that names no caller."""
        return f"client:{self.client or 'local'}"

"""The dashboard's page: one HTML document with its style and script inlined.

The page is served whole at ``/__mock__/ui/`` (no other file, nothing from elsewhere: a
``Content-Security-Policy`` lets it run only its own inlined script and talk only to the
server that served it). Its script reads the world through the control API (``map``,
``clock``, ``journal/live``, ``faults``, ``worlds``, ``world``); the choices its forms offer come
from the same declarations the control API checks against (:data:`SETTINGS`).
"""

from __future__ import annotations

import functools
import json
import secrets
import typing
from importlib import resources
from typing import Any, Final

from fleetapi._errors import CODES
from fleetapi_mock.web.dashboard.feed import RETRY_MS
from fleetapi_mock.web.faults import BrokenAnswer, DropWhen
from fleetapi_mock.web.journal import CredentialFilter
from fleetapi_mock.web.wire import Response

__all__ = ["SETTINGS", "dashboard_page"]

SETTINGS: Final[dict[str, Any]] = {
    "drop": list(typing.get_args(DropWhen)),
    "answer": list(typing.get_args(BrokenAnswer)),
    "credential": list(typing.get_args(CredentialFilter)),
    "errors": {str(code): cls.__name__ for code, cls in sorted(CODES.items()) if code},
    "retry_ms": RETRY_MS,
}
"""What the page's forms offer: a fault's ``drop`` and ``answer`` values, the journal's
credential filters, the API's error codes by name."""


@functools.cache
def _parts() -> tuple[str, str, str]:
    static = resources.files(__package__) / "static"
    return tuple(  # type: ignore[return-value]
        (static / name).read_text(encoding="utf-8")
        for name in ("index.html", "dashboard.css", "dashboard.js")
    )


def _policy(nonce: str) -> str:
    return "; ".join(
        (
            "default-src 'none'",
            f"script-src 'nonce-{nonce}'",
            f"style-src 'nonce-{nonce}'",
            "connect-src 'self'",
            "img-src 'self' data:",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        )
    )


def dashboard_page() -> Response:
    """The dashboard's HTML, with a fresh nonce for its inlined style and script."""
    page, style, script = _parts()
    nonce = secrets.token_urlsafe(18)
    settings = json.dumps(SETTINGS).replace("<", "\\u003c")
    html = (
        page.replace("{{style}}", style)
        .replace("{{script}}", script)
        .replace("{{settings}}", settings)
        .replace("{{nonce}}", nonce)
    )
    headers = {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "content-security-policy": _policy(nonce),
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
    }
    return Response(200, headers, html.encode())

"""Schemathesis hooks for the mock (``SCHEMATHESIS_HOOKS=tests.contract.schemathesis_hooks``).

``positive_data_acceptance`` is off in ``schemathesis.toml``: the service answers business
failures (no such entity, a period that ends before it starts, a wrong credential kind) with
HTTP 400, some of them code 7. This check keeps its point: a request the OpenAPI document
calls valid passes the mock's own decoding and validation steps (the strict converter), so
that the document describes what the mock accepts; a code 7 a handler answers afterwards is
a business rule the schema cannot state.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import schemathesis

from fleetapi._errors import FleetApiError
from fleetapi_mock.web.decoding import parse_fields, request_iso, request_params
from fleetapi_mock.web.routing import route
from fleetapi_mock.web.wire import form_fields


@schemathesis.check
def valid_data_passes_the_mocks_validation(ctx: Any, response: Any, case: Any) -> bool | None:
    """A schema-valid request is never refused by the mock's validation step."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    try:
        answer = json.loads(response.content)
    except ValueError:
        return None
    if not isinstance(answer, dict) or (answer.get("status") or {}).get("code") not in (5, 7):
        return None
    sent = response.request
    url = httpx.URL(str(sent.url))
    endpoint = route(url.path)
    if endpoint is None or endpoint.result.kind == "stream":  # a WebSocket's path: always 5
        return None
    body = sent.body or b""
    headers = {k.lower(): v for k, v in sent.headers.items()}
    query = form_fields(url.params.multi_items())
    try:
        fields, _ = parse_fields(
            sent.method.upper(), query, headers, body.encode() if isinstance(body, str) else body,
            endpoint.params,
        )  # fmt: skip
        request_params(endpoint, fields, iso=request_iso(headers, fields))
    except FleetApiError as exc:
        raise AssertionError(
            f"the schema calls the request valid; the mock's validation refuses it: {exc}"
        ) from None
    return None

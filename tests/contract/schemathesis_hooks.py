"""Schemathesis hooks for the mock (``SCHEMATHESIS_HOOKS=tests.contract.schemathesis_hooks``).

``positive_data_acceptance`` is off in ``schemathesis.toml``: the service answers business
failures (no such entity, wrong credential kind) with HTTP 400. This check keeps its point:
a request the OpenAPI document calls valid never gets code 7 (invalid parameters) or 5 (wrong
request format), since the document must describe what the mock accepts.
"""

from __future__ import annotations

import json
from typing import Any

import schemathesis

REFUSED_AS_MALFORMED = (5, 7)
"""Codes that say the request itself was wrong, whatever the world holds."""


@schemathesis.check
def valid_data_is_not_refused_as_malformed(ctx: Any, response: Any, case: Any) -> bool | None:
    """A schema-valid request is never answered code 7 or 5."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        return None
    if not isinstance(body, dict) or body.get("success") is not False:
        return None
    code = (body.get("status") or {}).get("code")
    if code in REFUSED_AS_MALFORMED:
        raise AssertionError(f"schema-valid request refused with code {code}: {body}")
    return None

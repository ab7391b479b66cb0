"""A handler's result in the API's envelope: :func:`run_handler`, the router's last step."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from fleetapi._converter import converter_for, format_datetime
from fleetapi._errors import FleetApiError
from fleetapi_mock.domain.context import Context, FileReply, Reply
from fleetapi_mock.handlers import Handler
from fleetapi_mock.web.wire import (
    Response,
    failure_body,
    file_response,
    json_response,
    redirect_response,
)

__all__ = ["run_handler"]


def run_handler(ctx: Context, handler: Handler, params: Any) -> Response:
    """Run the handler and wrap its result in the envelope. With a ``redirect_target``
    (``map_layer/upload``) the envelope of its success or failure travels in a redirect."""
    target = getattr(params, "redirect_target", None)
    if not isinstance(target, str):
        return _success(ctx, handler(ctx, params))
    try:
        response = _success(ctx, handler(ctx, params))
    except FleetApiError as exc:
        return attrs.evolve(redirect_response(target, failure_body(exc)), code=exc.code)
    return redirect_response(target, json.loads(response.body))


def _success(ctx: Context, result: Any) -> Response:
    endpoint = ctx.endpoint
    kind = endpoint.result.kind
    if isinstance(result, FileReply):
        return file_response(result)
    if kind == "bytes":
        raise TypeError(f"the handler of {endpoint.path} must answer a FileReply")
    extra: Mapping[str, Any] = {}
    unstructured = False
    if isinstance(result, Reply):
        extra, unstructured, result = result.extra, result.unstructured, result.value
    body: dict[str, Any] = {"success": True}
    conv = converter_for(iso=ctx.iso)
    if kind == "json":
        value = result if unstructured else conv.unstructure(result, endpoint.result.type)
        if endpoint.result.key is None:
            if not isinstance(value, dict):
                raise TypeError(f"the handler of {endpoint.path} must answer an object")
            body.update(value)
        else:
            body[endpoint.result.key] = value
    body.update(extra)
    if ctx.iso or endpoint.result.user_time:
        body["user_time"] = format_datetime(ctx.user_time(ctx.now()), iso=ctx.iso)
    return json_response(200, body)

"""The control API's part of ``/openapi.json``: one operation per route of the table, tagged
``mock-control``, built from the route's params and result models."""

from __future__ import annotations

import typing
from typing import Any

from fleetapi_mock.state.schema import SchemaBuilder, is_text_schema
from fleetapi_mock.web.control.routes import ROUTES, ControlRoute

__all__ = ["TAG", "control_paths"]

TAG = "mock-control"
"""The tag of the control API's operations."""

_FAILURE = {"$ref": "#/components/schemas/Failure"}


def _without(schema: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """An object schema without the properties ``names`` (the path's fields)."""
    if not names:
        return schema
    properties = {k: v for k, v in schema.get("properties", {}).items() if k not in names}
    required = [r for r in schema.get("required", []) if r not in names]
    trimmed = {**schema, "properties": properties}
    trimmed.pop("required", None)
    return {**trimmed, "required": required} if required else trimmed


def _parameters(builder: SchemaBuilder, route: ControlRoute) -> list[dict[str, Any]]:
    schema = {} if route.params is None else builder.object_schema(route.params)
    properties: dict[str, Any] = schema.get("properties", {})
    parameters = [
        {
            "name": name,
            "in": "path",
            "required": True,
            "schema": properties.get(name, {"type": "string"}),
        }
        for name in route.path_fields
    ]
    if route.method == "POST":
        return parameters
    required = set(schema.get("required", []))
    for name, prop in properties.items():
        if name in route.path_fields:
            continue
        parameter: dict[str, Any] = {"name": name, "in": "query", "required": name in required}
        if is_text_schema(prop):
            parameter["schema"] = prop
        else:
            parameter["content"] = {"application/json": {"schema": prop}}
        parameters.append(parameter)
    return parameters


def _request_body(builder: SchemaBuilder, route: ControlRoute) -> dict[str, Any] | None:
    if route.method != "POST":
        return None
    if route.body == "multipart":
        file = {"type": "string", "contentMediaType": "application/octet-stream"}
        schema = {"type": "object", "properties": {"file": file}, "required": ["file"]}
        return {"required": True, "content": {"multipart/form-data": {"schema": schema}}}
    if route.body == "document":
        schema = {"type": "object", "description": "A world document; none: the starting world"}
        return {"required": False, "content": {"application/json": {"schema": schema}}}
    if route.params is None:
        return None
    schema = _without(builder.object_schema(route.params), route.path_fields)
    required = bool(schema.get("required"))
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def _result_schema(builder: SchemaBuilder, route: ControlRoute) -> dict[str, Any]:
    envelope: dict[str, Any] = {
        "type": "object",
        "required": ["success"],
        "properties": {"success": {"const": True}},
    }
    if route.result is None:
        return envelope
    if route.key is not None:
        envelope["properties"][route.key] = builder.schema(route.result)
        envelope["required"].append(route.key)
        return envelope
    return {"allOf": [envelope, builder.schema(route.result)]}


def _ok(builder: SchemaBuilder, route: ControlRoute) -> dict[str, Any]:
    if route.raw and route.result is None:  # a file route, a page, a feed
        media = route.media or (
            "application/json" if route.body == "multipart" else "application/octet-stream"
        )
        return {"description": "The answer", "content": {media: {"schema": {}}}}
    if route.raw:
        schema = {"type": "object"} if typing.get_origin(route.result) is dict else {}
        return {"description": "The answer", "content": {"application/json": {"schema": schema}}}
    schema = _result_schema(builder, route)
    return {"description": "Success", "content": {"application/json": {"schema": schema}}}


def _operation(builder: SchemaBuilder, route: ControlRoute) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": f"mock_{route.name}",
        "summary": route.summary,
        "description": route.description,
        "tags": [TAG],
        "security": [],
        "responses": {
            "200": _ok(builder, route),
            "default": {
                "description": "Failure",
                "content": {"application/json": {"schema": _FAILURE}},
            },
        },
    }
    parameters = _parameters(builder, route)
    if parameters:
        operation["parameters"] = parameters
    body = _request_body(builder, route)
    if body is not None:
        operation["requestBody"] = body
    return operation


def control_paths(builder: SchemaBuilder) -> dict[str, dict[str, Any]]:
    """The control API's paths, each method of each route an operation."""
    paths: dict[str, dict[str, Any]] = {}
    for route in ROUTES:
        url = route.url_path.replace("...}", "}")
        operation = _operation(builder, route)
        for index, method in enumerate(route.methods):
            suffix = "" if index == 0 else f"__{method.lower()}"
            paths.setdefault(url, {})[method.lower()] = {
                **operation,
                "operationId": operation["operationId"] + suffix,
            }
    return paths

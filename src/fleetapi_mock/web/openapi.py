"""An OpenAPI 3.1 document of the API, built from the call table.

Every call of :data:`fleetapi.endpoints.ENDPOINTS` (and every alias) becomes a path with a
``POST`` operation, whose request body (JSON or form; multipart for uploads) is the JSON Schema
of its params model, and a ``GET`` operation taking the same fields in the query string (text
fields as text, the others as JSON). The ``200`` response is the success envelope around the
result (or the file, with its content types), a ``303`` the redirect of calls given a
``redirect_target``, and ``default`` the failure envelope, described with the error codes the
call declares. The mock serves it at ``/openapi.json``; schemathesis runs against it in the
tests (``schemathesis.toml`` says which of its checks assume what the service does not).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from functools import cache
from typing import Any

import fleetapi
from fleetapi._endpoint import Access, Endpoint
from fleetapi._errors import error_class
from fleetapi.endpoints import ENDPOINTS
from fleetapi_mock.state.schema import SchemaBuilder, is_text_schema
from fleetapi_mock.web.control.openapi import TAG, control_paths

__all__ = ["build_openapi", "openapi_document"]

_REF = "#/components/schemas/"


_GENERAL_CODES = (3, 4, 5, 7, 13, 15)

_FAILURE: dict[str, Any] = {
    "type": "object",
    "description": "The failure envelope. Decide success from the body, not the HTTP status.",
    "required": ["success", "status"],
    "properties": {
        "success": {"const": False},
        "status": {
            "type": "object",
            "required": ["code", "description"],
            "properties": {
                "code": {"type": "integer", "description": "The error code"},
                "description": {"type": "string"},
            },
        },
        "errors": {
            "type": "array",
            "description": "Per-field details: code 7 gives parameter/error, code 242 gives "
            "field_id/code/error, code 218 the route provider's (Google's: status names).",
            "items": {
                "anyOf": [
                    {
                        "type": "object",
                        "properties": {
                            "parameter": {"type": "string"},
                            "field_id": {"type": "string"},
                            "code": {"type": "integer"},
                            "error": {"type": "string"},
                        },
                    },
                    {"type": "string"},
                ]
            },
        },
    },
}


def _code_line(code: int) -> str:
    cls = error_class(code)
    text = cls.description if cls.code == code else "(not known to the SDK)"
    return f"- `{code}` {text}"


def _description(endpoint: Endpoint) -> str:
    lines = [f"Needs {endpoint.access.needs}."]
    if endpoint.right:
        lines.append(f"Sub-users need the right `{endpoint.right}`.")
    if endpoint.master_only:
        lines.append("Master users only.")
    if endpoint.safe:
        lines.append("Safe to repeat.")
    if endpoint.notes:
        lines.append(endpoint.notes)
    lines.extend(f"Decided ({d.question}): {d.answer}" for d in endpoint.decisions)
    codes = [*endpoint.errors, *(c for c in _GENERAL_CODES if c not in endpoint.errors)]
    lines.append("")
    lines.append("Error codes:")
    lines.extend(_code_line(c) for c in codes)
    return "\n".join(lines)


def _request_schema(builder: SchemaBuilder, endpoint: Endpoint) -> dict[str, Any]:
    variant = endpoint.file_variant
    schema = builder.object_schema(endpoint.params if variant is None else variant.params)
    if variant is not None:  # the switch is optional: without it the call answers JSON
        schema["required"] = [r for r in schema.get("required", []) if r != variant.switch]
        if not schema["required"]:
            del schema["required"]
    properties = dict(schema.get("properties", {}))
    if endpoint.access is not Access.NONE and "hash" not in properties:
        properties["hash"] = {
            "type": "string",
            "minLength": 32,
            "maxLength": 32,
            "description": "The credential, when not sent as 'Authorization: NVX <hash>'",
        }
    properties["iso_datetime"] = {
        "anyOf": [{"type": "boolean"}, {"type": "string", "enum": ["true", "false"]}],
        "description": "Answer date/times in ISO 8601 (and add user_time)",
    }
    schema["properties"] = properties
    return schema


def _success_schema(builder: SchemaBuilder, endpoint: Endpoint) -> dict[str, Any]:
    envelope: dict[str, Any] = {
        "type": "object",
        "required": ["success"],
        "properties": {
            "success": {"const": True},
            "user_time": {
                "type": "string",
                "description": "The user's current time, in ISO mode only",
            },
        },
    }
    result = endpoint.result
    if result.user_time:
        envelope["properties"]["user_time"] = {
            "type": "string",
            "description": "The user's current time, in the user's time zone",
        }
        envelope["required"].append("user_time")
    if result.kind == "none":
        return envelope
    if result.key is None:
        return {"allOf": [envelope, builder.schema(result.type)]}
    envelope["properties"][result.key] = builder.schema(result.type)
    envelope["required"].append(result.key)
    if endpoint.paging is not None and endpoint.paging.total:
        envelope["properties"][endpoint.paging.total] = {"type": "integer"}
    if result.beside is not None:
        return {"allOf": [envelope, builder.schema(result.beside)]}
    return envelope


def _bare(media_type: str) -> str:
    """A media type without its parameters (``; charset=utf-8``)."""
    return media_type.split(";", 1)[0].strip()


def _ok_response(builder: SchemaBuilder, endpoint: Endpoint) -> dict[str, Any]:
    if endpoint.result.kind == "bytes":
        return {
            "description": "The file",
            "content": {
                _bare(media): {"schema": {"type": "string"}}
                for media in endpoint.result.media_types or ("application/octet-stream",)
            },
        }
    ok: dict[str, Any] = {
        "description": "Success",
        "content": {"application/json": {"schema": _success_schema(builder, endpoint)}},
    }
    variant = endpoint.file_variant
    if variant is not None:
        ok["description"] = f"Success; with `{variant.switch}` set, the file"
        for media in variant.media_types.values() or ("application/octet-stream",):
            ok["content"][_bare(media)] = {"schema": {"type": "string"}}
    return ok


def _responses(builder: SchemaBuilder, endpoint: Endpoint, request: dict[str, Any]) -> Any:
    responses: dict[str, Any] = {"200": _ok_response(builder, endpoint)}
    if "redirect_target" in request.get("properties", {}):
        responses["303"] = {
            "description": "With `redirect_target`: a redirect to it, the answer JSON in its "
            "`response` query parameter; the body is the same answer",
            "headers": {"Location": {"schema": {"type": "string"}}},
            "content": {"application/json": {"schema": {}}},
        }
    responses["default"] = {
        "description": "Failure (HTTP 400 unless the code maps to another status)",
        "content": {"application/json": {"schema": {"$ref": _REF + "Failure"}}},
    }
    return responses


def _form_friendly(request: dict[str, Any]) -> bool:
    """Whether OpenAPI's form serialization of the request is what the mock reads: text,
    numbers, booleans and arrays of them (a repeated key). Objects travel in forms as JSON
    text, which tools do not send from a schema: such calls list JSON bodies only."""
    return not any(_holds_objects(schema) for schema in request.get("properties", {}).values())


def _form_schema(request: dict[str, Any]) -> dict[str, Any]:
    """The request as a form body: an array field may also be one value (``types=a``, as
    :func:`~fleetapi_mock.web.decoding.decode_text_fields` reads it), which is also what
    OpenAPI's form style sends for a one-element array."""
    properties = {}
    for name, schema in request.get("properties", {}).items():
        kinds = schema.get("type")
        is_array = kinds == "array" or (isinstance(kinds, list) and "array" in kinds)
        if is_array and isinstance(schema.get("items"), dict):
            schema = {"anyOf": [schema, schema["items"]]}
        properties[name] = schema
    return {**request, "properties": properties}


def _holds_objects(node: Any) -> bool:
    """Whether a schema, or any schema inside it, is an object (a reference names one)."""
    if isinstance(node, list):
        return any(_holds_objects(item) for item in node)
    if not isinstance(node, dict):
        return False
    kind = node.get("type")
    if "$ref" in node or kind == "object" or (isinstance(kind, list) and "object" in kind):
        return True
    return any(_holds_objects(value) for value in node.values())


def _query_parameters(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The request's fields as query parameters: text as text, anything else as JSON."""
    required = set(request.get("required", []))
    parameters = []
    for name, schema in request.get("properties", {}).items():
        if name == "hash":  # the hashQuery security scheme
            continue
        parameter: dict[str, Any] = {"name": name, "in": "query", "required": name in required}
        if is_text_schema(schema):
            parameter["schema"] = {**schema, "type": "string"}
        else:
            parameter["content"] = {"application/json": {"schema": schema}}
        parameters.append(parameter)
    return parameters


def _stream_operation(builder: SchemaBuilder, endpoint: Endpoint, operation_id: str) -> Any:
    """The event stream: a ``GET`` upgraded to a WebSocket (OpenAPI describes no WebSocket:
    the frames are schemas under ``x-fleet-frames``)."""
    frames = {
        "subscribe": _request_schema(builder, endpoint),
        "event": builder.schema(endpoint.result.type),
    }
    return {
        "get": {
            "operationId": operation_id,
            "summary": endpoint.summary,
            "description": _description(endpoint),
            "tags": [endpoint.group],
            "security": [],
            "x-fleet-frames": frames,
            "responses": {
                "101": {"description": "Switching Protocols: the WebSocket of the stream"},
                "default": {
                    "description": "Without `Upgrade: websocket`: code 5",
                    "content": {"application/json": {"schema": {"$ref": _REF + "Failure"}}},
                },
            },
        }
    }


def _operations(builder: SchemaBuilder, endpoint: Endpoint, operation_id: str) -> Any:
    if endpoint.result.kind == "stream":
        return _stream_operation(builder, endpoint, operation_id)
    request = _request_schema(builder, endpoint)
    content: dict[str, Any] = {"application/json": {"schema": request}}
    if _form_friendly(request):
        content["application/x-www-form-urlencoded"] = {"schema": _form_schema(request)}
    if endpoint.upload:
        multipart = copy.deepcopy(request)
        multipart["properties"]["file"] = {
            "type": "string",
            "contentMediaType": "application/octet-stream",
        }
        multipart["required"] = [*multipart.get("required", []), "file"]  # 233 without it
        content = {"multipart/form-data": {"schema": multipart}}
    common: dict[str, Any] = {
        "summary": endpoint.summary,
        "description": _description(endpoint),
        "tags": [endpoint.group],
        "responses": _responses(builder, endpoint, request),
        "x-fleet-access": endpoint.access.value,
        "x-fleet-errors": list(endpoint.errors),
    }
    if endpoint.right:
        common["x-fleet-right"] = endpoint.right
    if endpoint.access is Access.NONE:
        common["security"] = []
    post = {
        "operationId": operation_id,
        **common,
        "requestBody": {
            "required": endpoint.upload or bool(request.get("required")),
            "content": content,
        },
    }
    operations: dict[str, Any] = {"post": post}
    if not endpoint.upload:
        operations["get"] = {
            "operationId": f"{operation_id}__get",
            **common,
            "parameters": _query_parameters(request),
        }
    return operations


def build_openapi(
    endpoints: Iterable[Endpoint] = ENDPOINTS, *, server_url: str = "/", control: bool = True
) -> dict[str, Any]:
    """The OpenAPI 3.1 document of ``endpoints`` (the whole call table by default), and of
    the mock's control API (tagged ``mock-control``) unless ``control`` is false."""
    builder = SchemaBuilder(_REF)
    paths: dict[str, Any] = {}
    for endpoint in endpoints:
        base_id = endpoint.path.replace("/", "_")
        for index, path in enumerate(endpoint.all_paths):
            operation_id = base_id if index == 0 else f"{base_id}__alias{index}"
            paths["/" + path] = _operations(builder, endpoint, operation_id)
    if control:
        paths.update(control_paths(builder))
    schemas = dict(sorted(builder.definitions.items()))
    schemas["Failure"] = _FAILURE
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Fleet and field-workforce tracking web API",
            "version": fleetapi.__version__,
            "description": "Every call is a POST to {base_url}/<group>/<action> with a JSON body "
            "(form-urlencoded and GET with a query string are accepted too). Generated from the "
            f"fleetapi call table. Operations tagged {TAG} are the mock's own control API.",
        },
        "servers": [{"url": server_url}],
        "security": [{"nvx": []}, {"hashQuery": []}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "nvx": {
                    "type": "apiKey",
                    "in": "header",
                    "name": "Authorization",
                    "description": "'NVX ' followed by the 32-character session hash or API key",
                },
                "hashQuery": {
                    "type": "apiKey",
                    "in": "query",
                    "name": "hash",
                    "description": "For testing only",
                },
            },
        },
    }


@cache
def openapi_document() -> dict[str, Any]:
    """The document of the whole call table, built once per process (do not mutate)."""
    return build_openapi()

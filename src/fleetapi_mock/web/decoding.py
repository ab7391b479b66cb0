"""Reading a request: its fields (JSON, form, multipart or query), its files, its date/time
mode, and its params model (the validation step).

In form and query encodings, fields whose declared type is not text travel as JSON text; the
rules are :func:`decode_text_fields`'s.
"""

from __future__ import annotations

import datetime as dt
import types
import typing
import urllib.parse
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from fleetapi._converter import RequestValidationError, structure_request, wire_name
from fleetapi._endpoint import Endpoint
from fleetapi._errors import InvalidParametersError, WrongRequestFormatError
from fleetapi._types import Unset
from fleetapi_mock.domain.context import UploadedFile, invalid
from fleetapi_mock.state.bounds import read_json
from fleetapi_mock.web.wire import FormFields, form_fields, multipart_parts

__all__ = [
    "body_is_json",
    "decode_text_fields",
    "invalid",
    "parse_fields",
    "read_strictly",
    "request_iso",
    "request_params",
]

_T = typing.TypeVar("_T")

_TEXT_TYPES: tuple[Any, ...] = (str, dt.datetime, dt.date, dt.timedelta)


def _is_text(tp: Any) -> bool:
    """Whether values of ``tp`` travel as plain text in form and query encodings."""
    if tp in _TEXT_TYPES:
        return True
    origin = get_origin(tp)
    if origin is Literal:
        return all(isinstance(a, str) for a in get_args(tp))
    if origin is Union or origin is types.UnionType:
        members = [a for a in get_args(tp) if a not in (Unset, type(None))]
        return bool(members) and all(_is_text(a) for a in members)
    return False


@cache
def _field_types(cls: type) -> dict[str, Any]:
    if not attrs.has(cls):
        return {}
    hints = typing.get_type_hints(cls)
    return {wire_name(f.name): hints.get(f.name, Any) for f in attrs.fields(cls)}


def decode_text_fields(raw: FormFields, params: type) -> dict[str, Any]:
    """Decode form or query fields: JSON text unless the declared type is text.

    A field whose declared type admits text (``q``: a string or an object) stays text unless
    it holds a JSON object or array: ``q=10117`` is the string ``"10117"``. An array field may
    also come as the key repeated (``types=a&types=b``), or once with a value that is not a
    JSON array (``types=a``: one element), each element decoded as its type says. Another
    field given more than once takes its last value. Fields the params model does not declare,
    and values that are not valid JSON, stay text (validation then reports a wrong type by
    name).

    Raises:
        InvalidParametersError: a field's JSON is nested too deep or holds a number that is
            not finite (:func:`~fleetapi_mock.state.bounds.read_json`).
    """
    decoded: dict[str, Any] = {}
    if not raw:
        return decoded
    types_ = {**_ENVELOPE_FIELDS, **_field_types(params)}
    for key, value in raw.items():
        declared = types_.get(key)
        item = _array_item(declared)
        if isinstance(value, list):
            if item is None:
                value = value[-1]
            else:
                decoded[key] = [_decode_text(v, item, key) for v in value]
                continue
        data = _decode_text(value, declared, key)
        if item is not None and data is not None and not isinstance(data, list):
            data = [_decode_text(value, item, key)]
        decoded[key] = data
    return decoded


_ENVELOPE_FIELDS: dict[str, Any] = {"iso_datetime": bool}
"""Fields every call takes beside its parameters, by their types (``hash`` is text)."""


def _decode_text(value: str, declared: Any, key: str) -> Any:
    """One form or query value as ``declared`` takes it (see :func:`decode_text_fields`)."""
    if declared is None or _is_text(declared):
        return value
    try:
        data = read_json(value, parameter=key)
    except ValueError:
        return value
    if _admits_text(declared) and not isinstance(data, (dict, list)):
        return value
    return data


def _array_item(tp: Any) -> Any:
    """The element type when ``tp`` is, or is a union with, an array; else ``None``."""
    origin = get_origin(tp)
    if origin is list:
        args = get_args(tp)
        return args[0] if args else Any
    if origin is Union or origin is types.UnionType:
        for member in get_args(tp):
            found = _array_item(member)
            if found is not None:
                return found
    return None


def _admits_text(tp: Any) -> bool:
    """Whether ``tp`` is, or is a union with, a text type."""
    if _is_text(tp):
        return True
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return any(_admits_text(a) for a in get_args(tp))
    return False


_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
"""The content types read as forms; a POST body of any other type is read as JSON."""


def _content_type(headers: Mapping[str, str]) -> str:
    return headers.get("content-type", "").split(";", 1)[0].strip().lower()


def body_is_json(method: str, headers: Mapping[str, str], body: bytes) -> bool:
    """Whether :func:`parse_fields` reads ``body`` as JSON (headers in lower case)."""
    return method == "POST" and bool(body.strip()) and _content_type(headers) not in _FORM_TYPES


def _parse_multipart(content_type: str, body: bytes) -> tuple[FormFields, dict[str, UploadedFile]]:
    texts: list[tuple[str, str]] = []
    files: dict[str, UploadedFile] = {}
    for name, value in multipart_parts(content_type, body):
        if isinstance(value, UploadedFile):
            files[name] = value
        else:
            texts.append((name, value))
    return form_fields(texts), files


def parse_fields(
    method: str,
    query: FormFields,
    headers: Mapping[str, str],
    body: bytes,
    params: type,
) -> tuple[dict[str, Any], dict[str, UploadedFile]]:
    """The request's fields (query merged under the body) and its uploaded files.

    Raises:
        WrongRequestFormatError: malformed JSON, a body that is not a JSON object, text that
            is not UTF-8, a broken multipart body.
    """
    fields = decode_text_fields(query, params)
    files: dict[str, UploadedFile] = {}
    if method != "POST" or not body.strip():
        return fields, files
    kind = _content_type(headers)
    if kind not in _FORM_TYPES:  # what body_is_json says, the content type read once
        try:
            data = read_json(body)
        except ValueError as exc:
            raise WrongRequestFormatError(f"malformed JSON body: {exc}") from None
        if not isinstance(data, dict):
            raise WrongRequestFormatError("the JSON body must be an object")
        fields.update(data)
    elif kind == "application/x-www-form-urlencoded":
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise WrongRequestFormatError("the form body is not UTF-8") from None
        pairs = urllib.parse.parse_qsl(text, keep_blank_values=True)
        fields.update(decode_text_fields(form_fields(pairs), params))
    elif kind == "multipart/form-data":
        texts, files = _parse_multipart(headers.get("content-type", ""), body)
        fields.update(decode_text_fields(texts, params))
    return fields, files


def _truthy(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.strip().lower() in ("true", "1"))


def request_iso(headers: Mapping[str, str], fields: Mapping[str, Any]) -> bool:
    """Whether the request asks for ISO 8601 date/times: the ``NVX-ISO-DateTime`` header
    (headers in lower case) or the ``iso_datetime`` field.

    Raises:
        InvalidParametersError: ``iso_datetime`` is not a boolean.
    """
    return _truthy(headers.get("nvx-iso-datetime", "")) or _iso_flag(fields)


def request_params(endpoint: Endpoint, fields: Mapping[str, Any], *, iso: bool) -> Any:
    """The validation step: ``endpoint``'s params model from a request's decoded fields.

    The file form's model when the fields ask for a file; ``hash`` and ``iso_datetime`` belong
    to the credential and date/time steps unless the model declares them.

    Raises:
        InvalidParametersError: code 7 naming every offending parameter.
    """
    params_type: type = endpoint.params
    if endpoint.file_variant is not None and endpoint.answers_file(fields):
        params_type = endpoint.file_variant.params
    declared = _field_types(params_type)
    data = {k: v for k, v in fields.items() if k in declared or k not in ("hash", "iso_datetime")}
    try:
        return structure_request(data, params_type, iso=iso)
    except RequestValidationError as exc:
        raise InvalidParametersError(
            errors=[{"parameter": e.parameter, "error": e.error} for e in exc.errors]
        ) from None


def _iso_flag(fields: Mapping[str, Any]) -> bool:
    """The request's ``iso_datetime`` field: a boolean, or the text ``true`` or ``false``.

    Raises:
        InvalidParametersError: anything else (null included).
    """
    if "iso_datetime" not in fields:
        return False
    value = fields["iso_datetime"]
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value in ("true", "false"):
        return value == "true"
    raise InvalidParametersError(
        errors=[{"parameter": "iso_datetime", "error": "must be a boolean"}]
    )


def read_strictly(data: Mapping[str, Any], cls: type[_T], *, what: str) -> _T:
    """An attrs object of a control route from its JSON: only ``cls``'s fields, each read as
    strictly as a call's parameters (code 7 naming every bad field, or the unknown one)."""
    known = {a.name for a in attrs.fields(typing.cast(Any, cls))}
    unknown = sorted(set(data) - known)
    if unknown:
        raise invalid(unknown[0], f"unknown field: use {', '.join(sorted(known))}")
    try:
        return structure_request(data, cls)
    except RequestValidationError as exc:
        raise InvalidParametersError(
            f"invalid {what}",
            errors=[{"parameter": e.parameter, "error": e.error} for e in exc.errors],
        ) from None

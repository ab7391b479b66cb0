"""The framework-agnostic core of the mock: :class:`Backend` turns a request into a response.

``Backend.handle(method, path, query, headers, body)`` answers ``(status, headers, body)``. The
in-process httpx transport, the ASGI app and the threaded server are thin doors onto it.

What the router does, in order (every rule is in ``docs/mock.md``):

1. control routes (``/__mock__/...``, ``/openapi.json``) go to :mod:`fleetapi_mock.web.control`;
2. the call is found by the longest trailing ``<group>/<action>`` of the path that the call
   table knows, whatever the prefix (``/v2``, ``/api-v2``, none) and with or without a
   trailing slash; unknown calls answer code 5;
3. calls without a handler answer code 6 with HTTP 501;
4. the body is read: JSON, form-urlencoded or multipart for POST, the query string for GET
   (and merged under the body for POST); in form and query encodings, fields whose declared
   type is not text travel as JSON text;
5. the credential is taken from ``Authorization: NVX <hash>``, else the body's ``hash``,
   else the query's ``hash``;
6. the rate limit is applied (per session user, per API key, else per client);
7. the access level and the sub-user rights of the call are checked;
8. the params are validated strictly (code 7 names every bad parameter);
9. the handler runs under the world's lock, and its result is wrapped in the envelope; when
   the params carry a ``redirect_target`` (``map_layer/upload``), the envelope of the
   handler's success or failure travels in a redirect instead (:func:`redirect_response`).

Failures are :class:`~fleetapi.FleetApiError` instances rendered in one place
(:func:`failure_response`): the code's class carries its HTTP status.
"""

from __future__ import annotations

import collections
import datetime as dt
import json
import logging
import re
import time
import types
import typing
import urllib.parse
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from fleetapi._converter import (
    RequestValidationError,
    converter_for,
    format_datetime,
    structure_request,
    wire_name,
)
from fleetapi._endpoint import Access, Endpoint
from fleetapi._errors import (
    FileTooLargeError,
    FleetApiError,
    InvalidParametersError,
    OperationNotPermittedError,
    SessionNotFoundError,
    TooManyRequestsError,
    UnexpectedError,
    WrongHashError,
    WrongRequestFormatError,
)
from fleetapi._types import Unset
from fleetapi.endpoints import BY_PATH
from fleetapi_mock.domain.context import Context, FileReply, Reply, UploadedFile
from fleetapi_mock.handlers import HANDLERS, load_handlers
from fleetapi_mock.state.bounds import read_json
from fleetapi_mock.state.records import ApiKeyRecord, SessionRecord, UserRecord
from fleetapi_mock.state.world import World, demo_document
from fleetapi_mock.web import control
from fleetapi_mock.web.wire import (
    JSON_CONTENT_TYPE,
    FormFields,
    Response,
    failure_body,
    failure_response,
    file_response,
    form_fields,
    json_response,
    multipart_parts,
    redirect_response,
)

__all__ = [
    "MAX_BODY_BYTES",
    "Backend",
    "JournalEntry",
    "RateLimiter",
    "request_iso",
    "request_origin",
    "request_params",
    "route",
    "route_with_prefix",
]

logger = logging.getLogger("fleetapi_mock")

MAX_BODY_BYTES = 32 * 1024 * 1024
"""Bodies above this answer HTTP 413 (code 5, or 271 for upload calls)."""

DEFAULT_RATE_LIMIT = 50
"""Requests per second per credential on the real service (NOTES)."""


_HASH_HEADER = re.compile(r"NVX [^\s]{32}")


# --- Responses ------------------------------------------------------------------------------


# --- Routing --------------------------------------------------------------------------------


def route(path: str) -> Endpoint | None:
    """The endpoint of the longest trailing part of ``path`` that the call table knows."""
    return route_with_prefix(path)[0]


def route_with_prefix(path: str) -> tuple[Endpoint | None, str]:
    """The endpoint of ``path`` (see :func:`route`) and the path before it (``/v2``, ``""``)."""
    segments = [s for s in path.split("/") if s]
    for start in range(len(segments)):
        endpoint = BY_PATH.get("/".join(segments[start:]))
        if endpoint is not None:
            return endpoint, "".join(f"/{s}" for s in segments[:start])
    return None, ""


def request_origin(headers: Mapping[str, str], scheme: str) -> str:
    """``scheme://host`` of a request, from its ``Host`` header (headers in lower case)."""
    host = headers.get("host", "").strip() or "fleet.mock"
    return f"{scheme}://{host}"


# --- Decoding -------------------------------------------------------------------------------

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
    types_ = {**_ENVELOPE_FIELDS, **_field_types(params)}
    decoded: dict[str, Any] = {}
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


def _content_type(headers: Mapping[str, str]) -> str:
    return headers.get("content-type", "").split(";", 1)[0].strip().lower()


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
    if kind == "application/x-www-form-urlencoded":
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise WrongRequestFormatError("the form body is not UTF-8") from None
        pairs = urllib.parse.parse_qsl(text, keep_blank_values=True)
        fields.update(decode_text_fields(form_fields(pairs), params))
    elif kind == "multipart/form-data":
        texts, files = _parse_multipart(headers.get("content-type", ""), body)
        fields.update(decode_text_fields(texts, params))
    else:
        try:
            data = read_json(body)
        except ValueError as exc:
            raise WrongRequestFormatError(f"malformed JSON body: {exc}") from None
        if not isinstance(data, dict):
            raise WrongRequestFormatError("the JSON body must be an object")
        fields.update(data)
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


# --- Rate limiting --------------------------------------------------------------------------


class RateLimiter:
    """At most ``limit`` requests per ``window`` seconds per key (a sliding window).

    Windows move with real elapsed time (``timer``, the machine's monotonic clock), never with
    the world clock: a frozen or moved world clock neither locks a credential out nor lifts
    its limit, and the ``Retry-After`` answered is true.
    """

    def __init__(
        self,
        limit: int,
        window: float = 1.0,
        *,
        timer: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self.timer = timer
        self._hits: dict[str, collections.deque[float]] = {}

    def hit(self, key: str) -> float | None:
        """Count a request; ``None`` when allowed, else the seconds to wait."""
        now = self.timer()
        hits = self._hits.setdefault(key, collections.deque())
        while hits and now - hits[0] >= self.window:
            hits.popleft()
        if len(hits) >= self.limit:
            return hits[0] + self.window - now
        hits.append(now)
        return None

    def clear(self) -> None:
        """Forget every count."""
        self._hits.clear()


# --- Authentication -------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class _Identity:
    user: UserRecord
    session: SessionRecord | None = None
    api_key: ApiKeyRecord | None = None

    @property
    def rate_key(self) -> str:
        if self.api_key is not None:
            return f"key:{self.api_key.hash}"
        return f"user:{self.user.id}"


def _credential(
    headers: Mapping[str, str], fields: Mapping[str, Any]
) -> tuple[str | None, FleetApiError | None]:
    """The credential of a request and, when it is malformed, the error to answer."""
    header = headers.get("authorization")
    value = fields.get("hash")
    if header is not None:
        if _HASH_HEADER.fullmatch(header) is None:
            return None, WrongHashError(
                "wrong Authorization header: expected 'NVX <32-character hash>'"
            )
        if value is not None and (not isinstance(value, str) or len(value) != 32):
            return None, WrongHashError("wrong hash: a hash is 32 characters")
        return header[4:], None
    if value is None or value == "":
        return None, WrongHashError("no credential: send 'Authorization: NVX <hash>' or 'hash'")
    if not isinstance(value, str) or len(value) != 32:
        return None, WrongHashError("wrong hash: a hash is 32 characters")
    return value, None


def _identify(world: World, credential: str | None) -> _Identity | None:
    if credential is None:
        return None
    session = world.sessions.get(credential)
    if session is not None:
        user = world.users.get(session.user_id)
        if user is None or world.session_expired(session):
            return None
        return _Identity(user=user, session=session)
    key = world.api_keys.get(credential)
    if key is not None:
        owner = world.users.get(key.user_id)
        return None if owner is None else _Identity(user=owner, api_key=key)
    return None


def _authorize(endpoint: Endpoint, identity: _Identity | None) -> _Identity:
    """Check the access level and rights of ``endpoint`` for ``identity``."""
    if identity is None:
        raise SessionNotFoundError("unknown hash, or the session has ended")
    access = endpoint.access
    session = identity.session
    if session is not None and session.kind == "delivery" and access is not Access.DELIVERY:
        raise SessionNotFoundError("a DELIVERY session is valid for delivery calls only")
    if access is Access.ROOT:
        raise OperationNotPermittedError("this call needs the ROOT access level")
    if access is Access.SESSION and identity.api_key is not None:
        raise SessionNotFoundError("this call needs a standard session, not an API key")
    user = identity.user
    if not user.is_master:
        if endpoint.master_only or endpoint.right == "admin" or access is Access.SESSION:
            raise OperationNotPermittedError("only the master user may make this call")
        if endpoint.right is not None and endpoint.right not in user.rights:
            raise OperationNotPermittedError(f"this call needs the right {endpoint.right!r}")
    return identity


# --- The journal ----------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class JournalEntry:
    """One answered request (never its body or credential)."""

    time: dt.datetime
    method: str
    path: str
    call: str | None
    status: int
    code: int
    """0 for a success, else the failure's ``status.code``."""
    user_id: int | None = None


# --- The backend ----------------------------------------------------------------------------


class Backend:
    """The mock service: a :class:`~fleetapi_mock.state.world.World` behind the API's rules.

    Args:
        world: The world to serve; the demo world when not given.
        rate_limit: Requests per second per credential (50 on the real service); ``None``
            turns rate limiting off.
        max_body_bytes: Bodies above this answer HTTP 413.
        journal_size: How many answered requests :attr:`journal` keeps.
    """

    def __init__(
        self,
        world: World | None = None,
        *,
        rate_limit: int | None = None,
        max_body_bytes: int = MAX_BODY_BYTES,
        journal_size: int = 1000,
    ) -> None:
        load_handlers()
        if world is None:
            self.initial_document = demo_document()
            world = World.from_document(self.initial_document)
        else:
            self.initial_document = world.to_document()
        self.world = world
        self.limiter = RateLimiter(rate_limit) if rate_limit else None
        self.max_body_bytes = max_body_bytes
        self.journal: collections.deque[JournalEntry] = collections.deque(maxlen=journal_size)

    @property
    def rate_limit(self) -> int | None:
        """Requests per second per credential, or ``None`` when off."""
        return self.limiter.limit if self.limiter else None

    @rate_limit.setter
    def rate_limit(self, value: int | None) -> None:
        self.limiter = RateLimiter(value) if value else None

    def reset(self, document: Mapping[str, Any] | None = None) -> None:
        """Go back to the starting world, or load ``document`` (validated first)."""
        self.world.restore(self.initial_document if document is None else document)
        if self.limiter is not None:
            self.limiter.clear()
        self.journal.clear()

    def handle(
        self,
        method: str,
        path: str,
        query: FormFields,
        headers: Mapping[str, str],
        body: bytes,
        *,
        client: str | None = None,
        body_size: int | None = None,
        scheme: str = "http",
    ) -> Response:
        """Answer one HTTP request: ``(status, headers, body)``.

        Args:
            method: The HTTP method.
            path: The URL path (any prefix before ``<group>/<action>``).
            query: The query parameters (a repeated key holds the list of its values).
            headers: The request headers (any case).
            body: The request body.
            client: The client's address, for rate limiting of anonymous calls.
            body_size: The real size of the body when ``body`` was not kept in full (a server
                that stopped reading an oversized body).
            scheme: The request's URL scheme (with the ``Host`` header, the addresses of
                uploads and downloads the mock hands out point back to where it was reached).

        Never raises: an unexpected exception is logged and answered code 6, HTTP 500.
        """
        lowered = {k.lower(): v for k, v in headers.items()}
        started = time.monotonic()
        note: dict[str, Any] = {}
        try:
            size = len(body) if body_size is None else body_size
            origin = request_origin(lowered, scheme)
            response = self._handle(
                method.upper(), path, query, lowered, body, size, client, note, origin
            )
        except FleetApiError as exc:
            response = failure_response(exc)
        except Exception:
            logger.exception("unexpected error answering %s %s", method, path)
            response = failure_response(UnexpectedError())
        try:
            self._record(method.upper(), path, response, note)
        except Exception:  # the journal is a witness: it never breaks an answer
            logger.exception("could not journal %s %s", method, path)
        logger.debug(
            "%s %s -> %s in %.1f ms", method, path, response[0], (time.monotonic() - started) * 1e3
        )
        return response

    def _record(self, method: str, path: str, response: Response, note: dict[str, Any]) -> None:
        code = int(note.get("code", 0))
        if response[0] != 200 and response[1].get("content-type") == JSON_CONTENT_TYPE:
            try:
                code = int(json.loads(response[2])["status"]["code"])
            except (ValueError, KeyError, TypeError):
                code = 0
        self.journal.append(
            JournalEntry(
                time=self.world.now(),
                method=method,
                path=path,
                call=note.get("call"),
                status=response[0],
                code=code,
                user_id=note.get("user_id"),
            )
        )

    def _handle(
        self,
        method: str,
        path: str,
        query: FormFields,
        headers: Mapping[str, str],
        body: bytes,
        size: int,
        client: str | None,
        note: dict[str, Any],
        origin: str,
    ) -> Response:
        if control.is_control_path(path):
            if size > self.max_body_bytes:
                raise WrongRequestFormatError(
                    f"the request body is larger than {self.max_body_bytes} bytes", http_status=413
                )
            return control.handle(self, method, path, query, headers, body, origin=origin)
        endpoint, prefix = route_with_prefix(path)
        if endpoint is None:
            raise WrongRequestFormatError(f"unknown call: {path!r} names no group/action")
        note["call"] = endpoint.path
        allowed = ("POST",) if endpoint.upload else ("GET", "POST")
        if method not in allowed:
            refusal = WrongRequestFormatError(
                f"method {method} is not allowed: use {' or '.join(reversed(allowed))}",
                http_status=405,
            )
            status, headers_out, content = failure_response(refusal)
            return status, {**headers_out, "allow": ", ".join(allowed)}, content
        handler = HANDLERS.get(endpoint.path)
        if handler is None:
            raise UnexpectedError(
                f"{endpoint.path} is not implemented by the mock yet", http_status=501
            )
        if size > self.max_body_bytes:
            error = FileTooLargeError if endpoint.upload else WrongRequestFormatError
            raise error(
                f"the request body is larger than {self.max_body_bytes} bytes", http_status=413
            )
        fields, files = parse_fields(method, query, headers, body, endpoint.params)

        world = self.world
        with world.lock:
            if endpoint.access is Access.NONE:
                credential, identity = _optional_credential(headers, fields), None
                rate_key = f"client:{client or 'local'}"
                cred_error = None
            else:
                credential, cred_error = _credential(headers, fields)
                identity = _identify(world, credential)
                rate_key = identity.rate_key if identity else f"client:{client or 'local'}"
            if self.limiter is not None:
                wait = self.limiter.hit(rate_key)
                if wait is not None:
                    raise TooManyRequestsError(
                        "too many requests: at most "
                        f"{self.limiter.limit} per second per credential",
                        retry_after=wait,
                    )
            if endpoint.access is not Access.NONE:
                if cred_error is not None:
                    raise cred_error
                identity = _authorize(endpoint, identity)
                if identity.session is not None:
                    identity.session.last_used = world.now()
                note["user_id"] = identity.user.id
            iso = request_iso(headers, fields)
            params = request_params(endpoint, fields, iso=iso)
            ctx = Context(
                world=world,
                endpoint=endpoint,
                iso=iso,
                credential=credential,
                user=identity.user if identity else None,
                session=identity.session if identity else None,
                api_key=identity.api_key if identity else None,
                files=files,
                base_url=origin + prefix,
            )
            target = getattr(params, "redirect_target", None)
            if not isinstance(target, str):
                return _success(ctx, handler(ctx, params))
            try:
                response = _success(ctx, handler(ctx, params))
            except FleetApiError as exc:
                note["code"] = exc.code
                return redirect_response(target, failure_body(exc))
            return redirect_response(target, json.loads(response[2]))


def _optional_credential(headers: Mapping[str, str], fields: Mapping[str, Any]) -> str | None:
    """The credential of a call that needs none (``dealer/get_ui_config`` may use it)."""
    credential, error = _credential(headers, fields)
    return None if error else credential


def _success(ctx: Context, result: Any) -> Response:
    endpoint = ctx.endpoint
    kind = endpoint.result.kind
    if isinstance(result, FileReply):
        return file_response(result)
    if kind == "bytes":
        raise TypeError(f"the handler of {endpoint.path} must answer a FileReply")
    extra: Mapping[str, Any] = {}
    if isinstance(result, Reply):
        extra, result = result.extra, result.value
    body: dict[str, Any] = {"success": True}
    conv = converter_for(iso=ctx.iso)
    if kind == "json":
        value = conv.unstructure(result, unstructure_as=endpoint.result.type)
        if endpoint.result.key is None:
            if not isinstance(value, dict):
                raise TypeError(f"the handler of {endpoint.path} must answer an object")
            body.update(value)
        else:
            body[endpoint.result.key] = value
    body.update(extra)
    if ctx.iso:
        body["user_time"] = format_datetime(ctx.user_time(ctx.now()), iso=True)
    return json_response(200, body)

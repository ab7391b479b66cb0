"""The framework-agnostic core of the mock: :class:`Backend` turns a request into a response.

``Backend.handle(method, path, query, headers, body)`` answers a
:class:`~fleetapi_mock.web.wire.Response`. The in-process httpx transport, the ASGI app and
the threaded server are thin doors onto it.

What the router does, in order, each a step of :class:`Backend` (every rule is in
``docs/mock.md``):

1. control routes (``/__mock__/...``, ``/openapi.json``) go to :mod:`fleetapi_mock.web.control`;
2. routing (:mod:`~fleetapi_mock.web.routing`): the call is the longest trailing
   ``<group>/<action>`` of the path that the call table knows, whatever the prefix (``/v2``,
   ``/api-v2``, none; never one holding an API group) and with or without a trailing slash;
   unknown calls answer code 5, a wrong method 405, calls without a handler
   code 6 with HTTP 501, a body too large 413;
3. decoding (:mod:`~fleetapi_mock.web.decoding`): JSON, form-urlencoded or multipart for POST,
   the query string for GET (and merged under the body for POST); in form and query
   encodings, fields whose declared type is not text travel as JSON text;
4. identification (:mod:`~fleetapi_mock.web.access`): the credential from
   ``Authorization: NVX <hash>``, else the body's ``hash``, else the query's ``hash``;
5. rate limiting (per session user, per API key, else per client);
6. authorisation: the access level and the sub-user rights of the call;
7. validation: the params model, strictly (code 7 names every bad parameter);
8. the handler runs under the world's lock, once the world has caught up with its clock
   (:func:`~fleetapi_mock.web.clockwork.catch_up`); its result is wrapped in the envelope;
   with a ``redirect_target`` (``map_layer/upload``) the envelope travels in a redirect
   instead (:func:`redirect_response`).

Failures are :class:`~fleetapi.FleetApiError` instances rendered in one place
(:func:`failure_response`): the code's class carries its HTTP status.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import orjson

from fleetapi._endpoint import Access, Endpoint
from fleetapi._errors import (
    FleetApiError,
    TooManyRequestsError,
    UnexpectedError,
    WrongRequestFormatError,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.user import audit
from fleetapi_mock.handlers import HANDLERS, load_handlers
from fleetapi_mock.state.documents import demo_source, packed
from fleetapi_mock.state.limits import DEFAULT_LIMITS, ServerLimits
from fleetapi_mock.state.world import World, demo_world
from fleetapi_mock.web import control
from fleetapi_mock.web.access import (
    DEFAULT_RATE_LIMIT,
    Identity,
    RateLimiter,
    authorize,
    credential_of,
    identify,
    keep_alive,
    optional_credential,
)
from fleetapi_mock.web.admission import check_room, check_size, refused_method
from fleetapi_mock.web.clockwork import catch_up
from fleetapi_mock.web.decoding import parse_fields, request_iso, request_params
from fleetapi_mock.web.faults import Faults
from fleetapi_mock.web.journal import Journal, JournalEntry, masked
from fleetapi_mock.web.request import Request, request_origin, unread_entry
from fleetapi_mock.web.results import run_handler
from fleetapi_mock.web.routing import route_with_prefix
from fleetapi_mock.web.wire import (
    FormFields,
    LowerCaseHeaders,
    Response,
    failure_response,
)

__all__ = [
    "DEFAULT_RATE_LIMIT",
    "MAX_BODY_BYTES",
    "Backend",
    "JournalEntry",
    "Request",
    "request_origin",
]

logger: logging.Logger = logging.getLogger("fleetapi_mock")

MAX_BODY_BYTES = DEFAULT_LIMITS.max_body_bytes
"""Bodies above this answer HTTP 413 (code 5, or 271 for upload calls), unless the limits say
otherwise (:attr:`.ServerLimits.max_body_bytes`)."""


@attrs.frozen(kw_only=True)
class _Caller:
    """What the identification step learnt: the credential, whom it names, and the error to
    answer once the rate limit has counted the request (a malformed credential)."""

    credential: str | None
    identity: Identity | None
    error: FleetApiError | None
    rate_key: str


# --- The backend ----------------------------------------------------------------------------


class Backend:
    """The mock service: a :class:`~fleetapi_mock.state.world.World` behind the API's rules.

    The starting world, which :meth:`reset` goes back to, is kept as compressed JSON (a
    fraction of the memory of a second copy); the demo world is copied from its image.

    Args:
        world: The world to serve; the demo world when not given.
        rate_limit: Requests per second per credential (50 on the real service); ``None``
            turns rate limiting off.
        max_body_bytes: Bodies above this answer HTTP 413 (:attr:`limits`'s, which a
            server's limits replace).
        journal_size: How many answered requests :attr:`journal` keeps.
        starting: The starting world's document, when ``world`` was just loaded from it
            unchanged (the demo world's): saves writing ``world`` out to keep it.
        seed: The seed of the world's random source, now and after every reset to the
            starting world (a document loaded by a reset brings its own).
    """

    def __init__(
        self,
        world: World | None = None,
        *,
        rate_limit: int | None = None,
        max_body_bytes: int = MAX_BODY_BYTES,
        journal_size: int = 1000,
        starting: Callable[[], Mapping[str, Any]] | None = None,
        seed: int | None = None,
    ) -> None:
        load_handlers()
        if world is None:
            world, starting = demo_world(), demo_source
        if starting is None:
            starting = packed(world.to_document())
        self._starting = starting
        self._seed = seed
        if seed is not None:
            world.reseed(seed)
        self._frozen = False
        self.world = world
        self.limiter = RateLimiter(rate_limit) if rate_limit else None
        self.handled = 0
        """Requests answered but the control API's reads, each counted once it ends (a state
        file saves when it moves: health checks and ``/openapi.json`` never make it save)."""
        self._limits = attrs.evolve(DEFAULT_LIMITS, max_body_bytes=max_body_bytes)
        self.address = ""
        """The path prefix naming this world on a shared server (``/__world/NAME``; empty for
        the server's own), put in the addresses it hands out to a request that named it by
        header: a client of an upload ticket sends no header."""
        self.journal: Journal = Journal(journal_size)
        """The last answered API requests (control routes aside)."""
        self.faults: Faults = Faults(world.seed)
        """The fault rules acting on this world's calls."""

    @property
    def limits(self) -> ServerLimits:
        """The limits of the server serving it (the defaults in-process)."""
        return self._limits

    @limits.setter
    def limits(self, value: ServerLimits) -> None:
        self._limits = value
        self.faults.limits = value

    @property
    def max_body_bytes(self) -> int:
        """Bodies above this answer HTTP 413 (code 5, or 271 for upload calls)."""
        return self._limits.max_body_bytes

    @max_body_bytes.setter
    def max_body_bytes(self, value: int) -> None:
        self.limits = attrs.evolve(self._limits, max_body_bytes=value)

    @property
    def rate_limit(self) -> int | None:
        """Requests per second per credential, or ``None`` when off."""
        return self.limiter.limit if self.limiter else None

    @rate_limit.setter
    def rate_limit(self, value: int | None) -> None:
        self.limiter = RateLimiter(value) if value else None

    @property
    def initial_document(self) -> Mapping[str, Any]:
        """The starting world's document (a fresh copy, but for the demo world's: read it,
        never change it)."""
        return self._starting()

    def reset(self, document: Mapping[str, Any] | None = None) -> None:
        """Go back to the starting world, or load ``document`` (validated first)."""
        start = demo_world if self._starting is demo_source else self._starting
        self.world.restore(start() if document is None else document)
        if document is None and self._seed is not None:
            self.world.reseed(self._seed)
        if self.limiter is not None:
            self.limiter.clear()
        self.journal.clear()
        self.faults.clear()
        self.faults.seed = self.world.seed
        if self._frozen:
            self.freeze()

    def freeze(self) -> None:
        """Keep the world out of the cyclic garbage collector's reach, now and after every
        reset: for a process that serves the mock alone (``fleet mock serve``), whose
        collector would otherwise walk every record of the world again and again.

        Everything the process holds is frozen (:func:`gc.freeze`); a reset first unfreezes
        and collects, so that the old world's objects can go.
        """
        self._frozen = True
        gc.unfreeze()
        gc.collect()
        gc.freeze()

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
        secrets: bool = True,
    ) -> Response:
        """Answer one HTTP request.

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
            secrets: Whether control answers may show the world's secrets (a served request
                without the server's control token may not: :func:`.create_app`).

        Never raises: an unexpected exception is logged and answered code 6, HTTP 500.
        """
        started = time.monotonic()
        request: Request | None = None
        try:
            lowered = (
                headers
                if isinstance(headers, LowerCaseHeaders)
                else {k.lower(): v for k, v in headers.items()}
            )
            request = Request(
                method=method.upper(),
                path=path,
                query=query,
                headers=lowered,
                body=body,
                size=len(body) if body_size is None else body_size,
                client=client,
                origin=request_origin(lowered, scheme) + self._address_missing_from(path),
                secrets=secrets,
            )
            response = self._answer(request)
        except FleetApiError as exc:
            response = failure_response(exc)
        except Exception:
            logger.exception("unexpected error answering %s %s", method, path)
            response = failure_response(UnexpectedError())
        if request is not None and request.fault is not None:
            response = request.fault.shape(response)
        took = time.monotonic() - started
        try:
            if not control.is_control_path(path) or control.is_journaled(path, method.upper()):
                self._record(method.upper(), path, response, request, took)
        except Exception:  # the journal is a witness: it never breaks an answer
            logger.exception("could not journal %s %s", method, path)
        logger.debug("%s %s -> %s in %.1f ms", method, path, response.status, took * 1e3)
        if method.upper() not in ("GET", "HEAD") or not control.is_control_path(path):
            self.handled += 1  # once its changes are made: a save begun before sees it move
        return response

    def _record(
        self, method: str, path: str, response: Response, request: Request | None, took: float
    ) -> None:
        now = self.world.now()
        if request is None:  # the request could not even be read
            entry = unread_entry(method, path, response, now, took)
        else:
            entry = request.journal_entry(response, now, took)
        self.journal.append(entry)

    # --- The steps, in order ----------------------------------------------------------------

    def _answer(self, request: Request) -> Response:
        if control.is_control_path(request.path):
            check_size(request, self.limits, upload=False)
            return control.handle(
                self,
                request.method,
                request.path,
                request.query,
                request.headers,
                request.body,
                origin=request.origin,
                secrets=request.secrets,
            )
        endpoint, prefix = route_with_prefix(request.path)
        if endpoint is None:
            raise WrongRequestFormatError(f"unknown call: {request.path!r} names no group/action")
        request.endpoint = endpoint
        refusal = refused_method(request, endpoint)
        if refusal is not None:
            return refusal
        handler = HANDLERS.get(endpoint.path)
        if handler is None:
            raise UnexpectedError(
                f"{endpoint.path} is not implemented by the mock yet", http_status=501
            )
        check_size(request, self.limits, upload=endpoint.upload)
        check_room(self.world, self.limits, endpoint)
        fields, files = parse_fields(
            request.method, request.query, request.headers, request.body, endpoint.params
        )
        request.fields = fields
        with self.world.lock:
            caller = self._identify(request, endpoint, fields)
            if self.faults:
                early = self._fault(request, endpoint, caller, fields)
                if early is not None:
                    return early
            self._limit_rate(caller.rate_key)
            identity = self._authorize(request, endpoint, caller)
            iso = request_iso(request.headers, fields)
            params = request_params(endpoint, fields, iso=iso)
            ctx = Context(
                world=self.world,
                endpoint=endpoint,
                iso=iso,
                credential=caller.credential,
                user=identity.user if identity else None,
                session=identity.session if identity else None,
                api_key=identity.api_key if identity else None,
                files=files,
                base_url=request.origin + prefix,
                limits=self.limits,
            )
            catch_up(self.world, self.limits)
            response = run_handler(ctx, handler, params)
            if identity is not None and response.code == 0 and _audited(endpoint, identity):
                audit(
                    self.world,
                    endpoint,
                    identity.user,
                    fields,
                    shown=masked(dict(fields)),
                    answered_id=_answered_id(endpoint, response),
                    host=request.client or "",
                    user_agent=request.headers.get("user-agent", ""),
                )
            return response

    def _address_missing_from(self, path: str) -> str:
        """:attr:`address`, unless ``path`` holds it already."""
        return "" if f"{self.address}/" in f"{path}/" else self.address

    def _identify(self, request: Request, endpoint: Endpoint, fields: Mapping[str, Any]) -> _Caller:
        """The credential of the request and the caller it names (none for a call without
        authentication, whose credential is only read when well formed)."""
        if endpoint.access is Access.NONE:
            credential = optional_credential(request.headers, fields)
            return _Caller(
                credential=credential,
                identity=None,
                error=None,
                rate_key=request.anonymous_rate_key,
            )
        credential, error = credential_of(request.headers, fields)
        identity = identify(self.world, credential)
        return _Caller(
            credential=credential,
            identity=identity,
            error=error,
            rate_key=identity.rate_key if identity else request.anonymous_rate_key,
        )

    def _fault(
        self, request: Request, endpoint: Endpoint, caller: _Caller, fields: Mapping[str, Any]
    ) -> Response | None:
        """The fault rule acting on the request, if one does (:mod:`.faults`), kept on the
        request; the answer it makes instead of handling the call, if it makes one."""
        identity = caller.identity
        user = (identity.user.id, identity.user.login) if identity is not None else None
        kind = "none" if identity is None else "api_key" if identity.api_key else "session"
        if identity is not None:
            request.user_id = identity.user.id
            request.credential = "api_key" if identity.api_key else "session"
        request.fault = self.faults.fire(endpoint.path, kind, user, fields)
        return request.fault.before() if request.fault is not None else None

    def _limit_rate(self, key: str) -> None:
        """Count the request against its bucket; code 15 (HTTP 429) past the limit."""
        if self.limiter is None:
            return
        wait = self.limiter.hit(key)
        if wait is not None:
            raise TooManyRequestsError(
                f"too many requests: at most {self.limiter.limit} per second per credential",
                retry_after=wait,
            )

    def _authorize(self, request: Request, endpoint: Endpoint, caller: _Caller) -> Identity | None:
        """The caller, once its credential, access level and rights hold for ``endpoint``;
        a session in use is kept alive."""
        if endpoint.access is Access.NONE:
            return None
        if caller.error is not None:
            raise caller.error
        identity = authorize(endpoint, caller.identity)
        keep_alive(self.world, identity)
        request.user_id = identity.user.id
        request.credential = "api_key" if identity.api_key is not None else "session"
        return identity


def _audited(endpoint: Endpoint, identity: Identity) -> bool:
    """Whether a sub-user's successful call goes to the audit log: one that changes things."""
    return not identity.user.is_master and not endpoint.safe and endpoint.result.kind != "stream"


def _answered_id(endpoint: Endpoint, response: Response) -> int | None:
    """The ID a call answers (``{"id": 12}``), if it answers one."""
    if endpoint.result.key != "id":
        return None
    found = orjson.loads(response.body).get("id")
    return found if isinstance(found, int) else None

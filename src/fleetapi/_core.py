"""The sans-I/O core of the clients: configuration, requests, responses (retries:
:mod:`fleetapi._retry`).

Nothing here does I/O. :class:`~fleetapi.Client` and :class:`~fleetapi.AsyncClient` are thin
loops around these functions, so that both behave identically and the rules are tested once.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import time
import urllib.parse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs
import httpx

from fleetapi._converter import converter_for
from fleetapi._defaults import DEFAULT_TIMEOUT
from fleetapi._endpoint import Endpoint
from fleetapi._errors import (
    FleetApiError,
    InsecureTransportError,
    SecondFactorRequiredError,
    ServiceUnavailableError,
    WrongRequestFormatError,
)
from fleetapi._pacing import Pacer
from fleetapi._retry import DEFAULT_MAX_RETRIES, RetryPolicy
from fleetapi._secrets import mask
from fleetapi._uploads import ProgressReader, UploadProgress

if TYPE_CHECKING:
    from fleetapi.models.checkin import CheckinFile

__all__ = [
    "DEFAULT_BASE_URL",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_TIMEOUT",
    "UNENVELOPED",
    "ClientConfig",
    "CredentialPlacement",
    "MalformedAnswerError",
    "ServiceOutageError",
    "build_request",
    "read_response",
    "resolve_config",
]

logger = logging.getLogger("fleetapi")

DEFAULT_BASE_URL = "https://api.fleet.example/v2"
"""Used when neither an argument nor ``FLEETAPI_BASE_URL`` names a base URL."""
USER_AGENT = "fleetapi-python"

CredentialPlacement = Literal["header", "body", "query"]


class MalformedAnswerError(WrongRequestFormatError):
    """Code 5, raised by the SDK itself: an answer other than a 5xx was not the API's JSON
    envelope (an empty body, a body cut short, a proxy's page); ``http_status`` is the
    answer's."""


class ServiceOutageError(ServiceUnavailableError):
    """Code 14, raised by the SDK itself: the service's address answered HTTP 5xx without the
    API's JSON envelope (a load balancer or proxy answering for a service that is down or
    overloaded): an outage, not a bad request. ``http_status`` is the answer's."""


UNENVELOPED: Final = (MalformedAnswerError, ServiceOutageError)
"""The failures the SDK raises for an answer that is not the API's envelope."""


@attrs.frozen(kw_only=True)
class ClientConfig:
    """Everything a client needs to build requests; made by :func:`resolve_config`."""

    base_url: str
    hash: str | None = attrs.field(repr=mask)
    timeout: float = DEFAULT_TIMEOUT
    retry: RetryPolicy = attrs.field(factory=RetryPolicy)
    credential_in: CredentialPlacement = "header"
    iso_datetime: bool = False
    allow_insecure: bool = False
    pacer: Pacer | None = None
    """Spaces the requests of the clients sharing this configuration (``rate_limit``)."""

    def evolve(self, **changes: Any) -> ClientConfig:
        """A copy with ``changes`` applied."""
        return attrs.evolve(self, **changes)


def resolve_config(
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    session_hash: str | None = None,
    timeout: float | None = None,
    max_retries: int | None = None,
    credential_in: CredentialPlacement = "header",
    iso_datetime: bool = False,
    allow_insecure: bool = False,
    rate_limit: float | None = None,
    env: Mapping[str, str] | None = None,
) -> ClientConfig:
    """Build a configuration: arguments first, then environment variables, then defaults.

    The credential is ``api_key`` or ``session_hash`` (the same thing on the wire), else
    ``FLEETAPI_API_KEY``, else ``FLEETAPI_HASH``. The base URL is ``base_url``, else
    ``FLEETAPI_BASE_URL``, else :data:`DEFAULT_BASE_URL`.

    Raises:
        InsecureTransportError: ``base_url`` is plain http to a host that is not loopback and
            ``allow_insecure`` is false.
    """
    env = os.environ if env is None else env
    url = (base_url or env.get("FLEETAPI_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
    credential = api_key or session_hash or env.get("FLEETAPI_API_KEY") or env.get("FLEETAPI_HASH")
    if credential_in not in ("header", "body", "query"):
        raise ValueError(f"credential_in must be header, body or query, not {credential_in!r}")
    check_transport_security(url, allow_insecure=allow_insecure)
    return ClientConfig(
        base_url=url,
        hash=credential or None,
        timeout=DEFAULT_TIMEOUT if timeout is None else timeout,
        retry=RetryPolicy(max_retries=DEFAULT_MAX_RETRIES if max_retries is None else max_retries),
        credential_in=credential_in,
        iso_datetime=iso_datetime,
        allow_insecure=allow_insecure,
        pacer=None if rate_limit is None else Pacer(rate_limit),
    )


def check_transport_security(base_url: str, *, allow_insecure: bool) -> None:
    """Refuse plain http to a host that is not loopback, unless ``allow_insecure``."""
    url = httpx.URL(base_url)
    if url.scheme not in ("http", "https"):
        raise ValueError(f"base_url must be an http or https URL, not {base_url!r}")
    if url.scheme == "https" or allow_insecure or _is_loopback(url.host):
        return
    raise InsecureTransportError(url.host)


def _is_loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@attrs.frozen(kw_only=True)
class PreparedRequest:
    """A request ready for httpx: what both engines send."""

    method: str
    url: str
    headers: dict[str, str] = attrs.field(repr=False)
    params: dict[str, str] = attrs.field(repr=False)
    json: dict[str, Any] | None = attrs.field(default=None, repr=False)
    data: dict[str, str] | None = attrs.field(default=None, repr=False)
    files: dict[str, tuple[str, bytes, str]] | None = attrs.field(default=None, repr=False)
    path: str
    progress: UploadProgress | None = attrs.field(default=None, repr=False)
    """Told how much of the file parts was sent (uploads)."""

    def to_httpx(
        self,
        client: httpx.Client | httpx.AsyncClient,
        timeout: float,
        heads: RequestHeads | None = None,
    ) -> httpx.Request:
        """Build the httpx request on ``client``; a JSON call from ``heads`` when given (see
        :class:`RequestHeads`)."""
        plain = self.json is not None and not self.params
        if heads is not None and plain and not client.cookies and not client.params:
            url, headers, extensions = heads.head(client, self, timeout)
            return httpx.Request(
                self.method,
                url,
                headers=headers,
                content=json.dumps(
                    self.json, ensure_ascii=False, separators=(",", ":"), allow_nan=False
                ).encode("utf-8"),
                extensions=extensions,
            )
        files: Any = self.files
        if files and self.progress is not None:
            progress = self.progress
            files = {
                key: (name, ProgressReader(content, progress), mime)
                for key, (name, content, mime) in files.items()
            }
        return client.build_request(
            self.method,
            self.url,
            headers=self.headers,
            params=self.params or None,
            json=self.json,
            data=self.data,
            files=files,
            timeout=timeout,
        )


class RequestHeads:
    """What a client's JSON calls to one URL share, made once per URL: the parsed URL, the
    client's headers merged with the call's, the timeout.

    ``httpx.Client.build_request`` parses the URL and merges headers, cookies and query
    parameters on every call: 60 of the 85 us it takes here, as much as the rest of the SDK's
    own work on a call. A client keeps one of these; a request is built from its head, with
    the same headers, body and timeout as ``build_request`` gives it (a client holding
    cookies or query parameters of its own still goes through ``build_request``). A head is
    made again when the client's headers or the call's change (a login's new hash).
    """

    LIMIT: Final = 1024
    """Heads kept at most (the API has about 400 calls); past it they are made afresh."""

    def __init__(self) -> None:
        self._heads: dict[tuple[Any, ...], tuple[httpx.URL, httpx.Headers, dict[str, Any]]] = {}

    def head(
        self, client: httpx.Client | httpx.AsyncClient, prepared: PreparedRequest, timeout: float
    ) -> tuple[httpx.URL, httpx.Headers, dict[str, Any]]:
        """The URL, headers and extensions of ``prepared``'s request on ``client``."""
        key = (prepared.url, tuple(prepared.headers.items()), tuple(client.headers.raw), timeout)
        found = self._heads.get(key)
        if found is None:
            if len(self._heads) >= self.LIMIT:
                self._heads.clear()
            headers = client.headers.copy()
            headers.update(prepared.headers)
            headers["Content-Type"] = "application/json"
            extensions = {"timeout": httpx.Timeout(timeout).as_dict()}
            found = self._heads[key] = (httpx.URL(prepared.url), headers, extensions)
        return found


def build_request(
    config: ClientConfig,
    path: str,
    body: Mapping[str, Any],
    *,
    files: Mapping[str, tuple[str, bytes, str]] | None = None,
    authenticated: bool = True,
) -> PreparedRequest:
    """Prepare ``POST {base_url}/{path}`` with a JSON (or multipart) body and the credential."""
    headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    params: dict[str, str] = {}
    payload = dict(body)
    if config.iso_datetime:
        headers["NVX-ISO-DateTime"] = "true"
    if authenticated and config.hash:
        if config.credential_in == "header":
            headers["Authorization"] = f"NVX {config.hash}"
        elif config.credential_in == "body":
            payload["hash"] = config.hash
        else:
            logger.warning("sending the credential in the query string: for testing only")
            params["hash"] = config.hash
    url = f"{config.base_url}/{path}"
    if files is not None:
        data = {k: v if isinstance(v, str) else json.dumps(v) for k, v in payload.items()}
        return PreparedRequest(
            method="POST",
            url=url,
            headers=headers,
            params=params,
            data=data,
            files=dict(files),
            path=path,
        )
    return PreparedRequest(
        method="POST", url=url, headers=headers, params=params, json=payload, path=path
    )


def encode_params(params: Any, *, iso: bool = False) -> dict[str, Any]:
    """The JSON body of a params model (fields left ``UNSET`` are not sent)."""
    body = converter_for(iso=iso).unstructure(params)
    if not isinstance(body, dict):
        raise TypeError(f"parameters must be an attrs model, not {type(params).__name__}")
    return body


_ENVELOPE = frozenset({"success", "status", "errors"})
"""The failure envelope's keys that :class:`FleetApiError` reads into its own attributes."""


def _retry_after(headers: Mapping[str, str]) -> float | None:
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        return None


def _redirected_response(status_code: int, headers: Mapping[str, str]) -> str | None:
    """The ``response`` query parameter of a redirect's ``Location``, if there is one.

    Calls given a ``redirect_target`` (``map_layer/upload``) answer a redirect to
    ``<redirect_target>?response=<urlencoded response JSON>``: the SDK reads that JSON.
    """
    if not 300 <= status_code < 400:
        return None
    query = urllib.parse.urlsplit(headers.get("location", "")).query
    values = urllib.parse.parse_qs(query).get("response")
    return values[-1] if values else None


def read_response(
    path: str,
    status_code: int,
    headers: Mapping[str, str],
    content: bytes,
    *,
    expect_file: bool = False,
) -> dict[str, Any] | bytes:
    """Read the ``success``/``status`` envelope of a response.

    Returns the JSON body of a success (or the raw bytes of a file download when
    ``expect_file`` and the response is not the JSON envelope). Success is decided by the
    body, never by the HTTP status.

    Raises:
        FleetApiError: the service answered ``success: false`` (the subclass of its code),
            or something that is not the API's JSON envelope.
    """
    content_type = headers.get("content-type", "")
    if expect_file and "json" not in content_type and 200 <= status_code < 300:
        return content
    redirected = _redirected_response(status_code, headers)
    try:
        if redirected is not None:
            body = json.loads(redirected)
        else:
            body = json.loads(content) if content else None
    except ValueError:
        body = None
    if not isinstance(body, dict) or "success" not in body:
        if expect_file and 200 <= status_code < 300:
            return content  # a file that happens to be JSON
        error = ServiceOutageError if 500 <= status_code < 600 else MalformedAnswerError
        raise error(
            f"the service answered HTTP {status_code} without the API's JSON envelope",
            http_status=status_code,
            endpoint=path,
        )
    if body.get("success") is True:
        return body
    raise failure_error(
        body,
        http_status=status_code,
        endpoint=path,
        retry_after=_retry_after(headers),
        extra={k: v for k, v in body.items() if k not in _ENVELOPE},
    )


def _error_entry(entry: dict[str, Any] | str) -> dict[str, Any]:
    """An entry of a failure's ``errors``: an object as it is, a bare status name (Google's
    routing statuses of code 218) as ``{"status": name}``."""
    return entry if isinstance(entry, dict) else {"status": entry}


def failure_error(body: Mapping[str, Any], **details: Any) -> FleetApiError:
    """The exception of a failure's ``status`` (code, description) and ``errors``, as the
    class of its code, with ``details`` (``http_status``, ``endpoint``...): an answer's
    envelope or an event stream's error frame."""
    status = body.get("status")
    status = status if isinstance(status, dict) else {}
    code = status.get("code")
    description = status.get("description")
    errors = body.get("errors")
    return FleetApiError.from_code(
        code if isinstance(code, int) else 0,
        description if isinstance(description, str) else None,
        errors=[_error_entry(e) for e in errors if isinstance(e, (dict, str))]
        if isinstance(errors, list)
        else [],
        **details,
    )


def extract_result(endpoint: Endpoint, body: dict[str, Any] | bytes, *, iso: bool = False) -> Any:
    """Turn a success body into the endpoint's typed result."""
    result = endpoint.result
    if result.kind == "none":
        return None
    if result.kind == "bytes":
        if isinstance(body, bytes):
            return body
        return json.dumps(body).encode()
    if isinstance(body, bytes):
        raise WrongRequestFormatError(
            "expected a JSON answer, got a file", endpoint=endpoint.path, http_status=200
        )
    conv = converter_for(iso=iso)
    if result.key is None:
        envelope = ("success",) if result.user_time else ("success", "user_time")
        data = {k: v for k, v in body.items() if k not in envelope}
        return conv.structure(data, result.type)
    if result.beside is not None:  # user/auth: a session, or a second factor to give first
        from fleetapi.models.account import SECOND_FACTOR_REQUIRED

        if body.get("type") == SECOND_FACTOR_REQUIRED:
            raise SecondFactorRequiredError(str(body.get("hash")), str(body.get("factor_type")))
    return conv.structure(body.get(result.key), result.type)


def uploaded_file(answer: dict[str, Any] | bytes, *, iso: bool = False) -> CheckinFile | None:
    """The stored file an upload answered under ``value``, if it did (else ``None``)."""
    from fleetapi.models.checkin import CheckinFile

    if not isinstance(answer, dict) or not isinstance(answer.get("value"), dict):
        return None
    try:
        file: CheckinFile = converter_for(iso=iso).structure(answer["value"], CheckinFile)
    except Exception:
        return None
    return file


def page_items(endpoint: Endpoint, answer: dict[str, Any], *, iso: bool) -> list[Any]:
    """The typed items of one page of a paging call."""
    result = extract_result(endpoint, answer, iso=iso)
    paging = endpoint.paging
    if paging is None:
        raise ValueError(f"{endpoint.path} does not page")
    if isinstance(result, list):
        return result
    return list(getattr(result, paging.items))


def log_attempt(path: str, outcome: str, started: float) -> None:
    """Log one attempt: path, outcome and duration; never bodies or the credential."""
    logger.debug("POST %s -> %s in %.0f ms", path, outcome, (time.monotonic() - started) * 1000)

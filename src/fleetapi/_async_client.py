"""The asynchronous client. ``_client.py`` is generated from this file by scripts/generate.py."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any

import attrs
import httpx

from fleetapi._async_events import AsyncEventStream
from fleetapi._core import (
    UNENVELOPED,
    USER_AGENT,
    ClientConfig,
    CredentialPlacement,
    PreparedRequest,
    RequestHeads,
    build_request,
    check_transport_security,
    encode_params,
    extract_result,
    log_attempt,
    page_items,
    read_response,
    resolve_config,
    uploaded_file,
)
from fleetapi._endpoint import Access, Endpoint, NoParams
from fleetapi._errors import (
    FleetApiError,
    FleetConnectionError,
    FleetTimeoutError,
    SecondFactorRequiredError,
    WrongRequestFormatError,
)
from fleetapi._retry import answer_failure, transport_failure
from fleetapi._secrets import install_log_redaction, mask
from fleetapi._sleep import async_sleep as sleep
from fleetapi._transports import AsyncTransport, async_transport
from fleetapi._uploads import FileInput, UploadProgress, file_part
from fleetapi.resources._async import AsyncResources

if TYPE_CHECKING:  # a call imports its own models (the table, too, only when needed)
    from fleetapi.models.checkin import CheckinFile
    from fleetapi.models.files import UploadTicket

__all__ = ["AsyncClient"]


class AsyncClient(AsyncResources):
    """Asynchronous client of the fleet API: one method per call, grouped by resource.

    Examples:
        >>> async with AsyncClient(base_url="https://api.example/v2", api_key="...") as client:
        ...     keys = await client.api_keys.list()

    Arguments take precedence over the environment (``FLEETAPI_BASE_URL``,
    ``FLEETAPI_API_KEY``, ``FLEETAPI_HASH``). The credential travels in the
    ``Authorization: NVX <hash>`` header unless ``credential_in`` says ``body`` or ``query``
    (the query form is for testing only and logs a warning).

    Args:
        base_url: The API's base URL, e.g. ``https://api.example/v2``.
        api_key: An API key or a session hash (the two are interchangeable on the wire).
        timeout: Seconds to wait for each attempt.
        max_retries: Retries after a failed attempt (see :class:`~fleetapi._core.RetryPolicy`).
        credential_in: Where the credential travels: ``header``, ``body`` or ``query``.
        iso_datetime: Ask for, and send, ISO 8601 date/times.
        allow_insecure: Allow plain http to a host that is not loopback.
        rate_limit: Send at most this many requests per second, each waiting its turn, from
            this client and those made from it (``with_options``, ``login``). The service
            allows 50 per credential: give a little less (45) for the network's jitter.
            ``None`` (the default) sends at once and retries a refusal (code 15).
        transport: The HTTP transport (:data:`~fleetapi._transports.AsyncTransport`): an
            httpx transport, e.g. the mock's in-process one.
        http_client: An httpx client to use (the caller keeps ownership and closes it).
    """

    def __init__(
        self,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float | None = None,
        max_retries: int | None = None,
        credential_in: CredentialPlacement = "header",
        iso_datetime: bool = False,
        allow_insecure: bool = False,
        rate_limit: float | None = None,
        transport: AsyncTransport | None = None,
        http_client: httpx.AsyncClient | None = None,
        _config: ClientConfig | None = None,
    ) -> None:
        self._config = _config or resolve_config(
            base_url=base_url,
            api_key=api_key,
            timeout=timeout,
            max_retries=max_retries,
            credential_in=credential_in,
            iso_datetime=iso_datetime,
            allow_insecure=allow_insecure,
            rate_limit=rate_limit,
        )
        if self._config.credential_in == "query":
            install_log_redaction(self._config.hash)
        self._owns_http = http_client is None
        self._http = http_client or httpx.AsyncClient(
            transport=async_transport(transport), follow_redirects=False
        )
        self._heads = RequestHeads()

    @classmethod
    async def login(
        cls,
        base_url: str | None,
        login: str,
        password: str,
        *,
        second_factor: Callable[[str], str] | None = None,
        **options: Any,
    ) -> AsyncClient:
        """Log in with ``user/auth`` and return a client holding the new session hash.

        For a user with a second factor, ``second_factor`` is called with how the code was
        sent (``email``) and returns the code, which ``user/auth/code/verify`` trades for
        the session; without it, :class:`~fleetapi.SecondFactorRequiredError` is raised.

        Examples:
            >>> client = await AsyncClient.login(url, "ann@example.com", password,
            ...     second_factor=lambda sent_by: input(f"Code sent by {sent_by}: "))
        """
        from fleetapi.endpoints.account import USER_AUTH, USER_AUTH_CODE_VERIFY
        from fleetapi.models.account import AuthCodeVerifyParams, AuthParams

        anonymous = cls(base_url=base_url, **options)
        try:
            try:
                session: str = await anonymous.call(
                    USER_AUTH, AuthParams(login=login, password=password)
                )
            except SecondFactorRequiredError as required:
                if second_factor is None:
                    raise
                code = AuthCodeVerifyParams(code=second_factor(required.factor_type))
                session = await anonymous._holding(required.hash).call(USER_AUTH_CODE_VERIFY, code)
        except BaseException:
            await anonymous.aclose()
            raise
        client = anonymous._holding(session)
        client._owns_http = anonymous._owns_http
        return client

    def _holding(self, credential: str) -> AsyncClient:
        """A client like this one holding ``credential``, on its connections (not owning
        them)."""
        return type(self)(
            _config=attrs.evolve(self._config, hash=credential), http_client=self._http
        )

    @property
    def base_url(self) -> str:
        """The base URL requests go to."""
        return self._config.base_url

    @property
    def hash(self) -> str | None:
        """The credential (session hash or API key); never shown in reprs or logs."""
        return self._config.hash

    @property
    def config(self) -> ClientConfig:
        """The resolved configuration."""
        return self._config

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r}, hash={mask(self.hash)})"

    def with_options(
        self,
        *,
        timeout: float | None = None,
        max_retries: int | None = None,
        iso_datetime: bool | None = None,
    ) -> AsyncClient:
        """A client sharing this one's connections, with some options changed.

        Examples:
            >>> quick = client.with_options(timeout=2, max_retries=0)
        """
        config = self._config
        if timeout is not None:
            config = config.evolve(timeout=timeout)
        if max_retries is not None:
            config = config.evolve(retry=attrs.evolve(config.retry, max_retries=max_retries))
        if iso_datetime is not None:
            config = config.evolve(iso_datetime=iso_datetime)
        clone = type(self)(_config=config, http_client=self._http)
        clone._owns_http = False
        return clone

    async def aclose(self) -> None:
        """Close the connections (unless the httpx client was passed in)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    # --- Calls --------------------------------------------------------------------------------

    async def call(
        self,
        endpoint: Endpoint,
        params: Any = None,
        *,
        files: Mapping[str, FileInput] | None = None,
    ) -> Any:
        """Make the call ``endpoint`` with a params model and return its typed result."""
        body = encode_params(params or NoParams(), iso=self._config.iso_datetime)
        parts = {k: file_part(v) for k, v in files.items()} if files else None
        prepared = build_request(
            self._config,
            endpoint.path,
            body,
            files=parts,
            authenticated=endpoint.access is not Access.NONE,
        )
        answer = await self._send(
            prepared, safe=endpoint.safe, expect_file=endpoint.result.kind == "bytes"
        )
        return extract_result(endpoint, answer, iso=self._config.iso_datetime)

    async def download(self, endpoint: Endpoint, params: Any) -> bytes:
        """Make the file form of ``endpoint`` (its ``file_variant``) and return the file.

        Raises:
            WrongRequestFormatError: the service answered JSON instead of a file.
        """
        body = encode_params(params, iso=self._config.iso_datetime)
        prepared = build_request(self._config, endpoint.path, body)
        answer = await self._send(prepared, safe=endpoint.safe, expect_file=True)
        if not isinstance(answer, bytes):
            raise WrongRequestFormatError(
                "expected a file, the service answered JSON", endpoint=endpoint.path
            )
        return answer

    async def request(self, path: str, body: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Make any call by its path with a raw JSON body; return the raw JSON answer.

        Calls the table declares safe are retried as such; unknown paths are never retried
        after a timeout.
        """
        answer = await self._raw(path, body)
        if isinstance(answer, bytes):
            return {"success": True, "content": answer.decode("utf-8", "replace")}
        return answer

    async def request_bytes(self, path: str, body: Mapping[str, Any] | None = None) -> bytes:
        """Make a call that answers a file (KML layers, PDF/XLSX exports); return its bytes.

        ``request`` returns such a file as ``{"success": true, "content": <text>}``.
        """
        answer = await self._raw(path, body, expect_file=True)
        return answer if isinstance(answer, bytes) else repr(answer).encode()

    async def _raw(
        self, path: str, body: Mapping[str, Any] | None, *, expect_file: bool = False
    ) -> dict[str, Any] | bytes:
        from fleetapi.endpoints import find

        path = path.strip("/")
        known = find(path)  # its area alone
        payload = dict(body or {})
        prepared = build_request(self._config, path, payload)
        return await self._send(
            prepared,
            safe=known.safe if known else False,
            expect_file=expect_file or (known is not None and known.answers_file(payload)),
        )

    async def upload_file(
        self,
        ticket: UploadTicket,
        file: FileInput,
        *,
        progress: UploadProgress | None = None,
    ) -> CheckinFile | None:
        """Upload a file to the place a ``.../create`` call reserved: the second step.

        ``checkin/image/create`` and ``checkin/form/file/create`` answer an
        :class:`~fleetapi.models.files.UploadTicket`; this posts ``multipart/form-data`` to its
        ``url`` (resolved against the base URL when relative) with every entry of ``fields``
        and the file part last, named ``file_field_name``. The credential is not sent: the
        ticket's fields authorise the upload. Not retried after a timeout. Then store
        ``ticket.file_id`` in the form field or list it in ``file_ids``.

        Args:
            ticket: The answer of the reserving call.
            file: A path, bytes, a binary file or ``(filename, content[, content type])``.
            progress: Called with ``(bytes_sent, total_bytes)`` as the file part is sent.

        Returns:
            The stored file when the service answers it (``value``), else ``None``.
        """
        url = str(httpx.URL(self._config.base_url + "/").join(ticket.url))
        check_transport_security(url, allow_insecure=self._config.allow_insecure)
        prepared = PreparedRequest(
            method="POST",
            url=url,
            headers={"User-Agent": USER_AGENT, "Accept": "application/json"},
            params={},
            data={k: str(v) for k, v in ticket.fields.items()},
            files={ticket.file_field_name: file_part(file)},
            path=f"upload ({ticket.file_id})",
            progress=progress,
        )
        answer = await self._send(prepared, safe=False, expect_file=True)
        return uploaded_file(answer, iso=self._config.iso_datetime)

    async def download_file(self, file: CheckinFile | str) -> bytes:
        """The bytes of an uploaded file: a check-in file, or its ``download_url``.

        The credential is not sent (download addresses stand on their own); retried like any
        safe call.

        Raises:
            ValueError: the file is not uploaded (it has no ``download_url``).
            FleetApiError: the service refused (the file was deleted, say).
        """
        url = file if isinstance(file, str) else file.download_url
        if not url:
            raise ValueError("the file has no download_url: it is not uploaded")
        url = str(httpx.URL(self._config.base_url + "/").join(url))
        check_transport_security(url, allow_insecure=self._config.allow_insecure)
        name = url if isinstance(file, str) else f"file {file.id}"
        prepared = PreparedRequest(
            method="GET",
            url=url,
            headers={"User-Agent": USER_AGENT},
            params={},
            path=f"download ({name})",
        )
        answer = await self._send(prepared, safe=True, expect_file=True)
        if not isinstance(answer, bytes):
            raise WrongRequestFormatError("expected a file, the service answered JSON")
        return answer

    async def paginate(
        self, endpoint: Endpoint, params: Any, *, page_size: int = 1000
    ) -> AsyncIterator[Any]:
        """Yield every item of a paging call, fetching ``page_size`` items at a time."""
        paging = endpoint.paging
        if paging is None:
            raise ValueError(f"{endpoint.path} does not page")
        offset = 0
        while True:
            page_params = attrs.evolve(params, **{paging.limit: page_size, paging.offset: offset})
            body = encode_params(page_params, iso=self._config.iso_datetime)
            prepared = build_request(self._config, endpoint.path, body)
            answer = await self._send(prepared, safe=endpoint.safe)
            assert isinstance(answer, dict)
            items = page_items(endpoint, answer, iso=self._config.iso_datetime)
            for item in items:
                yield item
            offset += len(items)
            total = answer.get(paging.total) if paging.total else None
            if len(items) < page_size or (isinstance(total, int) and offset >= total):
                return

    def stream(self, endpoint: Endpoint, params: Any) -> AsyncEventStream:
        """The event stream ``endpoint`` (a WebSocket) subscribed with ``params``: use it as
        ``async with client.stream(...) as events: async for event in events``."""
        return AsyncEventStream(self._http, self._config, endpoint, params, credential=self.hash)

    # --- The loop -----------------------------------------------------------------------------

    async def _send(
        self, prepared: PreparedRequest, *, safe: bool, expect_file: bool = False
    ) -> dict[str, Any] | bytes:
        policy = self._config.retry
        attempt = 0
        while True:
            attempt += 1
            if self._config.pacer is not None:
                wait = self._config.pacer.reserve()
                if wait > 0:
                    await sleep(wait)
            started = time.monotonic()
            request = prepared.to_httpx(self._http, self._config.timeout, self._heads)
            try:
                response = await self._http.send(request)
                content = await response.aread()
            except httpx.TransportError as exc:
                failure = transport_failure(exc)
                log_attempt(prepared.path, failure.value, started)
                if policy.should_retry(attempt, failure, safe=safe):
                    await sleep(policy.delay(attempt))
                    continue
                if isinstance(exc, httpx.TimeoutException):
                    raise FleetTimeoutError(
                        f"POST {prepared.path}: no answer within {self._config.timeout:g} s"
                        f" ({failure.value})"
                    ) from None
                raise FleetConnectionError(
                    f"POST {prepared.path}: {type(exc).__name__} reaching {self._config.base_url}"
                ) from None
            try:
                answer = read_response(
                    prepared.path,
                    response.status_code,
                    response.headers,
                    content,
                    expect_file=expect_file,
                )
            except FleetApiError as exc:
                log_attempt(prepared.path, f"code {exc.code}", started)
                failure = answer_failure(
                    response.status_code,
                    exc.code,
                    enveloped=not isinstance(exc, UNENVELOPED),
                )
                if policy.should_retry(attempt, failure, safe=safe):
                    await sleep(policy.delay(attempt, exc.retry_after))
                    continue
                raise
            log_attempt(prepared.path, "ok", started)
            return answer

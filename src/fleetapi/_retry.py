"""When a failed call is tried again: each failure is classified once (:class:`Failure`),
:data:`RETRY_RULES` says which calls each kind is retried for, :class:`RetryPolicy` how often
and after how long. Pure decisions, no I/O: the clients' loops apply them.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from typing import Any

import attrs
import httpx

from fleetapi._defaults import DEFAULT_MAX_RETRIES

__all__ = [
    "DEFAULT_MAX_RETRIES",
    "RETRYABLE_STATUSES",
    "RETRY_RULES",
    "Failure",
    "Repeat",
    "RetryPolicy",
    "answer_failure",
    "transport_failure",
]


RETRYABLE_STATUSES = frozenset({500, 502, 503, 504})
"""HTTP statuses worth another attempt of a safe call (501 and 505 are not transient)."""


class Failure(enum.Enum):
    """How one attempt failed, as far as repeating it is concerned.

    The value is the name docs/errors.md gives the failure in its retry table.
    """

    CONNECT = "connection refused (ConnectError)"
    CONNECT_TIMEOUT = "connect timeout"
    POOL_TIMEOUT = "pool timeout"
    RATE_LIMITED = "code 15, HTTP 429"
    WRITE_ERROR = "write error (WriteError)"
    WRITE_TIMEOUT = "write timeout"
    READ_ERROR = "read error (ReadError)"
    READ_TIMEOUT = "read timeout"
    PROTOCOL_ERROR = "protocol error (RemoteProtocolError)"
    SERVER_ERROR = "HTTP 500, 502, 503, 504"
    MALFORMED = "2xx answer that is not the JSON envelope (empty, cut short)"
    UNSUPPORTED = "unsupported URL scheme"
    OTHER = "any other answer"


class Repeat(enum.Enum):
    """Which calls a failure of a kind is retried for."""

    ALWAYS = "every call"
    SAFE = "safe calls only"
    NEVER = "never"


RETRY_RULES: Mapping[Failure, Repeat] = {
    # The request provably never left, or the service refused it before doing anything.
    Failure.CONNECT: Repeat.ALWAYS,
    Failure.CONNECT_TIMEOUT: Repeat.ALWAYS,
    Failure.POOL_TIMEOUT: Repeat.ALWAYS,
    Failure.RATE_LIMITED: Repeat.ALWAYS,
    # The request may have reached the service, which may have done the work.
    Failure.WRITE_ERROR: Repeat.SAFE,
    Failure.WRITE_TIMEOUT: Repeat.SAFE,
    Failure.READ_ERROR: Repeat.SAFE,
    Failure.READ_TIMEOUT: Repeat.SAFE,
    Failure.PROTOCOL_ERROR: Repeat.SAFE,
    Failure.SERVER_ERROR: Repeat.SAFE,
    Failure.MALFORMED: Repeat.SAFE,
    # Another attempt would fail the same way.
    Failure.UNSUPPORTED: Repeat.NEVER,
    Failure.OTHER: Repeat.NEVER,
}
"""The retry rule: which calls each failure kind is retried for (docs/errors.md shows it)."""


def transport_failure(exc: httpx.TransportError) -> Failure:
    """The kind of a transport failure: whether the request may have left, and how."""
    kinds: tuple[tuple[type[httpx.TransportError], Failure], ...] = (
        (httpx.ConnectTimeout, Failure.CONNECT_TIMEOUT),
        (httpx.PoolTimeout, Failure.POOL_TIMEOUT),
        (httpx.ConnectError, Failure.CONNECT),
        (httpx.WriteTimeout, Failure.WRITE_TIMEOUT),
        (httpx.ReadTimeout, Failure.READ_TIMEOUT),
        (httpx.WriteError, Failure.WRITE_ERROR),
        (httpx.ReadError, Failure.READ_ERROR),
        (httpx.UnsupportedProtocol, Failure.UNSUPPORTED),
    )
    for cls, kind in kinds:
        if isinstance(exc, cls):
            return kind
    # Remote and local protocol errors, proxy errors, a close that failed, an unnamed
    # timeout: the request may have been sent whole.
    if isinstance(exc, httpx.TimeoutException):
        return Failure.READ_TIMEOUT
    return Failure.PROTOCOL_ERROR


def answer_failure(status_code: int, error_code: int, *, enveloped: bool = True) -> Failure:
    """The kind of a failure the service answered (``enveloped``: in the API's JSON
    envelope; a success status without it is an answer broken on the way)."""
    if error_code == 15 or status_code == 429:
        return Failure.RATE_LIMITED
    if status_code in RETRYABLE_STATUSES:
        return Failure.SERVER_ERROR
    if not enveloped and 200 <= status_code < 300:
        return Failure.MALFORMED
    return Failure.OTHER


@attrs.frozen(kw_only=True)
class RetryPolicy:
    """When and how long to wait before a retry.

    An unsafe call (a create, an update, an upload) is retried only when the request provably
    never left (a connection refused or not made in time, no free connection in the pool) or
    the service refused it before doing anything (code 15, HTTP 429). After a read or write
    error, a timeout while sending or reading, a protocol error or a 5xx answer, the first
    attempt may have done its work: only calls declared safe to repeat are retried.
    :data:`RETRY_RULES` states the rule per :class:`Failure`. Delays grow exponentially with
    full jitter, and a ``Retry-After`` the service sends is honoured.
    """

    max_retries: int = DEFAULT_MAX_RETRIES
    initial_delay: float = 0.5
    max_delay: float = 8.0

    def delay(self, attempt: int, retry_after: float | None = None, rng: Any = random) -> float:
        """Seconds to wait before retry number ``attempt`` (1-based)."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), 60.0)
        ceiling = min(self.initial_delay * (2 ** (attempt - 1)), self.max_delay)
        return float(rng.uniform(ceiling / 2, ceiling))

    def should_retry(self, attempt: int, failure: Failure, *, safe: bool) -> bool:
        """Whether attempt number ``attempt`` (1-based), failed by ``failure``, is retried."""
        if attempt > self.max_retries:
            return False
        repeat = RETRY_RULES[failure]
        return repeat is Repeat.ALWAYS or (repeat is Repeat.SAFE and safe)

"""The SDK's exception classes above the codes: the base classes and the families of codes.

:mod:`fleetapi._errors` defines one class per code under these, and maps codes to classes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fleetapi._secrets import mask

__all__ = [
    "AuthenticationError",
    "ConflictError",
    "FleetApiError",
    "FleetConnectionError",
    "FleetError",
    "FleetTimeoutError",
    "InsecureTransportError",
    "InvalidRequestError",
    "InvalidStateError",
    "NotFoundError",
    "PermissionDeniedError",
    "QuotaExceededError",
    "RateLimitError",
    "SecondFactorRequiredError",
    "ServerError",
]


class FleetError(Exception):
    """Base of every exception the SDK raises."""


class FleetConnectionError(FleetError):
    """The service could not be reached or the connection broke."""


class FleetTimeoutError(FleetConnectionError):
    """The service did not answer within the timeout."""


class InsecureTransportError(FleetError, ValueError):
    """Refused to send a credential over plain http to a host that is not loopback.

    Attributes:
        host: The host the credential was not sent to.
    """

    def __init__(self, host: str) -> None:
        self.host = host
        super().__init__(self.advice("allow_insecure=True"))

    def __reduce__(self) -> tuple[type[InsecureTransportError], tuple[str]]:
        return type(self), (self.host,)

    def advice(self, switch: str) -> str:
        """The refusal, naming ``switch`` as the way to allow it (the CLI names its flag)."""
        return (
            f"refusing to send credentials over plain http to {self.host}: use https, "
            f"or pass {switch} for a trusted network"
        )


class SecondFactorRequiredError(FleetError):
    """``user/auth`` answered that the user has a second factor: no session yet.

    The hash it answered serves ``user/auth/code/verify`` (which trades the code mailed to
    the user for a session) and ``user/auth/code/resend`` alone. ``Client.login`` takes a
    ``second_factor`` callback that returns the code, and then logs in in one call.

    Attributes:
        hash: The second-factor session (masked in ``repr`` and ``str``).
        factor_type: How the code reaches the user (``email``).
    """

    def __init__(self, hash: str, factor_type: str) -> None:
        self.hash = hash
        self.factor_type = factor_type
        super().__init__(
            f"a second factor is required: a code was sent by {factor_type}; verify it with "
            f"user/auth/code/verify using the session {mask(hash)}"
        )

    def __reduce__(self) -> tuple[type[SecondFactorRequiredError], tuple[str, str]]:
        return type(self), (self.hash, self.factor_type)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(hash={mask(self.hash)}, factor_type={self.factor_type!r})"


_BY_CODE: dict[int, type[FleetApiError]] = {}
"""The class of each code, filled as :mod:`fleetapi._errors` defines them."""


class FleetApiError(FleetError):
    """The service answered ``success: false``.

    Attributes:
        code: The ``status.code`` of the failure.
        description: The ``status.description`` the service gave.
        errors: Per-field details (code 7: ``parameter``/``error``; code 242: ``field_id``...).
        http_status: The HTTP status of the response, for information only.
        endpoint: The call's path, ``group/action``.
        retry_after: Seconds the service asked to wait (``Retry-After``), if it said.
        extra: The failure envelope's other keys (code 203: ``entities``).
    """

    code: int = 0
    description: str = "Error"
    http_status: int = 400

    def __init__(
        self,
        description: str | None = None,
        *,
        code: int | None = None,
        errors: Sequence[Mapping[str, Any]] = (),
        http_status: int | None = None,
        endpoint: str | None = None,
        retry_after: float | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        if code is not None:
            self.code = code
        if description:
            self.description = description
        self.errors: list[dict[str, Any]] = [dict(e) for e in errors]
        if http_status is not None:
            self.http_status = http_status
        self.endpoint: str | None = endpoint
        self.retry_after: float | None = retry_after
        self.extra: dict[str, Any] = dict(extra or {})
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f" ({self.endpoint})" if self.endpoint else ""
        text = f"[{self.code}] {self.description}{where}"
        details = [
            f"{e.get('parameter') or e.get('field_id')}: {e.get('error', '')}"
            if e.get("parameter") or e.get("field_id")
            else ", ".join(f"{key}={value}" for key, value in e.items())
            for e in self.errors
        ]
        if details:
            text += ": " + "; ".join(details)
        return text

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(code={self.code}, description={self.description!r}, "
            f"http_status={self.http_status}, endpoint={self.endpoint!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild,
            (
                type(self),
                self.code,
                self.description,
                self.errors,
                self.http_status,
                self.endpoint,
                self.extra,
            ),
        )

    @staticmethod
    def from_code(code: int, description: str | None = None, **kwargs: Any) -> FleetApiError:
        """Build the exception of the class that ``code`` maps to.

        An unknown code gives a plain :class:`FleetApiError` that keeps the code.
        """
        cls = _BY_CODE.get(code)
        if cls is None:
            kwargs.setdefault("http_status", FleetApiError.http_status)
            return FleetApiError(description, code=code, **kwargs)
        return cls(description, **kwargs)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "code" in vars(cls):  # one class per code (fleetapi._errors)
            _BY_CODE[cls.code] = cls


def _rebuild(
    cls: type[FleetApiError],
    code: int,
    description: str,
    errors: list[dict[str, Any]],
    http_status: int,
    endpoint: str | None,
    extra: dict[str, Any] | None = None,
) -> FleetApiError:
    return cls(
        description,
        code=code,
        errors=errors,
        http_status=http_status,
        endpoint=endpoint,
        extra=extra,
    )


# --- Families --------------------------------------------------------------------------------


class AuthenticationError(FleetApiError):
    """The credential is wrong, unknown, expired or of the wrong kind (3, 4, 102-105)."""


class PermissionDeniedError(FleetApiError):
    """The credential is valid but may not do this (2, 11, 13, 101)."""


class NotFoundError(FleetApiError):
    """An entity the call names does not exist or is not the user's (12, 201, 204, 217, 222,
    237, 239)."""


class InvalidRequestError(FleetApiError):
    """The request itself is wrong: format, parameters, files, spans (5, 7, 211, 242...)."""


class ConflictError(FleetApiError):
    """The request clashes with what exists (203, 206, 231, 247, 256, 261)."""


class InvalidStateError(FleetApiError):
    """The entity is in a state that does not allow this (208, 213, 229, 238, 240, 255, 269,
    280)."""


class QuotaExceededError(FleetApiError):
    """A quota, limit or tariff restriction stops the call (221, 236, 267, 268)."""


class RateLimitError(FleetApiError):
    """Too many requests (15). The SDK retries these with backoff before raising."""


class ServerError(FleetApiError):
    """The service failed on its side (1, 6, 8, 9, 14, 215)."""

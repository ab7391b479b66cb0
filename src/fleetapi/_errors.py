"""Errors, mapped in one place in both directions.

The SDK raises the class of a failure's ``status.code``; the mock answers a raised class with
its code and HTTP status. Every code has one class, and every class belongs to one family
(:class:`AuthenticationError`, :class:`NotFoundError`...) so that callers can catch broadly or
exactly. Unknown codes raise the family-less :class:`FleetApiError` with the code kept.
"""

from __future__ import annotations

from collections.abc import Mapping

from fleetapi._error_families import (
    AuthenticationError,
    ConflictError,
    FleetApiError,
    FleetConnectionError,
    FleetError,
    FleetTimeoutError,
    InsecureTransportError,
    InvalidRequestError,
    InvalidStateError,
    NotFoundError,
    PermissionDeniedError,
    QuotaExceededError,
    RateLimitError,
    ServerError,
)

__all__ = [
    "CODES",
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
    "ServerError",
    "error_class",
    "http_status_for",
]


# --- One class per code ----------------------------------------------------------------------


class DatabaseError(ServerError):
    """Code 1: Database error."""

    code = 1
    description = "Database error"
    http_status = 500


class AccessRestrictedError(PermissionDeniedError):
    """Code 2: Access restricted."""

    code = 2
    description = "Access restricted"
    http_status = 403


class WrongHashError(AuthenticationError):
    """Code 3: Wrong hash."""

    code = 3
    description = "Wrong hash"


class SessionNotFoundError(AuthenticationError):
    """Code 4: User or API key not found or session ended."""

    code = 4
    description = "User or API key not found or session ended"


class WrongRequestFormatError(InvalidRequestError):
    """Code 5: Wrong request format."""

    code = 5
    description = "Wrong request format"


class UnexpectedError(ServerError):
    """Code 6: Unexpected error."""

    code = 6
    description = "Unexpected error"
    http_status = 500


class InvalidParametersError(InvalidRequestError):
    """Code 7: Invalid parameters."""

    code = 7
    description = "Invalid parameters"


class QueueServiceError(ServerError):
    """Code 8: Queue service exception."""

    code = 8
    description = "Queue service exception"
    http_status = 503


class PreconditionFailedError(ServerError):
    """Code 9: Precondition failed."""

    code = 9
    description = "Precondition failed"
    http_status = 412


class AccessDeniedError(PermissionDeniedError):
    """Code 11: Access denied."""

    code = 11
    description = "Access denied"
    http_status = 403


class DealerNotFoundError(NotFoundError):
    """Code 12: Dealer not found."""

    code = 12
    description = "Dealer not found"


class OperationNotPermittedError(PermissionDeniedError):
    """Code 13: Operation not permitted."""

    code = 13
    description = "Operation not permitted"
    http_status = 403


class ServiceUnavailableError(ServerError):
    """Code 14: Service temporarily unavailable."""

    code = 14
    description = "Service temporarily unavailable"
    http_status = 503


class TooManyRequestsError(RateLimitError):
    """Code 15: Too many requests."""

    code = 15
    description = "Too many requests"
    http_status = 429


class DemoModeError(PermissionDeniedError):
    """Code 101: Disabled in demo mode."""

    code = 101
    description = "Disabled in demo mode"
    http_status = 403


class WrongLoginError(AuthenticationError):
    """Code 102: Wrong login or password."""

    code = 102
    description = "Wrong login or password"


class UserNotActivatedError(AuthenticationError):
    """Code 103: User not activated."""

    code = 103
    description = "User not activated"


class TooManySessionsError(AuthenticationError):
    """Code 104: Too many sessions."""

    code = 104
    description = "Too many sessions"


class TooManyLoginAttemptsError(AuthenticationError):
    """Code 105: Too many login attempts."""

    code = 105
    description = "Too many login attempts"


class EntityNotFoundError(NotFoundError):
    """Code 201: Not found in the database."""

    code = 201
    description = "Not found in the database"


class EntityMissingError(NotFoundError):
    """Code 204: Entity not found."""

    code = 204
    description = "Entity not found"
    http_status = 404


class LoginInUseError(ConflictError):
    """Code 206: Login already in use."""

    code = 206
    description = "Login already in use"


class DeviceBlockedError(InvalidStateError):
    """Code 208: Device blocked."""

    code = 208
    description = "Device blocked"
    http_status = 403


class GeocodingFailedError(InvalidRequestError):
    """Code 210: No location matched."""

    code = 210
    description = "No location matched"


class TimeSpanTooBigError(InvalidRequestError):
    """Code 211: Requested time span is too big."""

    code = 211
    description = "Requested time span is too big"


class LimitTooBigError(InvalidRequestError):
    """Code 212: Requested limit is too big."""

    code = 212
    description = "Requested limit is too big"


class NotSupportedByDeviceError(InvalidRequestError):
    """Code 214: Requested operation or parameters are not supported by the device."""

    code = 214
    description = "Requested operation or parameters are not supported by the device"


class ExternalServiceError(ServerError):
    """Code 215: External service error."""

    code = 215
    description = "External service error"


class NonExistentEntitiesError(NotFoundError):
    """Code 217: List contains non-existent entities."""

    code = 217
    description = "List contains non-existent entities"


class DeviceLimitExceededError(QuotaExceededError):
    """Code 221: Device limit exceeded."""

    code = 221
    description = "Device limit exceeded"
    http_status = 403


class CloneNotAllowedError(InvalidStateError):
    """Code 219: Not allowed for clones of the device."""

    code = 219
    description = "Not allowed for clones of the device"


class PluginNotFoundError(NotFoundError):
    """Code 222: Plugin not found."""

    code = 222
    description = "Plugin not found"


class NotSupportedBySensorError(InvalidRequestError):
    """Code 228: Not supported by the sensor."""

    code = 228
    description = "Not supported by the sensor"


class EntityTypeMismatchError(ConflictError):
    """Code 231: Entity type mismatch."""

    code = 231
    description = "Entity type mismatch"
    http_status = 409


class InputInUseError(ConflictError):
    """Code 232: Input already in use."""

    code = 232
    description = "Input already in use"


class NoDataFileError(InvalidRequestError):
    """Code 233: No data file."""

    code = 233
    description = "No data file"


class InvalidDataFormatError(InvalidRequestError):
    """Code 234: Invalid data format."""

    code = 234
    description = "Invalid data format"


class TariffRestrictionError(QuotaExceededError):
    """Code 236: Feature unavailable due to tariff restrictions."""

    code = 236
    description = "Feature unavailable due to tariff restrictions"
    http_status = 402


class ValidationFailedError(InvalidRequestError):
    """Code 242: Validation errors."""

    code = 242
    description = "Validation errors"


class EntityExistsError(ConflictError):
    """Code 247: Entity already exists."""

    code = 247
    description = "Entity already exists"
    http_status = 409


class InvalidTaskStateError(InvalidStateError):
    """Code 255: Invalid task state."""

    code = 255
    description = "Invalid task state"


class EntityHasLinksError(ConflictError):
    """Code 261: Entity has external links."""

    code = 261
    description = "Entity has external links"
    http_status = 403


class NoChangeNeededError(ConflictError):
    """Code 263: No change needed, old and new values are the same."""

    code = 263
    description = "No change needed, old and new values are the same"


class TooManyEntitiesError(QuotaExceededError):
    """Code 267: Too many entities."""

    code = 267
    description = "Too many entities"


class OverQuotaError(QuotaExceededError):
    """Code 268: Over quota."""

    code = 268
    description = "Over quota"
    http_status = 402


class InvalidFileStateError(InvalidStateError):
    """Code 269: Invalid file state."""

    code = 269
    description = "Invalid file state"


class TooManySensorsError(QuotaExceededError):
    """Code 270: Too many sensors of the same type."""

    code = 270
    description = "Too many sensors of the same type"


class FileTooLargeError(InvalidRequestError):
    """Code 271: File larger than the maximum."""

    code = 271
    description = "File larger than the maximum"
    http_status = 413


class EmptyDataFileError(InvalidRequestError):
    """Code 274: Empty data file."""

    code = 274
    description = "Empty data file"


class InvalidImportStateError(InvalidStateError):
    """Code 280: Invalid import state."""

    code = 280
    description = "Invalid import state"


def _known(cls: type[FleetApiError]) -> list[type[FleetApiError]]:
    found = []
    for sub in cls.__subclasses__():
        if "code" in vars(sub):
            found.append(sub)
        found.extend(_known(sub))
    return found


_CLASSES: dict[int, type[FleetApiError]] = {c.code: c for c in _known(FleetApiError)}
CODES: Mapping[int, type[FleetApiError]] = _CLASSES
"""Every known API error code and its exception class."""


def error_class(code: int) -> type[FleetApiError]:
    """The exception class for an API error code (:class:`FleetApiError` when unknown)."""
    return _CLASSES.get(code, FleetApiError)


def http_status_for(code: int) -> int:
    """The HTTP status the service answers a failure of ``code`` with (400 by default)."""
    known = _CLASSES.get(code)
    return known.http_status if known else 400

"""Errors, mapped in one place in both directions.

The SDK raises the class of a failure's ``status.code``; the mock answers a raised class with
its code and HTTP status. Every code has one class, and every class belongs to one family
(:class:`AuthenticationError`, :class:`NotFoundError`...) so that callers can catch broadly or
exactly. Unknown codes raise the family-less :class:`FleetApiError` with the code kept.
The classes of codes 1-199 are here, those of 201-299 in :mod:`fleetapi._entity_errors`, for
a tracker's device :mod:`fleetapi._device_errors` and for asset groups
:mod:`fleetapi._asset_errors`.
"""

from __future__ import annotations

from collections.abc import Mapping

from fleetapi._asset_errors import (
    AssetAlreadyGroupedError,
    AssetNotInGroupError,
    InaccessibleAssetError,
    InaccessibleGroupAssetError,
    NoAccessibleGroupAssetError,
)
from fleetapi._device_errors import (
    BundledSimPhoneError,
    ClonesOnlyError,
    DeviceConnectedError,
    DeviceIdInUseError,
    DeviceStatusError,
    LegalTypeNotAllowedError,
    PhoneInUseError,
    UnknownDeviceModelError,
    WrongActivationCodeError,
)
from fleetapi._entity_errors import (
    AlreadyDoneError,
    CloneNotAllowedError,
    DataNotReadyError,
    DeviceBlockedError,
    DeviceLimitExceededError,
    DeviceOfflineError,
    EmptyDataFileError,
    EntityExistsError,
    EntityHasLinksError,
    EntityInUseError,
    EntityMissingError,
    EntityNotFoundError,
    EntityTypeMismatchError,
    EntriesMismatchError,
    ExternalServiceError,
    ExternalServiceParametersError,
    FileTooLargeError,
    GeocodingFailedError,
    InputInUseError,
    InvalidDataFormatError,
    InvalidFileStateError,
    InvalidImportStateError,
    InvalidTariffError,
    InvalidTaskStateError,
    LimitTooBigError,
    LocationAlreadyActualError,
    LoginInUseError,
    MissingCalibrationDataError,
    ModelMismatchError,
    NoChangeNeededError,
    NoDataFileError,
    NonExistentEntitiesError,
    NotSupportedByDeviceError,
    NotSupportedBySensorError,
    NotSupportedForEntityTypeError,
    OverQuotaError,
    PasswordNotChangedError,
    PluginNotFoundError,
    TariffChangeNotAllowedError,
    TariffChangeTooFrequentError,
    TariffNotFoundError,
    TariffRestrictionError,
    TimeoutNotReachedError,
    TimeSpanTooBigError,
    TooFewZonePointsError,
    TooManyEntitiesError,
    TooManySensorsError,
    TooManyZonePointsError,
    ValidationFailedError,
    WrongAuthCodeError,
    WrongPasswordError,
)
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
    SecondFactorRequiredError,
    ServerError,
)

__all__ = [
    "CODES",
    "AlreadyDoneError",
    "AssetAlreadyGroupedError",
    "AssetNotInGroupError",
    "AuthenticationError",
    "BundledSimPhoneError",
    "CloneNotAllowedError",
    "ClonesOnlyError",
    "ConflictError",
    "DataNotReadyError",
    "DeviceBlockedError",
    "DeviceConnectedError",
    "DeviceIdInUseError",
    "DeviceLimitExceededError",
    "DeviceOfflineError",
    "DeviceStatusError",
    "EmptyDataFileError",
    "EntityExistsError",
    "EntityHasLinksError",
    "EntityInUseError",
    "EntityMissingError",
    "EntityNotFoundError",
    "EntityTypeMismatchError",
    "EntriesMismatchError",
    "ExternalServiceError",
    "ExternalServiceParametersError",
    "FileTooLargeError",
    "FleetApiError",
    "FleetConnectionError",
    "FleetError",
    "FleetTimeoutError",
    "GeocodingFailedError",
    "InaccessibleAssetError",
    "InaccessibleGroupAssetError",
    "InputInUseError",
    "InsecureTransportError",
    "InvalidDataFormatError",
    "InvalidFileStateError",
    "InvalidImportStateError",
    "InvalidRequestError",
    "InvalidStateError",
    "InvalidTariffError",
    "InvalidTaskStateError",
    "LegalTypeNotAllowedError",
    "LimitTooBigError",
    "LocationAlreadyActualError",
    "LoginInUseError",
    "MissingCalibrationDataError",
    "ModelMismatchError",
    "NoAccessibleGroupAssetError",
    "NoChangeNeededError",
    "NoDataFileError",
    "NonExistentEntitiesError",
    "NotFoundError",
    "NotSupportedByDeviceError",
    "NotSupportedBySensorError",
    "NotSupportedForEntityTypeError",
    "OverQuotaError",
    "PasswordNotChangedError",
    "PermissionDeniedError",
    "PhoneInUseError",
    "PluginNotFoundError",
    "QuotaExceededError",
    "RateLimitError",
    "SecondFactorRequiredError",
    "ServerError",
    "TariffChangeNotAllowedError",
    "TariffChangeTooFrequentError",
    "TariffNotFoundError",
    "TariffRestrictionError",
    "TimeSpanTooBigError",
    "TimeoutNotReachedError",
    "TooFewZonePointsError",
    "TooManyEntitiesError",
    "TooManySensorsError",
    "TooManyZonePointsError",
    "UnknownDeviceModelError",
    "ValidationFailedError",
    "WrongActivationCodeError",
    "WrongAuthCodeError",
    "WrongPasswordError",
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

"""fleetapi: a typed client for the fleet and field-workforce tracking web API.

Examples:
    >>> from fleetapi import Client
    >>> with Client(base_url="https://api.example/v2", api_key="...") as client:
    ...     for key in client.api_keys.list():
    ...         print(key.title)

The clients (and the SDK's own :class:`MalformedAnswerError` and :class:`ServiceOutageError`)
are imported on first use, so
that importing a model or an error class stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fleetapi._errors import (
    CODES,
    AccessDeniedError,
    AccessRestrictedError,
    AlreadyDoneError,
    AuthenticationError,
    BundledSimPhoneError,
    CloneNotAllowedError,
    ClonesOnlyError,
    ConflictError,
    DatabaseError,
    DataNotReadyError,
    DealerNotFoundError,
    DemoModeError,
    DeviceBlockedError,
    DeviceConnectedError,
    DeviceIdInUseError,
    DeviceLimitExceededError,
    DeviceOfflineError,
    DeviceStatusError,
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
    FleetApiError,
    FleetConnectionError,
    FleetError,
    FleetTimeoutError,
    GeocodingFailedError,
    InputInUseError,
    InsecureTransportError,
    InvalidDataFormatError,
    InvalidFileStateError,
    InvalidImportStateError,
    InvalidParametersError,
    InvalidRequestError,
    InvalidStateError,
    InvalidTariffError,
    InvalidTaskStateError,
    LegalTypeNotAllowedError,
    LimitTooBigError,
    LocationAlreadyActualError,
    LoginInUseError,
    MissingCalibrationDataError,
    ModelMismatchError,
    NoChangeNeededError,
    NoDataFileError,
    NonExistentEntitiesError,
    NotFoundError,
    NotSupportedByDeviceError,
    NotSupportedBySensorError,
    NotSupportedForEntityTypeError,
    OperationNotPermittedError,
    OverQuotaError,
    PasswordNotChangedError,
    PermissionDeniedError,
    PhoneInUseError,
    PluginNotFoundError,
    PreconditionFailedError,
    QueueServiceError,
    QuotaExceededError,
    RateLimitError,
    SecondFactorRequiredError,
    ServerError,
    ServiceUnavailableError,
    SessionNotFoundError,
    TariffChangeNotAllowedError,
    TariffChangeTooFrequentError,
    TariffNotFoundError,
    TariffRestrictionError,
    TimeoutNotReachedError,
    TimeSpanTooBigError,
    TooFewZonePointsError,
    TooManyEntitiesError,
    TooManyLoginAttemptsError,
    TooManyRequestsError,
    TooManySensorsError,
    TooManySessionsError,
    TooManyZonePointsError,
    UnexpectedError,
    UnknownDeviceModelError,
    UserNotActivatedError,
    ValidationFailedError,
    WrongActivationCodeError,
    WrongAuthCodeError,
    WrongHashError,
    WrongLoginError,
    WrongPasswordError,
    WrongRequestFormatError,
)
from fleetapi._types import UNSET, Unset

if TYPE_CHECKING:
    from fleetapi._async_client import AsyncClient
    from fleetapi._client import Client
    from fleetapi._core import MalformedAnswerError, ServiceOutageError

__version__ = "0.2.0"

__all__ = [
    "CODES",
    "UNSET",
    "AccessDeniedError",
    "AccessRestrictedError",
    "AlreadyDoneError",
    "AsyncClient",
    "AuthenticationError",
    "BundledSimPhoneError",
    "Client",
    "CloneNotAllowedError",
    "ClonesOnlyError",
    "ConflictError",
    "DataNotReadyError",
    "DatabaseError",
    "DealerNotFoundError",
    "DemoModeError",
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
    "InputInUseError",
    "InsecureTransportError",
    "InvalidDataFormatError",
    "InvalidFileStateError",
    "InvalidImportStateError",
    "InvalidParametersError",
    "InvalidRequestError",
    "InvalidStateError",
    "InvalidTariffError",
    "InvalidTaskStateError",
    "LegalTypeNotAllowedError",
    "LimitTooBigError",
    "LocationAlreadyActualError",
    "LoginInUseError",
    "MalformedAnswerError",
    "MissingCalibrationDataError",
    "ModelMismatchError",
    "NoChangeNeededError",
    "NoDataFileError",
    "NonExistentEntitiesError",
    "NotFoundError",
    "NotSupportedByDeviceError",
    "NotSupportedBySensorError",
    "NotSupportedForEntityTypeError",
    "OperationNotPermittedError",
    "OverQuotaError",
    "PasswordNotChangedError",
    "PermissionDeniedError",
    "PhoneInUseError",
    "PluginNotFoundError",
    "PreconditionFailedError",
    "QueueServiceError",
    "QuotaExceededError",
    "RateLimitError",
    "SecondFactorRequiredError",
    "ServerError",
    "ServiceOutageError",
    "ServiceUnavailableError",
    "SessionNotFoundError",
    "TariffChangeNotAllowedError",
    "TariffChangeTooFrequentError",
    "TariffNotFoundError",
    "TariffRestrictionError",
    "TimeSpanTooBigError",
    "TimeoutNotReachedError",
    "TooFewZonePointsError",
    "TooManyEntitiesError",
    "TooManyLoginAttemptsError",
    "TooManyRequestsError",
    "TooManySensorsError",
    "TooManySessionsError",
    "TooManyZonePointsError",
    "UnexpectedError",
    "UnknownDeviceModelError",
    "Unset",
    "UserNotActivatedError",
    "ValidationFailedError",
    "WrongActivationCodeError",
    "WrongAuthCodeError",
    "WrongHashError",
    "WrongLoginError",
    "WrongPasswordError",
    "WrongRequestFormatError",
    "__version__",
]


def __getattr__(name: str) -> Any:
    if name == "Client":
        from fleetapi._client import Client

        return Client
    if name == "AsyncClient":
        from fleetapi._async_client import AsyncClient

        return AsyncClient
    if name == "MalformedAnswerError":
        from fleetapi._core import MalformedAnswerError

        return MalformedAnswerError
    if name == "ServiceOutageError":
        from fleetapi._core import ServiceOutageError

        return ServiceOutageError
    raise AttributeError(f"module 'fleetapi' has no attribute {name!r}")

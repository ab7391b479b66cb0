"""Codes 201-299: what a call names is missing, in use, of the wrong kind, too big or too many.

Each class registers its code with :class:`~fleetapi._error_families.FleetApiError` when this
module is imported (:mod:`fleetapi._errors` does, and builds the table of every code).
"""

from __future__ import annotations

from typing import Any

from fleetapi._error_families import (
    ConflictError,
    InvalidRequestError,
    InvalidStateError,
    NotFoundError,
    QuotaExceededError,
    ServerError,
)


class EntityNotFoundError(NotFoundError):
    """Code 201: Not found in the database."""

    code = 201
    description = "Not found in the database"


class TooManyZonePointsError(InvalidRequestError):
    """Code 202: Too many points in zone (a polygon's 500, a sausage's 1024)."""

    code = 202
    description = "Too many points in zone"


class EntityInUseError(ConflictError):
    """Code 203: Delete entity associated with: other entities use the one to delete.

    :attr:`entities` names them as the service lists them (``[{"type": "rules", "ids":
    [...]}]``).
    """

    code = 203
    description = "Delete entity associated with"

    @property
    def entities(self) -> list[dict[str, Any]]:
        """The entities that use the one to delete, by type: ``{"type", "ids"}`` objects."""
        listed = self.extra.get("entities")
        return [e for e in listed if isinstance(e, dict)] if isinstance(listed, list) else []


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


class DeviceOfflineError(InvalidStateError):
    """Code 213: Cannot perform action: the device is offline."""

    code = 213
    description = "Cannot perform action: the device is offline"


class NotSupportedByDeviceError(InvalidRequestError):
    """Code 214: Requested operation or parameters are not supported by the device."""

    code = 214
    description = "Requested operation or parameters are not supported by the device"


class ExternalServiceError(ServerError):
    """Code 215: External service error."""

    code = 215
    description = "External service error"


class ExternalServiceParametersError(InvalidRequestError):
    """Code 218: Malformed external service parameters (a route planner found no way, or
    refused the request: too many waypoints).

    :attr:`errors` holds the provider's details: OSRM's ``status``/``status_code``/
    ``message``, Progorod's ``type``/``point``/``index``, Google's status names each as a
    ``status`` (``{"status": "NOT_FOUND"}``).
    """

    code = 218
    description = "Malformed external service parameters"

    @property
    def statuses(self) -> list[str]:
        """The providers' status names (``NOT_FOUND``, ``MAX_WAYPOINTS_EXCEEDED``...)."""
        return [str(e["status"]) for e in self.errors if "status" in e]


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


class DataNotReadyError(InvalidStateError):
    """Code 229: Requested data is not ready yet (a report still being generated)."""

    code = 229
    description = "Requested data is not ready yet"
    http_status = 404


class NotSupportedForEntityTypeError(InvalidRequestError):
    """Code 230: Not supported for this entity type (points of a circle zone)."""

    code = 230
    description = "Not supported for this entity type"


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


class MissingCalibrationDataError(InvalidRequestError):
    """Code 235: Missing calibration data (an uploaded file has none for the sensor)."""

    code = 235
    description = "Missing calibration data"


class TariffRestrictionError(QuotaExceededError):
    """Code 236: Feature unavailable due to tariff restrictions."""

    code = 236
    description = "Feature unavailable due to tariff restrictions"
    http_status = 402


class InvalidTariffError(NotFoundError):
    """Code 237: Invalid tariff (no plan of the user's dealer has the ID)."""

    code = 237
    description = "Invalid tariff"


class TariffChangeNotAllowedError(InvalidStateError):
    """Code 238: Changing tariff is not allowed (the rules of plans refuse the switch)."""

    code = 238
    description = "Changing tariff is not allowed"
    http_status = 403


class TariffNotFoundError(NotFoundError):
    """Code 239: New tariff does not exist."""

    code = 239
    description = "New tariff does not exist"
    http_status = 404


class TariffChangeTooFrequentError(InvalidStateError):
    """Code 240: Not allowed to change tariff too frequently (within the freeze period)."""

    code = 240
    description = "Not allowed to change tariff too frequently"
    http_status = 403


class ValidationFailedError(InvalidRequestError):
    """Code 242: Validation errors."""

    code = 242
    description = "Validation errors"


class EntityExistsError(ConflictError):
    """Code 247: Entity already exists."""

    code = 247
    description = "Entity already exists"
    http_status = 409


class LocationAlreadyActualError(ConflictError):
    """Code 256: Location already actual (the device reported its position a moment ago)."""

    code = 256
    description = "Location already actual"


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


class EntriesMismatchError(NotFoundError):
    """Code 262: The entries list is missing some entries or names entries that do not exist."""

    code = 262
    description = "Entries list is missing some entries or contains nonexistent entries"


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


class ModelMismatchError(InvalidRequestError):
    """Code 272: Trackers must have the same model."""

    code = 272
    description = "Trackers must have the same model"


class EmptyDataFileError(InvalidRequestError):
    """Code 274: Empty data file."""

    code = 274
    description = "Empty data file"


class InvalidImportStateError(InvalidStateError):
    """Code 280: Invalid import state."""

    code = 280
    description = "Invalid import state"


class TooFewZonePointsError(InvalidRequestError):
    """Code 284: Not enough points for the specified zone type (a polygon's 3, a sausage's 2)."""

    code = 284
    description = "Not enough points for the specified zone type"


class PasswordNotChangedError(InvalidRequestError):
    """Code 245: New password must be different (from the current one)."""

    code = 245
    description = "New password must be different"


class WrongPasswordError(InvalidRequestError):
    """Code 248: Wrong password (the current password given is not the user's)."""

    code = 248
    description = "Wrong password"


class TimeoutNotReachedError(InvalidStateError):
    """Code 264: Timeout not reached (asked again too soon; ``extra`` holds the ``timeout``
    and the ``remainder``, ISO 8601 durations)."""

    code = 264
    description = "Timeout not reached"
    http_status = 403


class WrongAuthCodeError(InvalidRequestError):
    """Code 282: Wrong authentication code (the second factor's code given is not the one
    mailed)."""

    code = 282
    description = "Wrong authentication code"


class AlreadyDoneError(ConflictError):
    """Code 265: Already done (a user activated already)."""

    code = 265
    description = "Already done"
    http_status = 403

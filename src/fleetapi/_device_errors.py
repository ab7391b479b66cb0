"""Codes 201-299 of a tracker's device: registering, replacing and removing it.

Each class registers its code with :class:`~fleetapi._error_families.FleetApiError` when this
module is imported (:mod:`fleetapi._errors` does, and builds the table of every code).
"""

from __future__ import annotations

from fleetapi._error_families import (
    ConflictError,
    InvalidRequestError,
    InvalidStateError,
    NotFoundError,
)


class UnknownDeviceModelError(NotFoundError):
    """Code 220: Unknown device model (not in the platform's catalogue, or not registrable)."""

    code = 220
    description = "Unknown device model"


class PhoneInUseError(ConflictError):
    """Code 223: Phone number already in use (by another device)."""

    code = 223
    description = "Phone number already in use"


class DeviceIdInUseError(ConflictError):
    """Code 224: Device ID already in use (another tracker has the device)."""

    code = 224
    description = "Device ID already in use"


class LegalTypeNotAllowedError(InvalidStateError):
    """Code 225: Not allowed for this legal type (no plan of a new device is for the
    account's legal type)."""

    code = 225
    description = "Not allowed for this legal type"
    http_status = 403


class WrongActivationCodeError(InvalidRequestError):
    """Code 227: Wrong activation code (unknown, or used already)."""

    code = 227
    description = "Wrong activation code"


class BundledSimPhoneError(InvalidRequestError):
    """Code 241: Cannot change phone to bundled sim (the number is a bundle's SIM card's)."""

    code = 241
    description = "Cannot change phone to bundled sim. Contact tech support."


class DeviceConnectedError(InvalidStateError):
    """Code 243: Device already connected (it has reported to the platform)."""

    code = 243
    description = "Device already connected."


class ClonesOnlyError(InvalidStateError):
    """Code 249: Operation available for clones only."""

    code = 249
    description = "Operation available for clones only"
    http_status = 403


class DeviceStatusError(InvalidStateError):
    """Code 266: Cannot perform action for the device in current status (a device that has
    not reported yet)."""

    code = 266
    description = "Cannot perform action for the device in current status"
    http_status = 403

"""Retranslators: forwarding of a device's data to a third-party server (``retranslator/*``)."""

from __future__ import annotations

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "NewRetranslator",
    "Retranslator",
    "RetranslatorCreateParams",
    "RetranslatorDeleteParams",
    "RetranslatorProtocol",
    "RetranslatorUpdateParams",
    "TrackerRetranslator",
    "TrackerRetranslatorBindParams",
    "TrackerRetranslatorUnbindParams",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class RetranslatorProtocol:
    """A protocol a retranslator can speak, and which credentials it uses."""

    id: int
    name: str
    has_login: bool
    """The protocol uses a login."""
    has_password: bool
    """The protocol uses a password."""
    fake_device_id_pattern: str | Unset = UNSET
    """A regular expression that valid ``fake_device_id`` values match."""
    required_login: bool
    """A retranslator of this protocol must have a login."""
    required_password: bool
    """A retranslator of this protocol must have a password."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class _RetranslatorFields:
    """What a retranslator is made of, with or without its ``id``."""

    name: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    protocol_id: int
    """A protocol of ``retranslator/protocol/list``."""
    address: str = attrs.field(metadata=rules(not_blank=True, max_length=255, printable=True))
    """Network address or host name of the receiving server."""
    port: int = attrs.field(metadata=rules(minimum=1, maximum=65535))
    login: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=255))
    """Required when the protocol's ``required_login`` is true; only for protocols with
    ``has_login``."""
    password: str | Unset = attrs.field(default=UNSET, repr=False, metadata=rules(max_length=255))
    """Required when the protocol's ``required_password`` is true; only for protocols with
    ``has_password``. ``retranslator/list`` answers it as stored, like the service."""
    enabled: bool


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewRetranslator(_RetranslatorFields):
    """A retranslator to create (``retranslator/create``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Retranslator(_RetranslatorFields):
    """A retranslator: where and how a device's data is forwarded.

    It is also the body of ``retranslator/update``, which names its target by ``id``.
    """

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class RetranslatorCreateParams:
    """Parameters of ``retranslator/create``."""

    retranslator: NewRetranslator
    """The new retranslator: protocol, address, port, credentials."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RetranslatorDeleteParams:
    """Parameters of ``retranslator/delete``."""

    retranslator_id: int
    """The retranslator."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RetranslatorUpdateParams:
    """Parameters of ``retranslator/update``: the whole retranslator, its ``id`` naming it."""

    retranslator: Retranslator
    """The retranslator with its ID and every field as it should be."""


_FAKE_DEVICE_ID = rules(not_blank=True, max_length=255, printable=True)


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerRetranslator:
    """A tracker's binding to a retranslator: the retranslator forwards the tracker's data."""

    retranslator_id: int
    fake_device_id: str | Unset = attrs.field(default=UNSET, metadata=_FAKE_DEVICE_ID)
    """The device ID the retranslator sends instead of the real one, when set."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerRetranslatorBindParams:
    """Parameters of ``tracker/retranslator/bind``: a new binding, or new values of one."""

    tracker_id: int
    """The tracker whose data to forward."""
    retranslator_id: int
    """A retranslator of ``retranslator/list``."""
    fake_device_id: str | Unset = attrs.field(default=UNSET, metadata=_FAKE_DEVICE_ID)
    """The device ID to send instead of the real one; it must match the protocol's
    ``fake_device_id_pattern`` (242 otherwise). Left out, the real one is sent."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerRetranslatorUnbindParams:
    """Parameters of ``tracker/retranslator/unbind``."""

    tracker_id: int
    """The tracker."""
    retranslator_id: int
    """The retranslator to stop forwarding its data."""

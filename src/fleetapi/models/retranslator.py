"""Retranslators: forwarding of a device's data to a third-party server (``retranslator/*``)."""

from __future__ import annotations

import attrs

from fleetapi._types import UNSET, Unset

__all__ = [
    "NewRetranslator",
    "Retranslator",
    "RetranslatorCreateParams",
    "RetranslatorDeleteParams",
    "RetranslatorProtocol",
    "RetranslatorUpdateParams",
]


@attrs.frozen(kw_only=True)
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


@attrs.frozen(kw_only=True)
class NewRetranslator:
    """A retranslator to create (``retranslator/create``)."""

    name: str
    protocol_id: int
    address: str
    """Network address or host name of the receiving server."""
    port: int
    login: str | Unset = UNSET
    """Required when the protocol's ``required_login`` is true."""
    password: str | Unset = attrs.field(default=UNSET, repr=False)
    """Required when the protocol's ``required_password`` is true."""
    enabled: bool


@attrs.frozen(kw_only=True)
class Retranslator:
    """A retranslator: where and how a device's data is forwarded.

    It is also the body of ``retranslator/update``, which names its target by ``id``.
    """

    id: int
    name: str
    protocol_id: int
    address: str
    """Network address or host name of the receiving server."""
    port: int
    login: str | Unset = UNSET
    password: str | Unset = attrs.field(default=UNSET, repr=False)
    enabled: bool


@attrs.frozen(kw_only=True)
class RetranslatorCreateParams:
    """Parameters of ``retranslator/create``."""

    retranslator: NewRetranslator


@attrs.frozen(kw_only=True)
class RetranslatorDeleteParams:
    """Parameters of ``retranslator/delete``."""

    retranslator_id: int


@attrs.frozen(kw_only=True)
class RetranslatorUpdateParams:
    """Parameters of ``retranslator/update``: the whole retranslator, its ``id`` naming it."""

    retranslator: Retranslator

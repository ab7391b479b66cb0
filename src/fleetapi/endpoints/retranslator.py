"""Retranslators: forwarding device data to third-party servers (``retranslator/*``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, NoParams, Result
from fleetapi.models.retranslator import (
    Retranslator,
    RetranslatorCreateParams,
    RetranslatorDeleteParams,
    RetranslatorProtocol,
    RetranslatorUpdateParams,
)

RETRANSLATOR_CREATE = Endpoint(
    path="retranslator/create",
    params=RetranslatorCreateParams,
    result=Result.field("id", int),
    summary="Create a retranslator that forwards device data to a third-party server.",
    master_only=True,
    errors=(247, 7, 268),
    notes="Code 7 also when a login or password the protocol requires is empty.",
)
RETRANSLATOR_DELETE = Endpoint(
    path="retranslator/delete",
    params=RetranslatorDeleteParams,
    result=Result.nothing(),
    summary="Delete a retranslator.",
    master_only=True,
    errors=(201,),
)
RETRANSLATOR_LIST = Endpoint(
    path="retranslator/list",
    params=NoParams,
    result=Result.field("list", list[Retranslator]),
    summary="List the user's retranslators.",
    safe=True,
)
RETRANSLATOR_UPDATE = Endpoint(
    path="retranslator/update",
    params=RetranslatorUpdateParams,
    result=Result.nothing(),
    summary="Update a retranslator, named by the id inside the retranslator object.",
    master_only=True,
    errors=(201, 247),
    notes=(
        "The specification does not show how the target is named; the service reads "
        "`retranslator.id`."
    ),
    current="retranslator/list",
)
RETRANSLATOR_PROTOCOL_LIST = Endpoint(
    path="retranslator/protocol/list",
    params=NoParams,
    result=Result.field("list", list[RetranslatorProtocol]),
    summary="List the protocols a retranslator can speak.",
    safe=True,
    aliases=("retranslator/protocols/list",),
    notes=(
        "Marked as not available in the specification; the service answers it, also as "
        "`retranslator/protocols/list`."
    ),
)

ENDPOINTS = (
    RETRANSLATOR_CREATE,
    RETRANSLATOR_DELETE,
    RETRANSLATOR_LIST,
    RETRANSLATOR_UPDATE,
    RETRANSLATOR_PROTOCOL_LIST,
)

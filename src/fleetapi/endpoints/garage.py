"""Garages (depots): list, create, update and delete them."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.garage import (
    Garage,
    GarageCreateParams,
    GarageDeleteParams,
    GarageUpdateParams,
)

GARAGE_LIST = Endpoint(
    path="garage/list",
    params=NoParams,
    result=Result.field("list", list[Garage]),
    summary="List the user's garages (depots).",
    safe=True,
)
GARAGE_CREATE = Endpoint(
    path="garage/create",
    params=GarageCreateParams,
    result=Result.field("id", int),
    summary="Create a garage and get its ID.",
    right="vehicle_update",
)
GARAGE_UPDATE = Endpoint(
    path="garage/update",
    params=GarageUpdateParams,
    result=Result.nothing(),
    summary="Update a garage.",
    right="vehicle_update",
    errors=(201,),
    current="garage/list",
)
GARAGE_DELETE = Endpoint(
    path="garage/delete",
    params=GarageDeleteParams,
    result=Result.nothing(),
    summary="Delete a garage.",
    right="vehicle_update",
    errors=(201,),
    decisions=(Decision("Garage deletion", "The garage's vehicles get a null `garage_id`."),),
)

ENDPOINTS = (GARAGE_LIST, GARAGE_CREATE, GARAGE_UPDATE, GARAGE_DELETE)

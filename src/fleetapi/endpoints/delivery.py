"""Delivery tracking by a task's external ID."""

from __future__ import annotations

from fleetapi._endpoint import Access, Endpoint, Result
from fleetapi.models.delivery import (
    DeliveryInfo,
    DeliveryList,
    DeliveryListParams,
    DeliveryReadParams,
)

_SEARCH = (
    "Searches only tasks and checkpoints whose start (`from`) is not later than now and whose "
    "status is `arrived`, `assigned` or `delayed`; code 201 when none matches. Accepts a user "
    "credential or the special DELIVERY session. `restrictions` is the owner's tariff "
    "restrictions object, kept as a plain mapping since the spec does not show its fields."
)

DELIVERY_READ = Endpoint(
    path="delivery/read",
    params=DeliveryReadParams,
    result=Result.body(DeliveryInfo),
    summary="Track the delivery of the task with an external ID: task, tracker, carrier, ETA.",
    access=Access.DELIVERY,
    errors=(201,),
    safe=True,
    notes="When several match, the first task is returned, otherwise the checkpoint. " + _SEARCH,
)
DELIVERY_LIST = Endpoint(
    path="delivery/list",
    params=DeliveryListParams,
    result=Result.body(DeliveryList),
    summary="Track every delivery whose task carries an external ID.",
    access=Access.DELIVERY,
    errors=(201,),
    safe=True,
    notes="All matches are returned (several tasks may share an external ID). " + _SEARCH,
)

ENDPOINTS = (DELIVERY_READ, DELIVERY_LIST)

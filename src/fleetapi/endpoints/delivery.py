"""Delivery tracking by a task's external ID."""

from __future__ import annotations

from fleetapi._endpoint import Access, Decision, Endpoint, Result
from fleetapi.models.delivery import (
    DeliveryInfo,
    DeliveryList,
    DeliveryListParams,
    DeliveryReadParams,
)

_ACCESS = "Accepts a user credential or the special DELIVERY session."

DELIVERY_READ = Endpoint(
    path="delivery/read",
    params=DeliveryReadParams,
    result=Result.body(DeliveryInfo),
    summary="Track the delivery of the task with an external ID: task, tracker, carrier, ETA.",
    access=Access.DELIVERY,
    errors=(201,),
    safe=True,
    notes=_ACCESS,
    decisions=(
        Decision(
            "Delivery search",
            "The caller's visible tasks and checkpoints with that external ID (compared as "
            "text), a tracker, `from` not later than now and an evaluated status `arrived`, "
            "`assigned` or `delayed`; none is 201 for both calls. `read` takes the lowest-id "
            "plain task, else the lowest-id checkpoint; `list` answers tasks first, then "
            "checkpoints, each by id.",
        ),
        Decision(
            "Delivery `estimated_time`",
            "0 once arrived (`arrived`, `delayed`); for `assigned`, the great-circle distance "
            "from the tracker's last position to the zone's edge at 40 km/h, rounded up to "
            "whole seconds; null without a position.",
        ),
        Decision(
            "Delivery `restrictions`",
            '`{"features": [...]}`: the sorted tariff features of the trackers answered. Kept '
            "as a free-form object (a plain mapping in the SDK), since the specification does "
            "not show its fields.",
        ),
        Decision(
            "Delivery names",
            "Employee names from the employee bound to the task's tracker (null without one); "
            "`vehicle_label` from the vehicle bound to it.",
        ),
    ),
)
DELIVERY_LIST = Endpoint(
    path="delivery/list",
    params=DeliveryListParams,
    result=Result.body(DeliveryList),
    summary="Track every delivery whose task carries an external ID.",
    access=Access.DELIVERY,
    errors=(201,),
    safe=True,
    notes=f"Several tasks may share an external ID. {_ACCESS}",
)

ENDPOINTS = (DELIVERY_READ, DELIVERY_LIST)

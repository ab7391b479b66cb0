"""Delivery tracking by external ID.

Both accept a user credential or a DELIVERY session, and search the caller's visible tasks and
checkpoints whose external ID is the given number, whose ``from`` is not later than now and
whose evaluated status is ``arrived``, ``assigned`` or ``delayed``; none answers 201.

* ``estimated_time``: 0 once the tracker has arrived (``arrived``, ``delayed``); for an
  ``assigned`` task, the great-circle distance from the tracker's last known position to the
  edge of the zone at :data:`ASSUMED_SPEED_KMH`, in whole seconds; null when the tracker has no
  position.
* ``restrictions``: ``{"features": [...]}``, the tariff features of the trackers answered
  (``app_tasks``, ``weblocator``, ``checkin``...), sorted.
* Employee names come from the employee bound to the task's tracker, ``vehicle_label`` from the
  vehicle bound to it; both null when there is none.
"""

from __future__ import annotations

import math
from typing import Any, Final

from gpxpy.geo import haversine_distance

from fleetapi._errors import EntityNotFoundError
from fleetapi.endpoints.delivery import DELIVERY_LIST, DELIVERY_READ
from fleetapi.models.delivery import (
    DeliveryInfo,
    DeliveryItem,
    DeliveryList,
    DeliveryListParams,
    DeliveryReadParams,
)
from fleetapi.models.task import Task
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.task import Board
from fleetapi_mock.domain.tracker import wire_tracker
from fleetapi_mock.handlers import handles

__all__ = ["ASSUMED_SPEED_KMH", "DELIVERED_STATES"]

ASSUMED_SPEED_KMH: Final = 40
"""The average speed ``estimated_time`` assumes from the tracker's position to the zone."""

DELIVERED_STATES: Final = frozenset({"arrived", "assigned", "delayed"})


def _matches(board: Board, external_id: int) -> list[Task]:
    wanted = str(external_id)
    return [
        task
        for task in board.tasks()
        if task.external_id == wanted
        and task.tracker_id is not None
        and task.from_ <= board.now
        and board.progress(task).status in DELIVERED_STATES
    ]


def _item(board: Board, task: Task) -> DeliveryItem:
    world = board.world
    assert task.tracker_id is not None
    tracker = world.trackers[task.tracker_id]
    employee = next(
        (e for _, e in sorted(world.employees.items()) if e.tracker_id == tracker.id), None
    )
    vehicle = next(
        (v for _, v in sorted(world.vehicles.items()) if v.tracker_id == tracker.id), None
    )
    status = board.progress(task).status
    estimated: int | None
    if status != "assigned":
        estimated = 0
    elif tracker.state.lat is None or tracker.state.lng is None:
        estimated = None
    else:
        away = haversine_distance(
            tracker.state.lat, tracker.state.lng, task.location.lat, task.location.lng
        )
        radius = task.location.radius if isinstance(task.location.radius, int) else 0
        estimated = math.ceil(max(0.0, away - radius) / (ASSUMED_SPEED_KMH / 3.6))
    return DeliveryItem(
        task=board.wire(task),
        tracker=wire_tracker(tracker),
        first_name=employee.first_name if employee else None,
        middle_name=employee.middle_name if employee else None,
        last_name=employee.last_name if employee else None,
        vehicle_label=vehicle.label if vehicle is not None else None,
        estimated_time=estimated,
    )


def _restrictions(board: Board, tasks: list[Task]) -> dict[str, Any]:
    features: set[str] = set()
    for task in tasks:
        assert task.tracker_id is not None
        tariff = board.world.tariffs.get(board.world.trackers[task.tracker_id].tariff_id)
        features.update(tariff.features if tariff else ())
    return {"features": sorted(features)}


@handles(DELIVERY_READ)
def delivery_read(ctx: Context, params: DeliveryReadParams) -> DeliveryInfo:
    """The first matching task, else the first matching checkpoint.

    It comes with its tracker, employee, vehicle and estimated time.
    """
    board = Board(ctx)
    found = _matches(board, params.external_id)
    if not found:
        raise EntityNotFoundError(f"no delivery with the external ID {params.external_id}")
    task = next((t for t in found if t.parent_id is None), found[0])
    item = _item(board, task)
    return DeliveryInfo(
        user_id=board.account_id,
        task=item.task,
        tracker=item.tracker,
        restrictions=_restrictions(board, [task]),
        first_name=item.first_name,
        middle_name=item.middle_name,
        last_name=item.last_name,
        vehicle_label=item.vehicle_label,
        estimated_time=item.estimated_time,
    )


@handles(DELIVERY_LIST)
def delivery_list(ctx: Context, params: DeliveryListParams) -> DeliveryList:
    """Every matching task and checkpoint, tasks first.

    Each comes with its tracker, employee, vehicle and estimated time.
    """
    board = Board(ctx)
    found = _matches(board, params.external_id)
    if not found:
        raise EntityNotFoundError(f"no delivery with the external ID {params.external_id}")
    found.sort(key=lambda t: (t.parent_id is not None, t.id))
    return DeliveryList(
        list=[_item(board, t) for t in found],
        user_id=board.account_id,
        restrictions=_restrictions(board, found),
    )

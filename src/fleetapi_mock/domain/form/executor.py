"""The executor's side of a task form: the mobile app fills it in and submits it.

No call of the API does this (the app does): :meth:`FleetMock.submit_task_form
<fleetapi_mock.FleetMock.submit_task_form>` and the control route ``POST /__mock__/task_form``
do it through :func:`submit_task_form`, checking the values as every submission is checked
(code 242) and stamping the world time. A task with a form completes only once it is
submitted (:mod:`fleetapi_mock.domain.lifecycle`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fleetapi.models.common import Location
from fleetapi.models.form import Form
from fleetapi_mock.domain.form import check_values, submit_form
from fleetapi_mock.state.clock import zone

if TYPE_CHECKING:
    from fleetapi_mock.state.world import World

__all__ = ["submit_task_form"]


def submit_task_form(
    world: World,
    task_id: int,
    values: Mapping[str, Any],
    *,
    location: Location | None = None,
) -> Form:
    """Fill in and submit the form of task ``task_id`` at the world's time, as the executor's
    app does (hold the world's lock).

    ``values`` maps field IDs to values (``{"type": "text", "value": "..."}`` or
    :data:`~fleetapi.models.form.FormValue` models); dates are checked against the owner's
    date. A new submission replaces the values of an earlier one.

    Raises:
        KeyError: the task has no form.
        fleetapi.ValidationFailedError: the values are invalid (code 242, per field).
    """
    record = next((r for r in world.forms.values() if r.task_id == task_id), None)
    if record is None:
        raise KeyError(f"task {task_id} has no form")
    owner = world.users[record.user_id]
    local = world.now().replace(tzinfo=dt.timezone.utc).astimezone(zone(owner.time_zone))
    checked = check_values(world, record, values, today=local.date())
    return submit_form(world, record, checked, location=location)

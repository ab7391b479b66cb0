"""What the task, route and checkpoint calls share when they change tasks: assigning a group,
rewriting a task's content, keeping a route's windows in order, deleting tasks with their forms.

A route's checkpoints are tasks of ``world.tasks`` (type ``checkpoint``, ``parent_id`` the
route, ``order`` their position), the route in ``world.routes`` lists them in
``checkpoint_ids``; :meth:`~fleetapi_mock.domain.task.Board.refresh_route` renumbers them and
takes the route's window from its first and last, or deletes a route left empty.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

import attrs

from fleetapi._errors import EntityMissingError, EntityNotFoundError
from fleetapi._types import Unset
from fleetapi.models.task import Route, Task, TaskContent, TaskStatus
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.form import delete_form
from fleetapi_mock.domain.task import Board, usable_tracker, value_or

__all__ = ["assign", "delete_tasks", "find_route", "rewrite", "window_problems"]

Window = tuple[dt.datetime, dt.datetime]
"""A task's ``from`` and ``to`` (world time)."""


def window_problems(windows: Sequence[Window], names: Sequence[str | None]) -> list[dict[str, str]]:
    """The checkpoints, in route order, whose window ends before the previous one starts.

    ``names[i]`` is how the request names checkpoint ``i`` (``checkpoints[2]``), or ``None``
    when it did not send it: each problem names the later checkpoint's ``to`` if it was sent,
    else the earlier one's ``from``, else ``route.checkpoint_ids`` (a reordering).
    """
    problems = []
    for i in range(1, len(windows)):
        if windows[i][1] >= windows[i - 1][0]:
            continue
        if names[i] is not None:
            error = "must not be before the previous checkpoint's from"
            problems.append({"parameter": f"{names[i]}.to", "error": error})
        elif names[i - 1] is not None:
            error = "must not be after the next checkpoint's to"
            problems.append({"parameter": f"{names[i - 1]}.from", "error": error})
        else:
            error = f"checkpoint {i} would end before checkpoint {i - 1} starts"
            problems.append({"parameter": "route.checkpoint_ids", "error": error})
    return problems


def find_route(board: Board, route_id: int) -> Route:
    """The route ``route_id`` the caller sees; 201 for anything else."""
    entity = board.find(route_id)
    if not isinstance(entity, Route):
        raise EntityNotFoundError(f"{route_id} is not a route")
    return entity


def rewrite(task: Task, content: TaskContent, window: Window) -> Task:
    """``task`` with the content of an update (omitted optional fields kept)."""
    return attrs.evolve(
        task,
        location=content.location.to_location(),
        label=content.label,
        description=content.description,
        from_=window[0],
        to=window[1],
        external_id=value_or(content.external_id, task.external_id),
        max_delay=value_or(content.max_delay, task.max_delay),
        min_stay_duration=value_or(content.min_stay_duration, task.min_stay_duration),
        min_arrival_duration=value_or(content.min_arrival_duration, task.min_arrival_duration),
        tags=list(value_or(content.tags, task.tags)),
        fields=task.fields if isinstance(content.fields, Unset) else content.fields,
    )


def assign(ctx: Context, board: Board, entity: Task | Route, tracker_id: int | None) -> None:
    """Assign a task, or a route with all its checkpoints (a checkpoint moves its route), to
    ``tracker_id`` (``None``: unassign).

    255 unless every member is ``unassigned`` or ``assigned``; then 204 for a tracker the
    caller does not see, 208 for a blocked one, 236 for one without tasks in its tariff.
    """
    route = entity if isinstance(entity, Route) else board.route_of(entity)
    group: list[Task | Route] = [route, *board.checkpoints(route)] if route else [entity]
    board.require_editable(group)
    if tracker_id is not None:
        usable_tracker(ctx, tracker_id, EntityMissingError)
    now = ctx.now().replace(microsecond=0)
    status: TaskStatus = "assigned" if tracker_id is not None else "unassigned"
    for member in group:
        if member.tracker_id == tracker_id and member.status == status:
            continue
        changed = attrs.evolve(member, tracker_id=tracker_id, status=status, status_change_date=now)
        if isinstance(changed, Route):
            ctx.world.routes[changed.id] = changed
        else:
            ctx.world.tasks[changed.id] = changed


def delete_tasks(ctx: Context, task_ids: Iterable[int]) -> None:
    """Remove tasks or checkpoints and their forms (their routes are not refreshed)."""
    doomed = set(task_ids)
    for record in [r for r in ctx.world.forms.values() if r.task_id in doomed]:
        delete_form(ctx.world, record)
    for task_id in doomed:
        ctx.world.tasks.pop(task_id, None)

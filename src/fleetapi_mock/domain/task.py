"""Tasks as one request sees them (the board shared by the task, delivery and batch handlers).

Tasks and checkpoints live in ``world.tasks`` and routes in ``world.routes``, as the API's own
models (date/times in UTC). The tracker-driven fields (status, arrival, stay) are evaluated on
every read by :mod:`fleetapi_mock.domain.lifecycle` from the tracker's points and the world clock.

Visibility: a user sees the tasks of their account; a sub-user limited to some trackers sees
the tasks assigned to those trackers and the unassigned tasks of the account (the pool they
dispatch from). Anything else answers as missing (201).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import Any, Final, TypeVar

import attrs

from fleetapi._errors import (
    DeviceBlockedError,
    EntityNotFoundError,
    FleetApiError,
    InvalidTaskStateError,
    TariffRestrictionError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.models.task import (
    ExternalIdCount,
    NewTask,
    Route,
    Task,
    TaskContent,
    TaskStatus,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.form import create_form, delete_form, template_of, wire_form
from fleetapi_mock.domain.lifecycle import EDITABLE_STATES, Progress, evaluate_route, evaluate_task
from fleetapi_mock.domain.tariff import TASKS_FEATURE, has_feature
from fleetapi_mock.state.records import (
    FormRecord,
    FormTemplateRecord,
    TrackerRecord,
    TrackPointRecord,
)
from fleetapi_mock.state.world import World

__all__ = [
    "MAX_CHECKPOINTS",
    "Board",
    "attach_form",
    "check_content",
    "check_tags",
    "check_window",
    "form_template_for",
    "forms_by_task",
    "new_task",
    "task_progress",
    "usable_tracker",
    "value_or",
]

MAX_CHECKPOINTS: Final = 500
"""Checkpoints per route."""

_T = TypeVar("_T")

_TRACKER = attrgetter("tracker_id")
"""A task's tracker (the collection counts tasks by account and tracker)."""

_EXTERNAL_ID = attrgetter("external_id")
"""A task's or a route's external ID (the collections count them by account and ID)."""


class Board:
    """The tasks as one request sees them: visibility, lookups and evaluated progress."""

    def __init__(self, ctx: Context) -> None:
        self.ctx: Context = ctx
        self.world: World = ctx.world
        self.now: dt.datetime = ctx.now()
        self.account_id: int = ctx.account.id
        self._forms: dict[int, FormRecord] | None = None
        self._progress: dict[int, Progress] = {}
        self._trackers: set[int] | None = None

    # --- Visibility and lookups -----------------------------------------------------------

    def visible(self, entity: Task | Route) -> bool:
        """Whether the caller may see ``entity``."""
        if not self.world.belongs(entity, self.account_id):
            return False
        return entity.tracker_id is None or entity.tracker_id in self._seen_trackers()

    def _seen_trackers(self) -> set[int]:
        """The trackers the caller sees, worked out once per request."""
        if self._trackers is None:
            self._trackers = self.ctx.visible_tracker_ids()
        return self._trackers

    def find(self, entity_id: int) -> Task | Route:
        """The task, checkpoint or route ``entity_id`` the caller sees; else 201."""
        entity: Task | Route | None = self.world.tasks.get(entity_id) or self.world.routes.get(
            entity_id
        )
        if entity is None or not self.visible(entity):
            raise EntityNotFoundError(f"no task {entity_id}")
        return entity

    def tasks(self) -> list[Task]:
        """Every task and checkpoint the caller sees, by id."""
        return [
            t for t in self.world.owned_by(self.world.tasks, self.account_id) if self.visible(t)
        ]

    def routes(self) -> list[Route]:
        """Every route the caller sees, by id."""
        owned = self.world.owned_by(self.world.routes, self.account_id)
        return [r for r in owned if self.visible(r)]

    def count(self) -> int:
        """How many tasks and checkpoints the caller sees (those :meth:`tasks` lists), read
        from the collection's counts by account and tracker."""
        seen = self._seen_trackers()
        return sum(
            number
            for (account, tracker), number in self.world.tasks.counts(_TRACKER).items()
            if account == self.account_id and (tracker is None or tracker in seen)
        )

    def checkpoints(self, route: Route) -> list[Task]:
        """The checkpoints of ``route`` in order."""
        return [self.world.tasks[i] for i in route.checkpoint_ids if i in self.world.tasks]

    def route_of(self, task: Task) -> Route | None:
        """The route of a checkpoint (``None`` for a plain task)."""
        return None if task.parent_id is None else self.world.routes.get(task.parent_id)

    # --- Lifecycle ------------------------------------------------------------------------

    def points(self, tracker_id: int) -> Sequence[TrackPointRecord]:
        """The recorded points of a tracker in time order."""
        return self.world.points_of(tracker_id)

    def form_of(self, task: Task) -> FormRecord | None:
        """The form of a task or checkpoint, from the world's form store."""
        if self._forms is None:
            self._forms = forms_by_task(self.world)
        return self._forms.get(task.id)

    def progress(self, task: Task) -> Progress:
        """The evaluated tracker-driven fields of a task or checkpoint."""
        if task.id not in self._progress:
            self._progress[task.id] = task_progress(self.world, task, self.now, self.form_of(task))
        return self._progress[task.id]

    def status(self, entity: Task | Route) -> TaskStatus:
        """The evaluated status of a task, checkpoint or route."""
        if isinstance(entity, Route):
            return self.route_progress(entity)[0]
        return self.progress(entity).status

    def route_progress(self, route: Route) -> tuple[TaskStatus, dt.datetime]:
        """A route's status and status change date, from its checkpoints."""
        checkpoints = self.checkpoints(route)
        status, changed = evaluate_route(route, [(c, self.progress(c)) for c in checkpoints])
        return status, changed

    # --- Wire objects ---------------------------------------------------------------------

    def wire(self, task: Task) -> Task:
        """A task or checkpoint as the caller sees it: evaluated, in their time zone."""
        progress = self.progress(task)
        ctx = self.ctx
        return attrs.evolve(
            task,
            creation_date=ctx.user_time(task.creation_date),
            from_=ctx.user_time(task.from_),
            to=ctx.user_time(task.to),
            status=progress.status,
            status_change_date=ctx.user_time(progress.status_change_date),
            arrival_date=ctx.optional_user_time(progress.arrival_date),
            stay_duration=progress.stay_duration,
            form=wire_form(ctx, form) if (form := self.form_of(task)) is not None else None,
        )

    def wire_route(self, route: Route) -> Route:
        """A route as the caller sees it."""
        status, changed = self.route_progress(route)
        ctx = self.ctx
        return attrs.evolve(
            route,
            creation_date=ctx.user_time(route.creation_date),
            from_=ctx.user_time(route.from_),
            to=ctx.user_time(route.to),
            status=status,
            status_change_date=ctx.user_time(changed),
        )

    # --- Changes --------------------------------------------------------------------------

    def require_editable(self, entities: Iterable[Task | Route]) -> None:
        """255 unless every entity is ``unassigned`` or ``assigned``."""
        for entity in entities:
            status = self.status(entity)
            if status not in EDITABLE_STATES:
                raise InvalidTaskStateError(f"task {entity.id} is {status}")

    def external_id_counts(
        self, external_ids: Iterable[str | Unset | None], exclude: Iterable[int]
    ) -> list[ExternalIdCount] | Unset:
        """How many other entities of the account carry each given external ID."""
        world, account = self.world, self.account_id
        skipped = [world.tasks.get(i) or world.routes.get(i) for i in set(exclude)]
        counts: list[ExternalIdCount] = []
        for external_id in dict.fromkeys(e for e in external_ids if isinstance(e, str)):
            key = (account, external_id)  # the tables' counts: no pass over every task
            count = world.tasks.counts(_EXTERNAL_ID)[key] + world.routes.counts(_EXTERNAL_ID)[key]
            count -= sum(
                1
                for entity in skipped
                if entity is not None
                and world.belongs(entity, account)
                and entity.external_id == external_id
            )
            if count:
                counts.append(ExternalIdCount(external_id=external_id, count=count))
        return counts or UNSET

    def refresh_route(self, route_id: int) -> None:
        """Renumber a route's checkpoints and take its window from the first and last."""
        route = self.world.routes[route_id]
        ids = [i for i in route.checkpoint_ids if i in self.world.tasks]
        if not ids:
            del self.world.routes[route_id]
            return
        for order, checkpoint_id in enumerate(ids):
            checkpoint = self.world.tasks[checkpoint_id]
            if checkpoint.order != order:
                self.world.tasks[checkpoint_id] = attrs.evolve(checkpoint, order=order)
        first, last = self.world.tasks[ids[0]], self.world.tasks[ids[-1]]
        self.world.routes[route_id] = attrs.evolve(
            route, checkpoint_ids=ids, from_=first.from_, to=last.to
        )


def forms_by_task(world: World) -> dict[int, FormRecord]:
    """The forms of tasks and checkpoints, by task."""
    return {r.task_id: r for r in world.forms.values() if r.task_id is not None}


def task_progress(world: World, task: Task, now: dt.datetime, form: FormRecord | None) -> Progress:
    """The tracker-driven fields of a task or checkpoint at ``now`` (``form``: its form)."""
    points = world.points_of(task.tracker_id) if task.tracker_id is not None else []
    return evaluate_task(
        task,
        points,
        now,
        needs_form=form is not None,
        form_submitted=form.submitted if form is not None else None,
    )


def usable_tracker(
    ctx: Context, tracker_id: int, missing: Callable[[str], FleetApiError]
) -> TrackerRecord:
    """The tracker a task may be assigned to: visible (else ``missing``), not blocked (208),
    on a tariff with tasks (236)."""
    record = ctx.visible_tracker(tracker_id)
    if record is None:
        raise missing(f"no tracker {tracker_id}")
    if record.blocked:
        raise DeviceBlockedError(f"tracker {tracker_id} is blocked")
    if not has_feature(ctx.world, record, TASKS_FEATURE):
        raise TariffRestrictionError(f"the tariff of tracker {tracker_id} has no tasks")
    return record


def check_window(
    ctx: Context,
    start: dt.datetime,
    end: dt.datetime,
    at: Callable[[str], str],
    errors: list[dict[str, str]],
) -> None:
    """A task's window (world time): ``to`` not in the past, ``from`` not after ``to``."""
    if end < ctx.now().replace(microsecond=0):
        errors.append({"parameter": at("to"), "error": "must not be in the past"})
    if start > end:
        errors.append({"parameter": at("from"), "error": "must not be later than to"})


# --- Creating tasks ----------------------------------------------------------------------


def value_or(value: _T | Unset, default: _T) -> _T:
    """``value``, or ``default`` when it was omitted."""
    return default if isinstance(value, Unset) else value


def check_content(
    ctx: Context, content: TaskContent, where: str, errors: list[dict[str, str]]
) -> tuple[dt.datetime, dt.datetime]:
    """The window of ``content`` in world time; its problems are added to ``errors``.

    The checks metadata cannot declare: ``to`` not in the past, ``from`` not after ``to``,
    tags of the account. ``where`` prefixes the parameter names (``task``, or ``""``).
    """

    def at(name: str) -> str:
        return f"{where}.{name}" if where else name

    start = ctx.request_time(content.from_, at("from"))
    end = ctx.request_time(content.to, at("to"))
    check_window(ctx, start, end, at, errors)
    check_tags(ctx, value_or(content.tags, []), at, errors)
    return start, end


def check_tags(
    ctx: Context, tags: Sequence[int], at: Callable[[str], str], errors: list[dict[str, str]]
) -> None:
    """Add to ``errors`` each of ``tags`` that is not one of the account's (named by ``at``)."""
    known = {t.id for t in ctx.owned(ctx.world.tags)}
    for index, tag in enumerate(tags):
        if tag not in known:
            errors.append({"parameter": at(f"tags[{index}]"), "error": f"no tag {tag}"})


def form_template_for(
    ctx: Context, create_form: bool | Unset, template_id: int | Unset | None
) -> FormTemplateRecord | Unset | None:
    """The form template a create or update asks for: ``UNSET`` when it asks nothing
    (``create_form`` not true, or no ``form_template_id``), ``None`` for no form; 201 for a
    template the account does not have."""
    if create_form is not True or isinstance(template_id, Unset):
        return UNSET
    if template_id is None:
        return None
    template = template_of(ctx.world, ctx.account.id, template_id)
    if template is None:
        raise EntityNotFoundError(f"no form template {template_id}")
    return template


def attach_form(ctx: Context, task: Task, template: FormTemplateRecord | Unset | None) -> Task:
    """Give ``task`` (stored) a form made from ``template`` (``None``: no form)."""
    if isinstance(template, Unset):
        return task
    existing = next((r for r in ctx.world.forms.values() if r.task_id == task.id), None)
    if existing is not None and template is not None and existing.template_id == template.id:
        return task
    if existing is not None:
        delete_form(ctx.world, existing)
    if template is not None:
        create_form(ctx.world, template, owner_id=task.user_id, task_id=task.id)
    task = attrs.evolve(task, form_template_id=None if template is None else template.id)
    ctx.world.tasks[task.id] = task
    return task


def new_task(
    ctx: Context,
    task_id: int,
    content: NewTask,
    window: tuple[dt.datetime, dt.datetime],
    tracker_id: int | None,
    **extra: Any,
) -> Task:
    """A new task (or checkpoint) of the caller's account from ``content``, in ``window``
    (world time), assigned to ``tracker_id`` when given; ``extra`` sets more fields."""
    now = ctx.now().replace(microsecond=0)
    return Task(
        id=task_id,
        user_id=ctx.account.id,
        tracker_id=tracker_id,
        label=content.label,
        description=content.description,
        creation_date=now,
        from_=window[0],
        to=window[1],
        external_id=value_or(content.external_id, None),
        status="assigned" if tracker_id is not None else "unassigned",
        status_change_date=now,
        origin="manual",
        tags=list(value_or(content.tags, [])),
        location=content.location.to_location(),
        max_delay=value_or(content.max_delay, 0),
        min_stay_duration=value_or(content.min_stay_duration, 0),
        min_arrival_duration=value_or(content.min_arrival_duration, 0),
        arrival_date=None,
        stay_duration=0,
        fields=content.fields,
        **extra,
    )

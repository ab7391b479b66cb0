"""Which forms a caller sees (``form/read``, ``form/download``): the account's task forms
whose task the caller sees, and its check-in forms whose tracker it sees."""

from __future__ import annotations

from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.form import form_of
from fleetapi_mock.domain.task import Board
from fleetapi_mock.state.records import FormRecord

__all__ = ["visible_form"]


def visible_form(ctx: Context, form_id: int) -> FormRecord | None:
    """The form ``form_id`` when the caller sees it, else ``None``.

    A task form is seen with its task (a sub-user limited to some trackers sees the tasks of
    those and the unassigned ones), a check-in form with the tracker it was made for.
    """
    record = form_of(ctx.world, ctx.account.id, form_id)
    if record is None:
        return None
    if record.task_id is not None:
        task = ctx.world.tasks.get(record.task_id)
        return record if task is not None and Board(ctx).visible(task) else None
    if record.tracker_id is not None and ctx.visible_tracker(record.tracker_id) is None:
        return None
    return record

"""The form of a task or checkpoint: attaching and deleting it, reading it with its files,
correcting a submitted form's values, reserving files for its fields, and its document
(listing forms is :mod:`.listing`'s).

Forms live in the world's form store with the check-in forms (:mod:`fleetapi_mock.domain.form`),
made from templates, checked and submitted by the same functions. A task form is filled in by
the executor's app (``FleetMock.submit_task_form``, ``POST /__mock__/task_form``); through the
API its values are corrected afterwards. The task is found as ``task/read`` finds it (a
sub-user sees the tasks of its trackers and the unassigned ones): anything else, and a route,
is 201.
"""

from __future__ import annotations

from typing import Final

from fleetapi._errors import (
    DemoModeError,
    EntityExistsError,
    EntityNotFoundError,
    InvalidTaskStateError,
)
from fleetapi.endpoints.task_form import (
    TASK_FORM_CREATE,
    TASK_FORM_DELETE,
    TASK_FORM_DOWNLOAD,
    TASK_FORM_FILE_CREATE,
    TASK_FORM_READ,
    TASK_FORM_VALUES_UPDATE,
)
from fleetapi.models.files import UploadTicket
from fleetapi.models.task import Route, Task
from fleetapi.models.task_form import (
    TaskFormCreateParams,
    TaskFormDownloadParams,
    TaskFormFileCreateParams,
    TaskFormParams,
    TaskFormReadResult,
    TaskFormValuesUpdateParams,
)
from fleetapi_mock.domain import file as files
from fleetapi_mock.domain import form as forms
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.form.document import form_document
from fleetapi_mock.domain.form.files import field_files
from fleetapi_mock.domain.lifecycle import ACTIVE_STATES
from fleetapi_mock.domain.subuser import rights_of
from fleetapi_mock.domain.task import Board, attach_form
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import FormRecord

COMPLETED_FORM_STATES: Final = frozenset({"done", "failed", "delayed"})
"""The states in which a caller holding ``completed_form_update`` may still change a task's
form (beside the active ones)."""

COMPLETED_FORM_RIGHT: Final = "completed_form_update"
"""The right to change the form of a completed task."""


def _task(board: Board, task_id: int) -> Task:
    """The task or checkpoint ``task_id`` the caller sees; 201 otherwise (a route too)."""
    entity = board.find(task_id)
    if isinstance(entity, Route):
        raise EntityNotFoundError(f"{task_id} is a route, not a task")
    return entity


def _form(board: Board, task: Task) -> FormRecord:
    """The task's form; 201 when it has none."""
    form = board.form_of(task)
    if form is None:
        raise EntityNotFoundError(f"task {task.id} has no form")
    return form


def _require_state(ctx: Context, board: Board, task: Task, *, completed: bool) -> None:
    """255 unless the task is active, or (with ``completed``) completed and the caller holds
    ``completed_form_update``."""
    status = board.status(task)
    if status in ACTIVE_STATES:
        return
    if completed and status in COMPLETED_FORM_STATES:
        user = ctx.require_user()
        if user.is_master or COMPLETED_FORM_RIGHT in rights_of(ctx.world, user):
            return
    raise InvalidTaskStateError(f"task {task.id} is {status}")


def _require_correctable(ctx: Context, board: Board, task: Task, form: FormRecord) -> None:
    """255 unless the form can be corrected: submitted from the app, the task in a state
    that allows it."""
    if form.submitted is None:
        raise InvalidTaskStateError(f"the form of task {task.id} was never submitted")
    _require_state(ctx, board, task, completed=True)


@handles(TASK_FORM_CREATE)
def task_form_create(ctx: Context, params: TaskFormCreateParams) -> None:
    """Attach a new form made from a template of the account to a task or checkpoint.

    201 for a task the caller does not see, a route or a missing template; 247 when the task
    has a form; 255 unless the task is ``unassigned``, ``assigned`` or ``arrived`` (or
    ``done``, ``failed``, ``delayed`` for a caller holding ``completed_form_update``).
    """
    board = Board(ctx)
    task = _task(board, params.task_id)
    template = forms.template_of(ctx.world, ctx.account.id, params.template_id)
    if template is None:
        raise EntityNotFoundError(f"no form template {params.template_id}")
    if board.form_of(task) is not None:
        raise EntityExistsError(f"task {task.id} already has a form")
    _require_state(ctx, board, task, completed=True)
    attach_form(ctx, task, template)


@handles(TASK_FORM_READ)
def task_form_read(ctx: Context, params: TaskFormParams) -> TaskFormReadResult:
    """The task's form (null without one) and every file reserved for its fields and not
    deleted, each with its binding to the field."""
    board = Board(ctx)
    form = board.form_of(_task(board, params.task_id))
    if form is None:
        return TaskFormReadResult(value=None, files=[])
    return TaskFormReadResult(value=forms.wire_form(ctx, form), files=field_files(ctx, form))


@handles(TASK_FORM_DELETE)
def task_form_delete(ctx: Context, params: TaskFormParams) -> None:
    """Delete the task's form with its values; the files of its fields become ``deleted``.

    201 without a form; 255 unless the task is ``unassigned``, ``assigned`` or ``arrived``.
    """
    board = Board(ctx)
    task = _task(board, params.task_id)
    _form(board, task)
    _require_state(ctx, board, task, completed=False)
    attach_form(ctx, task, None)


@handles(TASK_FORM_VALUES_UPDATE)
def task_form_values_update(ctx: Context, params: TaskFormValuesUpdateParams) -> None:
    """Correct the values of a submitted task form: the named fields take the new values,
    the others keep theirs; uploaded files no value names any more are deleted.

    101 for a demo user; 201 for a task without a form; 255 for a form never submitted or a
    task in a state that does not allow it; 242 listing every invalid value (codes 1 to 10).
    """
    if ctx.require_user().profile.demo:
        raise DemoModeError("a demo user cannot change form values")
    board = Board(ctx)
    task = _task(board, params.task_id)
    form = _form(board, task)
    _require_correctable(ctx, board, task, form)
    today = ctx.user_time(ctx.now()).date()
    values = forms.check_values(ctx.world, form, params.values, today=today, kept=form.values)
    forms.submit_form(ctx.world, form, values, correction=True)


@handles(TASK_FORM_FILE_CREATE)
def task_form_file_create(ctx: Context, params: TaskFormFileCreateParams) -> UploadTicket:
    """Reserve a file for a file-based field of the task's submitted form; answer its upload
    ticket (see [Files](mock.md#files-uploads-and-downloads)).

    201 for a task without a form or a form without the field; 255 as for
    ``task/form/values/update``; 231 for a field that is not ``file``, ``photo`` or
    ``signature``; 267 for a sixth unsubmitted file of the field; 271 and 268 for the
    storage. Name the file in the field's value with ``task/form/values/update``.
    """
    board = Board(ctx)
    task = _task(board, params.task_id)
    form = _form(board, task)
    _require_correctable(ctx, board, task, form)
    return files.reserve_field_file(
        ctx,
        form,
        params.field_id,
        size=params.size,
        filename=params.filename,
        metadata=params.metadata,
    )


@handles(TASK_FORM_DOWNLOAD)
def task_form_download(ctx: Context, params: TaskFormDownloadParams) -> FileReply:
    """The task's form as an xlsx workbook or a pdf document: a row per field with its
    value (empty until submitted). 201 for a task without a form."""
    board = Board(ctx)
    return form_document(ctx, _form(board, _task(board, params.task_id)), params.format)

"""Forms attached to tasks (``task/form/*``): the calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import EXPORT_MEDIA_TYPES, Decision, Endpoint, Paging, Result
from fleetapi.models.files import UploadTicket
from fleetapi.models.task_form import (
    TaskFormCreateParams,
    TaskFormDownloadParams,
    TaskFormFileCreateParams,
    TaskFormList,
    TaskFormListParams,
    TaskFormParams,
    TaskFormReadResult,
    TaskFormValuesUpdateParams,
)

_STATES = Decision(
    "Task states for changing a task's form",
    "`task/form/create`, `task/form/values/update` and `task/form/file/create` take a task "
    "`unassigned`, `assigned` or `arrived` (its status now, as `task/read` answers it), and "
    "`done`, `failed` or `delayed` too for a caller holding `completed_form_update` (a master "
    "user or API key holds every right; a sub-user's security group may grant it); "
    "`task/form/delete` takes the first three alone, as documented. Any other status "
    "answers 255. `task/form/file/create` is documented with the first three only: it "
    "follows `values/update` here, since a file is reserved only to go into a correction.",
)

TASK_FORM_CREATE = Endpoint(
    path="task/form/create",
    params=TaskFormCreateParams,
    result=Result.nothing(),
    summary="Attach a new form, made from a template, to a task or checkpoint.",
    right="task_update",
    errors=(201, 247, 255),
    origin="service",
    notes="The task answers the form in `form` and the template in `form_template_id`.",
    decisions=(
        Decision(
            "Order of checks in `task/form/create`",
            "The task (201 for a missing one, one the caller may not see, or a route), the "
            "template (201), a form already attached (247), then the task's state (255).",
        ),
        _STATES,
    ),
)
TASK_FORM_READ = Endpoint(
    path="task/form/read",
    params=TaskFormParams,
    result=Result.body(TaskFormReadResult),
    summary="Read a task's form and the files of its fields.",
    errors=(201,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`task/form/read` of a task without a form",
            "`value` null and `files` empty, as documented (`value` is null when no form is "
            "attached); a route answers 201. `files` lists every file reserved for the form's "
            "fields and not deleted, uploaded or not, each with its `bindings` "
            "(`form_field`: form, field and whether a submission holds it) and `previews` (an "
            "uploaded image is its own preview: the mock makes no thumbnails).",
        ),
    ),
)
TASK_FORM_LIST = Endpoint(
    path="task/form/list",
    params=TaskFormListParams,
    result=Result.body(TaskFormList),
    summary="List forms of tasks (and check-ins) with their tasks, trackers and employees.",
    errors=(204,),
    safe=True,
    paging=Paging(items="list", total="count"),
    origin="service",
    decisions=(
        Decision(
            "`task/form/list` without `template_id` and `task_ids`",
            "Lists every task form the caller sees, as the documented example request does "
            "(though the text asks for at least one of them).",
        ),
        Decision(
            "Which forms `task/form/list` lists",
            "With `template_id` (a template of the account, else 204): the task and check-in "
            "forms made from it (`task` null for a check-in form); with `task_ids`: the forms "
            "of those tasks and checkpoints (IDs the caller cannot see are skipped); both: "
            "forms meeting both. Only submitted forms unless `include_unsubmitted`.",
        ),
        Decision(
            "What a listed form concerns",
            "`tracker`: the task's tracker (a check-in's: its tracker); `employee` and "
            "`vehicle`: those bound to that tracker now (a check-in's employee is the one it "
            "names); `submit_places`: the submit location with the places and zones the caller "
            "sees that hold it, null until submitted. `task.completion_date` is when the task "
            "became `done` or `delayed` (null otherwise); `task.fact_duration` its stay in the "
            "zone, null before the arrival.",
        ),
        Decision(
            "Filters, periods and order of `task/form/list`",
            "Each text of `filters` must be found in its value (case-insensitive; an empty "
            "text filters nothing), `task_id` equal; each period (in the caller's time zone, "
            "both ends included) keeps the forms whose date/time lies in it. `order_by` "
            "(default `submitted`) sorts in the direction of `ascending`, text "
            "case-insensitively; forms without a value come last either way, ties by form ID. "
            "`limit` and `offset` page the result (no default limit); `count` counts every "
            "form found.",
        ),
    ),
)
TASK_FORM_DELETE = Endpoint(
    path="task/form/delete",
    params=TaskFormParams,
    result=Result.nothing(),
    summary="Delete a task's form, with its values and files.",
    right="task_update",
    errors=(201, 255),
    origin="service",
    decisions=(
        Decision(
            "What `task/form/delete` leaves",
            "The task without a form (`form` and `form_template_id` null), able to complete "
            "without one; the files of the form's fields `deleted`.",
        ),
    ),
)
TASK_FORM_VALUES_UPDATE = Endpoint(
    path="task/form/values/update",
    params=TaskFormValuesUpdateParams,
    result=Result.nothing(),
    summary="Correct the values of a task form already submitted from the mobile app.",
    right="task_update",
    errors=(101, 201, 242, 255),
    origin="service",
    decisions=(
        Decision(
            "A form never submitted",
            "255: the values of a task form are corrected through the API only after a "
            "submission from the executor's app (the mock's `FleetMock.submit_task_form` or "
            "`POST /__mock__/task_form`). A task whose tracker was deleted is gone with it "
            "(201).",
        ),
        Decision(
            "What `task/form/values/update` changes",
            "The fields it names take the new values, the others keep theirs; every new value "
            "is checked as a submission is (242 with the codes 1 to 10) and required fields "
            "must still hold one. `submitted` and `submit_location` stay those of the app's "
            "submission, so the task's status does not move. Uploaded files of the form's "
            "fields that no value names any more become `deleted`, as on every submission.",
        ),
        Decision(
            "Demo users in `task/form/values/update`",
            "A caller whose user has the `demo` flag gets 101.",
        ),
    ),
)
TASK_FORM_FILE_CREATE = Endpoint(
    path="task/form/file/create",
    params=TaskFormFileCreateParams,
    result=Result.field("value", UploadTicket),
    summary="Reserve a file for a file-based field of a task's form; get where to upload it.",
    right="task_update",
    errors=(201, 231, 255, 267, 268, 271),
    origin="service",
    notes=(
        "Answers an upload ticket: POST multipart/form-data to `url` with every entry of "
        "`fields` as a form field and the file part last, named `file_field_name`, before "
        "`expires`. Then name the `file_id` in the field's value with "
        "`task/form/values/update`."
    ),
    decisions=(
        Decision(
            "Order of checks in `task/form/file/create`",
            "The task and its form (201), the task's state or a form never submitted (255), "
            "then as `checkin/form/file/create` checks them: the field (201), a field that is "
            "not `file`, `photo` or `signature` (231), the field's unsubmitted files (267) and "
            "the storage (271, 268).",
        ),
    ),
)
TASK_FORM_DOWNLOAD = Endpoint(
    path="task/form/download",
    params=TaskFormDownloadParams,
    result=Result.file(*EXPORT_MEDIA_TYPES.values()),
    summary="A task's form as an xlsx workbook or a pdf document.",
    errors=(201,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "The form document",
            "One table, a row per field in the form's order: its label, type, whether it is "
            "required and its value as text (a text; the checked boxes' labels; the chosen "
            "option's label; a date; `3 of 5` stars; file names; nothing for a separator or "
            "an empty field), headed by the form's label and a line naming the task and when "
            "and where the form was submitted. A form not submitted yet downloads with its "
            "values empty. The file is named `form-<id>.<format>`; the PDF uses the built-in "
            "fonts (characters outside Latin-1 print as `?`).",
        ),
    ),
)

ENDPOINTS = (
    TASK_FORM_CREATE,
    TASK_FORM_READ,
    TASK_FORM_LIST,
    TASK_FORM_DELETE,
    TASK_FORM_VALUES_UPDATE,
    TASK_FORM_FILE_CREATE,
    TASK_FORM_DOWNLOAD,
)

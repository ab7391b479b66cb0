"""Forms and form templates: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import EXPORT_MEDIA_TYPES, Decision, Endpoint, NoParams, Result
from fleetapi.models.form import (
    MAX_STARS,
    FormDownloadParams,
    FormReadParams,
    FormReadResult,
    FormTemplate,
    FormTemplateCreateParams,
    FormTemplateParams,
    FormTemplateStats,
    FormTemplateUpdateParams,
)

FORM_TEMPLATE_LIST = Endpoint(
    path="form/template/list",
    params=NoParams,
    result=Result.field("list", list[FormTemplate]),
    summary="List the account's form templates, by ID.",
    safe=True,
    origin="service",
    notes="Every user of the account sees every template; no right is needed.",
)
FORM_TEMPLATE_READ = Endpoint(
    path="form/template/read",
    params=FormTemplateParams,
    result=Result.field("value", FormTemplate),
    summary="Read one form template.",
    errors=(201,),
    safe=True,
    origin="service",
)
FORM_TEMPLATE_CREATE = Endpoint(
    path="form/template/create",
    params=FormTemplateCreateParams,
    result=Result.field("id", int),
    summary="Create a form template and get its ID.",
    right="form_template_update",
    errors=(7,),
    origin="service",
    decisions=(
        Decision(
            "Template fields",
            "`label` not blank, at most 100 characters; `description` at most 512, empty or "
            "null allowed; at least one field and at most the platform's "
            "`form.max_fields_count` (128 when unset). Broken limits answer 7 naming the key "
            "(`template.fields[2].min_length`), nothing stored.",
        ),
        Decision(
            "Field limits",
            "As the documentation lists them: IDs of 1 to 19 letters, digits, `-` or `_` (its "
            "own example IDs have hyphens), unique in the template; labels 1 to 100 printable "
            "characters, descriptions 1 to 512; text lengths 0 to 1024 and 1 to 1024; "
            "`required` with `min_length` 0 or `min_checked` 0 refused (the documented notes). "
            "Where the documentation is silent: a minimum above its maximum is refused; a "
            "checkbox group needs `group` and may not ask more checked boxes than it has (the "
            "documented `group.size - 1` would refuse checking every box, and its own example "
            "asks 3 of 1); dropdowns and radio groups need at least one option; ratings offer "
            f"1 to {MAX_STARS} stars; a file field's `max_file_size` is at most the platform's "
            "`form.file_field.max_file_size` (else `file_storage.hard_max_file_size`), "
            "`allowed_extensions` 1 to 16 or null; a photo field's `max_files` at most "
            "`form.file_field.max_files_per_field`; a separator is never required.",
        ),
        Decision(
            "Keys of another kind",
            "Dropped: a `date` field sent with `options` is stored and answered without them, "
            "as a typed backend reads only its kind's keys.",
        ),
        Decision(
            "`default`",
            "One template of the account at most: making one the default clears the flag on "
            "the others. It only marks the template (a user interface's preselection); "
            "`task/create` never attaches it on its own.",
        ),
    ),
)
FORM_TEMPLATE_UPDATE = Endpoint(
    path="form/template/update",
    params=FormTemplateUpdateParams,
    result=Result.nothing(),
    summary="Replace a form template whole, named by its `id`; its version counts up.",
    right="form_template_update",
    errors=(7, 201),
    origin="service",
    current="form/template/read",
    notes="Forms already made from the template keep the fields they were made with.",
    decisions=(
        Decision(
            "Versions and dates",
            "`version` is 1 on create and counts up by one on each update; `created` and "
            "`updated` are the world time of the change, `updated` equal to `created` until "
            "the first update. `id`, `version`, `created` and `updated` sent in an update are "
            "ignored (the documented update sends the object back whole).",
        ),
    ),
)
FORM_TEMPLATE_DELETE = Endpoint(
    path="form/template/delete",
    params=FormTemplateParams,
    result=Result.nothing(),
    summary="Delete a form template; forms made from it stay, without their template.",
    right="form_template_update",
    errors=(201,),
    origin="service",
    decisions=(
        Decision(
            "Deleting a template in use",
            "Allowed, as forms are copies: the forms made from it keep their fields and values "
            "and answer `template_id` null (as the form object documents), the tasks and "
            "checkpoints answer `form_template_id` null, and a form not yet submitted is still "
            "filled in against its own fields.",
        ),
    ),
)
FORM_TEMPLATE_STATS = Endpoint(
    path="form/template/stats/read",
    params=FormTemplateParams,
    result=Result.body(FormTemplateStats),
    summary="How many tasks, by status, have a form made from a template.",
    errors=(201,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`form/template/stats/read`",
            "The tasks and checkpoints the caller sees whose form was made from the template, "
            "by their status now (evaluated as `task/list` answers it); all seven statuses are "
            "answered, zeros included. `scheduled` counts the task and checkpoint schedules "
            "the caller sees whose tasks get a form of the template.",
        ),
    ),
)

FORM_READ = Endpoint(
    path="form/read",
    params=FormReadParams,
    result=Result.body(FormReadResult),
    summary="Read a form of a task or check-in by its ID, with the files its values name.",
    errors=(201,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Which forms `form/read` and `form/download` answer",
            "The account's forms the caller sees: a task form when the caller sees its task "
            "(`task/read`), a check-in form when it sees the tracker it was made for; any other "
            "ID answers 201. No right is needed. A task form answers its task's tracker as "
            "`tracker_id`, a form sent with a check-in that check-in as `checkin_id`; `files` "
            "lists the files its values name (empty until it is submitted).",
        ),
    ),
)
FORM_DOWNLOAD = Endpoint(
    path="form/download",
    params=FormDownloadParams,
    result=Result.file(*EXPORT_MEDIA_TYPES.values()),
    summary="A form of a task or check-in as an xlsx workbook or a pdf document.",
    errors=(201,),
    safe=True,
    origin="service",
    notes="The document is the one `task/form/download` answers for a task's form.",
)

ENDPOINTS = (
    FORM_TEMPLATE_LIST,
    FORM_TEMPLATE_READ,
    FORM_TEMPLATE_CREATE,
    FORM_TEMPLATE_UPDATE,
    FORM_TEMPLATE_DELETE,
    FORM_TEMPLATE_STATS,
    FORM_READ,
    FORM_DOWNLOAD,
)

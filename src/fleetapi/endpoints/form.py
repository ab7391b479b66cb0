"""Form templates: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, NoParams, Result
from fleetapi.models.form import (
    FormTemplate,
    FormTemplateCreateParams,
    FormTemplateParams,
    FormTemplateStats,
    FormTemplateUpdateParams,
)

_FIELDS = (
    "Fields: IDs unique (1 to 19 letters, digits, `-`, `_`), at most the platform's "
    "`form.max_fields_count` (128); a required text field needs `min_length` of at least 1, a "
    "required checkbox group `min_checked` of at least 1; minimums not above maximums; a "
    "checkbox group needs `group`, a dropdown or radio group `options`; keys of other kinds "
    "are dropped. Setting `default` clears it on the account's other templates."
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
    notes=f"The template starts at `version` 1. {_FIELDS}",
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
    notes=(
        "Forms already made from the template keep the fields they were made with. "
        f"`version`, `created` and `updated` are the service's. {_FIELDS}"
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
    notes=(
        "A template in use may be deleted: the forms made from it keep their fields and "
        "values and answer `template_id` null, and tasks answer `form_template_id` null."
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
    notes=(
        "Counts the tasks and checkpoints the caller sees, by their status now; every status "
        "is answered. The mock keeps no task schedules: `scheduled` is 0."
    ),
)

ENDPOINTS = (
    FORM_TEMPLATE_LIST,
    FORM_TEMPLATE_READ,
    FORM_TEMPLATE_CREATE,
    FORM_TEMPLATE_UPDATE,
    FORM_TEMPLATE_DELETE,
    FORM_TEMPLATE_STATS,
)

"""Form templates and how often each is used; forms read and downloaded by their ID.

Templates are the account's (``world.form_templates``); every user of the account reads them,
those with the ``form_template_update`` right change them. Forms made from a template are
copies (:mod:`fleetapi_mock.domain.form.template`), attached to tasks or sent with check-ins;
a caller sees a form with its task or its tracker (:mod:`fleetapi_mock.domain.form.sight`).
"""

from __future__ import annotations

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import EntityNotFoundError, InvalidParametersError
from fleetapi.endpoints.form import (
    FORM_DOWNLOAD,
    FORM_READ,
    FORM_TEMPLATE_CREATE,
    FORM_TEMPLATE_DELETE,
    FORM_TEMPLATE_LIST,
    FORM_TEMPLATE_READ,
    FORM_TEMPLATE_STATS,
    FORM_TEMPLATE_UPDATE,
)
from fleetapi.models.form import (
    FormDownloadParams,
    FormReadParams,
    FormReadResult,
    FormTemplate,
    FormTemplateCreateParams,
    FormTemplateParams,
    FormTemplateStats,
    FormTemplateUpdateParams,
    NewFormTemplate,
)
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.form import wire_form
from fleetapi_mock.domain.form.document import form_document
from fleetapi_mock.domain.form.files import value_files
from fleetapi_mock.domain.form.sight import visible_form
from fleetapi_mock.domain.form.template import (
    field_problems,
    forget_template,
    template_stats,
    trimmed_fields,
    wire_template,
)
from fleetapi_mock.domain.task import Board
from fleetapi_mock.domain.task_schedule import Schedules
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import FormRecord, FormTemplateRecord


def _template(ctx: Context, template_id: int) -> FormTemplateRecord:
    """The account's template ``template_id``; else 201."""
    found = ctx.owned_get(ctx.world.form_templates, template_id)
    if found is None:
        raise EntityNotFoundError(f"no form template {template_id}")
    return found


def _checked(ctx: Context, template: NewFormTemplate) -> None:
    """7 for the problems of the template's fields that metadata cannot state."""
    problems = field_problems(ctx.world, ctx.account, template)
    if problems:
        raise InvalidParametersError(errors=problems)


def _store(ctx: Context, record: FormTemplateRecord) -> None:
    """Keep ``record``; when it is the default, the account's other templates stop being."""
    world = ctx.world
    if record.default:
        for other in ctx.owned(world.form_templates):
            if other.default and other.id != record.id:
                world.form_templates[other.id] = attrs.evolve(other, default=False)
    world.form_templates[record.id] = record


@handles(FORM_TEMPLATE_LIST)
def form_template_list(ctx: Context, params: NoParams) -> list[FormTemplate]:
    """The account's templates by id."""
    return [wire_template(ctx, t) for t in ctx.owned(ctx.world.form_templates)]


@handles(FORM_TEMPLATE_READ)
def form_template_read(ctx: Context, params: FormTemplateParams) -> FormTemplate:
    """One template of the account (201 otherwise)."""
    return wire_template(ctx, _template(ctx, params.template_id))


@handles(FORM_TEMPLATE_CREATE)
def form_template_create(ctx: Context, params: FormTemplateCreateParams) -> int:
    """A new template of the account, at version 1."""
    new = params.template
    _checked(ctx, new)
    now = ctx.now().replace(microsecond=0)
    template_id = ctx.world.ids.next("form_templates")
    _store(
        ctx,
        FormTemplateRecord(
            id=template_id,
            user_id=ctx.account.id,
            label=new.label,
            description=new.description,
            fields=trimmed_fields(new.fields),
            submit_in_zone=new.submit_in_zone,
            default=new.default,
            created=now,
            updated=now,
        ),
    )
    return template_id


@handles(FORM_TEMPLATE_UPDATE)
def form_template_update(ctx: Context, params: FormTemplateUpdateParams) -> None:
    """Replace a template of the account whole (201 otherwise); its version counts up."""
    change = params.template
    stored = _template(ctx, change.id)
    _checked(ctx, change)
    _store(
        ctx,
        attrs.evolve(
            stored,
            label=change.label,
            description=change.description,
            fields=trimmed_fields(change.fields),
            submit_in_zone=change.submit_in_zone,
            default=change.default,
            version=stored.version + 1,
            updated=ctx.now().replace(microsecond=0),
        ),
    )


@handles(FORM_TEMPLATE_DELETE)
def form_template_delete(ctx: Context, params: FormTemplateParams) -> None:
    """Delete a template of the account (201 otherwise); its forms stay, without it."""
    forget_template(ctx.world, ctx.account.id, _template(ctx, params.template_id).id)


@handles(FORM_TEMPLATE_STATS)
def form_template_stats(ctx: Context, params: FormTemplateParams) -> FormTemplateStats:
    """The tasks the caller sees with a form made from the template, by status, and the task
    and checkpoint schedules it sees that give their tasks one."""
    template_id = _template(ctx, params.template_id).id
    scheduled = sum(1 for r in Schedules(ctx).all() if r.form_template_id == template_id)
    return FormTemplateStats(**template_stats(Board(ctx), template_id), scheduled=scheduled)


# --- Forms ------------------------------------------------------------------------------------


def _form(ctx: Context, form_id: int) -> FormRecord:
    """The form ``form_id`` the caller sees; else 201."""
    found = visible_form(ctx, form_id)
    if found is None:
        raise EntityNotFoundError(f"no form {form_id}")
    return found


@handles(FORM_READ)
def form_read(ctx: Context, params: FormReadParams) -> FormReadResult:
    """A form of a task or check-in the caller sees (201 otherwise), with the files its
    values name."""
    record = _form(ctx, params.id)
    return FormReadResult(value=wire_form(ctx, record), files=value_files(ctx, record))


@handles(FORM_DOWNLOAD)
def form_download(ctx: Context, params: FormDownloadParams) -> FileReply:
    """A form the caller sees (201 otherwise) as an xlsx workbook or a pdf document, as
    ``task/form/download`` answers a task's."""
    return form_document(ctx, _form(ctx, params.id), params.format)

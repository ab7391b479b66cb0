"""A form as a document (``task/form/download``, ``form/download``): one table of its fields
and values, written by :class:`~fleetapi_mock.domain.export.Export` as an XLSX workbook or a
PDF report."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from fleetapi._endpoint import ExportFormat
from fleetapi.models.form import (
    CheckboxGroupValue,
    DateValue,
    DropdownValue,
    FormField,
    FormOption,
    FormValue,
    RadioGroupValue,
    RatingValue,
    TextValue,
)
from fleetapi_mock.domain.context import FileReply
from fleetapi_mock.domain.export import CONTENT_TYPES, Export
from fleetapi_mock.domain.form import DEFAULT_MAX_STARS, file_ids_of
from fleetapi_mock.domain.form.files import value_file_names
from fleetapi_mock.state.records import FormRecord

if TYPE_CHECKING:
    from fleetapi_mock.domain.context import Context

__all__ = ["HEADINGS", "form_document", "value_text"]

HEADINGS: Final = ("Field", "Type", "Required", "Value")
"""The columns of a form's document."""


def form_document(ctx: Context, form: FormRecord, fmt: ExportFormat) -> FileReply:
    """The form as a file of ``fmt``: a row per field in order (label, type, whether required,
    the value as text), headed by its label, its task and its submission."""
    names = value_file_names(ctx, form)
    values = form.values or {}
    rows = [
        (
            field.label,
            field.type,
            "yes" if field.required else "",
            value_text(field, values.get(field.id), names),
        )
        for field in form.fields
    ]
    now = ctx.user_time(ctx.now()).replace(tzinfo=None)
    export = Export(
        title=form.label,
        subtitle=_subtitle(ctx, form),
        headings=HEADINGS,
        rows=rows,
        created=now,
        widths=(30, 14, 10, 70),
    )
    return FileReply(
        content=export.render(fmt),
        content_type=CONTENT_TYPES[fmt],
        filename=f"form-{form.id}.{fmt}",
    )


def _subtitle(ctx: Context, form: FormRecord) -> str:
    """The line under the heading: the task, and when and where the form was submitted."""
    parts = []
    task = ctx.world.tasks.get(form.task_id) if form.task_id is not None else None
    if task is not None:
        parts.append(f"Task {task.id}: {task.label}")
    if form.submitted is None:
        parts.append("not submitted")
    else:
        when = f"submitted {ctx.user_time(form.submitted):%Y-%m-%d %H:%M:%S}"
        where = form.submit_location
        if where is not None and isinstance(where.address, str) and where.address:
            when += f" at {where.address}"
        parts.append(when)
    return "; ".join(parts)


def _option(options: list[FormOption] | object, index: int) -> str:
    if isinstance(options, list) and 0 <= index < len(options):
        label: str = options[index].label
        return label
    return f"option {index}"


def value_text(field: FormField, value: FormValue | None, names: dict[int, str]) -> str:
    """A value of ``field`` as text (empty for none): the chosen options' labels, a rating as
    ``3 of 5``, files by their ``names`` (by ID)."""
    if value is None:
        return ""
    if isinstance(value, TextValue):
        return value.value
    if isinstance(value, CheckboxGroupValue):
        group = field.group if isinstance(field.group, list) else []
        return ", ".join(box.label for box, on in zip(group, value.values, strict=False) if on)
    if isinstance(value, (DropdownValue, RadioGroupValue)):
        return _option(field.options, value.value_index)
    if isinstance(value, DateValue):
        return value.value.isoformat()
    if isinstance(value, RatingValue):
        stars = field.max_stars if isinstance(field.max_stars, int) else DEFAULT_MAX_STARS
        return f"{value.value} of {stars}"
    return ", ".join(names.get(i, f"file {i}") for i in file_ids_of(value))

"""The files of a form as ``task/form/read`` and ``form/read`` answer them.

A form's files are the :class:`~fleetapi_mock.state.records.FileRecord`\\ s reserved for its
fields (``checkin/form/file/create``, ``task/form/file/create``). They are answered as
:class:`~fleetapi.models.form.FormFile`: the stored file, its binding to the form field and
its previews (an uploaded image is its own preview: the mock makes no thumbnails).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fleetapi.models.form import FileBindings, FilePreview, FormFieldBinding, FormFile
from fleetapi_mock.domain.file import wire_file
from fleetapi_mock.domain.form import file_ids_of, form_files
from fleetapi_mock.state.records import FileRecord, FormRecord, convert

if TYPE_CHECKING:
    from fleetapi_mock.domain.context import Context

__all__ = ["field_files", "value_file_names", "value_files", "wire_form_file"]


def wire_form_file(ctx: Context, record: FileRecord) -> FormFile:
    """A file of a form field as the caller sees it, with its binding and previews."""
    file = wire_file(ctx, record)
    binding = None
    if record.form_id is not None and record.field_id is not None:
        field = FormFieldBinding(
            form_id=record.form_id, field_id=record.field_id, submitted=record.submitted
        )
        binding = FileBindings(form_field=field)
    previews = []
    if file.type == "image" and file.download_url is not None:
        previews.append(FilePreview(download_url=file.download_url))
    return convert(FormFile, file, bindings=binding, previews=previews)


def field_files(ctx: Context, form: FormRecord) -> list[FormFile]:
    """Every file reserved for the form's fields and not deleted, uploaded or not, by ID."""
    wired = (wire_form_file(ctx, f) for f in form_files(ctx.world, form.id))
    return [f for f in wired if f.state != "deleted"]


def _named(form: FormRecord) -> list[int]:
    """The IDs of the files the form's values name, each once."""
    values = (form.values or {}).values()
    return list(dict.fromkeys(i for value in values for i in file_ids_of(value)))


def value_files(ctx: Context, form: FormRecord) -> list[FormFile]:
    """The files the form's values name (empty until it is submitted)."""
    files = ctx.world.files
    return [wire_form_file(ctx, files[i]) for i in _named(form) if i in files]


def value_file_names(ctx: Context, form: FormRecord) -> dict[int, str]:
    """The name of each file the form's values name, by ID."""
    files = ctx.world.files
    return {i: files[i].name or f"file {i}" for i in _named(form) if i in files}

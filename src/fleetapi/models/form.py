"""Forms: templates, the form attached to a task or check-in, and the values of its fields.

The specification shows none of these objects ("form object: not shown", "form template
objects: not shown"); ``NOTES.md`` gives the value types. The shapes below follow the service's
documentation:

* a :class:`FormTemplate` is an ordered list of :class:`FormField` definitions; tasks and
  check-ins get a *copy* of a template's fields as a :class:`Form` (so a template can change
  without touching filled forms);
* a field definition is one object with the common keys (``id``, ``label``, ``description``,
  ``required``, ``type``) and the keys specific to its type (``min_length``, ``options``...);
* a filled form keeps its ``values`` as a map from field ID to a :data:`FormValue`, a JSON
  object told apart by its ``type`` key, which matches the field's type. ``separator`` fields
  hold no value.
"""

from __future__ import annotations

import datetime as dt
from typing import ClassVar, Literal

import attrs

from fleetapi._types import UNSET, Unset, tagged_union
from fleetapi.models.common import Location

__all__ = [
    "CheckboxGroupValue",
    "DateValue",
    "DropdownValue",
    "FileValue",
    "Form",
    "FormField",
    "FormFieldType",
    "FormOption",
    "FormTemplate",
    "FormValue",
    "PhotoValue",
    "RadioGroupValue",
    "RatingValue",
    "SignatureValue",
    "TextValue",
]

FormFieldType = Literal[
    "text",
    "checkbox_group",
    "dropdown",
    "radio_group",
    "date",
    "rating",
    "file",
    "photo",
    "signature",
    "separator",
]
"""The kinds of form field; each but ``separator`` has a value kind of the same name."""


# --- Field definitions ------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class FormOption:
    """One choice of a ``dropdown`` or ``radio_group`` field, or one box of a ``checkbox_group``."""

    label: str


@attrs.frozen(kw_only=True)
class FormField:
    """One field of a form or template: the common keys plus those of its ``type``.

    Type-specific keys are present only for their type: ``min_length``/``max_length`` (text),
    ``min_checked``/``max_checked``/``group`` (checkbox group), ``options`` (dropdown, radio
    group), ``disable_future``/``disable_past`` (date), ``max_stars`` (rating),
    ``min_file_size``/``max_file_size``/``allowed_extensions`` (file), ``max_files`` (photo).
    """

    id: str
    """Unique within the form, 1 to 19 alphanumeric characters; the key of its value."""
    label: str
    """1 to 100 printable characters."""
    description: str | Unset = UNSET
    """Shown under the label, up to 512 printable characters."""
    required: bool = False
    """The form cannot be submitted without a valid value (never true for ``separator``)."""
    type: FormFieldType
    min_length: int | Unset = UNSET
    """Text: 0 to 1024."""
    max_length: int | Unset = UNSET
    """Text: 1 to 1024."""
    min_checked: int | Unset = UNSET
    max_checked: int | Unset = UNSET
    group: list[FormOption] | Unset = UNSET
    """Checkbox group: the boxes, in order."""
    options: list[FormOption] | Unset = UNSET
    """Dropdown and radio group: the choices, in order."""
    disable_future: bool | Unset = UNSET
    disable_past: bool | Unset = UNSET
    max_stars: int | Unset = UNSET
    min_file_size: int | Unset = UNSET
    """File: bytes."""
    max_file_size: int | Unset = UNSET
    """File: bytes, at most the platform's ``form.file_field.max_file_size``."""
    allowed_extensions: list[str] | Unset | None = UNSET
    """File: up to 16 extensions; null means any."""
    max_files: int | Unset = UNSET
    """Photo: at most the platform's ``form.file_field.max_files_per_field`` (6)."""


@attrs.frozen(kw_only=True)
class FormTemplate:
    """A reusable form definition from which task and check-in forms are made."""

    id: int
    label: str
    """1 to 100 characters."""
    fields: list[FormField]
    """At most the platform's ``form.max_fields_count`` (128)."""
    created: dt.datetime
    updated: dt.datetime | None = None
    submit_in_zone: bool = False
    """Forms made from it can be submitted only inside the task's zone."""
    default: bool = False
    """Offered first for new tasks with a form."""


# --- Values -----------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class TextValue:
    """The value of a ``text`` field."""

    TAG: ClassVar[str] = "text"

    value: str


@attrs.frozen(kw_only=True)
class CheckboxGroupValue:
    """The value of a ``checkbox_group`` field: one boolean per box, in the field's order."""

    TAG: ClassVar[str] = "checkbox_group"

    values: list[bool]


@attrs.frozen(kw_only=True)
class DropdownValue:
    """The value of a ``dropdown`` field: the zero-based index of the chosen option."""

    TAG: ClassVar[str] = "dropdown"

    value_index: int


@attrs.frozen(kw_only=True)
class RadioGroupValue:
    """The value of a ``radio_group`` field: the zero-based index of the chosen option."""

    TAG: ClassVar[str] = "radio_group"

    value_index: int


@attrs.frozen(kw_only=True)
class DateValue:
    """The value of a ``date`` field."""

    TAG: ClassVar[str] = "date"

    value: dt.date


@attrs.frozen(kw_only=True)
class RatingValue:
    """The value of a ``rating`` field: the number of stars, 1 to the field's ``max_stars``."""

    TAG: ClassVar[str] = "rating"

    value: int


@attrs.frozen(kw_only=True)
class FileValue:
    """The value of a ``file`` field: IDs of files uploaded before submission."""

    TAG: ClassVar[str] = "file"

    file_ids: list[int]


@attrs.frozen(kw_only=True)
class PhotoValue:
    """The value of a ``photo`` field: IDs of image files uploaded before submission."""

    TAG: ClassVar[str] = "photo"

    file_ids: list[int]


@attrs.frozen(kw_only=True)
class SignatureValue:
    """The value of a ``signature`` field: the ID of the uploaded signature image."""

    TAG: ClassVar[str] = "signature"

    file_id: int


FormValue = (
    TextValue
    | CheckboxGroupValue
    | DropdownValue
    | RadioGroupValue
    | DateValue
    | RatingValue
    | FileValue
    | PhotoValue
    | SignatureValue
)
"""The value of one form field, told apart on the wire by its ``type`` key."""

tagged_union(FormValue, tag="type")


# --- Forms ------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Form:
    """A form attached to a task (or check-in): a copy of a template's fields and their values.

    A task with a form cannot be completed until the form is submitted.
    """

    id: int
    label: str
    """1 to 100 characters (the template's label when it was made)."""
    fields: list[FormField]
    template_id: int | None = None
    """The template it was made from; null once that template is deleted."""
    task_id: int | None = None
    """The task it is attached to (null for check-in forms)."""
    created: dt.datetime
    """When the form was made (attached to its task)."""
    submit_in_zone: bool = False
    """Can be submitted only inside the task's zone."""
    values: dict[str, FormValue] | None = None
    """Field ID to value; null until the form is filled. Empty optional fields are left out."""
    submitted: dt.datetime | None = None
    """When the values were last submitted; null until then."""
    submit_location: Location | None = None
    """Where the values were last submitted."""

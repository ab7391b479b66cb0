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
from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Final, Literal

import attrs

from fleetapi._endpoint import ExportFormat
from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset, tagged_union
from fleetapi.models.checkin import CheckinFile
from fleetapi.models.common import Location

__all__ = [
    "FIELD_ID_PATTERN",
    "FIELD_TYPE_KEYS",
    "MAX_STARS",
    "CheckboxGroupValue",
    "DateValue",
    "DropdownValue",
    "FileBindings",
    "FilePreview",
    "FileValue",
    "Form",
    "FormDownloadParams",
    "FormField",
    "FormFieldBinding",
    "FormFieldType",
    "FormFile",
    "FormOption",
    "FormReadParams",
    "FormReadResult",
    "FormTemplate",
    "FormTemplateChange",
    "FormTemplateCreateParams",
    "FormTemplateParams",
    "FormTemplateStats",
    "FormTemplateUpdateParams",
    "FormValue",
    "NewFormTemplate",
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

FIELD_TYPE_KEYS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "text": ("min_length", "max_length"),
        "checkbox_group": ("min_checked", "max_checked", "group"),
        "dropdown": ("options",),
        "radio_group": ("options",),
        "date": ("disable_future", "disable_past"),
        "rating": ("max_stars",),
        "file": ("min_file_size", "max_file_size", "allowed_extensions"),
        "photo": ("max_files",),
        "signature": (),
        "separator": (),
    }
)
"""The keys of each kind of field beside the common ones (``id``, ``label``, ``description``,
``required``, ``type``)."""

FIELD_ID_PATTERN = r"^[A-Za-z0-9_-]{1,19}$"
"""A form field's ID: 1 to 19 letters, digits, ``-`` or ``_`` (``Text-1``)."""

MAX_STARS = 10
"""The most stars a rating field may offer."""

_LABEL = rules(not_blank=True, max_length=100, printable=True)


# --- Field definitions ------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormOption:
    """One choice of a ``dropdown`` or ``radio_group`` field, or one box of a ``checkbox_group``."""

    label: str = attrs.field(metadata=_LABEL)


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormField:
    """One field of a form or template: the common keys plus those of its ``type``.

    Type-specific keys are present only for their type (:data:`FIELD_TYPE_KEYS`).
    """

    id: str = attrs.field(metadata=rules(pattern=FIELD_ID_PATTERN))
    """Unique within the form, 1 to 19 letters, digits, ``-`` or ``_``; the key of its value."""
    label: str = attrs.field(metadata=_LABEL)
    """1 to 100 printable characters."""
    description: str | Unset = attrs.field(
        default=UNSET, metadata=rules(min_length=1, max_length=512, printable=True)
    )
    """Shown under the label, 1 to 512 printable characters."""
    required: bool = False
    """The form cannot be submitted without a valid value (never true for ``separator``)."""
    type: FormFieldType
    min_length: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0, maximum=1024))
    """Text: 0 to 1024 (0 is not allowed with ``required``)."""
    max_length: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1, maximum=1024))
    """Text: 1 to 1024."""
    min_checked: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Checkbox group: fewest boxes checked (0 is not allowed with ``required``)."""
    max_checked: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1))
    """Checkbox group: most boxes checked."""
    group: list[FormOption] | Unset = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """Checkbox group: the boxes, in order."""
    options: list[FormOption] | Unset = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """Dropdown and radio group: the choices, in order."""
    disable_future: bool | Unset = UNSET
    disable_past: bool | Unset = UNSET
    max_stars: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=1, maximum=MAX_STARS)
    )
    """Rating: 1 to 10 stars."""
    min_file_size: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """File: bytes."""
    max_file_size: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1))
    """File: bytes, at most the platform's ``form.file_field.max_file_size`` (16 MiB)."""
    allowed_extensions: list[str] | Unset | None = attrs.field(
        default=UNSET, metadata=rules(min_items=1, max_items=16)
    )
    """File: 1 to 16 extensions; null means any."""
    max_files: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1))
    """Photo: at most the platform's ``form.file_field.max_files_per_field`` (6)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewFormTemplate:
    """A form template without its ID, version and dates: the ``template`` of
    ``form/template/create``."""

    label: str = attrs.field(metadata=rules(not_blank=True, max_length=100))
    """1 to 100 characters."""
    description: str | None = attrs.field(default=None, metadata=rules(max_length=512))
    """Up to 512 characters; may be empty or null."""
    fields: list[FormField] = attrs.field(metadata=rules(min_items=1))
    """In order; at most the platform's ``form.max_fields_count`` (128), IDs unique."""
    submit_in_zone: bool = False
    """Forms made from it can be submitted only inside the task's zone."""
    default: bool = False
    """Offered first for new tasks with a form (one template of the account at most)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormTemplateChange(NewFormTemplate):
    """A form template named by its ``id``: the ``template`` of ``form/template/update``."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormTemplate(FormTemplateChange):
    """A reusable form definition from which task and check-in forms are made."""

    version: int = 1
    """Counts the template's changes: 1 when created, one more on each update."""
    created: dt.datetime
    updated: dt.datetime | None = None
    """When it last changed (its creation, until the first update)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormTemplateCreateParams:
    """Parameters of ``form/template/create``."""

    template: NewFormTemplate
    """The new template."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormTemplateUpdateParams:
    """Parameters of ``form/template/update``: the template whole, named by its ``id``."""

    template: FormTemplateChange
    """The template as it is to be (``version``, ``created`` and ``updated`` are ignored)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormTemplateParams:
    """Parameters of ``form/template/read``, ``delete`` and ``stats/read``."""

    template_id: int
    """The template."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormTemplateStats:
    """How much a template is used: ``form/template/stats/read``."""

    tasks: dict[str, int]
    """Tasks and checkpoints with a form made from it, by status (every status, 0 included)."""
    scheduled: int = 0
    """Task schedules using it."""


# --- Values -----------------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class TextValue:
    """The value of a ``text`` field."""

    TAG: ClassVar[str] = "text"

    value: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckboxGroupValue:
    """The value of a ``checkbox_group`` field: one boolean per box, in the field's order."""

    TAG: ClassVar[str] = "checkbox_group"

    values: list[bool]


@attrs.frozen(kw_only=True, weakref_slot=False)
class DropdownValue:
    """The value of a ``dropdown`` field: the zero-based index of the chosen option."""

    TAG: ClassVar[str] = "dropdown"

    value_index: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class RadioGroupValue:
    """The value of a ``radio_group`` field: the zero-based index of the chosen option."""

    TAG: ClassVar[str] = "radio_group"

    value_index: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class DateValue:
    """The value of a ``date`` field."""

    TAG: ClassVar[str] = "date"

    value: dt.date


@attrs.frozen(kw_only=True, weakref_slot=False)
class RatingValue:
    """The value of a ``rating`` field: the number of stars, 1 to the field's ``max_stars``."""

    TAG: ClassVar[str] = "rating"

    value: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class FileValue:
    """The value of a ``file`` field: IDs of files uploaded before submission."""

    TAG: ClassVar[str] = "file"

    file_ids: list[int]


@attrs.frozen(kw_only=True, weakref_slot=False)
class PhotoValue:
    """The value of a ``photo`` field: IDs of image files uploaded before submission."""

    TAG: ClassVar[str] = "photo"

    file_ids: list[int]


@attrs.frozen(kw_only=True, weakref_slot=False)
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


@attrs.frozen(kw_only=True, weakref_slot=False)
class Form:
    """A form attached to a task (or check-in): a copy of a template's fields and their values.

    A task with a form cannot be completed until the form is submitted.
    """

    id: int
    label: str
    """1 to 100 characters (the template's label when it was made)."""
    fields: list[FormField]
    description: str | None = None
    """The template's description when the form was made (null when it had none)."""
    template_id: int | None = None
    """The template it was made from; null once that template is deleted."""
    template_version: int | None = None
    """The template's ``version`` when the form was made from it."""
    task_id: int | None = None
    """The task it is attached to (null for check-in forms)."""
    tracker_id: int | None = None
    """The tracker of its task, or the tracker a check-in form was made for."""
    checkin_id: int | None = None
    """The check-in it was sent with (null for task forms and unsent check-in forms)."""
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


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormReadParams:
    """Parameters of ``form/read``."""

    id: int
    """The form (of a task or a check-in)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormDownloadParams:
    """Parameters of ``form/download``."""

    id: int
    """The form (of a task or a check-in)."""
    format: ExportFormat
    """The document's format: ``xlsx`` or ``pdf``."""


# --- Files of forms ---------------------------------------------------------------------------


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormFieldBinding:
    """The form field a file was reserved for."""

    form_id: int
    field_id: str
    submitted: bool = False
    """Whether a submission of the form holds the file as the field's value."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FileBindings:
    """What a stored file is attached to."""

    form_field: FormFieldBinding | None = None
    """The form field it was reserved for."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FilePreview:
    """A preview image of a stored file."""

    download_url: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormFile(CheckinFile):
    """A file of a form field: the stored file, what it is attached to and its previews."""

    bindings: FileBindings | None = None
    """What the file is attached to (its form field)."""
    previews: list[FilePreview] | None = None
    """Preview images; null or empty when there are none."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormReadResult:
    """What ``form/read`` answers: the form and the files its values name."""

    value: Form
    files: list[FormFile] | None = None
    """The files the form's values name; null or empty when there are none."""

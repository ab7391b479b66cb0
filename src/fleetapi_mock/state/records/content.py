"""Records of what an account draws and fills in: zones, places and the custom fields of their
entity, tags, form templates, forms and stored files."""

from __future__ import annotations

import datetime as dt

import attrs

from fleetapi.models.checkin import CheckinContent, CheckinFile
from fleetapi.models.common import LatLng, Location
from fleetapi.models.entity import CustomFieldValue, Entity, EntityField
from fleetapi.models.form import Form, FormField
from fleetapi.models.zone import DEFAULT_ZONE_COLOR, ZonePoint, ZoneType

__all__ = [
    "CheckinRecord",
    "EntityFieldRecord",
    "EntityRecord",
    "FileRecord",
    "FormRecord",
    "FormTemplateRecord",
    "PlaceRecord",
    "TagRecord",
    "ZoneRecord",
    "ZoneType",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class ZoneRecord:
    """A geofence: a circle, a polygon or a sausage (a corridor along a line)."""

    id: int
    user_id: int
    label: str
    type: ZoneType = "circle"
    center: LatLng | None = None
    """The centre of a circle."""
    radius: int | None = None
    """Meters (circle and sausage)."""
    points: list[ZonePoint] = attrs.Factory(list)
    """The vertices of a polygon or the line of a sausage."""
    address: str = ""
    color: str = DEFAULT_ZONE_COLOR
    tags: list[int] = attrs.Factory(list)


@attrs.frozen(kw_only=True, weakref_slot=False)
class PlaceRecord:
    """A place (point of interest)."""

    id: int
    user_id: int
    label: str
    location: Location
    """Its point, address and radius (a place answered without them has an empty address and
    a radius of 100 m)."""
    description: str | None = None
    external_id: str | None = None
    tags: list[int] = attrs.Factory(list)
    fields: dict[str, CustomFieldValue] = attrs.Factory(dict)
    """Custom field values by the field's ID (as text)."""
    icon_id: int | None = None
    avatar_file_name: str | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityRecord(Entity):
    """A customizable entity (the account's place entity) as the world keeps it: the API's
    entity, its layout as the API shows it, and its owner."""

    user_id: int
    """The master user owning the entity."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EntityFieldRecord(EntityField):
    """A custom field as the world keeps it: the API's field, its entity and its owner."""

    user_id: int
    """The master user owning the field."""
    entity_id: int
    """The entity the field belongs to."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TagRecord:
    """A tag that entities can carry."""

    id: int
    user_id: int
    name: str
    color: str = "1E96DC"
    avatar_file_name: str | None = None
    icon_id: int | None = None
    """The icon of the standard set shown for the tag (``tag/avatar/assign``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormTemplateRecord:
    """A form template from which task and check-in forms are made.

    Its ``fields`` are the API's form field definitions (:class:`fleetapi.models.form.
    FormField`: ``id``, ``label``, ``type``, ``required`` and the keys of the type).
    """

    id: int
    user_id: int
    label: str
    description: str | None = None
    fields: list[FormField] = attrs.Factory(list)
    submit_in_zone: bool = False
    default: bool = False
    version: int = 1
    created: dt.datetime | None = None
    updated: dt.datetime | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class FormRecord(Form):
    """A form made from a template as the world keeps it: the API's
    :class:`~fleetapi.models.form.Form` (date/times in UTC) and the owning master user, which
    the API does not show. ``tracker_id`` is kept for a check-in form (the tracker it was made
    for) and null for a task form, whose tracker is its task's; ``checkin_id`` is found when
    answering (the check-in naming the form)."""

    user_id: int
    """The master user owning the form."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class CheckinRecord(CheckinContent):
    """A check-in as the world keeps it: the API's :class:`~fleetapi.models.checkin.Checkin`
    (date/times in UTC) without its files, which name their check-in (``checkin_id``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FileRecord(CheckinFile):
    """A stored file as the world keeps it: the API's
    :class:`~fleetapi.models.checkin.CheckinFile` and its upload.

    The API's fields are kept as the API shows them (date/times in UTC, ``download_url`` null:
    the download address is made from the address of each request). Beside them: the upload's
    secret ``token`` and ``expires``, the declared maximum size, where the file belongs (a
    form field, a check-in) and its content (base64).
    """

    max_size: int
    """The size declared when the file was reserved: the most the upload may hold."""
    token: str = attrs.field(repr=False)
    """The secret the upload must carry (the ticket's ``fields``); also in the download URL."""
    expires: dt.datetime
    """The upload is refused after this time, and the reservation no longer counts."""
    form_id: int | None = None
    """The form whose field the file was reserved for (``checkin/form/file/create``)."""
    field_id: str | None = None
    checkin_id: int | None = None
    """The check-in the file is attached to (``file_ids`` of ``checkin/create``)."""
    submitted: bool = False
    """Used by a check-in or a submitted form value (no longer counts as unsubmitted)."""
    content: str = attrs.field(default="", repr=False)
    """The uploaded bytes, base64-encoded."""

"""Check-ins: read, list, delete and (exceptionally) create them, with their files and forms."""

from __future__ import annotations

from fleetapi._endpoint import EXPORT_MEDIA_TYPES, Endpoint, FileVariant, Paging, Result
from fleetapi.models.checkin import (
    Checkin,
    CheckinCreateParams,
    CheckinDeleteParams,
    CheckinExportParams,
    CheckinFormCreateParams,
    CheckinFormFileCreateParams,
    CheckinImageCreateParams,
    CheckinList,
    CheckinListParams,
    CheckinReadParams,
)
from fleetapi.models.files import UploadTicket

_UPLOAD_NOTES = (
    "Answers an upload ticket: POST multipart/form-data to `url` with every entry of `fields` "
    "as a form field and the file part last, named `file_field_name`, before `expires`. "
    "Sub-user rights: not shown; declared none. Upload several files with a short delay "
    "between them."
)

CHECKIN_READ = Endpoint(
    path="checkin/read",
    params=CheckinReadParams,
    result=Result.field("value", Checkin),
    summary="Read one check-in.",
    right="employee_update",
    errors=(7, 204),
    safe=True,
)
CHECKIN_LIST = Endpoint(
    path="checkin/list",
    params=CheckinListParams,
    result=Result.body(CheckinList),
    summary="List check-ins of trackers over a period, a page at a time.",
    right="employee_update",
    errors=(7, 211, 217, 221),
    safe=True,
    paging=Paging(items="list", total="count"),
    file_variant=FileVariant(
        params=CheckinExportParams,
        summary="Export the check-ins `list` would find as an XLSX workbook or a PDF report.",
        media_types=EXPORT_MEDIA_TYPES,
    ),
    notes=(
        "Declared in its JSON form. With `format` set to `pdf` or `xlsx` (parameters "
        "`CheckinExportParams`, SDK method `export`) the same call answers a file download "
        "instead of JSON. "
        "`conditions` are search conditions (the spec's field table says string array; the "
        "service's documentation points to search conditions) on employee, tracker_id, "
        "marker_time, location, comment and form; `sort` items are `<field>=asc|desc` on the "
        "same fields."
    ),
)
CHECKIN_DELETE = Endpoint(
    path="checkin/delete",
    params=CheckinDeleteParams,
    result=Result.nothing(),
    summary="Delete check-ins by ID.",
    right="checkin_update",
    errors=(7, 201),
)
CHECKIN_CREATE = Endpoint(
    path="checkin/create",
    params=CheckinCreateParams,
    result=Result.field("id", int),
    summary="Create a check-in for a tracker (for exceptional cases) and get its ID.",
    right="checkin_update",
    errors=(7, 201, 242),
    notes=(
        "Code 242 adds per-field errors (`field_id`, `code`, `error`) when the form values "
        "are invalid. Optional form fields that are to stay empty must be left out of "
        "`form_submission.values`."
    ),
)
CHECKIN_IMAGE_CREATE = Endpoint(
    path="checkin/image/create",
    params=CheckinImageCreateParams,
    result=Result.field("value", UploadTicket),
    summary="Reserve an image for a check-in and get where to upload it.",
    errors=(268, 271),
    notes=_UPLOAD_NOTES + " List the `file_id` in `checkin/create`'s `file_ids`.",
)
CHECKIN_FORM_CREATE = Endpoint(
    path="checkin/form/create",
    params=CheckinFormCreateParams,
    result=Result.field("id", int),
    summary="Create a form from a template for a check-in and get the form's ID.",
    errors=(201,),
    notes="Sub-user rights: not shown; declared none.",
)
CHECKIN_FORM_FILE_CREATE = Endpoint(
    path="checkin/form/file/create",
    params=CheckinFormFileCreateParams,
    result=Result.field("value", UploadTicket),
    summary="Reserve a file for a file-based form field and get where to upload it.",
    errors=(201, 231, 267, 268, 271),
    notes=(
        _UPLOAD_NOTES + " Give `checkin_id` or `form_id`, not both (code 7 otherwise). Store "
        "the `file_id` as the field's value when submitting the form."
    ),
)

ENDPOINTS = (
    CHECKIN_READ,
    CHECKIN_LIST,
    CHECKIN_DELETE,
    CHECKIN_CREATE,
    CHECKIN_IMAGE_CREATE,
    CHECKIN_FORM_CREATE,
    CHECKIN_FORM_FILE_CREATE,
)

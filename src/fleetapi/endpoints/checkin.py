"""Check-ins: read, list, delete and (exceptionally) create them, with their files and forms."""

from __future__ import annotations

from fleetapi._endpoint import (
    EXPORT_MEDIA_TYPES,
    Decision,
    Endpoint,
    FileVariant,
    Paging,
    Result,
)
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
    decisions=(
        Decision(
            "`checkin/read` of a check-in on a tracker hidden from the sub-user",
            "204, like a missing one.",
        ),
    ),
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
        "Declared in its JSON form; the file form's parameters are `CheckinExportParams`. "
        "`sort` items are `<field>=asc|desc`."
    ),
    decisions=(
        Decision(
            "`checkin/list` `conditions`",
            "Search conditions (the service's documented shape), not the strings the spec's "
            "table shows.",
        ),
        Decision(
            "`checkin/list` trackers",
            "By default every tracker the caller sees that is not blocked and whose tariff has "
            "the `checkin` feature; a given tracker that is missing, hidden from the sub-user, "
            "blocked or without the feature answers 217.",
        ),
        Decision(
            "`checkin/list` with an empty `trackers`",
            "Lists nothing (`count` 0): an empty list names no tracker; leave `trackers` out "
            "for every available tracker.",
        ),
        Decision(
            "`checkin/list` 221",
            "When the caller's dealer has more trackers (over all its users) than its "
            "`device_limit` (a dealer record field; none by default).",
        ),
        Decision(
            "`checkin/list` period",
            "`from` and `to` are inclusive, in the caller's time zone; `to` not later than "
            "`from` answers 7 naming `to`; a span longer than the dealer's "
            "`report.max_time_span` (default 90 days) answers 211, as for tracks (one rule, "
            "`Context.request_period`). Either bound alone is accepted without a span check. A "
            "date/time the world cannot hold in UTC (year 1 east of UTC) answers 7 naming it, "
            "in periods of conditions too.",
        ),
        Decision(
            "`checkin/list` conditions and sort",
            "Condition fields `employee` (ID), `tracker_id`, `marker_time` (a date/time: "
            "`period` only, in the caller's time zone), `location` (address), `comment`, `form` "
            "(template ID), matched as for every list call (the mock's shared search rules); "
            "sort fields the same, `employee` by full name and `form` by label; check-ins "
            "without a value come last. Default order: newest first (`marker_time=desc`), then "
            "by ID. An unknown field, a condition kind that does not fit the field or more than "
            "60 conditions in all answer 7.",
        ),
        Decision(
            "`checkin/list` location",
            "`lat`, `lng` and `radius` (meters, required: 7 without it); a check-in is inside "
            "when its point lies within `radius` of the centre.",
        ),
        Decision(
            "`checkin/list` exports",
            "`format` `xlsx` or `pdf` answers the same page as the JSON form (filters, sort, "
            "`limit`, `offset` apply) as a file named `checkins.<format>`: one row per check-in "
            "with ID, time (the caller's time zone), tracker label, employee, address, latitude, "
            "longitude, precision, comment, form label and file names. An empty `format` "
            "answers JSON; another value answers 7 naming `format`. The PDF uses the built-in "
            "fonts: characters outside Latin-1 print as `?`. The SDK method is "
            "`client.checkin.list_file(format=...)`.",
        ),
    ),
)
CHECKIN_DELETE = Endpoint(
    path="checkin/delete",
    params=CheckinDeleteParams,
    result=Result.nothing(),
    summary="Delete check-ins by ID.",
    right="checkin_update",
    errors=(7, 201),
    decisions=(
        Decision(
            "`checkin/delete`",
            "All or nothing: any missing or unavailable ID answers 201. The check-ins' files "
            "become `deleted` and their forms are removed.",
        ),
    ),
)
CHECKIN_CREATE = Endpoint(
    path="checkin/create",
    params=CheckinCreateParams,
    result=Result.field("id", int),
    summary="Create a check-in for a tracker (for exceptional cases) and get its ID.",
    right="checkin_update",
    errors=(7, 201, 242),
    notes=(
        "Optional form fields that are to stay empty must be left out of `form_submission.values`."
    ),
    decisions=(
        Decision(
            "Form value errors (242)",
            '`{"field_id", "code", "error"}` with the service\'s codes 1-10; every problem of a '
            "submission is listed at once. Text length outside `min_length`/`max_length` is 5 "
            "(bad size), a rating or date outside its bounds 6/7, an option index outside the "
            "options 4, a value for a field the form lacks 8, a file not reserved for the field "
            "8, a non-image in a photo or signature field or an extension outside "
            "`allowed_extensions` 9, a file not uploaded 10, a file outside the field's "
            "`min_file_size`/`max_file_size` 6/7.",
        ),
        Decision(
            "Files a check-in accepts (`file_ids`)",
            "The account's files reserved with `checkin/image/create`, not attached to another "
            "check-in, in state `created` (before `expires`), `in_progress` or `uploaded`: a "
            "check-in may be created before its photos finish uploading. Anything else answers "
            "201.",
        ),
        Decision(
            "Check-in forms",
            "A form made by `checkin/form/create` is sent once, with a check-in of the same "
            "tracker; another form ID answers 201.",
        ),
        Decision("Check-in comment", "At most 1024 characters."),
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
    decisions=(
        Decision(
            "Where a form field's own file size limits apply",
            "At submission (242 codes 6 and 7), not at reservation: `checkin/form/file/create` "
            "checks only the platform's `file_storage.hard_max_file_size` (271).",
        ),
        Decision(
            "Unsubmitted files per form field",
            "At most 5 live (reserved or uploaded, not yet part of a submission) files per "
            "field; reserving a sixth answers 267.",
        ),
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

"""Places read from tab-delimited text or a stored file, and uploaded in a CSV file.

The rows and columns come as for ``zone/batch_convert`` (:func:`fleetapi_mock.domain.batch.
rows_of`), columns from :data:`~fleetapi.models.place.PLACE_BATCH_FIELDS` (default
:data:`~fleetapi.models.place.PLACE_BATCH_DEFAULT_FIELDS`). Nothing is created: each row becomes
a place to create, its problems in ``errors`` and its tags' names in ``tag_names``. The
location is the row's point (:func:`~fleetapi_mock.domain.batch.row_point`); a row without one
has a ``place.location`` error and a location of 0, 0.

``place/upload`` reads the rows of a ``;``-separated CSV file so, its header line naming the
columns, and creates their places (or updates those whose ``external_id`` it names).
"""

from __future__ import annotations

import csv
import io
from typing import Any

import attrs

from fleetapi._converter import converter_for
from fleetapi._errors import (
    EntityExistsError,
    InvalidDataFormatError,
    NoDataFileError,
    OverQuotaError,
)
from fleetapi._types import Unset
from fleetapi.endpoints.place import MAX_PLACES, PLACE_BATCH_CONVERT, PLACE_UPLOAD
from fleetapi.models.common import Location
from fleetapi.models.place import (
    PLACE_BATCH_DEFAULT_FIELDS,
    PLACE_BATCH_FIELDS,
    PLACE_UPLOAD_COLUMNS,
    CheckedPlace,
    NewPlace,
    PlaceBatchConvertParams,
    PlaceBatchResult,
    PlaceUploadParams,
    PlaceUploadResult,
)
from fleetapi.models.vehicle import BatchError
from fleetapi_mock.domain.batch import (
    BatchLine,
    default_radius,
    numbered,
    parse_decimal,
    row_cells,
    row_point,
    row_problems,
    rows_of,
    tag_ids,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.file import FILE_FIELD_NAME
from fleetapi_mock.domain.subuser import keep_in_sight
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import PlaceRecord


def _convert(ctx: Context, fields: list[str], line: BatchLine, radius: int) -> CheckedPlace:
    cells, errors = row_cells(fields, line)
    point = row_point(ctx, cells)
    if point is None:
        errors.append(BatchError(parameter="place.location", error="no address or coordinates"))
    lat, lng = point or (0.0, 0.0)
    location = {"lat": lat, "lng": lng, "address": cells.get("address", ""), "radius": radius}
    if cells.get("radius"):
        try:
            location["radius"] = int(parse_decimal(cells["radius"]))
        except ValueError:
            errors.append(BatchError(parameter="place.location.radius", error="must be a number"))
    wire: dict[str, Any] = {
        "label": cells.get("label", ""),
        "location": location,
        "description": cells.get("description") or None,
        "external_id": cells.get("external_id") or None,
        "tags": [],
    }
    if cells.get("tags"):
        wire["tags"], problem = tag_ids(ctx, cells["tags"])
        if problem is not None:
            errors.append(BatchError(parameter="place.tags", error=problem))
    errors += row_problems(wire, NewPlace, "place")
    checked = converter_for(strict=False).structure(wire, CheckedPlace)
    names = [ctx.world.tags[t].name for t in checked.tags]
    return attrs.evolve(checked, errors=numbered(errors, line), tag_names=names)


@handles(PLACE_BATCH_CONVERT)
def place_batch_convert(ctx: Context, params: PlaceBatchConvertParams) -> PlaceBatchResult:
    """Convert the rows of a batch or stored file into places to create, creating none."""
    fields, lines, exceeded = rows_of(
        ctx,
        batch=params.batch,
        file_id=params.file_id,
        fields=params.fields,
        known=PLACE_BATCH_FIELDS,
        default=PLACE_BATCH_DEFAULT_FIELDS,
        what="place",
    )
    radius = default_radius(params.default_radius)
    return PlaceBatchResult(
        list=[_convert(ctx, fields, line, radius) for line in lines], limit_exceeded=exceeded
    )


# --- Uploads ----------------------------------------------------------------------------------


def _csv_lines(data: bytes) -> list[BatchLine]:
    """The non-blank lines of a ``;``-separated UTF-8 CSV file, numbered from 1 (234 for
    text that does not read)."""
    try:
        reader = csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";")
        return [
            BatchLine(reader.line_num, cells) for cells in reader if any(c.strip() for c in cells)
        ]
    except (UnicodeDecodeError, csv.Error) as exc:
        raise InvalidDataFormatError(f"the file is not ;-separated UTF-8 text: {exc}") from None


def _columns(header: BatchLine) -> list[str]:
    """The columns the header line names (234 for a name that is none, one named twice, or
    no ``label``)."""
    names = [c.strip().lower() for c in header.cells]
    unknown = [n for n in names if n not in PLACE_UPLOAD_COLUMNS]
    if unknown:
        known = ";".join(PLACE_UPLOAD_COLUMNS)
        raise InvalidDataFormatError(f"{unknown[0]!r} is no column of {known}")
    if len(set(names)) < len(names) or "label" not in names:
        raise InvalidDataFormatError("the header names each column once, label among them")
    return names


def _located(place: CheckedPlace) -> Location:
    where = place.location
    return Location(lat=where.lat, lng=where.lng, address=where.address, radius=where.radius)


@handles(PLACE_UPLOAD)
def place_upload(ctx: Context, params: PlaceUploadParams) -> PlaceUploadResult:
    """Create the places of the CSV part ``file``; answer its rows and those with errors.

    233 without a file; 234 for a file that does not read, a header naming another column,
    or (``error_policy`` ``fail``) a row with errors; 247 (``duplicate_policy`` ``fail``) for
    a row whose ``external_id`` a place has; 268 past the places of an account. Nothing is
    created when the file is refused.
    """
    upload = ctx.files.get(FILE_FIELD_NAME)
    if upload is None or not upload.data:
        raise NoDataFileError("no file part named 'file' (or it is empty)")
    lines = _csv_lines(upload.data)
    if not lines:
        raise InvalidDataFormatError("the file has no header line")
    fields = _columns(lines[0])
    radius = default_radius(params.default_radius)
    rows = [(line.number, _convert(ctx, fields, line, radius)) for line in lines[1:]]
    failed = [(n, row) for n, row in rows if not isinstance(row.errors, Unset)]
    if failed and params.error_policy == "fail":
        number, row = failed[0]
        assert not isinstance(row.errors, Unset)
        first = row.errors[0]
        raise InvalidDataFormatError(f"line {number}: {first.parameter}: {first.error}")
    known = {p.external_id: p.id for p in ctx.visible_places() if p.external_id}
    planned: dict[str, int] = {}  # an external ID to its row among those to create
    creating: list[CheckedPlace] = []
    updating: dict[int, CheckedPlace] = {}
    for number, row in rows:
        if not isinstance(row.errors, Unset):
            continue
        external = row.external_id
        if external and (external in known or external in planned):
            if params.duplicate_policy == "fail":
                raise EntityExistsError(f"line {number}: a place has the external ID {external!r}")
            if params.duplicate_policy == "update" and external in known:
                updating[known[external]] = row
            elif params.duplicate_policy == "update":
                creating[planned[external]] = row
            continue
        if external:
            planned[external] = len(creating)
        creating.append(row)
    if len(ctx.owned(ctx.world.places)) + len(creating) > MAX_PLACES:
        raise OverQuotaError(f"an account may hold at most {MAX_PLACES} places")
    for place_id, row in updating.items():
        ctx.world.places.change(
            place_id, label=row.label, location=_located(row), description=row.description
        )
    user = ctx.require_user()
    for row in creating:
        place_id = ctx.world.ids.next("places")
        ctx.world.places[place_id] = PlaceRecord(
            id=place_id,
            user_id=ctx.account.id,
            label=row.label,
            location=_located(row),
            description=row.description,
            external_id=row.external_id,
        )
        keep_in_sight(ctx.world, user, "places", place_id)
    return PlaceUploadResult(total=len(rows), errors=len(failed))

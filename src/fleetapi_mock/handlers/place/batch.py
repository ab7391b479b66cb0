"""Places read from tab-delimited text or a stored file.

The rows and columns come as for ``zone/batch_convert`` (:func:`fleetapi_mock.domain.batch.
rows_of`), columns from :data:`~fleetapi.models.place.PLACE_BATCH_FIELDS` (default
:data:`~fleetapi.models.place.PLACE_BATCH_DEFAULT_FIELDS`). Nothing is created: each row becomes
a place to create, its problems in ``errors`` and its tags' names in ``tag_names``. The
location is the row's point (:func:`~fleetapi_mock.domain.batch.row_point`); a row without one
has a ``place.location`` error and a location of 0, 0.
"""

from __future__ import annotations

from typing import Any

import attrs

from fleetapi._converter import converter_for
from fleetapi.endpoints.place import PLACE_BATCH_CONVERT
from fleetapi.models.place import (
    PLACE_BATCH_DEFAULT_FIELDS,
    PLACE_BATCH_FIELDS,
    CheckedPlace,
    NewPlace,
    PlaceBatchConvertParams,
    PlaceBatchResult,
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
from fleetapi_mock.handlers import handles


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

"""Circle zones read from tab-delimited text or a stored file.

The rows and columns come as for ``vehicle/batch_convert`` (:func:`fleetapi_mock.domain.batch.
rows_of`), columns from :data:`~fleetapi.models.zone.ZONE_BATCH_FIELDS` (default
:data:`~fleetapi.models.zone.ZONE_BATCH_DEFAULT_FIELDS`); a batch without a tab is rows of one
cell, as the documented example sends. Nothing is created: each row becomes a circle zone to
create, its problems in ``errors``. The center is the row's point
(:func:`~fleetapi_mock.domain.batch.row_point`); a row without one has the documented
``zone.center`` error and a center of 0, 0.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from fleetapi._converter import converter_for
from fleetapi.endpoints.zone import ZONE_BATCH_CONVERT
from fleetapi.models.vehicle import BatchError
from fleetapi.models.zone import (
    ZONE_BATCH_DEFAULT_FIELDS,
    ZONE_BATCH_FIELDS,
    CheckedZone,
    NewCircleZone,
    ZoneBatchConvertParams,
    ZoneBatchResult,
)
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
from fleetapi_mock.domain.zone import circle_bounds
from fleetapi_mock.handlers import handles

_NO_CENTER: Final = "Location should be correct with 'lat' and 'lng' not null"


def _convert(ctx: Context, fields: list[str], line: BatchLine, radius: int) -> CheckedZone:
    cells, errors = row_cells(fields, line)
    wire: dict[str, Any] = {
        "label": cells.get("label", ""),
        "address": cells.get("address", ""),
        "center": {"lat": 0.0, "lng": 0.0},
        "radius": radius,
        "tags": [],
    }
    point = row_point(ctx, cells)
    if point is None:
        errors.append(BatchError(parameter="zone.center", error=_NO_CENTER))
    else:
        wire["center"] = {"lat": point[0], "lng": point[1]}
    if cells.get("radius"):
        try:
            wire["radius"] = int(parse_decimal(cells["radius"]))
        except ValueError:
            errors.append(BatchError(parameter="zone.radius", error="must be a number"))
    if cells.get("tags"):
        wire["tags"], problem = tag_ids(ctx, cells["tags"])
        if problem is not None:
            errors.append(BatchError(parameter="zone.tags", error=problem))
    errors += row_problems(wire, NewCircleZone, "zone")
    checked = converter_for(strict=False).structure(wire, CheckedZone)
    bounds = circle_bounds(checked.center, checked.radius)
    return attrs.evolve(checked, bounds=bounds, errors=numbered(errors, line))


@handles(ZONE_BATCH_CONVERT)
def zone_batch_convert(ctx: Context, params: ZoneBatchConvertParams) -> ZoneBatchResult:
    """Convert the rows of a batch or stored file into circle zones to create, creating none."""
    fields, lines, exceeded = rows_of(
        ctx,
        batch=params.batch,
        file_id=params.file_id,
        fields=params.fields,
        known=ZONE_BATCH_FIELDS,
        default=ZONE_BATCH_DEFAULT_FIELDS,
        what="zone",
        one_cell_rows=True,
    )
    radius = default_radius(params.default_radius)
    return ZoneBatchResult(
        list=[_convert(ctx, fields, line, radius) for line in lines], limit_exceeded=exceeded
    )

"""``zone/batch_convert``: read circle zones from tab-delimited text or a stored file.

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

from fleetapi._converter import RequestValidationError, converter_for, structure_request
from fleetapi._types import UNSET
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
    SKIPPED,
    BatchLine,
    default_radius,
    parse_decimal,
    row_point,
    rows_of,
    tag_ids,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.zone import zone_bounds
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ZoneRecord

_NO_CENTER: Final = "Location should be correct with 'lat' and 'lng' not null"


def _convert(ctx: Context, fields: list[str], line: BatchLine, radius: int) -> CheckedZone:
    errors: list[BatchError] = []
    if len(line.cells) > len(fields):
        errors.append(BatchError(parameter="batch", error=f"{len(line.cells)} cells"))
    cells = {f: c.strip() for f, c in zip(fields, line.cells, strict=False) if f != SKIPPED}
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
    try:
        structure_request(wire, NewCircleZone)
    except RequestValidationError as exc:
        errors.extend(
            BatchError(parameter=f"zone.{e.parameter}", error=e.error) for e in exc.errors
        )
    checked = converter_for(strict=False).structure(wire, CheckedZone)
    shape = ZoneRecord(id=0, user_id=0, label="", center=checked.center, radius=checked.radius)
    numbered = [attrs.evolve(e, line=line.number) for e in errors]
    return attrs.evolve(checked, bounds=zone_bounds(shape), errors=numbered or UNSET)


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

"""The cells the field service reports share: times with their date when it is not the row's,
text alone, the places and zones holding a point, a form's values, and the time filter's
judgement of a moment."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fleetapi.models.common import Location
from fleetapi.models.report import ReportPlugin, TimeFilter
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.form.document import value_text
from fleetapi_mock.domain.form.files import value_file_names
from fleetapi_mock.domain.place import holds, wire_place
from fleetapi_mock.domain.report.cells import time_format, value
from fleetapi_mock.domain.zone import contains
from fleetapi_mock.state.records import FormRecord

__all__ = [
    "Spots", "address", "at", "blank", "form_text", "located", "milliseconds", "passes", "text",
]  # fmt: skip

_EPOCH = dt.datetime(1970, 1, 1)


def text(shown: str, **more: Any) -> dict[str, Any]:
    """A cell of text alone: ``raw`` is null (there is no number behind it)."""
    return {"v": shown, "raw": None, "type": "value", **more}


def blank() -> dict[str, Any]:
    """An empty cell (a time or a figure the world does not know)."""
    return text("")


def form_text(ctx: Context, form: FormRecord, *, with_values: bool) -> str:
    """A form as a cell shows it: its label, and ``with_values`` its filled fields
    (``Label: Field: value; Field: value``), or that it is not submitted yet."""
    if not with_values:
        return form.label
    if form.submitted is None:
        return f"{form.label} (not submitted)"
    names = value_file_names(ctx, form)
    values = form.values or {}
    shown = [
        f"{field.label}: {filled}"
        for field in form.fields
        if (filled := value_text(field, values.get(field.id), names))
    ]
    return f"{form.label}: {'; '.join(shown)}" if shown else form.label


def passes(when: dt.datetime, time_filter: TimeFilter) -> bool:
    """Whether ``when`` (the user's time) falls in the filter's days and hours, as the report
    framework judges a row's time (a window ending before it starts runs past midnight)."""
    if when.isoweekday() not in time_filter.weekdays:
        return False
    clock = when.strftime("%H:%M:%S")
    low, high = (_full(time_filter.from_), _full(time_filter.to))
    return low <= clock <= high if low <= high else clock >= low or clock <= high


def _full(clock: str) -> str:
    return clock if len(clock) == 8 else f"{clock}:00"


def milliseconds(when: dt.datetime) -> float:
    """A world time as the ``raw`` of a time cell: UNIX milliseconds."""
    return (when - _EPOCH).total_seconds() * 1000


def at(ctx: Context, when: dt.datetime, day: dt.date, plugin: ReportPlugin) -> dict[str, Any]:
    """A time cell of ``when`` (world time): the user's time of day, with its date when it is
    not the row's ``day``."""
    local = ctx.user_time(when)
    shown = local.strftime(time_format(plugin))
    if local.date() != day:
        shown = f"{local:%b} {local.day}, {shown}"
    return value(shown, milliseconds(when))


class Spots:
    """The account's places and zones, to name those holding a point."""

    def __init__(self, ctx: Context) -> None:
        self.places = [
            (record.id, record.label, wire_place(record)) for record in ctx.visible_places()
        ]
        self.zones = ctx.visible_zones()

    def cell(self, lat: float, lng: float) -> dict[str, Any]:
        """A cell of the places, then the zones, holding the point (their labels), their IDs
        as ``place_ids`` and ``zone_ids``, their number as ``raw``."""
        places = [(i, label) for i, label, place in self.places if holds(place, lat, lng)]
        zones = [(z.id, z.label) for z in self.zones if contains(z, lat, lng)]
        labels = [label for _, label in places + zones]
        return value(
            ", ".join(labels),
            float(len(labels)),
            place_ids=[i for i, _ in places],
            zone_ids=[i for i, _ in zones],
        )


def located(shown: str, where: Location, raw: float, *, coordinates: bool) -> dict[str, Any]:
    """A cell of when and where: ``shown`` then the address, and ``coordinates`` the point."""
    place = where.address if isinstance(where.address, str) else ""
    shown = f"{shown} - {place}" if place else shown
    if coordinates:
        shown += f" ({where.lat:.6f}, {where.lng:.6f})"
    return value(shown, raw, location={"lat": where.lat, "lng": where.lng})


def address(where: Location) -> dict[str, Any]:
    """A cell of an address alone, with its point as ``location``."""
    shown = where.address if isinstance(where.address, str) else ""
    return text(shown, location={"lat": where.lat, "lng": where.lng})

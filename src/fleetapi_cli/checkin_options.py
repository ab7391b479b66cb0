"""The options ``fleet checkin list`` and ``fleet checkin export`` share, declared once, and
the call arguments they make. Imports nothing heavy."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Optional

import typer

from fleetapi_cli.values import WHEN_HELP, parse_until, parse_when

__all__ = [
    "Address",
    "Comment",
    "Conditions",
    "Employee",
    "FormTemplate",
    "From",
    "Near",
    "Sort",
    "To",
    "Trackers",
    "list_filters",
]

Trackers = Annotated[
    Optional[list[int]],  # noqa: UP045 - Typer reads the annotation at run time
    typer.Option("--tracker", "-t", help="Only this tracker (repeat for several)."),
]
From = Annotated[
    Optional[dt.datetime],  # noqa: UP045
    typer.Option("--from", metavar="WHEN", parser=parse_when, help=f"From: {WHEN_HELP}."),
]
To = Annotated[
    Optional[dt.datetime],  # noqa: UP045
    typer.Option("--to", metavar="WHEN", parser=parse_until, help="Until, after --from."),
]
Employee = Annotated[
    Optional[int],  # noqa: UP045
    typer.Option("--employee", help="Only check-ins of this employee (ID)."),
]
Comment = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--comment", help="Only comments containing this text."),
]
Address = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--address", help="Only addresses containing this text."),
]
FormTemplate = Annotated[
    Optional[int],  # noqa: UP045
    typer.Option("--form", help="Only check-ins with a form of this template (ID)."),
]
Near = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--near", metavar="LAT,LNG,RADIUS", help="Only within RADIUS meters."),
]
Conditions = Annotated[
    Optional[list[str]],  # noqa: UP045
    typer.Option(
        "--condition",
        help="A search condition as JSON, @file or - (repeat; all must hold), e.g. "
        '\'{"type": "eq", "field": "tracker_id", "value": 1}\'.',
    ),
]
Sort = Annotated[
    Optional[list[str]],  # noqa: UP045
    typer.Option("--sort", help="FIELD=asc|desc (repeat); default newest first."),
]


def list_filters(
    trackers: list[int] | None,
    from_: dt.datetime | None,
    to: dt.datetime | None,
    employee: int | None,
    comment: str | None,
    address: str | None,
    form: int | None,
    near: str | None,
    conditions: list[str] | None,
    sort: list[str] | None,
) -> dict[str, Any]:
    """The keyword arguments of ``checkins.list``/``export`` for the filter options."""
    from fleetapi.models.search import ContainsCondition, EqCondition
    from fleetapi_cli.values import near_location, search_conditions

    found: list[Any] = []
    if employee is not None:
        found.append(EqCondition(field="employee", value=employee))
    if form is not None:
        found.append(EqCondition(field="form", value=form))
    if comment:
        found.append(ContainsCondition(field="comment", value=comment))
    if address:
        found.append(ContainsCondition(field="location", value=address))
    found += search_conditions(conditions or [], param_hint="--condition")
    kwargs: dict[str, Any] = {}
    if trackers:
        kwargs["trackers"] = list(trackers)
    if from_ is not None:
        kwargs["from_"] = from_
    if to is not None:
        kwargs["to"] = to
    if found:
        kwargs["conditions"] = found
    if sort:
        kwargs["sort"] = list(sort)
    if near:
        kwargs["location"] = near_location(near, param_hint="--near")
    return kwargs

"""``fleet geocode``: find an address's locations, or the address of a point."""

from __future__ import annotations

import re
from typing import Annotated, Optional

import typer

from fleetapi_cli._typer import OutputOption, new_command_app, wraps_call
from fleetapi_cli.context import state_of

__all__ = ["app"]

app = new_command_app()

COLUMNS = [
    "address",
    "lat",
    "lng",
    "details.locality",
    "details.postcode",
    "details.country",
]

_POINT = re.compile(r"^\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*$")


@app.command()
@wraps_call(uses=("geocoder/search_address", "geocoder/search_location"))
def geocode(
    ctx: typer.Context,
    query: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Argument(metavar="ADDRESS", help="The address or place to find."),
    ] = None,
    reverse: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--reverse", "-r", metavar="LAT,LNG", help="Name the address of a point."),
    ] = None,
    details: Annotated[
        bool, typer.Option("--details/--no-details", help="Ask for the address parts.")
    ] = True,
    lang: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--lang", help="Language of the results (ISO 639, e.g. en)."),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Find the locations of an address; with --reverse LAT,LNG, the address of a point.

    Locations come best match first.
    """
    from fleetapi._types import UNSET
    from fleetapi.models.common import LatLng

    if (query is None) == (reverse is None):
        ctx.fail("Give either an ADDRESS or --reverse LAT,LNG.")
    state = state_of(ctx)
    language = UNSET if lang is None else lang
    if reverse is not None:
        match = _POINT.match(reverse)
        if match is None:
            ctx.fail(f"--reverse takes LAT,LNG (two decimal numbers), not {reverse!r}.")
        point = LatLng(lat=float(match.group(1)), lng=float(match.group(2)))
        with state.client() as client:
            found = client.geocoder.search_location(
                location=point, goal="ui_user_action", with_details=details, lang=language
            )
        record = {"address": found.value, "lat": point.lat, "lng": point.lng}
        state.emit([{**record, "details": found.details}], output=output, columns=COLUMNS)
        return
    assert query is not None
    with state.client() as client:
        locations = client.geocoder.search_address(q=query, with_details=details, lang=language)
    state.emit(locations, output=output, columns=COLUMNS)

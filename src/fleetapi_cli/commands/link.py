"""``fleet link``: geo links sharing the location of trackers (``tracker/location/link/*``)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Annotated, Any, Optional, get_args

import typer

from fleetapi_cli._typer import (
    AllOption,
    LimitOption,
    OffsetOption,
    OutputOption,
    completes,
    examples,
    fetch,
    new_group,
    wraps_call,
)
from fleetapi_cli.context import state_of
from fleetapi_cli.output import tally
from fleetapi_cli.values import parse_until, parse_when

if TYPE_CHECKING:
    from fleetapi import Client

__all__ = ["app"]

app = new_group(
    "Geo links: share the location of trackers.",
    epilog=examples(
        "fleet link create -t 1 -t 2 -d 'Open day' --until 2026-01-20",
        "fleet link disable 1",
        "fleet link enable 1",
        "fleet link list -o json",
    ),
)

LIST_COLUMNS = ["id", "status", "description", "trackers", "lifetime.from", "lifetime.to"]


def link_domain(client: Client) -> str:
    """The dealer interface domain that links are viewed on (the API's host when unknown)."""
    import httpx

    from fleetapi import FleetApiError

    try:
        return client.dealer.get_ui_config(hash=client.hash or "").dealer.ui_domain
    except FleetApiError:
        return httpx.URL(client.base_url).host


LIST_CALL = "tracker/location/link/list"
"""The paging call of ``list`` (its table entry says how it pages)."""


def _shown_fields() -> tuple[str, ...]:
    """What a geo link can show viewers (the model's values)."""
    from fleetapi.models.link import GeoLinkObjectData

    return get_args(GeoLinkObjectData)


@app.command()
@wraps_call("tracker/location/link/create", uses=("tracker/location/link/read",))
def create(
    ctx: typer.Context,
    tracker: Annotated[
        list[int],
        typer.Option("--tracker", "-t", metavar="ID", help="A tracker to share (repeat: 1-100)."),
    ],
    description: Annotated[
        str, typer.Option("--description", "-d", help="What the link is for (at most 255).")
    ] = "",
    until: Annotated[
        Optional[dt.datetime],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--until",
            metavar="WHEN",
            parser=parse_until,
            help="When the link expires (a date alone: the end of that day).",
        ),
    ] = None,
    start: Annotated[
        Optional[dt.datetime],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--from",
            metavar="WHEN",
            parser=parse_when,
            help="When the link starts working (default: now).",
        ),
    ] = None,
    show: Annotated[
        Optional[list[str]],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--show",
            metavar="FIELD",
            help="What viewers see besides positions (repeat): speed, address, "
            "movement_status, connection_status, driver_name, driver_phone, vehicle_label, "
            "vehicle_reg_number. Default: speed and address.",
            autocompletion=completes(_shown_fields),
        ),
    ] = None,
    domain: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--domain",
            help="The interface domain of the URL (default: the dealer's, asked from the API).",
        ),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Create a geo link sharing the trackers' location; print its ID and URL."""
    from fleetapi.models.link import (
        GeoLinkDisplayOptions,
        GeoLinkLifetime,
        GeoLinkOptions,
        GeoLinkTracker,
        GeoLinkTrackerOptions,
    )

    choices = _shown_fields()
    wanted = list(show) if show else ["speed", "address"]
    unknown = [f for f in wanted if f not in choices]
    if unknown:
        raise typer.BadParameter(
            f"{', '.join(unknown)}: choose from {', '.join(choices)}", param_hint="--show"
        )
    begins, ends = start, until
    lifetime: Any = None
    if begins or ends:
        bounds = {"from_": begins, "to": ends}
        lifetime = GeoLinkLifetime(**{k: v for k, v in bounds.items() if v is not None})
    state = state_of(ctx)
    with state.client() as client:
        link_id = client.tracker.location.link.create(
            lifetime=lifetime,
            description=description,
            trackers=[
                GeoLinkTracker(
                    tracker_id=t,
                    params=GeoLinkTrackerOptions(object_data=wanted),  # type: ignore[arg-type]
                )
                for t in tracker
            ],
            params=GeoLinkOptions(bounding_zone_ids=[], display_options=GeoLinkDisplayOptions()),
        )
        link = client.tracker.location.link.read(id=link_id)
        url = link.url(domain or link_domain(client))
    state.emit({"id": link_id, "url": url}, output=output, columns=["id", "url"])


@app.command("list")
@wraps_call(LIST_CALL)
def list_links(
    ctx: typer.Context,
    filter_: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--filter", help="Only links whose description, trackers or aliases contain it."
        ),
    ] = None,
    sort: Annotated[
        Optional[list[str]],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--sort", metavar="FIELD=asc|desc", help="Sort order (repeat)."),
    ] = None,
    limit: LimitOption = None,
    offset: OffsetOption = None,
    every: AllOption = False,
    output: OutputOption = None,
) -> None:
    """List the geo links with their status: enabled, inactive, expired or disabled."""
    from fleetapi._types import UNSET
    from fleetapi_cli.output import OutputFormat, to_jsonable

    state = state_of(ctx)
    with state.client() as client:
        found, total = fetch(
            client,
            LIST_CALL,
            limit=limit,
            offset=offset,
            every=every,
            filter=filter_ if filter_ else UNSET,
            sort=list(sort) if sort else UNSET,
        )
    links = to_jsonable(found)
    fmt = state.output_format(output)
    if fmt is OutputFormat.table:
        links = [
            {**link, "trackers": " ".join(str(t["tracker_id"]) for t in link["trackers"])}
            for link in links
        ]
    state.emit(links, output=fmt, columns=LIST_COLUMNS)
    tally(len(links), total, "links")


def _switch(ctx: typer.Context, link_id: int, *, on: bool) -> None:
    state = state_of(ctx)
    with state.client() as client:
        client.tracker.location.link.status.change(id=link_id, is_active=on)
    from fleetapi_cli.output import note

    note(f"Geo link {link_id} {'enabled' if on else 'disabled'}.")


@app.command()
@wraps_call("tracker/location/link/status/change")
def disable(
    ctx: typer.Context,
    link_id: Annotated[int, typer.Argument(metavar="ID", help="The geo link's ID.")],
) -> None:
    """Turn a geo link off: its URL stops working (and open views end) until enabled."""
    _switch(ctx, link_id, on=False)


@app.command()
@wraps_call("tracker/location/link/status/change")
def enable(
    ctx: typer.Context,
    link_id: Annotated[int, typer.Argument(metavar="ID", help="The geo link's ID.")],
) -> None:
    """Turn a geo link on again (within its lifetime, its URL works again)."""
    _switch(ctx, link_id, on=True)

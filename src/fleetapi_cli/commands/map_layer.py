"""``fleet map-layer``: upload KML files as map layers and download them again."""

from __future__ import annotations

from typing import Annotated

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.files import OutOption, upload_part, write_out

__all__ = ["app"]

app = new_group(
    "Map layers: upload and download KML; list, rename, delete.",
    epilog=examples(
        "fleet map-layer download 1 -O zones.kml",
        "fleet map-layer upload zones.kml --label 'Zones (copy)'",
        "fleet map-layer list -o json",
    ),
)


@app.command()
@wraps_call("map_layer/upload")
def upload(
    ctx: typer.Context,
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="The KML file to upload (- reads stdin).")
    ],
    label: Annotated[str, typer.Option("--label", "-l", help="The layer's name.")],
    output: OutputOption = None,
) -> None:
    """Upload a KML file as a new map layer and print its ID."""
    state = state_of(ctx)
    filename, data = upload_part(file, stdin_name="stdin.kml")
    content = (filename, data, "application/vnd.google-earth.kml+xml")
    with state.client() as client:
        layer_id = client.map_layer.upload(file=content, label=label)
    state.emit({"id": layer_id, "label": label}, output=output, columns=["id", "label"])


@app.command()
@wraps_call("map_layer/read")
def download(
    ctx: typer.Context,
    layer_id: Annotated[int, typer.Argument(metavar="ID", help="The map layer's ID.")],
    out: OutOption = None,
) -> None:
    """Download a map layer's KML document (map_layer/read)."""
    state = state_of(ctx)
    with state.client() as client:
        content = client.map_layer.read(id=layer_id)
    write_out(content, out)

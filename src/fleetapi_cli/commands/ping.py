"""``fleet ping``: check the service and the credential with ``base/nothing``."""

from __future__ import annotations

import sys
import time

import typer

from fleetapi_cli._typer import OutputOption, new_command_app, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.output import OutputFormat

__all__ = ["app"]

app = new_command_app()


@app.command()
@wraps_call(uses=("base/nothing",))
def ping(ctx: typer.Context, output: OutputOption = None) -> None:
    """Check the service and the credential: call base/nothing once (no retries), print ok
    with the round-trip time."""
    state = state_of(ctx)
    with state.client() as client:
        quick = client.with_options(max_retries=0)
        started = time.perf_counter()
        quick.base.nothing()
        elapsed = (time.perf_counter() - started) * 1000
        url = client.base_url
    fmt = state.output_format(output)
    if fmt is OutputFormat.table:
        sys.stdout.write(f"ok {elapsed:.1f} ms ({url})\n")
        sys.stdout.flush()
    else:
        state.emit({"ok": True, "base_url": url, "elapsed_ms": round(elapsed, 1)}, output=fmt)

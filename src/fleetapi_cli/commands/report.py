"""``fleet report``: generate a tracker report by its plugin's name, wait for it with a progress
bar and download it; the other report calls keep generated commands."""

from __future__ import annotations

import datetime as dt
import sys
import time
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from fleetapi.report_plugins import PLUGINS, plugin_named
from fleetapi_cli._typer import (
    OutputOption,
    deprecated_option,
    examples,
    new_group,
    wraps_call,
)
from fleetapi_cli.context import state_of
from fleetapi_cli.files import OutOption, write_out
from fleetapi_cli.output import is_terminal, note
from fleetapi_cli.values import WHEN_HELP, parse_until, parse_when

if TYPE_CHECKING:
    from fleetapi import Client

__all__ = ["app"]

app = new_group(
    "Tracker reports: generate, wait for, download, list, delete.",
    epilog=examples(
        "fleet report generate --plugin trips --from 2026-01-01 --to 2026-01-15",
        "fleet report generate --from 2026-01-01 --to 2026-01-15 --wait -O trips.xlsx",
        "fleet report plugins",
        "fleet report tracker list",
    ),
)


def plugin_names() -> dict[str, int]:
    """The plugins the ``--plugin`` option names (``trips``, ``eco-driving-by-trackers``), by
    name: every plugin of the service's documentation (:data:`fleetapi.report_plugins.PLUGINS`)."""
    return {name: plugin.id for plugin in PLUGINS for name in plugin.names}


def plugin_id(name: str) -> int:
    """The plugin ``name`` names: an ID, or a plugin's name (``trips``); an old name warns."""
    if name.isdigit():
        return int(name)
    found = plugin_named(name.lower())
    if found is None:
        raise typer.BadParameter(
            f"{name!r} is not a plugin ID or name (`fleet report plugins` lists them)"
        )
    if name.lower() in found.old_names:
        note(f"warning: --plugin {name} is deprecated and goes in 0.4: use --plugin {found.name}")
    return found.id


def _wait(client: Client, report_id: int, *, interval: float, timeout: float) -> None:
    """Poll the report's status until it is ready: a progress bar on a terminal."""
    deadline = time.monotonic() + timeout

    def poll() -> int:
        percent: int = client.report.tracker.status(report_id=report_id)
        if percent < 100 and time.monotonic() > deadline:
            raise typer.Exit(_timed_out(report_id, percent, timeout))
        return percent

    if not is_terminal(sys.stderr):
        while poll() < 100:
            time.sleep(interval)
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeElapsedColumn

    columns = ("{task.description}", BarColumn(), TaskProgressColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"report {report_id}", total=100)
        while (percent := poll()) < 100:
            bar.update(task, completed=percent)
            time.sleep(interval)


def _timed_out(report_id: int, percent: int, timeout: float) -> int:
    note(f"report {report_id} is {percent}% ready after {timeout:g} s; fetch it later with "
         f"fleet report tracker retrieve --report-id {report_id}")  # fmt: skip
    return 7


@app.command("generate")
@wraps_call("report/tracker/generate")
def generate(
    ctx: typer.Context,
    start: Annotated[
        dt.datetime,
        typer.Option("--from", metavar="WHEN", parser=parse_when, help=f"Start: {WHEN_HELP}."),
    ],
    end: Annotated[
        dt.datetime,
        typer.Option("--to", metavar="WHEN", parser=parse_until, help="End, after --from."),
    ],
    plugin: Annotated[
        str,
        typer.Option(
            "--plugin", help="The report: a plugin's name (fleet report plugins lists them) or ID."
        ),
    ] = "trips",
    plugin_short: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("-p", hidden=True, help="Deprecated: --plugin."),
    ] = None,
    trackers: Annotated[
        Optional[list[int]],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option("--tracker", "-t", metavar="ID", help="A tracker (repeat); default: all."),
    ] = None,
    title: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--title", help="The report's title [default: the plugin's]."),
    ] = None,
    options: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--options", metavar="JSON", help="Plugin options: '{\"split\": false}'."),
    ] = None,
    wait: Annotated[
        bool, typer.Option("--wait", "-w", help="Wait until it is ready, then print it.")
    ] = False,
    out: OutOption = None,
    file_format: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--format", help="xlsx or pdf [default: from -O's suffix, else xlsx]."),
    ] = None,
    interval: Annotated[
        float, typer.Option("--interval", min=0.0, help="Seconds between polls.")
    ] = 0.5,
    wait_timeout: Annotated[
        float,
        typer.Option("--wait-timeout", min=0.0, help="Seconds to wait at most (exit 7)."),
    ] = 600.0,
    timeout_old: Annotated[
        Optional[float],  # noqa: UP045
        typer.Option("--timeout", min=0.0, hidden=True, help="Deprecated: --wait-timeout."),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Generate a report of trackers over a period; with --wait or -O, wait for it (a
    progress bar on a terminal) and print it, or download it to -O FILE."""
    from typing import get_args

    from fleetapi._converter import converter_for
    from fleetapi.models.report import ReportFormat, ReportPlugin
    from fleetapi_cli.values import parse_json

    if plugin_short is not None:
        deprecated_option("report generate", "-p")
        plugin = plugin_short
    if timeout_old is not None:
        deprecated_option("report generate", "--timeout")
        wait_timeout = timeout_old
    extra = parse_json(options, what="--options") if options else {}
    if not isinstance(extra, dict):
        raise typer.BadParameter("must be a JSON object", param_hint="--options")
    formats = get_args(ReportFormat)
    chosen = file_format or (out.rsplit(".", 1)[-1].lower() if out and "." in out else "xlsx")
    if out is not None and chosen not in formats:
        raise typer.BadParameter(f"{chosen!r} is not {', '.join(formats)}", param_hint="--format")
    cli = state_of(ctx)
    with cli.client() as client:
        ids = list(trackers) if trackers else [t.id for t in client.tracker.list()]
        options_given: dict[str, Any] = {**extra, "plugin_id": plugin_id(plugin)}
        spec = converter_for().structure(options_given, ReportPlugin)
        report_id = client.report.tracker.generate(
            from_=start,
            to=end,
            trackers=ids,
            title=title,
            plugin=spec,
        )
        if not wait and out is None:
            cli.emit({"id": report_id}, output=output)
            return
        _wait(client, report_id, interval=interval, timeout=wait_timeout)
        if out is None:
            cli.emit(client.report.tracker.retrieve(report_id=report_id), output=output)
            return
        kind: ReportFormat = "pdf" if chosen == "pdf" else "xlsx"
        write_out(client.report.tracker.download(report_id=report_id, format=kind), out)


@app.command("plugins")
def plugins(ctx: typer.Context, output: OutputOption = None) -> None:
    """List the report plugins --plugin names: ID, name, default title and options."""
    rows = [
        {
            "id": p.id,
            "name": p.name,
            "title": p.title,
            "by": p.by,
            "options": ", ".join(
                o for o in p.options if o not in ("hide_empty_tabs", "show_seconds")
            ),
        }
        for p in PLUGINS
    ]
    state_of(ctx).emit(rows, output=output)

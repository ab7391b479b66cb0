"""``fleet api``: make any call by its path with a raw JSON body (like ``gh api``)."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from fleetapi_cli._typer import OutputOption, new_command_app
from fleetapi_cli.context import state_of
from fleetapi_cli.files import OutOption, write_out
from fleetapi_cli.output import OutputFormat
from fleetapi_cli.values import parse_assignment, read_body

__all__ = ["app"]

app = new_command_app()


@app.command(context_settings={"ignore_unknown_options": True})
def api(
    ctx: typer.Context,
    path: Annotated[
        str, typer.Argument(metavar="GROUP/ACTION", help="The call's path, e.g. tracker/list.")
    ],
    fields: Annotated[
        Optional[list[str]],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Argument(
            metavar="[KEY=VALUE]...",
            help="Body fields: key=value (a string, or typed as the call declares the field), "
            "key:=json, key=@file (the file's text), key:=@file (JSON from a file).",
            show_default=False,
        ),
    ] = None,
    input: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--input",
            metavar="FILE|-",
            help="Read the body from a JSON file (- for stdin); fields override it.",
        ),
    ] = None,
    out: OutOption = None,
    output: OutputOption = None,
) -> None:
    """Make any call with a raw JSON body and print the raw JSON answer.

    Reaches every call of the API, including those the CLI has no command for:

      fleet api tracker/list

      fleet api tracker/get_states trackers:='[1,2]' list_blocked=true

      fleet api task/list filter=2026

      fleet api task/create --input task.json

    The answer is printed as JSON (compact with --output jsonl). Calls that answer a file
    (map_layer/read, checkin/list with a format) write it to -O/--out FILE or to stdout.
    """
    from fleetapi.endpoints import find

    known = find(path)
    typed = _typed_fields(known.params) if known is not None and fields else set()
    body: dict[str, Any] = read_body(input) if input else {}
    for item in fields or ():
        key, value = parse_assignment(item, typed)
        body[key] = value
    state = state_of(ctx)
    with state.client() as client:
        if known is not None and known.answers_file(body):
            content = client.request_bytes(path, body)
        else:
            answer = client.request(path, body)
            content = None
    if content is not None:
        write_out(content, out)
        return
    lines = state.output_format(output) is OutputFormat.jsonl
    state.emit(answer, output=OutputFormat.jsonl if lines else OutputFormat.json)


def _typed_fields(params: type[Any]) -> set[str]:
    """The body fields a call declares as other than text (numbers, booleans, lists,
    objects): their ``key=value`` is read as JSON."""
    from fleetapi_cli.fields import field_specs

    return {spec.wire for spec in field_specs(params) if spec.kind not in ("str", "choice")}

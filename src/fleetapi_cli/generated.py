"""Commands generated from the call table: one ``fleet <group> <command>`` per endpoint.

Each attrs field of an endpoint's params model becomes an option named after its wire name
(``tracker_id`` -> ``--tracker-id``):

- numbers, strings, date/times and enums are plain options (enums list their choices);
- booleans are ``--flag/--no-flag`` pairs (left out when neither is given);
- lists are repeated options (``--trackers 1 --trackers 2``) or a JSON array
  (``--trackers '[1,2]'``);
- nested objects and anything else are JSON text, ``@file.json``, or ``-`` for stdin; the
  fields of an object are options too (:mod:`fleetapi_cli.members`), and an object with a
  required ``id`` takes it as the command's argument (``fleet task update 5 --label X``).

Every generated command also takes ``--input FILE|-`` (a JSON object with the body, that
options then override) and ``--output``; upload calls take ``--file``, file downloads
``-O``/``--out``, paging calls ``--all``. Required fields are checked after merging ``--input``.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from fleetapi_cli._click import click
from fleetapi_cli._index import cli_index, endpoint_of, group_help
from fleetapi_cli._typer import SETTINGS, SummaryGroup, new_group
from fleetapi_cli.context import state_of
from fleetapi_cli.fields import FieldSpec, field_specs
from fleetapi_cli.files import write_out
from fleetapi_cli.members import (
    identity,
    member_specs,
    merge_members,
    object_help,
    read_current,
)
from fleetapi_cli.output import OutputFormat, note, to_jsonable
from fleetapi_cli.values import read_body

if TYPE_CHECKING:
    from fleetapi._endpoint import Endpoint

__all__ = ["add_generated", "generated_app", "generated_command"]

# --- Running a generated command ---------------------------------------------------------


@dataclass(frozen=True)
class _Extras:
    input: str | None
    file: str | None
    save: str | None
    all: str | None
    output: str | None


def _extras(endpoint: Endpoint, taken: set[str]) -> _Extras:
    def free(option: str, fallback: str) -> str:
        return option if option not in taken else fallback

    return _Extras(
        input=free("--input", "--input-json"),
        file=free("--file", "--upload-file") if endpoint.upload else None,
        save=free("--out", "--out-file") if endpoint.result.kind == "bytes" else None,
        all=free("--all", "--all-pages") if endpoint.paging else None,
        output=free("--output", "--output-format"),
    )


def _run(
    endpoint: Endpoint,
    specs: Sequence[FieldSpec],
    members: Sequence[FieldSpec],
    extras: _Extras,
    ctx: typer.Context,
    values: Mapping[str, Any],
) -> None:
    state = state_of(ctx)
    body: dict[str, Any] = read_body(values["x_input"]) if values.get("x_input") else {}
    for spec in specs:
        raw = values.get(spec.param)
        if raw is None or (spec.kind == "list" and not raw):
            continue
        body[spec.wire] = spec.convert(raw)
    values = _with_identity(ctx, members, values)

    with state.client() as client:

        def current(parent: str, fields: dict[str, Any]) -> dict[str, Any] | None:
            if endpoint.current is None:
                return None
            if not isinstance(fields.get("id"), int):
                ctx.fail(f"Give the ID of the {parent} to update (the argument), or --{parent}.")
            return read_current(client, endpoint, parent, fields["id"])

        try:
            merge_members(body, members, values, current)
        except ValueError as exc:
            ctx.fail(str(exc))
        _check_required(ctx, specs, members, body)

        from fleetapi._converter import RequestValidationError, structure_request

        try:
            params = structure_request(body, endpoint.params)
        except RequestValidationError as exc:
            problems = "; ".join(
                _problem(specs, _named(members, values, body), e.parameter, e.error)
                for e in exc.errors
            )
            ctx.fail(f"Invalid parameters: {problems}")

        files: dict[str, Any] | None = None
        if extras.file is not None:
            source = values.get("x_file")
            if not source:
                ctx.fail(f"Missing option: {extras.file}.")
            if source != "-" and not Path(source).is_file():
                ctx.fail(f"{extras.file}: no such file: {source}")
            files = {"file": ("stdin", sys.stdin.buffer.read()) if source == "-" else Path(source)}

        if values.get("x_all") and endpoint.paging is not None:
            limit = body.get(endpoint.paging.limit)
            page = limit if isinstance(limit, int) and limit > 0 else None
            page_size = page or endpoint.paging.max_limit or 1000
            result: Any = list(client.paginate(endpoint, params, page_size=page_size))
        else:
            result = client.call(endpoint, params, files=files)

    if endpoint.result.kind == "bytes":
        write_out(result, values.get("x_save"))
    elif endpoint.result.kind == "none":
        note("ok")
    elif endpoint.result.key == "id":  # what a create answers: the object {"id": N}
        state.emit({"id": result}, output=values.get("x_output"))
    elif to_jsonable(result) == {}:  # an update's answer with nothing to tell
        note("ok")
    else:
        state.emit(result, output=values.get("x_output"))


def _with_identity(
    ctx: typer.Context, members: Sequence[FieldSpec], values: Mapping[str, Any]
) -> Mapping[str, Any]:
    """``values`` with the command's ID argument given to its object's ``id`` field."""
    argument = values.get("x_id")
    member = identity(members)
    if argument is None or member is None:  # no argument: the call reads no current object
        return values
    option = values.get(member.param)
    if option is not None and option != argument:
        ctx.fail(f"The ID is given twice and differs: {argument} and {member.option} {option}.")
    return {**values, member.param: argument}


def _check_required(
    ctx: typer.Context, specs: Sequence[FieldSpec], members: Sequence[FieldSpec], body: Any
) -> None:
    """Fail naming each required option missing from ``body`` (an object also by its own
    required fields' options)."""
    missing = []
    for spec in (s for s in specs if s.required and s.wire not in body):
        fields = [m.option for m in members if m.parent == spec.wire and m.required]
        missing.append(f"{spec.option} (or {', '.join(fields)})" if fields else spec.option)
    if missing:
        ctx.fail(f"Missing option{'s' if len(missing) > 1 else ''}: {'; '.join(missing)}.")


def _named(
    members: Sequence[FieldSpec], values: Mapping[str, Any], body: Mapping[str, Any]
) -> list[FieldSpec]:
    """The object fields a problem is named by their option: those given as options, and those
    missing from the object (the option is how to give them); one given in JSON is named by
    its path in the body."""
    named = []
    for member in members:
        parent = body.get(member.parent or "")
        absent = not isinstance(parent, Mapping) or member.wire not in parent
        if absent or values.get(member.param) not in (None, []):
            named.append(member)
    return named


def _problem(
    specs: Sequence[FieldSpec], members: Sequence[FieldSpec], parameter: str, error: str
) -> str:
    """One request problem, named by its option (an object's field by its own option) and,
    deeper inside an object given as JSON, by the field's path in the body: ``--label: is
    required``, ``--task (task.location.lat): is required``."""
    root, _, rest = parameter.partition(".")
    root = root.split("[")[0]
    field = rest.split(".")[0].split("[")[0]
    member = next((m for m in members if m.parent == root and m.wire == field), None)
    option: str | None
    if member is not None:
        root, option = f"{root}.{field}", member.option
    else:
        option = next((s.option for s in specs if s.wire == root), None)
    if option is None:
        return f"{parameter}: {error}"
    return f"{option}: {error}" if parameter == root else f"{option} ({parameter}): {error}"


def _callback(endpoint: Endpoint) -> Callable[..., None]:
    """A function with the signature Typer turns into the endpoint's command."""
    specs = field_specs(endpoint.params)
    extras = _extras(endpoint, {s.option for s in specs})
    taken = {"-o", "-O", *(o for o in vars(extras).values() if o)}
    members = member_specs(specs, taken)
    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [inspect.Parameter("ctx", keyword, annotation=typer.Context)]
    ident = identity(members) if endpoint.current is not None else None
    if ident is not None:
        parameters.append(
            inspect.Parameter(
                "x_id",
                keyword,
                default=None,
                annotation=Annotated[
                    Optional[int],  # noqa: UP045
                    typer.Argument(
                        metavar="[ID]",
                        help=f"The ID of the {ident.parent} (as {ident.option}).",
                        show_default=False,
                    ),
                ],
            )
        )
    for spec in [*(object_help(s, members) for s in specs), *members]:
        parameters.append(
            inspect.Parameter(spec.param, keyword, default=None, annotation=spec.annotation())
        )

    def extra(name: str, annotation: Any, default: Any = None) -> None:
        parameters.append(inspect.Parameter(name, keyword, default=default, annotation=annotation))

    extra(
        "x_input",
        Annotated[
            Optional[str],  # noqa: UP045
            typer.Option(
                extras.input,
                metavar="FILE|-",
                help="Read the body from a JSON file (- for stdin); options override it.",
            ),
        ],
    )
    if extras.file:
        extra(
            "x_file",
            Annotated[
                Optional[str],  # noqa: UP045
                typer.Option(extras.file, metavar="PATH|-", help="The file to upload. [required]"),
            ],
        )
    if extras.save:
        extra(
            "x_save",
            Annotated[
                Optional[str],  # noqa: UP045
                typer.Option(
                    extras.save, "-O", metavar="FILE", help="Write the file here (- for stdout)."
                ),
            ],
        )
    if extras.all:
        extra(
            "x_all",
            Annotated[
                bool,
                typer.Option(extras.all, help="Fetch every page and print all items."),
            ],
            False,
        )
    extra(
        "x_output",
        Annotated[
            Optional[OutputFormat],  # noqa: UP045
            typer.Option(extras.output, "-o", help="Output format (overrides the global one)."),
        ],
    )

    def command(ctx: typer.Context, **values: Any) -> None:
        _run(endpoint, specs, members, extras, ctx, values)

    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__name__ = endpoint.cli_name[1].replace("-", "_")
    command.__doc__ = _doc(endpoint)
    return command


def _doc(endpoint: Endpoint) -> str:
    lines = [endpoint.summary, "", f"Calls {endpoint.path}."]
    if endpoint.errors:
        lines[-1] += " Error codes: " + ", ".join(str(c) for c in endpoint.errors) + "."
    return "\n".join(lines)


def generated_app(group: str) -> typer.Typer:
    """A Typer group of the generated commands of ``group``, each built on first use."""
    app = new_group(group_help(group, list(cli_index()[group].values())))

    class Calls(SummaryGroup):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            add_generated(self, group)

    app.info.cls = Calls
    return app


def add_generated(command: click.Command, group: str, *, skip: Collection[str] = ()) -> None:
    """Add to ``command`` (a group) the generated commands of ``group`` not named in
    ``skip``, each built when first asked for (importing that call's models alone)."""
    if not isinstance(command, SummaryGroup):
        raise TypeError(f"{group}: not a group of fleet commands")
    for name, path in cli_index()[group].items():
        if name not in skip and name not in command.commands:
            command.lazy[name] = functools.partial(generated_command, path)


def generated_command(path: str) -> click.Command:
    """The generated command of the call ``path``."""
    endpoint = endpoint_of(path)
    app = typer.Typer(**SETTINGS)
    app.command(endpoint.cli_name[1], help=_doc(endpoint), short_help=endpoint.summary)(
        _callback(endpoint)
    )
    command = typer.main.get_command(app)
    command.name = endpoint.cli_name[1]
    return command

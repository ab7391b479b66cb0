"""Commands generated from the call table: ``fleet`` and the words of a call's path.

Each attrs field of an endpoint's params model becomes an option named after its wire name
(``tracker_id`` -> ``--tracker-id``):

- numbers, strings, date/times and enums are plain options (enums list their choices);
- booleans are ``--flag/--no-flag`` pairs (left out when neither is given);
- lists are repeated options (``--trackers 1 --trackers 2``) or a JSON array
  (``--trackers '[1,2]'``);
- nested objects and anything else are JSON text, ``@file.json``, or ``-`` for stdin; the
  fields of an object are options too (:mod:`fleetapi_cli.members`), and an object with a
  required ``id`` takes it as the command's argument (``fleet task update 5 --label X``);
- the ID of the entity a call acts on (``id``, ``<entity>_id`` or ``<entity>_ids``, the entity
  being the word before the action) is also the command's argument: ``fleet task read 13``,
  ``fleet tracker get-state 1``, ``fleet checkin delete 2 3``.

A delete asks on a terminal and refuses without ``--yes`` elsewhere; a paging call says on
stderr how many of how many items it shows.

Every generated command also takes ``--input FILE|-`` (a JSON object with the body, that
options then override) and ``--output``; upload calls take ``--file``, file downloads
``-O``/``--out``, paging calls ``--all``. Required fields are checked after merging ``--input``.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from fleetapi_cli._click import click
from fleetapi_cli._index import endpoint_of
from fleetapi_cli._typer import SETTINGS, FleetTyper, YesOption, confirm_delete
from fleetapi_cli.context import CliState, state_of
from fleetapi_cli.fields import FieldSpec, field_specs
from fleetapi_cli.files import write_out
from fleetapi_cli.members import (
    identity,
    member_specs,
    merge_members,
    object_help,
    read_current,
)
from fleetapi_cli.output import OutputFormat, note, tally, to_jsonable
from fleetapi_cli.values import read_body

if TYPE_CHECKING:
    from fleetapi._endpoint import Endpoint

__all__ = ["entity_spec", "generated_command"]

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
    values = _with_entity(ctx, entity_spec(endpoint, specs), values)
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

        if _deletes(endpoint):
            confirm_delete(ctx, f"{_what(endpoint, specs, body)}?", bool(values.get("x_yes")))
        if endpoint.result.kind == "stream":
            _follow(state, client.stream(endpoint, params), values.get("x_output"))
            return
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
        from fleetapi_cli.shapes import entities, entity_fields

        shown = entities(endpoint, to_jsonable(result))
        fields = entity_fields(endpoint) if shown == [] else None
        state.emit(shown, output=values.get("x_output"), fields=fields)
        if endpoint.paging is not None and endpoint.paging.total and not values.get("x_all"):
            items = getattr(result, endpoint.paging.items, None)
            total = getattr(result, endpoint.paging.total, None)
            if isinstance(items, list) and isinstance(total, int):
                tally(len(items), total, _plural(str(_entity(endpoint))))


def _follow(state: CliState, events: Any, output: OutputFormat | None) -> None:
    """Print each event of a stream as it comes (JSON Lines where JSON would be) until the
    stream ends or Ctrl-C (exit 130)."""
    lines = state.stream_format(output)
    try:
        with events:
            for event in events:
                state.emit(event, output=lines)
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


def entity_spec(endpoint: Endpoint, specs: Sequence[FieldSpec]) -> FieldSpec | None:
    """The field holding the ID of the entity the call acts on, which the command takes as
    its argument: ``id``, ``<entity>_id`` or ``<entity>_ids``, the entity being the word before
    the action (``task_id`` of ``task/read``, ``tracker_id`` of ``tracker/get_state``)."""
    entity = _entity(endpoint)
    if entity is None:
        return None
    for name in ("id", f"{entity}_id", f"{entity}_ids"):
        for spec in specs:
            if spec.wire != name or spec.parent is not None:
                continue
            if spec.kind == "int" or (spec.kind == "list" and spec.item_kind == "int"):
                return spec
    return None


def _with_entity(
    ctx: typer.Context, spec: FieldSpec | None, values: Mapping[str, Any]
) -> Mapping[str, Any]:
    """``values`` with the command's ID argument given to the entity's field."""
    argument = values.get("x_entity")
    if spec is None or argument in (None, []):
        return values
    option = values.get(spec.param)
    if option not in (None, []) and option != argument:
        ctx.fail(f"The ID is given twice and differs: {argument} and {spec.option} {option}.")
    return {**values, spec.param: argument}


def _entity(endpoint: Endpoint) -> str | None:
    """The word before the call's action: the entity it acts on (``task`` of ``task/read``).

    A call on an entity's settings (a word ``settings`` or ``<kind>_settings`` before the
    action) acts on the entity whose settings they are, the word before the first of them
    (``tracker`` of ``tracker/settings/trip_detection/read`` and ``tracker/apn_settings/read``).
    """
    words = endpoint.path.split("/")
    for index, word in enumerate(words[:-1]):
        if word == "settings" or word.endswith("_settings"):
            return words[index - 1] if index else None
    return words[-2] if len(words) > 1 else None


def _deletes(endpoint: Endpoint) -> bool:
    return endpoint.path.rsplit("/", 1)[-1] == "delete"


def _what(endpoint: Endpoint, specs: Sequence[FieldSpec], body: Mapping[str, Any]) -> str:
    """What a delete deletes, for its question (``Delete employee 5``)."""
    entity = str(_entity(endpoint)).replace("_", " ")
    spec = entity_spec(endpoint, specs)
    ids = body.get(spec.wire) if spec is not None else None
    if isinstance(ids, list):
        return f"Delete {entity} {', '.join(str(i) for i in ids)}"
    return f"Delete {entity} {ids}" if ids is not None else f"Call {endpoint.path}"


def _plural(word: str) -> str:
    word = word.replace("_", " ")
    return f"{word[:-1]}ies" if word.endswith("y") else f"{word}s"


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
    entity = entity_spec(endpoint, specs) if ident is None else None
    if entity is not None:
        many = entity.kind == "list"
        noun = str(_entity(endpoint)).replace("_", " ")
        parameters.append(
            inspect.Parameter(
                "x_entity",
                keyword,
                default=None,
                annotation=Annotated[
                    Optional[list[str] if many else int],  # noqa: UP045
                    typer.Argument(
                        metavar="[ID]..." if many else "[ID]",
                        help=f"The {noun}'s ID{'s' if many else ''} (as {entity.option}).",
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
    if _deletes(endpoint) and "--yes" not in {s.option for s in specs}:
        extra("x_yes", YesOption, False)
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
    command.__name__ = endpoint.cli_words[-1].replace("-", "_")
    command.__doc__ = _doc(endpoint)
    return command


def _plain(text: str) -> str:
    """A call's summary as a terminal shows it: without the Markdown of its code spans (the
    docs render the same summary with them)."""
    return text.replace("`", "")


def _doc(endpoint: Endpoint) -> str:
    lines = [_plain(endpoint.summary), "", f"Calls {endpoint.path}."]
    if endpoint.errors:
        lines[-1] += " Error codes: " + ", ".join(str(c) for c in endpoint.errors) + "."
    return "\n".join(lines)


def generated_command(path: str) -> click.Command:
    """The generated command of the call ``path``."""
    endpoint = endpoint_of(path)
    app = FleetTyper(**SETTINGS)
    name = endpoint.cli_words[-1]
    app.command(name, help=_doc(endpoint), short_help=_plain(endpoint.summary))(_callback(endpoint))
    command = typer.main.get_command(app)
    command.name = name
    return command

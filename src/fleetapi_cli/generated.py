"""Commands generated from the call table: one ``fleet <group> <command>`` per endpoint.

Each attrs field of an endpoint's params model becomes an option named after its wire name
(``tracker_id`` -> ``--tracker-id``):

- numbers, strings, date/times and enums are plain options (enums list their choices);
- booleans are ``--flag/--no-flag`` pairs (left out when neither is given);
- lists are repeated options (``--trackers 1 --trackers 2``) or a JSON array
  (``--trackers '[1,2]'``);
- nested objects and anything else are JSON text, ``@file.json``, or ``-`` for stdin.

Every generated command also takes ``--input FILE|-`` (a JSON object with the body, that
options then override) and ``--output``; upload calls take ``--file``, file downloads
``-O``/``--out``, paging calls ``--all``. Required fields are checked after merging ``--input``.
"""

from __future__ import annotations

import ast
import datetime as dt
import functools
import inspect
import itertools
import sys
import types
import typing
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional, Union

import typer

from fleetapi_cli._index import group_help
from fleetapi_cli._typer import new_group
from fleetapi_cli.context import state_of
from fleetapi_cli.files import write_out
from fleetapi_cli.output import OutputFormat, note
from fleetapi_cli.values import parse_json, read_body

if TYPE_CHECKING:
    from fleetapi._endpoint import Endpoint

__all__ = ["FieldSpec", "field_specs", "generated_app"]

Kind = Literal["int", "float", "bool", "str", "choice", "list", "json"]

_METAVARS: dict[Any, str] = {
    int: "INTEGER",
    float: "NUMBER",
    str: "TEXT",
    dt.datetime: "'YYYY-MM-DD HH:MM:SS'",
    dt.date: "YYYY-MM-DD",
    dt.timedelta: "DURATION",
}
_HINTS: dict[Any, str] = {
    dt.datetime: "A date/time, YYYY-MM-DD HH:MM:SS.",
    dt.date: "A date, YYYY-MM-DD.",
    dt.timedelta: "An ISO 8601 duration, e.g. PT1H30M.",
}
_JSON_HINT = "JSON text, @file.json, or - for stdin."


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (Union, types.UnionType)


def _core_type(tp: Any) -> Any:
    """``tp`` without ``Unset`` and ``None`` (the omitted and null states)."""
    from fleetapi._types import Unset

    if not _is_union(tp):
        return tp
    args = tuple(a for a in typing.get_args(tp) if a is not Unset and a is not type(None))
    if len(args) == 1:
        return args[0]
    return Union[args]  # noqa: UP007 - built from a tuple at run time


def _scalar_kind(tp: Any) -> Kind | None:
    if tp is bool:
        return "bool"
    if tp is int:
        return "int"
    if tp is float:
        return "float"
    if tp in (str, dt.datetime, dt.date, dt.timedelta):
        return "str"
    if typing.get_origin(tp) is Literal:
        return "choice"
    return None


@dataclass(frozen=True)
class FieldSpec:
    """How one params field appears on the command line."""

    name: str
    """The attribute name."""
    wire: str
    """The JSON key (``from_`` travels as ``from``)."""
    option: str
    """The option, ``--tracker-id``."""
    param: str
    """The Python parameter of the generated function."""
    kind: Kind
    item_kind: Kind | None
    """The kind of a list's items (``json`` for lists of objects)."""
    choices: tuple[Any, ...]
    """The values of an enum (a ``Literal``), of the field or of a list's items."""
    required: bool
    type: Any
    help: str

    def annotation(self) -> Any:
        """The Typer annotation of the option."""
        metavar = self._metavar()
        decl = f"{self.option}/--no-{self.option[2:]}" if self.kind == "bool" else self.option
        info = typer.Option(decl, help=self.help, metavar=metavar, show_default=False)
        base: Any
        if self.kind == "int":
            base = int
        elif self.kind == "float":
            base = float
        elif self.kind == "bool":
            base = bool
        elif self.kind == "choice":
            base = Literal[tuple(str(c) for c in self.choices)]
        elif self.kind == "list":
            base = list[str]
        else:
            base = str
        return Annotated[Optional[base], info]  # noqa: UP045 - Typer reads the annotation

    def _metavar(self) -> str | None:
        if self.kind == "bool":
            return None
        if self.kind == "choice":
            return "[" + "|".join(str(c) for c in self.choices) + "]"
        if self.kind == "json":
            return "TEXT|JSON" if self._takes_text() else "JSON"
        core = _core_type(self.type)
        if self.kind == "list":
            if self.item_kind == "choice":
                return "[" + "|".join(str(c) for c in self.choices) + "]"
            item = typing.get_args(core)[0] if typing.get_args(core) else str
            return _METAVARS.get(item, "JSON") if self.item_kind != "json" else "JSON"
        return _METAVARS.get(core, "TEXT")

    def convert(self, raw: Any) -> Any:
        """The JSON value of what was given on the command line."""
        if self.kind == "json":
            if self._takes_text() and not raw.lstrip().startswith(("{", "[", '"', "@", "-")):
                return raw  # a plain text value of a text-or-object field (geocoder search --q)
            return parse_json(raw, what=self.option)
        if self.kind == "choice":
            return self._choice(raw)
        if self.kind == "list":
            items: list[Any] = []
            for value in raw:
                text = value.strip()
                if self.item_kind == "json" or text.startswith("["):
                    parsed = parse_json(value, what=self.option)
                    items.extend(parsed if isinstance(parsed, list) else [parsed])
                else:
                    items.append(self._item(value))
            return items
        return raw

    def _takes_text(self) -> bool:
        """Whether the field is a union with ``str`` (text, or an object given as JSON)."""
        return str in typing.get_args(_core_type(self.type))

    def _choice(self, raw: str) -> Any:
        for choice in self.choices:
            if str(choice) == raw:
                return choice
        raise typer.BadParameter(f"{raw!r} is not one of {self._metavar()}", param_hint=self.option)

    def _item(self, text: str) -> Any:
        if self.item_kind == "choice":
            return self._choice(text)
        if self.item_kind in ("int", "float"):
            convert = int if self.item_kind == "int" else float
            try:
                return convert(text)
            except ValueError:
                raise typer.BadParameter(
                    f"{text!r} is not a valid {self.item_kind}", param_hint=self.option
                ) from None
        if self.item_kind == "bool":
            if text.lower() in ("true", "false"):
                return text.lower() == "true"
            raise typer.BadParameter(f"{text!r} is not true or false", param_hint=self.option)
        return text


def _analyse(tp: Any) -> tuple[Kind, Kind | None, tuple[Any, ...]]:
    core = _core_type(tp)
    kind = _scalar_kind(core)
    if kind == "choice":
        return kind, None, typing.get_args(core)
    if kind is not None:
        return kind, None, ()
    if typing.get_origin(core) in (list, tuple, set, frozenset, Sequence):
        args = typing.get_args(core)
        item = _core_type(args[0]) if args else Any
        item_kind = _scalar_kind(item) or "json"
        choices = typing.get_args(item) if item_kind == "choice" else ()
        return "list", item_kind, choices
    return "json", None, ()


@functools.cache
def _module_docs(module_name: str) -> dict[tuple[str, str], str]:
    """Attribute docstrings (the string after a field) of every class in a module's source."""
    module = sys.modules.get(module_name)
    filename = getattr(module, "__file__", None)
    docs: dict[tuple[str, str], str] = {}
    if not filename:
        return docs
    try:
        tree = ast.parse(Path(filename).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return docs
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        body = node.body
        for current, following in itertools.pairwise(body):
            if (
                isinstance(current, ast.AnnAssign)
                and isinstance(current.target, ast.Name)
                and isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            ):
                text = inspect.cleandoc(following.value.value)
                docs[(node.name, current.target.id)] = " ".join(text.replace("``", "").split())
    return docs


def field_specs(params: type[Any]) -> list[FieldSpec]:
    """The command-line options of a params model, in field order."""
    import attrs

    hints = typing.get_type_hints(params)
    docs = _module_docs(params.__module__)
    specs: list[FieldSpec] = []
    for index, attribute in enumerate(attrs.fields(params)):
        wire = attribute.name[:-1] if attribute.name.endswith("_") else attribute.name
        tp = hints.get(attribute.name, Any)
        kind, item_kind, choices = _analyse(tp)
        required = attribute.default is attrs.NOTHING
        parts = [docs.get((params.__name__, attribute.name), "")]
        core = _core_type(tp)
        if kind == "list":
            parts.append("Repeat the option, or give a JSON array.")
        elif kind == "json":
            parts.append(_JSON_HINT)
        elif core in _HINTS:
            parts.append(_HINTS[core])
        if required:
            parts.append("[required]")
        specs.append(
            FieldSpec(
                name=attribute.name,
                wire=wire,
                option="--" + wire.replace("_", "-"),
                param=f"field_{index}",
                kind=kind,
                item_kind=item_kind,
                choices=choices,
                required=required,
                type=tp,
                help=" ".join(p for p in parts if p),
            )
        )
    return specs


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
    missing = [s.option for s in specs if s.required and s.wire not in body]
    if missing:
        ctx.fail(f"Missing option{'s' if len(missing) > 1 else ''}: {', '.join(missing)}.")

    from fleetapi._converter import RequestValidationError, structure_request

    try:
        params = structure_request(body, endpoint.params)
    except RequestValidationError as exc:
        options = {s.wire: s.option for s in specs}
        problems = "; ".join(
            f"{options.get(e.parameter.split('.')[0].split('[')[0], e.parameter)}: {e.error}"
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

    with state.client() as client:
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
    else:
        state.emit(result, output=values.get("x_output"))


def _callback(endpoint: Endpoint) -> Callable[..., None]:
    """A function with the signature Typer turns into the endpoint's command."""
    specs = field_specs(endpoint.params)
    extras = _extras(endpoint, {s.option for s in specs})
    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [inspect.Parameter("ctx", keyword, annotation=typer.Context)]
    for spec in specs:
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
        _run(endpoint, specs, extras, ctx, values)

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


def generated_app(group: str, *, skip: Collection[str] = ()) -> typer.Typer:
    """A Typer group with the generated commands of ``group``, less those named in ``skip``."""
    from fleetapi.endpoints import ENDPOINTS

    app = new_group(group_help(group, [e.path for e in ENDPOINTS if e.cli_name[0] == group]))
    seen = set(skip)
    for endpoint in ENDPOINTS:
        group_name, command_name = endpoint.cli_name
        if group_name != group or command_name in seen:
            continue
        seen.add(command_name)
        app.command(command_name, help=_doc(endpoint), short_help=endpoint.summary)(
            _callback(endpoint)
        )
    return app

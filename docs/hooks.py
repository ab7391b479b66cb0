"""mkdocs hook: pages that derive from the call table, the error table and the code.

A page holding ``<!-- fleetapi:calls -->`` gets every call of the table; one holding
``<!-- fleetapi:errors -->`` gets the error codes with their classes, HTTP statuses and exit
codes; ``<!-- fleetapi:fleet-mock -->`` the members of ``FleetMock``;
``<!-- fleetapi:control -->`` the routes of the mock's control API;
``<!-- fleetapi:mock-modules -->`` becomes the table of the mock's modules, each
described by its own docstring; ``<!-- fleetapi:access -->`` the calls of each access level and
``<!-- fleetapi:rights -->`` the sub-user right (or master-only rule) of each call;
``<!-- fleetapi:limits -->`` the limits of a served mock, with their options and defaults;
``<!-- fleetapi:dashboard-shots -->`` the dashboard's screenshots the browser tests made.

Everything on the calls page is read from one place: the ``Endpoint`` declarations (path,
summary, access, right, errors, paging, notes), the params models (fields, their docstrings and
limits), the generated SDK resources (method signatures), the CLI (generated commands and the
hand-made commands whose code calls the method), the mock's handlers (their docstrings state
what the mock does) and the error classes (their descriptions).
"""

from __future__ import annotations

import datetime as dt
import enum
import functools
import inspect
import re
import types
import typing
from collections import defaultdict
from pathlib import Path
from typing import Any, Literal, Union

import attrs

from fleetapi._docstrings import markdown_of, resolve_constants
from fleetapi._endpoint import Access, Endpoint
from fleetapi._errors import CODES, FleetApiError
from fleetapi._rules import rules_of
from fleetapi.endpoints import ENDPOINTS

MOCK_MISSING = "not implemented yet (answers code 6, HTTP 501)"


# --- The code the page reads --------------------------------------------------------------


@functools.cache
def _handlers() -> dict[str, Any]:
    try:
        from fleetapi_mock.handlers import HANDLERS, load_handlers
    except ImportError:
        return {}
    load_handlers()
    return dict(HANDLERS)


@functools.cache
def _client() -> Any:
    """A client whose methods' signatures the pages show (it never connects)."""
    from fleetapi import Client

    return Client(base_url="http://127.0.0.1:9")


def _users() -> dict[str, list[str]]:
    """API path -> the hand-made ``fleet`` commands that make the call on their way (as each
    declares with ``wraps_call(..., uses=...)``)."""
    from fleetapi_cli._index import hand_made

    found: dict[str, list[str]] = defaultdict(list)
    for name, entry in hand_made().items():
        for sub, (_, uses) in entry.commands.items():
            for path in uses:
                found[path].append(f"fleet {name} {sub}".strip())
    return found


def _generated_hidden(endpoint: Endpoint) -> bool:
    """Whether the call's command is hand-made (its options are its own, not the fields')."""
    from fleetapi_cli._index import owner

    return owner(endpoint.path) is not None


# --- Example values -----------------------------------------------------------------------


def _core(tp: Any) -> Any:
    """``tp`` without ``Unset`` and ``None``."""
    from fleetapi._types import Unset

    if typing.get_origin(tp) in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not Unset and a is not type(None)]
        return args[0] if args else type(None)
    return tp


def _sample(tp: Any, name: str, depth: int = 0) -> Any:
    """A plausible value of type ``tp`` for a field called ``name`` (for examples only)."""
    tp = _core(tp)
    origin = typing.get_origin(tp)
    if origin is Literal:
        return typing.get_args(tp)[0]
    if origin in (list, tuple, set, frozenset) or tp in (list, tuple):
        args = typing.get_args(tp)
        return [_sample(args[0] if args else int, name, depth + 1)]
    if origin is dict or tp is dict:
        return {}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return next(iter(tp))
    if tp is bool:
        return True
    if tp is int:
        return 1
    if tp is float:
        return {"lat": 52.52, "lng": 13.405}.get(name, 1.5)
    if tp is str:
        return "Berlin" if "address" in name or "query" in name else "Example"
    if tp is dt.datetime:
        return dt.datetime(2026, 1, 5, 17 if name == "to" else 9, 0)
    if tp is dt.date:
        return dt.date(2026, 1, 5)
    if tp is dt.timedelta:
        return dt.timedelta(hours=1)
    if attrs.has(tp) and depth < 3:
        return _Model(tp, depth + 1)
    return None


@attrs.frozen
class _Model:
    """An attrs model built from its required fields, shown as Python source."""

    cls: type[Any]
    depth: int

    def fields(self) -> dict[str, Any]:
        hints = typing.get_type_hints(self.cls)
        return {
            a.name: _sample(hints.get(a.name, Any), a.name, self.depth)
            for a in attrs.fields(self.cls)
            if a.default is attrs.NOTHING
        }

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={_py(v)}" for k, v in self.fields().items())
        return f"{self.cls.__name__}({args})"


def _py(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, (dt.datetime, dt.date, dt.timedelta)):
        return "dt." + repr(value).removeprefix("datetime.")
    if isinstance(value, list):
        return "[" + ", ".join(_py(v) for v in value) + "]"
    return repr(value)


def _json(value: Any) -> Any:
    if isinstance(value, _Model):
        from fleetapi._converter import wire_name

        return {wire_name(k): _json(v) for k, v in value.fields().items()}
    if isinstance(value, list):
        return [_json(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return "PT1H"
    return value


def _cli_value(value: Any) -> str:
    import json
    import shlex

    plain = _json(value)
    if isinstance(plain, (dict, list)):
        return shlex.quote(json.dumps(plain, ensure_ascii=False))
    if isinstance(plain, bool):
        return ""
    return shlex.quote(str(plain))


def _raw_field(wire: str, value: Any) -> str:
    """One ``fleet api`` body field: ``key=text`` for strings, ``key:=json`` otherwise."""
    import json
    import shlex

    plain = _json(value)
    if isinstance(plain, str):
        return shlex.quote(f"{wire}={plain}")
    return f"{wire}:=" + shlex.quote(json.dumps(plain, ensure_ascii=False))


# --- Sections -----------------------------------------------------------------------------


class _Raw(str):
    """An annotation kept as the source wrote it (``repr`` without quotes)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return self.replace("builtins.", "")


def signature_text(function: Any) -> str:
    """``function``'s parameters and return as its source states them, without ``self``."""
    signature = inspect.signature(function)

    def raw(annotation: Any) -> Any:
        return _Raw(annotation) if isinstance(annotation, str) else annotation

    parameters = [
        p.replace(annotation=raw(p.annotation))
        for p in signature.parameters.values()
        if p.name != "self"
    ]
    return str(
        signature.replace(parameters=parameters, return_annotation=raw(signature.return_annotation))
    )


def _signature(endpoint: Endpoint, method: str | None = None) -> str:
    function = endpoint.sdk_member(_client(), method)
    name = ".".join([*endpoint.sdk_chain[:-1], method or endpoint.sdk_chain[-1]])
    return f"client.{name}{signature_text(function)}"


def _sdk_lines(endpoint: Endpoint) -> list[str]:
    node = ".".join(endpoint.sdk_chain[:-1])
    lines = [
        f"- **SDK**: `{_signature(endpoint)}`; async: "
        f"`await client.{endpoint.sdk_name}(...)` on an `AsyncClient`"
    ]
    if endpoint.paging:
        lines.append(
            f"    - every page: `client.{node}.{endpoint.sdk_iterate}(page_size=...)` "
            "(`async for` on an `AsyncClient`)"
        )
    if endpoint.file_variant:
        lines.append(f"    - the file form: `{_signature(endpoint, endpoint.sdk_file_method)}`")
    return lines


def _cli_line(endpoint: Endpoint) -> str:
    from fleetapi_cli._index import short_forms

    kind = "hand-made" if _generated_hidden(endpoint) else "generated"
    parts = [f"`fleet {' '.join(endpoint.cli_words)}` ({kind})"]
    forms = [f"`fleet {' '.join(words)}`" for words in short_forms(endpoint.path)]
    if forms:
        parts.append(f"short form{'s' if len(forms) > 1 else ''} {', '.join(forms)}")
    users = [f"`{c}`" for c in _users().get(endpoint.path, [])]
    if users:
        parts.append(f"made on the way by {', '.join(users)}")
    parts.append(f"raw `fleet api {endpoint.path}`")
    return "- **CLI**: " + "; ".join(parts)


def _result_line(endpoint: Endpoint) -> str:
    result = endpoint.result
    if result.kind == "none":
        return "- **Result**: nothing (the answer is `success` only)"
    if result.kind == "bytes":
        return "- **Result**: a file (bytes)"
    where = f"the `{result.key}` field" if result.key else "the whole body"
    return f"- **Result**: {_linked_type(result.type)} ({where})"


def _type_name(tp: Any) -> str:
    """A type as a reader writes it: no ``Unset`` (the Required column says it), no modules."""
    from fleetapi._types import Unset

    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (Union, types.UnionType):
        return " | ".join(_type_name(a) for a in args if a is not Unset)
    if origin is Literal:
        return " | ".join(repr(a) for a in args)
    if origin is not None:
        inner = ", ".join(_type_name(a) for a in args)
        return f"{getattr(origin, '__name__', str(origin))}[{inner}]"
    if tp is type(None):
        return "None"
    return getattr(tp, "__name__", str(tp))


def _linked_type(tp: Any) -> str:
    """A result type as Markdown, each API model named in it linked to its entry on the
    models page (``[Task][fleetapi.models.task.Task]``)."""
    text = f"`{_type_name(tp)}`"
    for model in sorted(_models_in(tp), key=lambda m: -len(m.__name__)):
        ref = f"{model.__module__}.{model.__qualname__}"
        text = re.sub(
            rf"(?<![\w\[]){model.__name__}(?![\w\]])",
            f"`[{model.__name__}][{ref}]`",
            text,
        )
    return text.replace("``", "")


def _models_in(tp: Any) -> set[type[Any]]:
    """The attrs classes of the API models a type names (in unions, lists, dicts)."""
    import attrs

    found: set[type[Any]] = set()
    if isinstance(tp, type) and attrs.has(tp) and tp.__module__.startswith("fleetapi.models."):
        found.add(tp)
    for arg in typing.get_args(tp):
        found |= _models_in(arg)
    return found


def _params_rows(cls: type[Any], prefix: str, seen: tuple[type[Any], ...]) -> list[str]:
    from fleetapi._docstrings import field_doc
    from fleetapi_cli.fields import field_specs

    rows = []
    specs = {s.name: s for s in field_specs(cls)}
    hints = typing.get_type_hints(cls)
    for a in attrs.fields(cls):
        spec = specs[a.name]
        name = f"{prefix}{spec.wire}"
        required = "yes" if a.default is attrs.NOTHING else "no"
        limits = rules_of(a)
        text = limits.describe() if limits else ""
        meaning = markdown_of(field_doc(cls, a.name))
        meaning = meaning.replace("|", "\\|").strip()
        meaning = meaning.replace("\n", " ")
        type_text = _type_name(hints.get(a.name, Any)).replace("|", "\\|")
        rows.append(f"| `{name}` | `{type_text}` | {required} | {text} | {meaning} |")
        core = _core(hints.get(a.name, Any))
        if typing.get_origin(core) is list:
            core = _core(typing.get_args(core)[0])
            suffix = "[]."
        else:
            suffix = "."
        if attrs.has(core) and core not in seen and len(seen) < 3:
            rows += _params_rows(core, name + suffix, (*seen, core))
    return rows


def _params_table(endpoint: Endpoint) -> list[str]:
    if not attrs.fields(endpoint.params):
        return ["Body: the credential only."]
    header = [
        "| Parameter | Type | Required | Limits | Meaning |",
        "|---|---|---|---|---|",
    ]
    return header + _params_rows(endpoint.params, "", (endpoint.params,))


def _errors_table(endpoint: Endpoint) -> list[str]:
    if not endpoint.errors:
        return []
    rows = ["| Code | Exception | Meaning |", "|---|---|---|"]
    for code in endpoint.errors:
        cls = CODES.get(code)
        if cls is None:
            rows.append(f"| {code} | | |")
        else:
            rows.append(f"| {code} | `{cls.__name__}` | {cls.description} |")
    return ["", "Error codes the specification lists for the call:", "", *rows]


_HYPHENATED = re.compile(r"(?<![\w-])(?=[\w-]*-)(?=[\w-]*\w)[\w-]+")
"""A word with hyphens (``--base-url``), which a browser would otherwise break after one."""


def _mock_lines(endpoint: Endpoint) -> list[str]:
    handler = _handlers().get(endpoint.path)
    if handler is None:
        return [f"- **Mock**: {MOCK_MISSING}"]
    module = handler.__module__
    doc = markdown_of(resolve_constants(inspect.getdoc(handler) or "implemented", module))
    first, _, rest = doc.partition("\n\n")
    lines = [f"- **Mock** (`{module}.{handler.__name__}`): {' '.join(first.split())}"]
    for paragraph in rest.split("\n\n"):
        if paragraph.strip():
            lines.append(f"    {' '.join(paragraph.split())}")
    return lines


def _example(endpoint: Endpoint) -> list[str]:
    hints = typing.get_type_hints(endpoint.params)
    values = {
        a.name: _sample(hints.get(a.name, Any), a.name)
        for a in attrs.fields(endpoint.params)
        if a.default is attrs.NOTHING
    }
    from fleetapi_cli.fields import field_specs

    specs = {s.name: s for s in field_specs(endpoint.params)}
    args = ", ".join(f"{k}={_py(v)}" for k, v in values.items())
    call = f"client.{endpoint.sdk_name}({args})"
    if endpoint.upload:
        call = call.replace("(", "(file=open('file.bin', 'rb'), ", 1).replace(", )", ")")
    if _generated_hidden(endpoint):
        label = "CLI (raw call)"
        body = " ".join(_raw_field(specs[k].wire, v) for k, v in values.items())
        cli = "" if endpoint.upload else f"fleet api {endpoint.path} {body}".strip()
    else:
        label = "CLI (generated command)"
        options = " ".join(
            f"{specs[k].option} {_cli_value(v)}".strip() for k, v in values.items() if v is not None
        )
        cli = f"fleet {' '.join(endpoint.cli_words)} {options}".strip()
        if endpoint.path.endswith("/delete"):
            cli += " --yes"
        if endpoint.upload:
            cli += " --file file.bin"
    assign = "" if endpoint.result.kind == "none" else "result = "
    sync_lines = [f"    {assign}{call}"]
    async_lines = [f"    {assign}{call.replace('client.', 'await client.', 1)}"]
    if endpoint.result.kind == "stream":  # events as they come, until the block ends
        sync_lines = [
            f"    with {call} as events:",
            "        for event in events:",
            "            print(event)",
        ]
        async_lines = [
            f"    async with {call} as events:",
            "        async for event in events:",
            "            print(event)",
        ]
    cli_tab = ["", f'=== "{label}"', "", "    ```console", f"    $ {cli}", "    ```"]
    return [
        "",
        '=== "SDK"',
        "",
        "    ```python",
        *sync_lines,
        "    ```",
        "",
        '=== "Async SDK"',
        "",
        "    ```python",
        *async_lines,
        "    ```",
        *(cli_tab if cli else []),
        "",
    ]


def _call_section(endpoint: Endpoint) -> list[str]:
    lines = [f"### `{endpoint.path}`", "", endpoint.summary, ""]
    lines += _sdk_lines(endpoint)
    lines.append(_cli_line(endpoint))
    lines.append(_result_line(endpoint))
    lines.append(
        f"- **Access**: {endpoint.access.needs}"
        + (f"; sub-users need the `{endpoint.right}` right" if endpoint.right else "")
        + ("; master users only" if endpoint.master_only else "")
    )
    lines.append(
        f"- **Retried after a timeout**: {'yes (safe to repeat)' if endpoint.safe else 'no'}"
    )
    if endpoint.paging:
        paging = endpoint.paging
        limit = f", at most {paging.max_limit}" if paging.max_limit else ""
        default = f", {paging.default_limit} by default" if paging.default_limit else ""
        lines.append(
            f"- **Paging**: `{paging.limit}`/`{paging.offset}`{default}{limit}; items in "
            f"`{paging.items}`" + (f", total in `{paging.total}`" if paging.total else "")
        )
    if endpoint.upload:
        lines.append("- **Upload**: `multipart/form-data`, the file in the part `file`")
    if endpoint.aliases:
        lines.append(f"- **Also answered on**: {', '.join(f'`{a}`' for a in endpoint.aliases)}")
    if endpoint.origin == "notes":
        lines.append("- **Source**: the real service (not among the specification's 68 calls)")
    elif endpoint.origin == "service":
        lines.append(
            "- **Source**: the service's public documentation (not among the specification's "
            "68 calls)"
        )
    lines += _mock_lines(endpoint)
    lines.append("")
    lines += _params_table(endpoint)
    lines += _errors_table(endpoint)
    if endpoint.notes:
        lines += ["", f"!!! note\n    {endpoint.notes}"]
    if endpoint.decisions:
        lines += [
            "",
            '!!! info "Decided where the sources are silent ([all decisions](decisions.md))"',
        ]
        lines += [f"    - **{d.question}**: {d.answer}" for d in endpoint.decisions]
        lines += ["", "    [Every decision](decisions.md)"]
    lines += _example(endpoint)
    return [*lines, ""]


def _cell(text: str) -> str:
    """Text in a Markdown table's cell."""
    return text.replace("|", "\\|")


def decisions_markdown(areas: list[str]) -> str:
    """The decisions declared on the calls of ``areas``, as rows of a decisions table."""
    from fleetapi._endpoint_areas import AREA_OF

    rows = []
    for endpoint in ENDPOINTS:
        if AREA_OF[endpoint.path] in areas:
            rows += [f"| {_cell(d.question)} | {_cell(d.answer)} |" for d in endpoint.decisions]
    return "\n".join(rows)


_DECISIONS = re.compile(r"^<!-- fleetapi:decisions ([a-z_ ]+) -->$", re.MULTILINE)
"""Where the decisions page takes the rows declared on the calls of some areas."""


def report_plugins_markdown() -> str:
    """A section per report plugin of the service's documentation: its name on the command
    line, its options and how the mock makes it."""
    from fleetapi.report_plugins import COMMON_OPTIONS, PLUGINS
    from fleetapi_mock.domain.report import KINDS

    out: list[str] = []
    for plugin in PLUGINS:
        options = [o for o in plugin.options if o not in COMMON_OPTIONS]
        kind = KINDS.get(plugin.id)
        out += [
            f"### {plugin.title} ({plugin.id})",
            "",
            f"`fleet report generate --plugin {plugin.name}`"
            + (f" (also `{'`, `'.join(plugin.names[1:])}`)" if plugin.names[1:] else "")
            + f"; sheets by {plugin.by}.",
            "",
            "Options: " + (", ".join(f"`{o}`" for o in options) or "none of its own") + ".",
            "",
            (kind.decision if kind is not None and kind.decision else "")
            if kind is not None
            else "Not made by the mock yet: `report/tracker/generate` answers 222.",
            "",
        ]
    return "\n".join(out)


def report_decisions_markdown() -> str:
    """How the mock makes each report plugin's figures, as rows of a decisions table."""
    from fleetapi.report_plugins import PLUGINS
    from fleetapi_mock.domain.report import KINDS

    return "\n".join(
        f"| {_cell(p.title)} (plugin {p.id}) | {_cell(KINDS[p.id].decision)} |"
        for p in PLUGINS
        if p.id in KINDS and KINDS[p.id].decision
    )


def calls_markdown() -> str:
    """Every call of the table, by group."""
    by_group: dict[str, list[Endpoint]] = defaultdict(list)
    for endpoint in ENDPOINTS:
        by_group[endpoint.group].append(endpoint)
    out: list[str] = []
    for group, endpoints in by_group.items():
        out += [f"## {group}", ""]
        for endpoint in endpoints:
            out += _call_section(endpoint)
    return "\n".join(out)


def errors_markdown() -> str:
    """The table of error codes."""
    from fleetapi_cli.errors import exit_code_for_class

    rows = [
        "| Code | Class | Family | HTTP status | CLI exit code | Meaning |",
        "|---|---|---|---|---|---|",
    ]
    for code, cls in sorted(CODES.items()):
        family = cls.__mro__[1]  # every code's class derives from its family directly
        family_name = family.__name__ if family is not FleetApiError else "-"
        rows.append(
            f"| {code} | `{cls.__name__}` | `{family_name}` | {cls.http_status} | "
            f"{exit_code_for_class(cls)} | {cls.description} |"
        )
    return "\n".join(rows)


def exit_codes_markdown() -> str:
    """The table of ``fleet``'s exit codes (``fleetapi_cli.errors.EXIT_CODES``), each family
    with its classes and the API codes they stand for."""
    from fleetapi_cli.errors import EXIT_CODES, exit_code_for_class

    rows = ["| Exit code | Meaning |", "|---|---|"]
    for entry in EXIT_CODES:
        meaning = entry.meaning
        if entry.classes and entry.code > 2:
            codes = sorted(c for c, cls in CODES.items() if exit_code_for_class(cls) == entry.code)
            names = ", ".join(f"`{name}`" for name in entry.classes)
            meaning += f" ({names}" + (f": {_code_ranges(codes)})" if codes else ")")
        rows.append(f"| {entry.code} | {meaning} |")
    return "\n".join(rows)


def _code_ranges(codes: list[int]) -> str:
    """``[3, 4, 102, 103, 104]`` as ``3, 4, 102-104``."""
    parts: list[str] = []
    start = prev = codes[0]
    for code in [*codes[1:], None]:
        if code is not None and code == prev + 1:
            prev = code
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if code is not None:
            start = prev = code
    return ", ".join(parts)


def _first_paragraph(module: str) -> str:
    import ast
    from importlib.util import find_spec

    spec = find_spec(module)
    assert spec is not None
    assert spec.origin is not None
    with open(spec.origin, encoding="utf-8") as source:
        doc = ast.get_docstring(ast.parse(source.read())) or ""
    text = " ".join(doc.split("\n\n")[0].split())
    return re.sub(r":\w+:`~?([^`]+)`", r"`\1`", text).replace("``", "`").replace("|", "\\|")


def mock_modules_markdown() -> str:
    """The modules of ``fleetapi_mock``, layer by layer, each with its docstring's summary
    and, for a handler module, the calls it handles (read from the registry, never listed by
    hand in a docstring)."""
    from fleetapi_mock import LAYERS

    calls: dict[str, list[str]] = defaultdict(list)
    for path, handler in _handlers().items():
        calls[handler.__module__].append(f"`{path}`")
    out = []
    for layer, title in LAYERS:
        out += [f"| {title}: `{layer}` | What it holds |", "|---|---|"]
        for name in mock_modules_of(layer):
            handled = f" Calls: {', '.join(sorted(calls[name]))}." if calls.get(name) else ""
            out.append(f"| `{name}` | {_first_paragraph(name)}{handled} |")
        out.append("")
    return "\n".join(out)


def mock_modules_of(layer: str) -> list[str]:
    """The modules of one layer package of the mock (its subpackages and their modules too;
    the root's layer packages excluded), sorted."""
    import importlib
    import pkgutil

    from fleetapi_mock import LAYERS

    package = importlib.import_module(layer)
    layers = {name for name, _ in LAYERS}
    found = []
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{layer}."):
        inner = [p for p in layers if p.startswith(f"{layer}.")]  # the root's layer packages
        if any(info.name == p or info.name.startswith(f"{p}.") for p in inner):
            continue
        found.append(info.name)
    return sorted(found)


def fleet_mock_markdown() -> str:
    """The public members of ``FleetMock``: signature and the first line of the docstring."""
    from fleetapi_mock import FleetMock

    rows = ["| Member | What it does |", "|---|---|"]
    for name, member in vars(FleetMock).items():
        if isinstance(member, functools.cached_property):
            member = property(member.func)
        if name.startswith("_") or not (callable(member) or isinstance(member, property)):
            continue
        function = member.fget if isinstance(member, property) else member
        doc = markdown_of(" ".join((inspect.getdoc(function) or "").split("\n\n")[0].split()))
        if isinstance(member, property):
            label = f"mock.{name}"
        else:
            label = f"mock.{name}{signature_text(function)}"
        cells = [f"`{label}`", doc]
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(rows)


def _answer_cell(route: Any) -> str:
    """What a control route answers: the result's fields (under its key), or its document."""
    if route.body == "multipart":
        return "`value`: the stored file, as the API shows it"
    if route.result is None and route.media is not None:
        return f"`{route.media}`"
    if route.result is None:
        return "the file" if route.raw else "`success` alone"
    if route.raw:
        return "the document alone"
    inner = typing.get_args(route.result)[0] if typing.get_origin(route.result) is list else None
    model = inner or route.result
    names = ", ".join(f"`{a.name}`" for a in attrs.fields(model))
    if route.key is None:
        return names
    return f"`{route.key}`: a list of {{{names}}}" if inner else f"`{route.key}`: {{{names}}}"


DASHBOARD_SHOTS = {
    "map": "The map of the demo world: trackers by state, zones, places, tasks and a day's track",
    "journal": "The journal, live: the requests a test suite just made, one opened",
    "faults": "The fault rules with their counters, and the form that arms one",
}
"""The dashboard's screenshots, by file name (``docs/images/dashboard/NAME.png``): the run of
``tests/e2e/test_dashboard.py`` makes them."""


def dashboard_shots_markdown() -> str:
    """The dashboard's screenshots, where the test run has made them; else where they come
    from."""
    folder = Path(__file__).parent / "images" / "dashboard"
    if not all((folder / f"{name}.png").exists() for name in DASHBOARD_SHOTS):
        return (
            "!!! note\n    The screenshots are made by the browser tests (`make test` runs "
            "`tests/e2e/test_dashboard.py`); this build ran without them."
        )
    return "\n\n".join(
        f"![{alt}](images/dashboard/{name}.png)" for name, alt in DASHBOARD_SHOTS.items()
    )


def limits_markdown() -> str:
    """The limits of a served mock (``ServerLimits``): option, default, what it bounds."""
    from fleetapi_mock.state.limits import DEFAULT_LIMITS, ServerLimits, limit_help

    rows = ["| Option | Default | What it bounds |", "|---|---|---|"]
    for field in attrs.fields(ServerLimits):
        option = "--" + field.name.replace("_", "-")
        default = getattr(DEFAULT_LIMITS, field.name)
        shown = f"{default:,}" if isinstance(default, int) else f"{default:g}"
        rows.append(f"| `{option}` | {shown} | {_cell(limit_help(field.name))} |")
    return "\n".join(rows) + "\n"


def control_markdown() -> str:
    """The control API's routes (its table): route, typed method, what it does, what it
    takes and what it answers."""
    from fleetapi._docstrings import field_doc
    from fleetapi_mock.web.control.routes import ROUTES

    rows = [
        "| Route | `MockControl` | What it does | Takes | Answers |",
        "|---|---|---|---|---|",
    ]
    for route in ROUTES:
        methods = " ".join(route.methods)
        takes = (
            [f"`{a.name}`: {field_doc(route.params, a.name)}" for a in attrs.fields(route.params)]
            if route.params is not None
            else []
        )
        if route.body == "document":
            takes = ["the body: a [world document](world-format.md), or none"]
        cells = [
            f"`{methods} {route.url_path.replace('...}', '}')}`",
            f"`{route.name}`" if route.typed else "",
            route.description,
            "<br>".join(markdown_of(t) for t in takes),
            _answer_cell(route),
        ]
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(rows)


def _call_list(endpoints: list[Endpoint]) -> str:
    return ", ".join(f"`{e.path}`" for e in endpoints) or "-"


def access_markdown() -> str:
    """Each access level with the credentials it accepts and the calls that have it."""
    rows = ["| Access level | Who may call | Calls |", "|---|---|---|"]
    for access in Access:
        calls = [e for e in ENDPOINTS if e.access is access]
        rows.append(f"| `{access.name}` | {access.needs} | {_call_list(calls)} |")
    return "\n".join(rows)


def rights_markdown() -> str:
    """The sub-user right each call needs, the master-only calls, and the calls open to all."""
    by_right: dict[str, list[Endpoint]] = defaultdict(list)
    for endpoint in ENDPOINTS:
        if endpoint.access in (Access.NONE, Access.ROOT):
            continue
        if endpoint.master_only:
            key = "master users only"
        elif endpoint.right:
            key = f"`{endpoint.right}`"
        else:
            key = "no right needed"
        by_right[key].append(endpoint)
    order = sorted(k for k in by_right if k.startswith("`"))
    order += [k for k in ("master users only", "no right needed") if k in by_right]
    rows = ["| A sub-user needs | Calls |", "|---|---|"]
    rows += [f"| {key} | {_call_list(by_right[key])} |" for key in order]
    return "\n".join(rows)


def moved_models_markdown() -> str:
    """The table of the models that moved after 0.2.0 (``fleetapi._deprecation``)."""
    from fleetapi._deprecation import MODELS_REMOVED_IN, MOVED_MODELS

    rows = [f"| Old name (deprecated, goes in {MODELS_REMOVED_IN}) | Its home now |", "|---|---|"]
    for old, names in sorted(MOVED_MODELS.items()):
        for name, home in sorted(names.items()):
            rows.append(f"| `{old}.{name}` | `{home}.{name}` |")
    return "\n".join(rows)


def migration_markdown() -> str:
    """The table of the SDK names of 0.1 and the chains that replaced them
    (``fleetapi._renames``)."""
    from fleetapi._renames import SDK_FILE_RENAMES, SDK_RENAMES
    from fleetapi.endpoints import by_path

    rows = ["| 0.1 name (deprecated) | Since 0.2.0 | Call |", "|---|---|---|"]
    for old, path in sorted(SDK_RENAMES.items()):
        endpoint = by_path(path)
        rows.append(f"| `client.{old}` | `client.{endpoint.sdk_name}` | `{path}` |")
        if endpoint.paging is not None:
            node = ".".join(endpoint.sdk_chain[:-1])
            resource, method = old.split(".", 1)
            rows.append(
                f"| `client.{resource}.iterate_{method}` | `client.{node}.{endpoint.sdk_iterate}`"
                f" | `{path}` (every page) |"
            )
    for old, path in sorted(SDK_FILE_RENAMES.items()):
        endpoint = by_path(path)
        node = ".".join(endpoint.sdk_chain[:-1])
        rows.append(
            f"| `client.{old}` | `client.{node}.{endpoint.sdk_file_method}` | `{path}` (file) |"
        )
    return "\n".join(rows) + "\n"


def cli_migration_markdown() -> str:
    """The table of the ``fleet`` commands of 0.1 and the commands that replaced them."""
    from fleetapi._renames import CLI_OPTION_RENAMES, CLI_RENAMES

    rows = ["| 0.1 command (deprecated) | Since 0.2.0 |", "|---|---|"]
    rows += [f"| `fleet {old}` | `fleet {new}` |" for old, new in sorted(CLI_RENAMES.items())]
    rows += [
        f"| `fleet {command} {old}` | `fleet {command} {new}` ({why}) |"
        for (command, old), (new, why) in sorted(CLI_OPTION_RENAMES.items())
    ]
    return "\n".join(rows) + "\n"


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Fill the generated parts of a page."""
    if "<!-- fleetapi:migration -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:migration -->", migration_markdown())
    if "<!-- fleetapi:moved-models -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:moved-models -->", moved_models_markdown())
    if "<!-- fleetapi:cli-migration -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:cli-migration -->", cli_migration_markdown())
    markdown = _DECISIONS.sub(lambda m: decisions_markdown(m.group(1).split()), markdown)
    if "<!-- fleetapi:control -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:control -->", control_markdown())
    if "<!-- fleetapi:fleet-mock -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:fleet-mock -->", fleet_mock_markdown())
    if "<!-- fleetapi:mock-modules -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:mock-modules -->", mock_modules_markdown())
    if "<!-- fleetapi:dashboard-shots -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:dashboard-shots -->", dashboard_shots_markdown())
    if "<!-- fleetapi:report-plugins -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:report-plugins -->", report_plugins_markdown())
    if "<!-- fleetapi:report-decisions -->" in markdown:
        markdown = markdown.replace(
            "<!-- fleetapi:report-decisions -->", report_decisions_markdown()
        )
    if "<!-- fleetapi:calls -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:calls -->", calls_markdown())
    if "<!-- fleetapi:access -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:access -->", access_markdown())
    if "<!-- fleetapi:rights -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:rights -->", rights_markdown())
    if "<!-- fleetapi:exit-codes -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:exit-codes -->", exit_codes_markdown())
    if "<!-- fleetapi:errors -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:errors -->", errors_markdown())
    if "<!-- fleetapi:limits -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:limits -->", limits_markdown())
    return markdown


_CELL = re.compile(r"<td[^>]*>.*?</td>", re.S)
_HYPHENATED = re.compile(r"(?<![\w-])(?=[\w-]*-)(?=[\w-]*\w)[\w-]+")
"""A word with hyphens (``--base-url``), which a browser would otherwise break after one."""
_ROLE_IN_HTML = re.compile(
    r":(?:class|data|mod|meth|func|attr|exc|obj|const):<code>(~?)([^<]+)</code>"
)
_CELL_CODE = re.compile(r"<code>(.*?)</code>", re.S)


def on_page_content(html: str, **_: Any) -> str:
    """Code in table cells as written: ``a|b`` is escaped ``a\\|b`` in a Markdown table and
    Python-Markdown keeps the backslash inside code, so it goes; a line may break after a dot
    or a slash of a long name (``<wbr>``), never inside a word or after a hyphen
    (``docs/stylesheets``). A
    docstring's reStructuredText role shows as the name it points to (``:class:`~a.b.Task```
    as ``Task``)."""
    html = _ROLE_IN_HTML.sub(
        lambda m: f"<code>{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}</code>",
        html,
    )

    def code(match: re.Match[str]) -> str:
        parts = re.split(r"(<[^>]*>)", match.group(1))  # text between tags only
        for index in range(0, len(parts), 2):
            text = parts[index].replace("\\|", "|")
            text = re.sub(r"(?<=[./])(?=\w)", "<wbr>", text)
            parts[index] = _HYPHENATED.sub(r'<span class="nobr">\g<0></span>', text)
        return "<code>" + "".join(parts) + "</code>"

    return _CELL.sub(lambda cell: _CELL_CODE.sub(code, cell.group(0)), html)

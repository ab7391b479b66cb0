"""The CLI names of the call table and of the hand-made commands, without importing them.

``fleet --help`` lists the command groups of the call table and the hand-made groups and
commands, each with its help, and a hand-made group needs to know which generated commands it
stands for. Importing :mod:`fleetapi.endpoints` and every command module is slow, so
``scripts/generate.py`` writes both indexes as literals into ``_index_data.py`` (``make test``
checks they are current) and ``fleet --help`` reads that. The help of a hand-made group is
written once, in its module (``new_group(...)``); the index copies it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from fleetapi._endpoint import Endpoint

__all__ = [
    "Calls",
    "HandMade",
    "cli_index",
    "command_for",
    "group_help",
    "hand_made",
    "hand_made_from_modules",
    "index_from_table",
]

Index = dict[str, dict[str, str]]
"""group -> command -> API path."""

Calls = tuple[tuple[str, ...], tuple[str, ...]]
"""What a hand-made command declares (:func:`~fleetapi_cli._typer.wraps_call`): the paths it
stands for, and those it uses on the way."""


class HandMade(NamedTuple):
    """A hand-made group or top-level command of ``fleet``."""

    module: str
    group: bool
    """A group (``fleet task ...``) rather than one command (``fleet ping``)."""
    help: str
    commands: dict[str, Calls]
    """The group's commands (a top-level command: one, named ``""``) and their calls."""

    def wrapped(self) -> set[str]:
        """The paths its commands stand for (their generated commands are not shown)."""
        return {path for paths, _ in self.commands.values() for path in paths}

    def hides(self, command: str, path: str) -> bool:
        """Whether the generated command ``command`` (of the call ``path``) is not shown in this
        group: a hand-made command has its name or stands for its call (one verb per action)."""
        return self.group and (command in self.commands or path in self.wrapped())


def index_from_table() -> Index:
    """The index computed from :data:`fleetapi.endpoints.ENDPOINTS` itself (slow, exact)."""
    from fleetapi.endpoints import ENDPOINTS

    index: Index = {}
    for endpoint in ENDPOINTS:
        group, command = endpoint.cli_name
        index.setdefault(group, {}).setdefault(command, endpoint.path)
    return index


def modules_from_table() -> dict[str, str]:
    """The module of :mod:`fleetapi.endpoints` declaring each call, by path (slow, exact:
    imports every one)."""
    import importlib

    from fleetapi.endpoints import AREAS

    modules: dict[str, str] = {}
    for area in AREAS:
        name = f"fleetapi.endpoints.{area}"
        for endpoint in importlib.import_module(name).ENDPOINTS:
            modules[endpoint.path] = name
    return modules


def endpoint_of(path: str) -> Endpoint:
    """The call ``path``, importing only the module that declares it (and its models)."""
    import importlib

    from fleetapi_cli._index_data import MODULES

    module = importlib.import_module(MODULES[path])
    found: Endpoint = next(e for e in module.ENDPOINTS if e.path == path)
    return found


def hand_made_from_modules() -> dict[str, HandMade]:
    """The hand-made groups and commands, read from the modules of
    :mod:`fleetapi_cli.commands` themselves (slow, exact): each defines ``app``."""
    import importlib
    import pkgutil

    import typer

    import fleetapi_cli.commands
    from fleetapi_cli._typer import SummaryGroup, declared_calls, summary

    found: dict[str, HandMade] = {}
    for info in sorted(pkgutil.iter_modules(fleetapi_cli.commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"fleetapi_cli.commands.{info.name}")
        app: typer.Typer = module.app
        name = info.name.replace("_", "-")
        commands: dict[str, Calls] = {}
        for command in app.registered_commands:
            callback = command.callback
            assert callback is not None
            command_name = command.name or callback.__name__.lower().replace("_", "-")
            commands[command_name] = declared_calls(callback)
        if app.info.cls is SummaryGroup:
            help_text = str(app.info.help)
        else:
            (only,) = app.registered_commands
            assert only.callback is not None
            help_text = summary(only.callback.__doc__ or "")
            commands = {"": commands.popitem()[1]}
        found[name] = HandMade(module.__name__, app.info.cls is SummaryGroup, help_text, commands)
    return found


def command_for(path: str, cli_name: tuple[str, str]) -> tuple[str, ...]:
    """The ``fleet`` command that makes the call ``path``: the hand-made command of its group
    standing for it, else the generated one (``cli_name``)."""
    group = cli_name[0]
    entry = hand_made().get(group)
    if entry is not None:
        for command, (paths, _) in entry.commands.items():
            if path in paths:
                return (group, command) if command else (group,)
    return cli_name


def cli_index() -> Index:
    """Every group of the call table, with its commands and the paths they call."""
    from fleetapi_cli._index_data import INDEX

    return INDEX


def hand_made() -> dict[str, HandMade]:
    """Every hand-made group and top-level command (from the generated index)."""
    from fleetapi_cli._index_data import HAND_MADE

    return HAND_MADE


def group_help(group: str, paths: list[str]) -> str:
    """The one-line help of a generated group: the API paths it covers."""
    prefixes = sorted({p.rsplit("/", 1)[0] + "/" for p in paths})
    covering = [p for p in prefixes if not any(p != q and p.startswith(q) for q in prefixes)]
    return f"Calls under {', '.join(p + '*' for p in covering)}."

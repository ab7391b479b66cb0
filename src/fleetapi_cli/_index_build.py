"""The CLI's index made from the code itself (slow, exact): ``scripts/generate.py`` writes
it into ``_index_data.py`` and the tests hold the two equal. Nothing of ``fleet`` imports this
module when it runs."""

from __future__ import annotations

from fleetapi_cli._index_types import Calls, HandMade, Index

__all__ = ["hand_made_from_modules", "index_from_table", "placement", "screens"]


def index_from_table() -> Index:
    """The index computed from :data:`fleetapi.endpoints.ENDPOINTS` itself (slow, exact)."""
    from fleetapi.endpoints import ENDPOINTS

    return {" ".join(endpoint.cli_words): endpoint.path for endpoint in ENDPOINTS}


def placement(module: str, index: Index) -> str:
    """The words a hand-made module sits at: its name's parts when they are a group of the
    call table (``asset_track`` is ``asset track``), else its name in kebab case
    (``map_layer`` is ``map-layer``)."""
    spaced = module.replace("_", " ")
    if any(words.startswith(spaced + " ") for words in index):
        return spaced
    return module.replace("_", "-")


def hand_made_from_modules() -> dict[str, HandMade]:
    """The hand-made groups and commands by the words they sit at, read from the modules of
    :mod:`fleetapi_cli.commands` themselves (slow, exact): each defines ``app``."""
    import importlib
    import pkgutil

    import typer

    import fleetapi_cli.commands
    from fleetapi_cli._typer import SummaryGroup, declared_calls, summary

    index = index_from_table()
    found: dict[str, HandMade] = {}
    for info in sorted(pkgutil.iter_modules(fleetapi_cli.commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"fleetapi_cli.commands.{info.name}")
        app: typer.Typer = module.app
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
        found[placement(info.name, index)] = HandMade(
            module.__name__, app.info.cls is SummaryGroup, help_text, commands
        )
    return found


def screens() -> dict[str, str]:
    """What ``fleet --help`` and ``fleet --version`` print, as the app itself draws them in a
    process of its own on a terminal of 80 columns (the same on any wider one, or off a
    terminal), without the final newline: ``HELP`` and ``VERSION`` of
    ``fleetapi_cli._screens``."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import fleetapi_cli

    source = str(Path(fleetapi_cli.__file__).resolve().parent.parent)
    env = {k: v for k, v in os.environ.items() if k != "_FLEET_COMPLETE"}
    env["COLUMNS"] = str(fleetapi_cli.SCREEN_COLUMNS)
    env["PYTHONPATH"] = os.pathsep.join([source, *filter(None, [env.get("PYTHONPATH")])])
    drawn = {}
    for name, option in (("HELP", "--help"), ("VERSION", "--version")):
        argv = [sys.executable, "-c", "from fleetapi_cli.app import main; main()", option]
        done = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)  # noqa: S603
        assert done.stdout.endswith("\n"), done.stdout
        drawn[name] = done.stdout[:-1]
    return drawn

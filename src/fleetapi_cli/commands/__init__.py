"""Hand-made commands, loaded on demand by the root command.

``GROUPS`` maps a group name to the module defining it (a Typer app called ``app``) and its
one-line help; ``COMMANDS`` does the same for top-level commands. A hand-made command takes
precedence over the generated command of the same group and name; the other generated commands
of the group are added beside it.
"""

from __future__ import annotations

__all__ = ["COMMANDS", "GROUPS"]

GROUPS: dict[str, tuple[str, str]] = {
    "auth": ("fleetapi_cli.commands.auth", "Log in and out; show the credential in use."),
    "key": ("fleetapi_cli.commands.key", "Create, list and delete API keys."),
    "dealer": ("fleetapi_cli.commands.dealer", "Dealer interface configuration."),
    "tracker": ("fleetapi_cli.commands.tracker", "Trackers: list, read, current states."),
    "checkin": (
        "fleetapi_cli.commands.checkin",
        "Check-ins: list, export, show, create, delete; upload files.",
    ),
    "track": (
        "fleetapi_cli.commands.track",
        "Trips of an employee or a vehicle over a period; exports.",
    ),
    "link": ("fleetapi_cli.commands.link", "Geo links: share the location of trackers."),
    "map-layer": (
        "fleetapi_cli.commands.map_layer",
        "Map layers: upload and download KML; list, rename, delete.",
    ),
    "retranslator": (
        "fleetapi_cli.commands.retranslator",
        "Retranslators: forward device data to other servers.",
    ),
    "task": (
        "fleetapi_cli.commands.task",
        "Tasks: list, create, assign, delete; check batches.",
    ),
    "vehicle": (
        "fleetapi_cli.commands.vehicle",
        "Vehicles: list, show, delete; check batches.",
    ),
    "garage": ("fleetapi_cli.commands.garage", "Garages (depots): list, create, update, delete."),
    "department": (
        "fleetapi_cli.commands.department",
        "Departments (groups of employees): list, create, update.",
    ),
    "mock": ("fleetapi_cli.commands.mock", "Run the stand-in backend."),
    "data": (
        "fleetapi_cli.commands.data",
        "Spreadsheets and imports: parse a file, list imports.",
    ),
    "bill": ("fleetapi_cli.commands.bill", "Bills: list them, create one."),
}
"""Hand-made groups: name -> (module, help)."""

COMMANDS: dict[str, tuple[str, str]] = {
    "ping": ("fleetapi_cli.commands.ping", "Check the service and the credential (base/nothing)."),
    "api": (
        "fleetapi_cli.commands.api",
        "Make any call with a raw JSON body (fleet api group/action).",
    ),
    "completion": ("fleetapi_cli.commands.completion", "Print the shell completion script."),
    "geocode": (
        "fleetapi_cli.commands.geocode",
        "Find an address's locations, or a point's address.",
    ),
}
"""Hand-made top-level commands: name -> (module, help)."""

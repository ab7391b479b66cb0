"""``fleet tracker command``: send a command to a device, and a tracker's saved commands and
queue of unconfirmed commands (generated beside it)."""

from __future__ import annotations

import enum
from typing import Annotated, Any, Optional

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of

__all__ = ["app"]

app = new_group(
    "Commands to devices: send one, save them, see what waits for confirmation.",
    epilog=examples(
        "fleet tracker command send 1 'setdigout 1'",
        "fleet tracker command send 1 0A1B --hex --unreliable",
        "fleet tracker command execute 1 --tracker-id 1",
        "fleet tracker command unconfirmed count --tracker-id 1",
    ),
)


class LockCode(str, enum.Enum):
    """What an electronic lock command does."""

    seal = "seal"
    unseal = "unseal"


@app.command()
@wraps_call(
    "tracker/raw_command/send",
    "tracker/send_command",
    uses=("tracker/command/unconfirmed/count",),
)
def send(
    ctx: typer.Context,
    tracker_id: Annotated[int, typer.Argument(metavar="TRACKER_ID", help="The tracker's ID.")],
    text: Annotated[
        Optional[str],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Argument(
            metavar="[TEXT]",
            help="The command, sent as it is (with --hex: hexadecimal digits of its bytes).",
        ),
    ] = None,
    hex_: Annotated[
        bool, typer.Option("--hex", help="TEXT is hexadecimal digits of the command's bytes.")
    ] = False,
    unreliable: Annotated[
        bool,
        typer.Option(
            "--unreliable",
            help="Send it once: not kept for a disconnected device, nor resent unacknowledged.",
        ),
    ] = False,
    lock: Annotated[
        Optional[LockCode],  # noqa: UP045
        typer.Option(
            "--lock", help="Seal or unseal an electronic lock (the model's special control)."
        ),
    ] = None,
    special_settings: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--special-settings",
            metavar="JSON",
            help="The model's special settings (type and its fields) to send; with --lock, "
            "the lock's (its password).",
        ),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Send a command to a device: TEXT as it is, or a lock or special settings command.

    The device confirms it later; prints the tracker and how many of its commands wait for
    confirmation (fleet tracker command unconfirmed count).
    """
    from fleetapi._types import UNSET
    from fleetapi.models.tracker_command import DeviceCommand
    from fleetapi_cli.values import parse_json

    if (text is not None) == (lock is not None or special_settings is not None):
        raise typer.BadParameter("give TEXT, or --lock and/or --special-settings", ctx=ctx)
    if text is None and (hex_ or unreliable):
        raise typer.BadParameter("--hex and --unreliable go with TEXT", ctx=ctx)
    settings: Any = UNSET
    if special_settings is not None:
        settings = parse_json(special_settings, what="--special-settings")
        if not isinstance(settings, dict):
            raise typer.BadParameter("--special-settings must be a JSON object")
    state = state_of(ctx)
    with state.client() as client:
        if text is not None:
            client.tracker.raw_command.send(
                tracker_id=tracker_id,
                command=text,
                type="hex" if hex_ else UNSET,
                reliable=False if unreliable else UNSET,
            )
        else:
            command = DeviceCommand(
                name="electronic_lock_command" if lock else "set_special_settings_command",
                command_code=lock.value if lock else UNSET,
                special_settings=settings,
            )
            client.tracker.send_command(tracker_id=tracker_id, command=command)
        waiting = client.tracker.command.unconfirmed.count(tracker_id=tracker_id)
    state.emit({"tracker_id": tracker_id, "unconfirmed": waiting}, output=output)

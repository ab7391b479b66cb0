"""``fleet event``: list trackers' events, or follow them as they come; the other event calls
keep generated commands."""

from __future__ import annotations

import datetime as dt
import time
from typing import Annotated, Any, Optional

import typer

from fleetapi_cli._typer import LimitOption, OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.fields import field_help
from fleetapi_cli.values import WHEN_HELP, parse_until, parse_when

__all__ = ["app"]

_HISTORY_TRACKER_LIST_PARAMS = "fleetapi.models.history:HistoryTrackerListParams"

app = new_group(
    "Events of trackers: list or follow them; mark them read.",
    epilog=examples(
        "fleet event list --from 2026-01-14 --to 2026-01-16",
        "fleet event list --tracker 1 --from 2026-01-14 --unread",
    ),
)

COLUMNS = ["id", "time", "tracker_id", "event", "message", "address", "is_read"]

FOLLOW_WINDOW = dt.timedelta(hours=1)
"""How far back ``--follow`` starts without ``--from``."""


@app.command("list")
@wraps_call("history/tracker/list")
def list_events(
    ctx: typer.Context,
    trackers: Annotated[
        Optional[list[int]],  # noqa: UP045 - Typer reads the annotation at run time
        typer.Option(
            "--tracker", metavar="ID", help="A tracker (repeat); default: every unblocked one."
        ),
    ] = None,
    start: Annotated[
        Optional[dt.datetime],  # noqa: UP045
        typer.Option("--from", metavar="WHEN", parser=parse_when, help=f"Start: {WHEN_HELP}."),
    ] = None,
    end: Annotated[
        Optional[dt.datetime],  # noqa: UP045
        typer.Option(
            "--to", metavar="WHEN", parser=parse_until, help="End, after --from [default: now]."
        ),
    ] = None,
    kinds: Annotated[
        Optional[list[str]],  # noqa: UP045
        typer.Option(
            "--event", metavar="TYPE", help=field_help(_HISTORY_TRACKER_LIST_PARAMS, "events")
        ),
    ] = None,
    unread: Annotated[
        bool, typer.Option("--unread", help=field_help(_HISTORY_TRACKER_LIST_PARAMS, "only_unread"))
    ] = False,
    follow: Annotated[
        bool,
        typer.Option(
            "--follow",
            "-f",
            help="Keep reading and print new events as they come (JSON Lines where JSON would "
            "be): at once when a tracker reports, over the event stream where the server "
            "offers it, and every --interval seconds.",
        ),
    ] = False,
    interval: Annotated[
        float,
        typer.Option(
            "--interval", min=0.0, help="Seconds between reads with --follow, at the longest."
        ),
    ] = 5.0,
    polls: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--polls", min=1, hidden=True, help="Stop following after this many polls."),
    ] = None,
    limit: LimitOption = None,
    output: OutputOption = None,
) -> None:
    """List the events of trackers over a period, oldest first (the server's now is the
    default end; with --follow, the last hour is the default start)."""
    from fleetapi._types import UNSET

    cli = state_of(ctx)
    with cli.client() as client:
        listed = [] if trackers else client.tracker.list()
        ids = list(trackers) if trackers else [t.id for t in listed if not t.source.blocked]
        if not ids:
            raise typer.BadParameter("the account has no trackers", param_hint="--tracker")
        options: dict[str, Any] = {
            "trackers": ids,
            "events": list(kinds) if kinds else UNSET,
            "only_unread": True if unread else UNSET,
            "limit": limit if limit is not None else UNSET,
        }
        now = cli.server_now().replace(microsecond=0)
        if not follow:
            if start is None:
                raise typer.BadParameter("give --from (or --follow)", param_hint="--from")
            answer = client.history.tracker.list(from_=start, to=end or now, **options)
            cli.emit(answer.list, output=output, columns=COLUMNS)
            return
        since = start or now - FOLLOW_WINDOW
        output = cli.stream_format(output)
        seen: set[int] = set()
        done = 0
        with _Reports(client, ids) as reports:
            while True:
                answer = client.history.tracker.list(from_=since, to=now, **options)
                fresh = [e for e in answer.list if e.id not in seen]
                if fresh:
                    cli.emit(fresh, output=output, columns=COLUMNS)
                    seen.update(e.id for e in fresh)
                done += 1
                if polls is not None and done >= polls:
                    return
                reports.wait(interval)
                later = cli.server_now(fresh=True).replace(microsecond=0)
                since, now = (now - dt.timedelta(seconds=1), later) if later > now else (since, now)


class _Reports:
    """Waits for the trackers' next report (what makes events), over the event stream where
    the server offers it (a ``state_batch`` subscription); without it, or once it fails,
    waits the whole interval."""

    def __init__(self, client: Any, ids: list[int]) -> None:
        from fleetapi.models.event import StateBatchSubscription, SubscriptionTarget

        target = SubscriptionTarget(type="selected", tracker_ids=ids)
        self._events: Any = client.event.subscription(
            requests=[StateBatchSubscription(target=target)]
        )
        self._first = True

    def __enter__(self) -> _Reports:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the stream, if one is open."""
        events, self._events = self._events, None
        if events is not None:
            events.close()

    def wait(self, seconds: float) -> None:
        """Return when a tracker reports, or after ``seconds``."""
        from fleetapi import FleetApiError, FleetConnectionError, SessionNotFoundError

        deadline = time.monotonic() + seconds
        try:
            if self._events is not None and self._first:  # the states as they are: not news
                self._first = False
                self._events.receive(timeout=seconds)
            if self._events is not None:
                self._events.receive(timeout=max(0.0, deadline - time.monotonic()))
                return
        except SessionNotFoundError:
            raise
        except (FleetApiError, FleetConnectionError):
            self.close()  # no stream here: read every interval
        time.sleep(max(0.0, deadline - time.monotonic()))

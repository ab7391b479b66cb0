"""What each control route does (:mod:`.routes` declares them): a function of the
:class:`Context` and the route's params model, answering the route's result."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import attrs

from fleetapi._converter import (
    RequestValidationError,
    format_datetime,
    parse_datetime,
    parse_duration,
    structure_request,
)
from fleetapi._errors import (
    EntityNotFoundError,
    InvalidParametersError,
    OverQuotaError,
    WrongRequestFormatError,
)
from fleetapi.models.form import Form
from fleetapi_mock.domain.form.executor import submit_task_form as fill_task_form
from fleetapi_mock.domain.mail import send_mail
from fleetapi_mock.domain.position import record_positions
from fleetapi_mock.domain.tracker_chat import has_chat_model, receive
from fleetapi_mock.state.bounds import in_clock_range
from fleetapi_mock.state.documents import masked_document
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import World, WorldDocumentError
from fleetapi_mock.web import uploads
from fleetapi_mock.web.control.models import (
    ChatArrival,
    ChatRecorded,
    ClockChange,
    ClockState,
    FaultId,
    JournalFeed,
    JournalFilters,
    Mail,
    MailFilters,
    MapQuery,
    Positions,
    Recorded,
    RestoreRequest,
    RestoreSession,
    TaskFormFill,
    VerifySpec,
    WorldName,
    WorldQuotas,
    WorldRow,
)
from fleetapi_mock.web.dashboard.feed import backlog
from fleetapi_mock.web.dashboard.page import dashboard_page
from fleetapi_mock.web.dashboard.view import MapView, map_view
from fleetapi_mock.web.decoding import invalid
from fleetapi_mock.web.faults import Faults, FaultSpec
from fleetapi_mock.web.journal import Journal
from fleetapi_mock.web.wire import Response

__all__ = ["Backend", "Context", "Worlds", "undeletable", "world_row"]

DEFAULT_WORLD = "default"
"""The name of a server's own world."""


class Backend(Protocol):
    """What the control routes change of a backend (:class:`~fleetapi_mock.web.router.Backend`
    is one): its world, journal and faults, and starting the world over. Declared here so that
    the router imports the control routes and not the other way round."""

    world: World
    journal: Journal
    faults: Faults
    limits: ServerLimits

    def reset(self, document: Mapping[str, Any] | None = None) -> None:
        """Start the world over, from ``document`` or the starting one."""


class Worlds(Protocol):
    """The worlds of a server (:class:`~fleetapi_mock.web.worlds.Worlds` is one)."""

    def describe(self) -> list[WorldRow]:
        """Each world, the default one first."""

    def delete(self, name: str) -> None:
        """Forget the world ``name``."""


@attrs.frozen
class LoneWorld:
    """The worlds of a mock serving one (in-process): its own, which cannot be deleted."""

    backend: Backend

    def describe(self) -> list[WorldRow]:
        """The one world."""
        return [world_row(DEFAULT_WORLD, self.backend)]

    def delete(self, name: str) -> None:
        """Refuse: a lone world cannot be deleted, and there is no other."""
        raise undeletable(name)


def undeletable(name: str) -> WrongRequestFormatError:
    """The refusal to delete the world ``name``: the default one, or one there is not."""
    if name == DEFAULT_WORLD:
        return WrongRequestFormatError("the default world cannot be deleted: reset it")
    return WrongRequestFormatError(f"no world {name!r}")


def world_row(
    name: str, backend: Backend, idle: float | None = None, requests: int | None = None
) -> WorldRow:
    """A world as ``GET /__mock__/worlds`` lists it: its clock, use and what it holds."""
    world = backend.world  # read without its lock: a busy world must not hold up the list
    now = world.now().replace(microsecond=0)
    records, sessions = world.record_count(), len(world.sessions)
    limits = backend.limits
    return WorldRow(
        name=name,
        now=now,
        idle=idle,
        requests=requests,
        records=records,
        sessions=sessions,
        file_bytes=world.file_bytes(),
        fault_rules=len(backend.faults),
        journal=len(backend.journal),
        journal_bytes=backend.journal.bytes,
        quotas=WorldQuotas(
            records=limits.max_records,
            file_bytes=limits.max_file_bytes,
            fault_rules=limits.max_fault_rules,
            sessions_per_user=limits.max_sessions,
        ),
    )


@attrs.frozen(kw_only=True)
class Context:
    """A control request: the world it is for, the server's worlds, and what it carried."""

    backend: Backend
    worlds: Worlds
    headers: Mapping[str, str]
    body: bytes
    base_url: str
    """The request's ``scheme://host`` and the path before ``__mock__``."""
    fields: Mapping[str, str] = attrs.field(factory=dict)
    """The path's fields, as text (the file routes read theirs)."""
    openapi: Callable[[], dict[str, Any]]
    """The OpenAPI document of the server (built from the route table, which names these
    handlers: handed in rather than imported)."""
    secrets: bool = True
    """Whether answers may show the world's secrets: in-process, and to a served request that
    carried the server's control token."""


# --- World and clock ----------------------------------------------------------------------------


def reset(ctx: Context, document: dict[str, Any] | None) -> None:
    """Back to the starting world, or load the world document posted as the body (an
    invalid document answers 7 listing every problem and changes nothing; one larger than the
    server's ``--max-document-bytes``, 24 MiB by default, answers HTTP 413)."""
    try:
        ctx.backend.reset(document)
    except WorldDocumentError as exc:
        raise InvalidParametersError(
            "invalid world document",
            errors=[{"parameter": p, "error": e} for p, e in exc.errors],
        ) from None


def world_document(ctx: Context, _: None) -> dict[str, Any]:
    """The current state as a world document, without envelope: save it, and serve it again
    with ``fleet mock serve --world``. A server started without ``--control-token`` masks its
    passwords and hashes (``"masked": true``; such a document is not loaded again)."""
    document = ctx.backend.world.to_document()
    return document if ctx.secrets else masked_document(document)


def password_restore(ctx: Context, request: RestoreRequest) -> RestoreSession:
    """Start a password restore as the service's restore e-mail does: a session for
    ``user/password/change`` alone, in the answer and in the sent box."""
    world = ctx.backend.world
    with world.lock:
        user = world.user_by_login(request.login)
        if user is None:
            raise EntityNotFoundError(f"no user {request.login!r}")
        session = world.create_session(user, kind="password_restore")
        send_mail(
            world,
            user,
            to=user.login,
            kind="password_restore",
            subject="Restore your password",
            text=f"Set a new password: user/password/change?hash={session.hash}",
            values={"hash": session.hash},
        )
    return RestoreSession(hash=session.hash)


def mail(ctx: Context, filters: MailFilters) -> list[Mail]:
    """The sent box: the e-mail the world sent (never sent for real), oldest first,
    filtered."""
    world = ctx.backend.world
    wanted = None if filters.to is None else filters.to.casefold()
    with world.lock:
        kept = list(world.mails.values())
    return [
        Mail(**attrs.asdict(m, recurse=False))
        for m in kept
        if (wanted is None or m.to.casefold() == wanted)
        and (filters.kind is None or m.kind == filters.kind)
    ]


def read_clock(ctx: Context, _: None) -> ClockState:
    """The world clock: its time and whether it runs."""
    clock = ctx.backend.world.clock
    return ClockState(now=clock.now().replace(microsecond=0), running=clock.running)


def set_clock(ctx: Context, change: ClockChange) -> ClockState:
    """Set the clock (``now``), move it on (``advance``), let it run or freeze it
    (``running``); answer the clock as ``GET`` does."""
    new_now: dt.datetime | None = None
    step: dt.timedelta | None = None
    if change.now is not None:
        try:
            new_now = parse_datetime(change.now, iso=True)
        except ValueError as exc:
            raise invalid("now", str(exc)) from None
    if isinstance(change.advance, str):
        try:
            step = parse_duration(change.advance)
        except ValueError as exc:
            raise invalid("advance", str(exc)) from None
    elif change.advance is not None:
        try:
            step = dt.timedelta(seconds=change.advance)
        except (ValueError, OverflowError) as exc:
            raise invalid("advance", str(exc)) from None
    world = ctx.backend.world
    clock = world.clock
    with world.lock:
        before = clock.now()
        try:
            if new_now is not None:
                clock.set(new_now)
        except ValueError as exc:
            raise invalid("now", str(exc)) from None
        try:
            if step is not None:
                clock.advance(step)
        except ValueError as exc:
            clock.set(before)
            raise invalid("advance", str(exc)) from None
        if change.running is True:
            clock.run()
        elif change.running is False:
            clock.freeze()
    return read_clock(ctx, None)


def record_points(ctx: Context, request: Positions) -> Recorded:
    """Record track points as if trackers had sent them; each tracker's state follows its
    newest point."""
    world = ctx.backend.world
    errors: list[dict[str, str]] = []
    points: list[TrackPointRecord] = []
    with world.lock:
        now = format_datetime(world.now().replace(microsecond=0))
        for index, item in enumerate(request.points):
            where = f"points[{index}]"
            try:
                point = structure_request({"get_time": now, **item}, TrackPointRecord, iso=True)
            except RequestValidationError as exc:
                errors.extend(
                    {"parameter": f"{where}.{e.parameter}", "error": e.error} for e in exc.errors
                )
                continue
            if not in_clock_range(point.get_time):
                errors.append({"parameter": f"{where}.get_time", "error": "is out of range"})
            if point.tracker_id not in world.trackers:
                errors.append(
                    {"parameter": f"{where}.tracker_id", "error": f"no tracker {point.tracker_id}"}
                )
            points.append(point)
        if errors:
            raise InvalidParametersError("invalid points", errors=errors)
        most = ctx.backend.limits.max_records
        if world.record_count() + len(points) > most:
            raise OverQuotaError(
                f"the world would hold more than {most} records (fleet mock serve --max-records)"
            )
        record_positions(world, points)
    return Recorded(count=len(points))


def record_chat(ctx: Context, arrival: ChatArrival) -> ChatRecorded:
    """Record a chat message as if a tracker's device had written it: an unread incoming
    message of its chat. The device has then taken the chat's pending outgoing messages, which
    are delivered at that moment."""
    world = ctx.backend.world
    with world.lock:
        tracker = world.trackers.get(arrival.tracker_id)
        if tracker is None:
            raise invalid("tracker_id", f"no tracker {arrival.tracker_id}")
        if not has_chat_model(world, tracker):
            raise invalid("tracker_id", f"the device model {tracker.model} has no chat")
        most = ctx.backend.limits.max_records
        if world.record_count() >= most:
            raise OverQuotaError(
                f"the world would hold more than {most} records (fleet mock serve --max-records)"
            )
        record = receive(world, tracker, arrival.text)
    return ChatRecorded(id=record.id)


def submit_task_form(ctx: Context, fill: TaskFormFill) -> Form:
    """Fill in and submit a task's form as the executor's mobile app does, at the world's
    time: the values are checked as every submission is (code 242, per field), and the task
    may then complete. Answers the form (date/times in UTC)."""
    world = ctx.backend.world
    with world.lock:
        if fill.task_id not in world.tasks:
            raise invalid("task_id", f"no task {fill.task_id}")
        try:
            return fill_task_form(world, fill.task_id, fill.values, location=fill.location)
        except KeyError:
            raise invalid("task_id", f"task {fill.task_id} has no form") from None


# --- Journal and faults -------------------------------------------------------------------------


def journal(ctx: Context, filters: JournalFilters) -> list[dict[str, Any]]:
    """The last answered API requests (control routes aside, file uploads included),
    oldest first, filtered."""
    wanted = filters.narrowing()
    return [e.to_json() for e in ctx.backend.journal if e.matches(path=filters.path, **wanted)]


def journal_feed(ctx: Context, feed: JournalFeed) -> Response:
    """The journal as server-sent events: the requests it keeps (after ``after`` or the
    ``Last-Event-ID`` header), then, on a served mock, each new one as it is answered."""
    return backlog(ctx.backend.journal, feed, ctx.headers)


def read_map(ctx: Context, query: MapQuery) -> MapView:
    """What the dashboard's map draws: every tracker at its last position, the zones,
    places, tasks and checkpoints (with their status now) and the tracks of a day."""
    return map_view(ctx.backend.world, query.day)


def dashboard(ctx: Context, _: None) -> Response:
    """The dashboard: the world's map, clock, journal, faults and worlds in a browser
    (``/__mock__/ui/``)."""
    return dashboard_page()


def verify(ctx: Context, spec: VerifySpec) -> dict[str, Any]:
    """Whether requests matching a pattern were received as often as expected; when none
    matched, the closest ones with their differences."""
    if spec.count is not None and (spec.at_least is not None or spec.at_most is not None):
        raise invalid("count", "give count, or at_least and at_most, not both")
    result = ctx.backend.journal.verify(
        spec.path,
        spec.body,
        count=spec.count,
        at_least=spec.at_least,
        at_most=spec.at_most,
        **spec.narrowing(),
    )
    answer = result.to_json()
    del answer["success"]
    return answer


def add_fault(ctx: Context, spec: FaultSpec) -> dict[str, Any]:
    """Add a fault rule: the world fails the calls it matches, as it says."""
    return ctx.backend.faults.add(spec).to_json()


def list_faults(ctx: Context, _: None) -> list[dict[str, Any]]:
    """The fault rules, with how often each matched and fired."""
    return [rule.to_json() for rule in ctx.backend.faults.list()]


def clear_faults(ctx: Context, _: None) -> None:
    """Remove every fault rule."""
    ctx.backend.faults.clear()


def remove_fault(ctx: Context, which: FaultId) -> None:
    """Remove one fault rule."""
    if not ctx.backend.faults.remove(which.id):
        raise invalid("id", f"no fault rule {which.id}")


# --- Worlds, files, the document ----------------------------------------------------------------


def list_worlds(ctx: Context, _: None) -> list[WorldRow]:
    """The worlds of the server: name, world time, seconds idle, requests answered."""
    return ctx.worlds.describe()


def delete_world(ctx: Context, which: WorldName) -> None:
    """Forget a world (it starts afresh if named again); the default one cannot be."""
    ctx.worlds.delete(which.name)


def upload_file(ctx: Context, _: None) -> Response:
    """The second step of a file upload, where an upload ticket's ``url`` points
    (``multipart/form-data``)."""
    segments = ["upload", ctx.fields["file_id"]]
    return uploads.handle_route(
        ctx.backend.world, "POST", segments, ctx.headers, ctx.body, base_url=ctx.base_url
    )


def download_file(ctx: Context, _: None) -> Response:
    """An uploaded file's bytes, where a file's ``download_url`` points (the name is for
    people and may hold slashes)."""
    segments = [ctx.fields["file_id"], ctx.fields["token"], *ctx.fields["name"].split("/")]
    return uploads.handle_route(
        ctx.backend.world, "GET", segments, ctx.headers, ctx.body, base_url=ctx.base_url
    )


def health(ctx: Context, _: None) -> None:
    """Whether the server answers: for health checks of load balancers and orchestrators
    (public, a few bytes, no world's request: it never makes the state file save)."""


def openapi(ctx: Context, _: None) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the call table and of this control API."""
    return ctx.openapi()

"""The control API's routes, each declared once: the dispatch (:mod:`fleetapi_mock.web.control`),
its section of ``/openapi.json`` (tagged ``mock-control``), the docs' table and the typed
methods of :class:`~fleetapi_mock.MockControl` derive from this table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Literal

import attrs

import fleetapi_mock.web.control.handlers as do
from fleetapi._docstrings import summary
from fleetapi.models.form import Form
from fleetapi_mock.web.control.models import (
    ChatArrival,
    ChatRecorded,
    ClockChange,
    ClockState,
    FaultId,
    FaultRecord,
    JournalFeed,
    JournalFilters,
    JournalRecord,
    Mail,
    MailFilters,
    MapQuery,
    Positions,
    Recorded,
    RestoreRequest,
    RestoreSession,
    TaskFormFill,
    VerifyAnswer,
    VerifySpec,
    WorldName,
    WorldRow,
)
from fleetapi_mock.web.dashboard.view import MapView
from fleetapi_mock.web.faults import FaultSpec

__all__ = ["PREFIX", "ROUTES", "ROUTE_OF", "ControlRoute", "match"]

PREFIX: Final = "__mock__"
"""The path segment the control routes follow (after any prefix: ``/v2/__mock__/reset``)."""

Body = Literal["json", "document", "multipart", "none"]


@attrs.frozen(kw_only=True)
class ControlRoute:
    """One route of the control API."""

    name: str
    """Its method on :class:`~fleetapi_mock.MockControl`, and its OpenAPI ``operationId``."""
    method: str
    """The HTTP method."""
    path: str
    """The path after ``/__mock__/``; ``{field}`` is a field of :attr:`params` (a last
    ``{field...}`` takes the rest of the path). ``/openapi.json`` stands alone."""
    handler: Callable[[do.Context, Any], Any]
    """What it does; its docstring is the route's description."""
    params: type | None = None
    """Its parameters: the JSON body of a ``POST``, the query of a ``GET``, with the path's
    fields."""
    body: Body = "json"
    """What a ``POST`` carries: the params as JSON, a world document, a multipart upload."""
    result: Any = None
    """The type of what it answers (``None``: nothing but ``success``)."""
    key: str | None = None
    """Where the answer puts the result: ``None`` beside ``success``, else under this key."""
    raw: bool = False
    """Answered as it is, without the envelope."""
    server: bool = False
    """A route of the server rather than of one world (answered whatever world is named)."""
    also: tuple[str, ...] = ()
    """Other methods answered alike."""
    typed: bool = True
    """Whether :class:`~fleetapi_mock.MockControl` has a method for it (not for the file
    routes, which the API's answers point to)."""
    journaled: bool = False
    """Whether the journal records its requests (file uploads: the API hands out their
    address); reading and verifying change nothing."""
    media: str | None = None
    """The media type of a raw answer that is not JSON (``text/html``, ``text/event-stream``)."""
    public: bool = False
    """Answered without the server's control token: the file routes an API client reaches
    through the addresses the API hands out, and the OpenAPI document."""

    @property
    def description(self) -> str:
        """The first paragraph of the handler's docstring, as Markdown."""
        return summary(self.handler.__doc__ or "", self.handler.__module__)

    @property
    def summary(self) -> str:
        """The description's first sentence, as plain text."""
        first = self.description.split(". ", 1)[0].split(": ", 1)[0]
        return first.replace("`", "").rstrip(".") + "."

    @property
    def url_path(self) -> str:
        """The path as served (``/__mock__/faults/{id}``; ``/openapi.json``)."""
        return self.path if self.path.startswith("/") else f"/{PREFIX}/{self.path}"

    @property
    def path_fields(self) -> tuple[str, ...]:
        """The fields the path holds."""
        return tuple(
            part[1:-1].removesuffix("...") for part in self.path.split("/") if part.startswith("{")
        )

    @property
    def methods(self) -> tuple[str, ...]:
        """Every method it answers."""
        return (self.method, *self.also)


ROUTES: Final[tuple[ControlRoute, ...]] = (
    ControlRoute(name="reset", method="POST", path="reset", handler=do.reset, body="document"),
    ControlRoute(
        name="world_document",
        method="GET",
        path="world",
        handler=do.world_document,
        result=dict[str, Any],
        raw=True,
        also=("POST",),
    ),
    ControlRoute(
        name="read_clock", method="GET", path="clock", handler=do.read_clock, result=ClockState
    ),
    ControlRoute(
        name="set_clock",
        method="POST",
        path="clock",
        handler=do.set_clock,
        params=ClockChange,
        result=ClockState,
    ),
    ControlRoute(
        name="record_positions",
        method="POST",
        path="positions",
        handler=do.record_points,
        params=Positions,
        result=Recorded,
    ),
    ControlRoute(
        name="record_chat",
        method="POST",
        path="chat",
        handler=do.record_chat,
        params=ChatArrival,
        result=ChatRecorded,
    ),
    ControlRoute(
        name="submit_task_form",
        method="POST",
        path="task_form",
        handler=do.submit_task_form,
        params=TaskFormFill,
        result=Form,
        key="value",
    ),
    ControlRoute(
        name="journal",
        method="GET",
        path="journal",
        handler=do.journal,
        params=JournalFilters,
        result=list[JournalRecord],
        key="list",
    ),
    ControlRoute(
        name="journal_feed",
        method="GET",
        path="journal/live",
        handler=do.journal_feed,
        params=JournalFeed,
        raw=True,
        typed=False,
        media="text/event-stream",
    ),
    ControlRoute(
        name="read_map",
        method="GET",
        path="map",
        handler=do.read_map,
        params=MapQuery,
        result=MapView,
    ),
    ControlRoute(
        name="dashboard",
        method="GET",
        path="ui",
        handler=do.dashboard,
        raw=True,
        media="text/html",
        server=True,
        typed=False,
        public=True,
    ),
    ControlRoute(
        name="password_restore",
        method="POST",
        path="password_restore",
        handler=do.password_restore,
        params=RestoreRequest,
        result=RestoreSession,
    ),
    ControlRoute(
        name="mail",
        method="GET",
        path="mail",
        handler=do.mail,
        params=MailFilters,
        result=list[Mail],
        key="list",
    ),
    ControlRoute(
        name="verify",
        method="POST",
        path="verify",
        handler=do.verify,
        params=VerifySpec,
        result=VerifyAnswer,
    ),
    ControlRoute(
        name="add_fault",
        method="POST",
        path="faults",
        handler=do.add_fault,
        params=FaultSpec,
        result=FaultRecord,
        key="fault",
    ),
    ControlRoute(
        name="list_faults",
        method="GET",
        path="faults",
        handler=do.list_faults,
        result=list[FaultRecord],
        key="list",
    ),
    ControlRoute(name="clear_faults", method="DELETE", path="faults", handler=do.clear_faults),
    ControlRoute(
        name="remove_fault",
        method="DELETE",
        path="faults/{id}",
        handler=do.remove_fault,
        params=FaultId,
    ),
    ControlRoute(
        name="list_worlds",
        method="GET",
        path="worlds",
        handler=do.list_worlds,
        result=list[WorldRow],
        key="list",
        server=True,
    ),
    ControlRoute(
        name="delete_world",
        method="DELETE",
        path="worlds/{name}",
        handler=do.delete_world,
        params=WorldName,
        server=True,
    ),
    ControlRoute(
        name="upload_file",
        method="POST",
        path="files/upload/{file_id}",
        handler=do.upload_file,
        body="multipart",
        raw=True,
        typed=False,
        journaled=True,
        public=True,
    ),
    ControlRoute(
        name="download_file",
        method="GET",
        path="files/{file_id}/{token}/{name...}",
        handler=do.download_file,
        raw=True,
        also=("HEAD",),
        typed=False,
        public=True,
    ),
    ControlRoute(
        name="health",
        method="GET",
        path="health",
        handler=do.health,
        server=True,
        public=True,
        also=("HEAD",),
    ),
    ControlRoute(
        name="openapi",
        method="GET",
        path="/openapi.json",
        handler=do.openapi,
        result=dict[str, Any],
        raw=True,
        public=True,
    ),
)


ROUTE_OF: Final[dict[str, ControlRoute]] = {route.name: route for route in ROUTES}
"""Each route by its name."""


def match(method: str, segments: Sequence[str]) -> tuple[ControlRoute, dict[str, str]] | None:
    """The route answering ``method`` on ``segments`` (the path after ``__mock__``, or
    ``["openapi.json"]``) and the path's fields; ``None`` when there is none."""
    for route in ROUTES:
        if method not in route.methods:
            continue
        found = _fields(route.path.strip("/").split("/"), segments)
        if found is not None:
            return route, found
    return None


def _fields(pattern: Sequence[str], segments: Sequence[str]) -> dict[str, str] | None:
    fields: dict[str, str] = {}
    for index, part in enumerate(pattern):
        if index >= len(segments):
            return None
        if part.endswith("...}"):
            fields[part[1:-4]] = "/".join(segments[index:])
            return fields
        if part.startswith("{"):
            fields[part[1:-1]] = segments[index]
        elif part != segments[index]:
            return None
    return fields if len(segments) == len(pattern) else None

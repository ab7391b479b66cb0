"""The shape of one call's declaration: :class:`Endpoint` and its parts.

Each API call is declared once, as an :class:`Endpoint` in :mod:`fleetapi.endpoints`. The SDK
resources, the mock's routing and validation, the OpenAPI document, the CLI and the reference
docs all read those declarations.
"""

from __future__ import annotations

import enum
import functools
import inspect
from collections.abc import Mapping
from typing import Any, Literal

import attrs

from fleetapi._naming import cli_words, sdk_attribute

__all__ = [
    "EXPORT_MEDIA_TYPES",
    "MAP_MEDIA_TYPES",
    "Access",
    "Decision",
    "Endpoint",
    "ExportFormat",
    "FileVariant",
    "NoParams",
    "Paging",
    "Result",
    "sdk_attribute",
]


ExportFormat = Literal["xlsx", "pdf"]
"""The file formats of the calls that export one (a check-in listing, a report)."""

EXPORT_MEDIA_TYPES: dict[str, str] = {
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pdf": "application/pdf",
}
"""The content type of each format of the calls that export a file (a check-in listing, a
report)."""

MAP_MEDIA_TYPES: dict[str, str] = {
    "kml": "application/vnd.google-earth.kml+xml",
    "kmz": "application/vnd.google-earth.kmz",
}
"""The content type of each format of the calls that download map data (a track, zones)."""


class Access(enum.Enum):
    """Which credentials a call accepts."""

    NONE = "none"
    """No credential at all (``user/auth``, ``dealer/get_ui_config``)."""
    SESSION = "session"
    """A master user's standard session hash; API keys get code 4, sub-users 13."""
    USER = "user"
    """Any user credential: a session hash or an API key, master or sub-user."""
    DELIVERY = "delivery"
    """A user credential or the special DELIVERY session."""
    ROOT = "root"
    """The ROOT access level; no ordinary user holds it."""
    USER_SESSION = "user_session"
    """A standard session of any user, master or sub-user; API keys get code 4."""
    RESTORE = "restore"
    """The session of a password-restore e-mail (``user/password/change``); any other
    credential gets code 4, and that session works for no other call."""
    ACTIVATION = "activation"
    """The session of an activation e-mail (``user/activate``); any other credential gets
    code 4, and that session works for no other call."""
    SECOND_FACTOR = "second_factor"
    """The session ``user/auth`` answers a user with a second factor (``user/auth/code/*``);
    any other credential gets code 4, and that session works for no other call."""

    @property
    def needs(self) -> str:
        """What a call of this level needs, in words (the calls page, the OpenAPI document)."""
        return _ACCESS_NEEDS[self]


_ACCESS_NEEDS = {
    Access.NONE: "no credential",
    Access.SESSION: "a master user's standard session (an API key gets code 4, a sub-user 13)",
    Access.USER: "a session hash or an API key",
    Access.DELIVERY: "a session hash, an API key or a DELIVERY session",
    Access.ROOT: "the ROOT access level (every user gets code 13)",
    Access.USER_SESSION: "a standard session of any user (an API key gets code 4)",
    Access.RESTORE: "the session of a password-restore e-mail (anything else gets code 4)",
    Access.ACTIVATION: "the session of an activation e-mail (anything else gets code 4)",
    Access.SECOND_FACTOR: "the session user/auth answers when a second factor is required "
    "(anything else gets code 4)",
}


@attrs.frozen(kw_only=True)
class NoParams:
    """The parameters of a call whose body carries only the credential."""


@functools.cache
def _imported(reference: str) -> Any:
    """The object ``"module:Name"`` names."""
    import importlib

    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


@attrs.frozen(kw_only=True)
class Result:
    """Where a call's result lives in the response.

    ``key`` names the response field holding the result (``value``, ``list``, ``id``...);
    ``None`` means the whole body without ``success`` (structured as ``type``).
    ``kind`` is ``json`` for JSON results, ``none`` for success-only answers, ``bytes`` for
    file downloads and ``stream`` for the event stream (a WebSocket pushing frames of
    ``type``).

    ``type`` may be given as ``"module:Name"``: a class whose models would make loading the
    area's table slow (``tag/search`` answers every kind of entity), imported at its first use.
    """

    _type: Any = attrs.field(default=None, alias="type")
    key: str | None = None
    kind: Literal["json", "none", "bytes", "stream"] = "json"
    media_types: tuple[str, ...] = ()
    """The content types a file download answers with (``bytes`` results)."""
    user_time: bool = False
    """The answer also carries ``user_time``, the user's current time, in every date/time mode
    (other calls add it in ISO mode only)."""
    beside: Any = None
    """An attrs class of the documented fields answered beside the ``key`` field
    (``user/auth``'s ``type``): the OpenAPI document shows them; the result is ``key``'s."""

    @property
    def type(self) -> Any:
        """The result's type (imported now when it was declared as ``"module:Name"``)."""
        declared = self._type
        return _imported(declared) if isinstance(declared, str) else declared

    @classmethod
    def field(cls, key: str, type_: Any, *, user_time: bool = False, beside: Any = None) -> Result:
        """The result is the response field ``key``, of type ``type_`` (``beside``: the class
        of the fields answered next to it)."""
        return cls(type=type_, key=key, user_time=user_time, beside=beside)

    @classmethod
    def body(cls, type_: Any, *, user_time: bool = False) -> Result:
        """The result is the whole response body (less ``success``), of type ``type_``."""
        return cls(type=type_, user_time=user_time)

    @classmethod
    def nothing(cls) -> Result:
        """The call answers success only."""
        return cls(type=None, kind="none")

    @classmethod
    def stream(cls, type_: Any) -> Result:
        """The call is a WebSocket that pushes frames of ``type_`` (the event stream)."""
        return cls(type=type_, kind="stream")

    @classmethod
    def file(cls, *media_types: str) -> Result:
        """The call answers a file download (raw bytes, not JSON) of ``media_types``."""
        return cls(type=bytes, kind="bytes", media_types=media_types)


@attrs.frozen(kw_only=True)
class Paging:
    """How a listing call pages: its ``limit``/``offset`` parameters and response fields."""

    items: str = "list"
    """The response field holding the page's items."""
    total: str | None = "count"
    """The response field holding the total count ignoring paging, if the call returns one."""
    limit: str = "limit"
    offset: str = "offset"
    default_limit: int | None = None
    """The service's default page size, when the spec gives one."""
    max_limit: int | None = None


@attrs.frozen
class Decision:
    """A choice made where the sources are silent, about one call: declared once, beside the
    call, and rendered into its calls page section, its OpenAPI description and the decisions
    page."""

    question: str
    """What was open (``zone/list`` ``filter``), as a row of the decisions page names it."""
    answer: str
    """What the mock and the SDK do, and why where it is not plain."""


@attrs.frozen(kw_only=True)
class FileVariant:
    """The form of a JSON call that answers a file download instead (``checkin/list`` with a
    ``format``): its own parameters model, and an SDK method named by rule
    (:attr:`Endpoint.sdk_file_method`)."""

    params: type[Any]
    """The parameters of the file form: the call's params plus the ``switch`` field."""
    summary: str
    switch: str = "format"
    """The request field whose non-empty value asks for the file."""
    media_types: dict[str, str] = attrs.field(factory=dict)
    """The content type of the file for each value of ``switch`` (``pdf``: ``application/pdf``)."""


@attrs.frozen(kw_only=True)
class Endpoint:
    """One API call: everything the SDK, mock, CLI and docs need to know about it."""

    path: str
    """``group/action`` after the base URL, e.g. ``task/assign``."""
    params: type[Any]
    """The attrs class of the request body (less the credential)."""
    result: Result
    summary: str
    """One line saying what the call does."""
    access: Access = Access.USER
    right: str | None = None
    """The sub-user right the call needs (``task_update``); master users hold them all."""
    master_only: bool = False
    """Only master users may call it (the ``admin`` right, API key management)."""
    errors: tuple[int, ...] = ()
    """The error codes the spec lists for the call."""
    safe: bool = False
    """Safe to repeat: a repeat after a timeout or 5xx does nothing more and answers as the
    first did (idempotent in effect and in answer: ``history/mark_read_all`` is, and
    ``history/mark_read``, whose repeat answers 201, is not)."""
    paging: Paging | None = None
    upload: bool = False
    """The request is ``multipart/form-data`` (file uploads)."""
    aliases: tuple[str, ...] = ()
    """Other paths the service answers the call on."""
    origin: Literal["spec", "notes", "service"] = "spec"
    """Where the call's facts come from: ``spec`` for the 68 calls of the specification,
    ``notes`` for the extras its notes describe, ``service`` for the calls taken from the
    service's public documentation."""
    notes: str = ""
    """Details worth documenting beside the call (a choice where the sources are silent is a
    :attr:`decisions` entry instead)."""
    decisions: tuple[Decision, ...] = ()
    """The choices made for this call where the sources are silent."""
    file_variant: FileVariant | None = None
    """A form of the call that answers a file (a non-empty ``switch`` field asks for it)."""
    current: str | None = None
    """For an update that rewrites an object whole: the call answering the object as it is
    (a read taking its ID, or a list holding it), from which the CLI's flags for single
    fields start."""

    @property
    def group(self) -> str:
        """The first path segment (``task`` in ``task/route/create``)."""
        return self.path.split("/", 1)[0]

    @property
    def sdk_chain(self) -> tuple[str, ...]:
        """The SDK's attribute chain of the call: its path's segments
        (``("tracker", "counter", "value", "get")``)."""
        return tuple(sdk_attribute(segment) for segment in self.path.split("/"))

    @property
    def sdk_name(self) -> str:
        """The call's place on a client, dotted (``tracker.counter.value.get``)."""
        return ".".join(self.sdk_chain)

    @property
    def sdk_iterate(self) -> str:
        """The paging twin's name, beside the call: ``iterate_<action>`` (the twin of a
        ``list`` is also ``iterate``)."""
        return f"iterate_{self.sdk_chain[-1]}"

    @property
    def sdk_file_method(self) -> str:
        """The name of the call's file form, beside the call: ``<action>_file``
        (``client.checkin.list_file``)."""
        return f"{self.sdk_chain[-1]}_file"

    def sdk_member(self, client: Any, name: str | None = None) -> Any:
        """The call's method on ``client`` (a ``Client`` or ``AsyncClient``); ``name`` picks
        another member beside it, such as :attr:`sdk_iterate` or :attr:`sdk_file_method`.

        The method of a call that is also a prefix is its node's ``__call__``
        (``client.user.auth``, beside ``client.user.auth.code``).
        """
        node = functools.reduce(getattr, self.sdk_chain[:-1], client)
        member = getattr(node, name or self.sdk_chain[-1])
        return member if inspect.isroutine(member) else member.__call__

    @property
    def cli_words(self) -> tuple[str, ...]:
        """The ``fleet`` command of the call: its path's segments in kebab case
        (``("tracker", "counter", "value", "get")``, ``("tracker", "get-state")``)."""
        return cli_words(self.path)

    def answers_file(self, body: Mapping[str, Any]) -> bool:
        """Whether a request with this ``body`` is answered with a file rather than JSON."""
        if self.result.kind == "bytes":
            return True
        variant = self.file_variant
        return variant is not None and body.get(variant.switch) not in (None, "")

    @property
    def all_paths(self) -> tuple[str, ...]:
        """The path and its aliases."""
        return (self.path, *self.aliases)

"""The journal: what the backend keeps of each answered request, and verification against it.

Each :class:`JournalEntry` holds the call, the answer's status and code, who called and how,
and the request's fields with every secret masked (never a credential, a password or a file).
:class:`Journal` keeps the last entries of a world and answers the questions a test asks of
them: which requests match a pattern (:meth:`Journal.find`), whether the expected number did
(:meth:`Journal.verify`, the control API's ``POST /__mock__/verify``), and when not, the closest
requests and what differed (near misses). Reading never changes the world or a counter.
"""

from __future__ import annotations

import collections
import datetime as dt
import fnmatch
import itertools
import json
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, Literal, overload

import attrs

from fleetapi._converter import format_datetime
from fleetapi._types import CredentialKind
from fleetapi_mock.state.bounds import json_text

__all__ = [
    "MASK",
    "SECRET_FIELDS",
    "CredentialFilter",
    "CredentialKind",
    "Difference",
    "Journal",
    "JournalEntry",
    "Verification",
    "differences",
    "masked",
    "masked_json",
]

CredentialFilter = Literal[CredentialKind, "none"]
"""Which callers a fault rule or a journal query means: those identified by a session hash or
an API key, or (``none``) those without a valid credential."""

SECRET_FIELDS: Final = frozenset(
    {"hash", "password", "new_password", "old_password", "key", "api_key", "session_key"}
)
"""Request fields the journal never keeps: their values are replaced by :data:`MASK`."""
MASK: Final = "***"
"""What the journal shows for a secret."""
_MASK_DEPTH: Final = 32
"""Fields nested deeper than this are not kept (a hostile request's depth is bounded anyway)."""
NEAR_MISSES: Final = 3
"""How many of the closest requests a failed verification shows."""


def masked(value: Any, depth: int = 0) -> Any:
    """``value`` with every :data:`SECRET_FIELDS` member's value replaced by :data:`MASK`."""
    if depth > _MASK_DEPTH:
        return MASK
    if isinstance(value, Mapping):
        return {k: MASK if k in SECRET_FIELDS else masked(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [masked(v, depth + 1) for v in value]
    return value


def masked_json(fields: Mapping[str, Any]) -> bytes:
    """``fields`` with their secrets masked, as the journal keeps them (compact JSON)."""
    return json_text(masked(fields), default=str)


_SECRET_KEYS: Final = b"|".join(re.escape(f.encode()) for f in sorted(SECRET_FIELDS))
_UNSAFE_BODY: Final = re.compile(rb'[\\\x00]|"(?:' + _SECRET_KEYS + rb')"')
"""What keeps a JSON body from standing as its own masked fields: a secret's key, or an
escape or a NUL byte that could spell one (in another encoding, or escaped)."""


def plain_json_body(body: bytes) -> bytes | None:
    """``body``, the JSON object a request's fields were read from alone, when it may be kept
    as it is: no secret's key in it, and nested no deeper than the journal keeps; else
    ``None`` (:func:`masked_json` of the fields then)."""
    if body.count(b"{") + body.count(b"[") > _MASK_DEPTH or _UNSAFE_BODY.search(body):
        return None
    return body


@attrs.frozen
class Difference:
    """One way a request differs from a pattern: a field (dotted path, or ``path`` for the
    call), what was expected and what came (``None`` when the field was missing)."""

    field: str
    expected: Any
    actual: Any

    def to_json(self) -> dict[str, Any]:
        """The difference as the control API shows it."""
        return {"field": self.field, "expected": self.expected, "actual": self.actual}


def _same(expected: Any, actual: Any) -> bool:
    """Whether a field's value is the one expected, read as the service reads it: a number
    may come as the text of its digits (form encodings, ``"12"``)."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual or (isinstance(actual, str) and actual == str(expected).lower())
    if isinstance(expected, (int, float)) and isinstance(actual, str):
        return actual.strip() == str(expected)
    return bool(expected == actual)


def differences(expected: Mapping[str, Any], actual: Any, prefix: str = "") -> list[Difference]:
    """Where ``actual`` (a request's fields) differs from ``expected``, a subset: every field
    of ``expected`` must be in ``actual`` with the same value; objects are compared field by
    field, recursively; other fields of ``actual`` are ignored."""
    found: list[Difference] = []
    given = actual if isinstance(actual, Mapping) else {}
    for key, want in expected.items():
        where = f"{prefix}{key}"
        if key not in given:
            found.append(Difference(where, want, None))
        elif isinstance(want, Mapping) and isinstance(given[key], Mapping):
            found.extend(differences(want, given[key], f"{where}."))
        elif not _same(want, given[key]):
            found.append(Difference(where, want, given[key]))
    return found


@attrs.frozen(kw_only=True)
class JournalEntry:
    """One answered request (its secrets masked)."""

    time: dt.datetime
    method: str
    path: str
    call: str | None
    status: int
    """The HTTP status sent; 0 when a fault dropped the connection instead."""
    code: int
    """0 for a success, else the failure's ``status.code``."""
    user_id: int | None = None
    credential: CredentialKind | None = None
    """How the caller was identified (``None``: no valid credential)."""
    fields_json: bytes | None = attrs.field(default=None, repr=False)
    """The request's fields as compact JSON, secrets masked (kept as bytes: a journal of
    large requests costs their size, not the size of their Python objects)."""
    fault: int | None = None
    """The id of the fault rule that fired on this request, if one did."""
    duration: float = 0.0
    """Seconds the world took to answer it (a fault's delay not included)."""
    size: int = 0
    """Bytes of the answer's body."""

    @property
    def params(self) -> Mapping[str, Any] | None:
        """The request's fields (body and query), secrets masked; ``None`` when the body
        could not be read or was larger than the journal keeps."""
        return None if self.fields_json is None else json.loads(self.fields_json)

    def matches(
        self,
        *,
        path: str | None = None,
        code: int | None = None,
        credential: str | None = None,
        since: dt.datetime | None = None,
    ) -> bool:
        """Whether the entry passes the journal's filters: ``path`` a glob matched against
        the call (``task/*``) or the path, ``code`` its code (0 for successes),
        ``credential`` ``session``, ``api_key`` or ``none``, ``since`` a world time (UTC) it
        is not before."""
        if path is not None and not self.on_path(path):
            return False
        if code is not None and self.code != code:
            return False
        if credential is not None and (self.credential or "none") != credential:
            return False
        return since is None or self.time >= since

    def on_path(self, pattern: str) -> bool:
        """Whether the call (``task/assign``) or the request's path matches ``pattern``."""
        return fnmatch.fnmatchcase(self.call or "", pattern) or fnmatch.fnmatchcase(
            self.path.lstrip("/"), pattern.lstrip("/")
        )

    def to_json(self) -> dict[str, Any]:
        """The entry as the control API shows it (times in the world's UTC)."""
        return {
            "time": format_datetime(self.time.replace(microsecond=0)),
            "method": self.method,
            "path": self.path,
            "call": self.call,
            "status": self.status,
            "code": self.code,
            "user_id": self.user_id,
            "credential": self.credential,
            "params": self.params,
            "fault": self.fault,
            "duration_ms": round(self.duration * 1e3, 3),
            "size": self.size,
        }


@attrs.frozen(kw_only=True)
class Verification:
    """The answer to "was this call received as expected?" (:meth:`Journal.verify`)."""

    matched: bool
    """Whether the number of matching requests is the one expected."""
    count: int
    """How many requests matched the pattern."""
    expected: str
    """The expectation in words (``exactly 1``, ``at least 1``, ``between 1 and 3``)."""
    near_misses: Sequence[tuple[JournalEntry, Sequence[Difference]]] = ()
    """When nothing matched: the closest requests, fewest differences first, each with what
    differed."""

    def to_json(self) -> dict[str, Any]:
        """The verification as ``POST /__mock__/verify`` answers it."""
        return {
            "success": True,
            "matched": self.matched,
            "count": self.count,
            "expected": self.expected,
            "near_misses": [
                {**entry.to_json(), "differences": [d.to_json() for d in found]}
                for entry, found in self.near_misses
            ],
        }

    def message(self, path: str, fields: Mapping[str, Any]) -> str:
        """A failed verification in words, for an assertion."""
        shown = ", ".join(f"{k}={v!r}" for k, v in fields.items())
        lines = [f"expected {self.expected} {path}({shown}) request(s), received {self.count}"]
        if self.near_misses:
            lines.append("closest requests:")
        for entry, found in self.near_misses:
            what = "; ".join(
                f"{d.field}: expected {d.expected!r}, got "
                + ("nothing" if d.actual is None else repr(d.actual))
                for d in found
            )
            lines.append(f"  {entry.call or entry.path} -> {entry.status}/{entry.code}: {what}")
        return "\n".join(lines)


def _expectation(count: int | None, at_least: int | None, at_most: int | None) -> str:
    if count is not None:
        return f"exactly {count}"
    if at_most is None:
        return f"at least {1 if at_least is None else at_least}"
    if at_least is None or at_least == 0:
        return f"at most {at_most}"
    return f"between {at_least} and {at_most}"


class Journal(Sequence[JournalEntry]):
    """The last answered requests of a world, oldest first (a sequence of
    :class:`JournalEntry`), and verification against them.

    Examples:
        >>> mock.journal.assert_called("task/assign", task_id=12)
        >>> mock.journal.assert_not_called("task/delete")
        >>> [e.call for e in mock.journal.find("tracker/*")]
    """

    def __init__(self, size: int = 1000) -> None:
        self._entries: collections.deque[JournalEntry] = collections.deque(maxlen=size)
        self._lock = threading.Lock()
        self._bytes = 0
        self._appended = 0

    @property
    def appended(self) -> int:
        """How many entries were ever appended: the sequence number of the last one (entries
        are numbered from 1; :meth:`clear` does not restart the count)."""
        return self._appended

    @property
    def bytes(self) -> int:
        """Bytes of the requests' fields the journal keeps (their masked JSON)."""
        return self._bytes

    def append(self, entry: JournalEntry) -> None:
        """Keep ``entry`` (the oldest goes when the journal is full)."""
        with self._lock:
            entries = self._entries
            if len(entries) == entries.maxlen and entries:
                self._bytes -= _size(entries[0])
            entries.append(entry)
            self._bytes += _size(entry)
            self._appended += 1

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def entries(self) -> list[JournalEntry]:
        """The entries now, oldest first (a copy)."""
        with self._lock:
            return list(self._entries)

    def numbered_after(self, seq: int) -> list[tuple[int, JournalEntry]]:
        """The entries kept that came after the ``seq``-th, each with its sequence number
        (:attr:`appended`), oldest first."""
        with self._lock:
            first = self._appended - len(self._entries) + 1
            skip = max(0, seq - first + 1)
            kept = itertools.islice(self._entries, skip, None)
            return [(first + skip + i, e) for i, e in enumerate(kept)]

    @overload
    def __getitem__(self, index: int) -> JournalEntry: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[JournalEntry]: ...
    def __getitem__(self, index: int | slice) -> JournalEntry | Sequence[JournalEntry]:
        """An entry, or a list of entries for a slice."""
        return self.entries()[index]

    def __len__(self) -> int:
        """How many entries are kept."""
        return len(self._entries)

    def __iter__(self) -> Iterator[JournalEntry]:
        """The entries, oldest first (as they were when iteration began)."""
        return iter(self.entries())

    def find(self, path: str = "*", /, **fields: Any) -> list[JournalEntry]:
        """The requests whose call (or path) matches the glob ``path`` and whose fields
        include ``fields`` (a subset; objects compared field by field)."""
        return [
            e for e in self.entries() if e.on_path(path) and not differences(fields, e.params or {})
        ]

    def verify(
        self,
        path: str,
        fields: Mapping[str, Any] | None = None,
        *,
        count: int | None = None,
        at_least: int | None = None,
        at_most: int | None = None,
        code: int | None = None,
        credential: str | None = None,
        since: dt.datetime | None = None,
    ) -> Verification:
        """Whether the requests matching ``path`` and ``fields`` number as expected:
        exactly ``count``, or between ``at_least`` (1 when nothing is said) and ``at_most``.
        ``code``, ``credential`` and ``since`` narrow the requests as the journal's filters
        do. When none matched, the closest requests come with what differed."""
        wanted = dict(fields or {})
        entries = [
            e for e in self.entries() if e.matches(code=code, credential=credential, since=since)
        ]
        compared = [
            (e, e.on_path(path), differences(wanted, e.params or {}) if wanted else [])
            for e in entries
        ]
        n = sum(1 for _, on_path, found in compared if on_path and not found)
        if count is not None:
            matched = n == count
        else:
            low = 1 if at_least is None and at_most is None else (at_least or 0)
            matched = n >= low and (at_most is None or n <= at_most)
        misses: list[tuple[JournalEntry, Sequence[Difference]]] = []
        if n == 0:
            ranked = []
            for age, (entry, on_path, found) in enumerate(reversed(compared)):
                if not on_path:
                    found = [Difference("path", path, entry.call or entry.path), *found]
                ranked.append((len(found), age, entry, found))
            ranked.sort(key=lambda r: (r[0], r[1]))
            misses = [(entry, found) for _, _, entry, found in ranked[:NEAR_MISSES]]
        return Verification(
            matched=matched,
            count=n,
            expected=_expectation(count, at_least, at_most),
            near_misses=misses,
        )

    def assert_called(
        self,
        path: str,
        /,
        *,
        times: int | None = None,
        at_least: int | None = None,
        at_most: int | None = None,
        **fields: Any,
    ) -> list[JournalEntry]:
        """Assert that a request matching ``path`` and ``fields`` was received (``times``
        times exactly, or between ``at_least`` and ``at_most``); return the matching
        requests. The assertion's message shows the closest requests when none matched."""
        result = self.verify(path, fields, count=times, at_least=at_least, at_most=at_most)
        if not result.matched:
            raise AssertionError(result.message(path, fields))
        return self.find(path, **fields)

    def assert_not_called(self, path: str, /, **fields: Any) -> None:
        """Assert that no request matching ``path`` and ``fields`` was received."""
        self.assert_called(path, times=0, **fields)


def _size(entry: JournalEntry) -> int:
    return len(entry.fields_json) if entry.fields_json is not None else 0

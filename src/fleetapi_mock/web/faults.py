"""Faults on purpose: rules that make a world fail the calls they match.

A rule matches API calls by path (a glob: ``task/*``), credential kind (``session``,
``api_key``, ``none``), user (``user_id`` or ``login``) and a subset of the request's fields
(``body``), and acts in one of these ways, optionally after a ``delay`` (seconds; alone, the
answer is merely late):

=============================  ================================================================
``"error": 15``                The failure envelope of an API code, with its HTTP status (the
                               call is not handled). ``retry_after`` adds ``Retry-After``.
``"status": 503``              That HTTP status alone, a short text body and no envelope, as a
                               gateway in front of the service answers (``retry_after`` too).
``"drop": "before"``           The connection closes without an answer; the call was not
                               handled. ``"after"``: handled (its changes made), then dropped.
``"answer": "empty"``          The call is handled, and its answer's body arrives empty, or
``"answer": "truncated"``      cut in half: a complete HTTP message that is not valid JSON.
=============================  ================================================================

``times`` (fire at most this often), ``after`` (let the first N matching requests through)
and ``probability`` (with ``seed``, or one made from the world's seed and the rule's id)
decide which matching requests it fires on. Rules are tried in the order they were added;
the first that fires acts. A rule that fires is named in the journal entry of the request
(``fault``). In-process, the transport raises the exceptions httpx raises over a network
(:class:`httpx.RemoteProtocolError` for a dropped connection, :class:`httpx.ReadTimeout` for
a delay past the client's read timeout).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping
from fnmatch import fnmatchcase
from typing import Any, Final, Literal

import attrs

from fleetapi._errors import CODES, error_class
from fleetapi._rules import rules
from fleetapi_mock.state.bounds import json_text
from fleetapi_mock.state.limits import DEFAULT_LIMITS, ServerLimits
from fleetapi_mock.web.decoding import invalid, read_strictly
from fleetapi_mock.web.journal import CredentialFilter, differences
from fleetapi_mock.web.wire import Response, failure_response

__all__ = [
    "BrokenAnswer",
    "DropWhen",
    "FaultRule",
    "FaultSpec",
    "Faults",
]

DropWhen = Literal["before", "after"]
"""When a dropped connection closes: before the call is handled, or after."""
BrokenAnswer = Literal["empty", "truncated"]
"""How a handled call's answer arrives broken: with an empty body, or half of it."""

_REASONS: Final = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    408: "Request Timeout",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


@attrs.frozen(kw_only=True)
class FaultSpec:
    """A fault rule as the control API and :meth:`Faults.add` take it."""

    path: str = attrs.field(default="*", metadata=rules(not_blank=True, max_length=200))
    """The calls it applies to: a glob of ``<group>/<action>`` (``task/*``, ``*``)."""
    credential: CredentialFilter | None = None
    """Only requests identified this way (``none``: without a valid credential)."""
    user_id: int | None = None
    """Only requests of this user."""
    login: str | None = attrs.field(default=None, metadata=rules(max_length=200))
    """Only requests of the user with this login."""
    body: dict[str, Any] | None = None
    """Only requests whose fields include these (a subset; objects field by field)."""
    error: int | None = None
    """Answer the failure of this API code, with its HTTP status."""
    status: int | None = attrs.field(default=None, metadata=rules(minimum=400, maximum=599))
    """Answer this HTTP status alone (no envelope)."""
    retry_after: int | None = attrs.field(default=None, metadata=rules(minimum=0, maximum=3600))
    """Seconds for a ``Retry-After`` header, with ``error`` or ``status``."""
    drop: DropWhen | None = None
    """Close the connection without an answer, before or after the call is handled."""
    answer: BrokenAnswer | None = None
    """Handle the call, then send its answer with an empty or half body."""
    delay: float | None = attrs.field(default=None, metadata=rules(minimum=0, maximum=600))
    """Seconds to wait before answering (or before acting)."""
    times: int | None = attrs.field(default=None, metadata=rules(minimum=1))
    """Fire at most this many times (always, when not given)."""
    after: int = attrs.field(default=0, metadata=rules(minimum=0))
    """Let this many matching requests through first."""
    probability: float = attrs.field(default=1.0, metadata=rules(minimum=0, maximum=1))
    """The chance a matching request is hit."""
    seed: int | None = None
    """The seed of the rule's chances (made from the world's seed and the rule's id, or
    unpredictable, when not given)."""

    def check(self, body_bytes: int = DEFAULT_LIMITS.max_fault_body_bytes) -> None:
        """Refuse a rule that does not say one thing to do, or whose answer body is larger
        than ``body_bytes`` of JSON (code 7)."""
        acts = [n for n in ("error", "status", "drop", "answer") if getattr(self, n) is not None]
        if len(acts) > 1:
            raise invalid(acts[1], f"one action per rule: {' and '.join(acts)} were given")
        if not acts and self.delay is None:
            raise invalid("error", "say what to do: error, status, drop, answer or delay")
        if self.error is not None and (self.error == 0 or self.error not in CODES):
            raise invalid("error", "must be an API error code (see the errors table)")
        if self.retry_after is not None and self.error is None and self.status is None:
            raise invalid("retry_after", "goes with error or status")
        if self.body is not None and len(json_text(self.body)) > body_bytes:
            raise invalid("body", f"at most {body_bytes} bytes of JSON")


def read_spec(
    data: Mapping[str, Any], body_bytes: int = DEFAULT_LIMITS.max_fault_body_bytes
) -> FaultSpec:
    """A rule from its JSON (or keyword) form, validated (code 7 names each bad field)."""
    spec = read_strictly(data, FaultSpec, what="fault rule")
    spec.check(body_bytes)
    return spec


@attrs.define(kw_only=True)
class FaultRule:
    """A rule of a world, with how often it matched and fired."""

    id: int
    spec: FaultSpec
    matched: int = 0
    """Matching requests seen (those let through by ``after`` included)."""
    fired: int = 0
    """Requests it acted on."""
    _chance: random.Random = attrs.field(repr=False, factory=random.Random)

    @property
    def spent(self) -> bool:
        """Whether it has fired ``times`` times and acts no more."""
        return self.spec.times is not None and self.fired >= self.spec.times

    def applies(
        self, call: str, credential: str, user: tuple[int, str] | None, fields: Mapping[str, Any]
    ) -> bool:
        """Whether a request of ``call`` by ``user`` (id, login) matches the rule."""
        spec = self.spec
        if not fnmatchcase(call, spec.path.strip("/")):
            return False
        if spec.credential is not None and spec.credential != credential:
            return False
        if spec.user_id is not None and (user is None or user[0] != spec.user_id):
            return False
        if spec.login is not None and (user is None or user[1] != spec.login):
            return False
        return not (spec.body and differences(spec.body, fields))

    def before(self) -> Response | None:
        """The answer made instead of handling the call, if the rule acts so."""
        spec = self.spec
        if spec.error is not None:
            retry_after = None if spec.retry_after is None else float(spec.retry_after)
            return failure_response(error_class(spec.error)(retry_after=retry_after))
        if spec.status is not None:
            reason = _REASONS.get(spec.status, "Error")
            headers = {"content-type": "text/plain; charset=utf-8"}
            if spec.retry_after is not None:
                headers["retry-after"] = str(spec.retry_after)
            return Response(spec.status, headers, f"{reason}\n".encode())
        if spec.drop == "before":
            return Response(0, {}, b"", drop=True)
        return None

    def shape(self, response: Response) -> Response:
        """The answer as the rule lets it travel: late, cut short or dropped."""
        spec = self.spec
        changes: dict[str, Any] = {}
        if spec.delay:
            changes["delay"] = spec.delay
        if spec.answer == "empty":
            changes["body"] = b""
        elif spec.answer == "truncated":
            changes["body"] = response.body[: len(response.body) // 2]
        if spec.drop == "after":
            changes["drop"] = True
        return attrs.evolve(response, **changes) if changes else response

    def to_json(self) -> dict[str, Any]:
        """The rule as the control API lists it."""
        given = attrs.asdict(self.spec, recurse=False)
        defaults = {a.name: a.default for a in attrs.fields(FaultSpec)}
        shown = {k: v for k, v in given.items() if v != defaults[k] or k == "path"}
        return {"id": self.id, **shown, "matched": self.matched, "fired": self.fired}


class Faults:
    """The fault rules of one world (:mod:`fleetapi_mock.web.faults`).

    Args:
        seed: The world's seed, from which rules without a ``seed`` make theirs.
        limits: How many rules it holds, and how large their bodies (the world's server's).
    """

    def __init__(self, seed: int | None = None, limits: ServerLimits = DEFAULT_LIMITS) -> None:
        self.seed = seed
        self.limits = limits
        self._rules: list[FaultRule] = []
        self._next = 1
        self._lock = threading.Lock()

    def __bool__(self) -> bool:
        """Whether any rule is held (the router's quick test)."""
        return bool(self._rules)

    def __len__(self) -> int:
        """How many rules are held."""
        return len(self._rules)

    def add(self, spec: FaultSpec | Mapping[str, Any] | None = None, **fields: Any) -> FaultRule:
        """Add a rule (a :class:`FaultSpec`, its JSON form or its fields as keywords).

        Examples:
            >>> mock.faults.add(path="tracker/list", status=503, times=1)
            >>> mock.faults.add(path="task/assign", drop="after")

        Raises:
            fleetapi.InvalidParametersError: an invalid rule, or one rule too many.
        """
        limits = self.limits
        if not isinstance(spec, FaultSpec):
            spec = read_spec({**(spec or {}), **fields}, limits.max_fault_body_bytes)
        spec.check(limits.max_fault_body_bytes)
        with self._lock:
            most = limits.max_fault_rules
            if len(self._rules) >= most:
                raise invalid("path", f"at most {most} rules per world: clear some first")
            rule_id, self._next = self._next, self._next + 1
            seed = spec.seed if spec.seed is not None else self._seed_of(rule_id)
            rule = FaultRule(id=rule_id, spec=spec, chance=random.Random(seed))
            self._rules.append(rule)
        return rule

    def _seed_of(self, rule_id: int) -> str | None:
        return None if self.seed is None else f"{self.seed}:fault:{rule_id}"

    def list(self) -> list[FaultRule]:
        """The rules, in the order they are tried."""
        with self._lock:
            return list(self._rules)

    def remove(self, rule_id: int) -> bool:
        """Remove one rule; whether it was there."""
        with self._lock:
            kept = [r for r in self._rules if r.id != rule_id]
            found = len(kept) != len(self._rules)
            self._rules = kept
        return found

    def clear(self) -> None:
        """Remove every rule."""
        with self._lock:
            self._rules = []

    def fire(
        self, call: str, credential: str, user: tuple[int, str] | None, fields: Mapping[str, Any]
    ) -> FaultRule | None:
        """The rule acting on a request, if one does (its counters move)."""
        with self._lock:
            for rule in self._rules:
                if rule.spent or not rule.applies(call, credential, user, fields):
                    continue
                rule.matched += 1
                if rule.matched <= rule.spec.after:
                    continue
                if rule.spec.probability < 1 and rule._chance.random() >= rule.spec.probability:
                    continue
                rule.fired += 1
                return rule
        return None

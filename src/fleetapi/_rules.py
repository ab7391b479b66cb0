"""Declarative limits of request fields: lengths, ranges, item counts, printable text.

A params model states a field's limits once, in its metadata::

    title: str = attrs.field(metadata=rules(min_length=1, max_length=255, printable=True))

The mock's strict converter enforces them (code 7 naming the parameter), the OpenAPI document
shows them as JSON Schema keywords, and the docs list them. The client does not check them: the
service is the judge, and its limits may change.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Mapping, Sized
from typing import Any

import attrs

__all__ = ["Rules", "number_from_text", "relax", "rules", "rules_of"]

_KEY = "fleetapi.rules"

_UNPRINTABLE = r"\u0000-\u001f\u007f-\u009f\u2028\u2029"
"""Control characters (tabs and line breaks included) and the line and paragraph separators."""
PRINTABLE_PATTERN = rf"^[^{_UNPRINTABLE}]*$"
"""Printable text, as a JSON Schema pattern."""
PRINTABLE_NOT_BLANK_PATTERN = rf"^[^{_UNPRINTABLE}]*[^\s{_UNPRINTABLE}][^{_UNPRINTABLE}]*$"
"""Printable text with something besides whitespace."""


def _text_pattern(out: str, *, not_blank: bool) -> str:
    """The JSON Schema pattern of text without the characters of the class ``out``."""
    return rf"^[^{out}]*[^\s{out}][^{out}]*$" if not_blank else rf"^[^{out}]*$"


_PRINTABLE = re.compile(PRINTABLE_PATTERN[1:-1])

WEB_URL_PATTERN = r"^https?://[A-Za-z0-9.-]+(:[0-9]{1,4})?([/?#][^\s]*)?$"
"""An absolute ``http`` or ``https`` URL: a host name, perhaps a port, no whitespace (no CR
or LF). What the mock accepts is a little wider (any host ``urllib`` reads)."""
_WEB_URL = re.compile(r"https?://[^\s/?#]+[^\s]*", re.IGNORECASE)


def is_web_url(value: str) -> bool:
    """Whether ``value`` is an absolute http(s) URL with a host, without whitespace."""
    if _WEB_URL.fullmatch(value) is None:
        return False
    try:
        parts = urllib.parse.urlsplit(value)
        _ = parts.port  # a port out of range raises
    except ValueError:
        return False
    return bool(parts.hostname)


HEX_COLOR_PATTERN = r"^[0-9A-Fa-f]{6}$"
"""A web color without ``#`` (``FF6DDC``)."""

EMAIL_PATTERN = r"^([^\s@]+@[^\s@]+\.[^\s@]+)?$"
"""An e-mail address (something ``@`` a domain with a dot, no whitespace), or nothing."""
_EMAIL = re.compile(EMAIL_PATTERN[1:-1])

PHONE_PATTERN = r"^[0-9]{0,15}$"
"""A phone number in international format without ``+``: at most 15 digits (E.164), or
nothing."""

_INTEGER_TEXT = re.compile(r"-?[0-9]{1,18}")
_DECIMAL_TEXT = re.compile(r"-?[0-9]{1,18}(?:\.[0-9]{1,18})?")


def number_from_text(value: str, *, integer: bool) -> int | float | None:
    """The number a JSON string of digits holds (``"12"``, ``"-3"``, ``"52.52"`` when not
    ``integer``), or ``None`` for any other text."""
    if integer:
        return int(value) if _INTEGER_TEXT.fullmatch(value) else None
    return float(value) if _DECIMAL_TEXT.fullmatch(value) else None


@attrs.frozen(kw_only=True)
class Rules:
    """The limits of one field. ``None`` means no limit."""

    min_length: int | None = None
    """Fewest characters of a string."""
    max_length: int | None = None
    """Most characters of a string."""
    minimum: float | None = None
    maximum: float | None = None
    min_items: int | None = None
    """Fewest elements of an array."""
    max_items: int | None = None
    """Most elements of an array."""
    printable: bool = False
    """Printable characters only: no control characters (tabs and line breaks included) and
    no line or paragraph separators (:data:`PRINTABLE_PATTERN`)."""
    not_blank: bool = False
    """Not empty and not only whitespace."""
    forbid: str = ""
    """Characters the text may not hold (with ``printable``, one pattern says both)."""
    url: bool = False
    """An absolute ``http`` or ``https`` URL without whitespace (:data:`WEB_URL_PATTERN`)."""
    email: bool = False
    """An e-mail address, or empty (:data:`EMAIL_PATTERN`)."""
    pattern: str | None = None
    """A regular expression the whole text must match (also the JSON Schema ``pattern``, so
    keep to the syntax both share: ``^[0-9A-Fa-f]{6}$``)."""
    blank: bool = False
    """An empty string stands for the field left out: the service reads the documented
    examples that send one for a number or a boolean (``"param": ""``)."""
    one_or_many: bool = False
    """An array whose one element may come alone, not in an array: the service reads the
    documented example that sends one object for a list (``"fields": {...}``)."""

    def check(self, value: Any) -> str | None:
        """The error for ``value``, or ``None`` when it keeps the limits (or is null/omitted)."""
        if isinstance(value, str):
            if self.minimum is None and self.maximum is None:
                return self._check_text(value)
            value = number_from_text(value, integer=False)  # a number written as text
            if value is None:
                return None
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            if isinstance(value, (list, tuple, dict)) and isinstance(value, Sized):
                if self.min_items is not None and len(value) < self.min_items:
                    return f"must have at least {_count(self.min_items)}"
                if self.max_items is not None and len(value) > self.max_items:
                    return f"must have at most {_count(self.max_items)}"
            return None
        if self.minimum is not None and value < self.minimum:
            return f"must be at least {self.minimum:g}"
        if self.maximum is not None and value > self.maximum:
            return f"must be at most {self.maximum:g}"
        return None

    def _check_text(self, value: str) -> str | None:
        if self.not_blank and not value.strip():
            return "must not be empty or blank"
        if self.min_length is not None and len(value) < self.min_length:
            return f"must be at least {self.min_length} characters"
        if self.max_length is not None and len(value) > self.max_length:
            return f"must be at most {self.max_length} characters"
        if self.printable and _PRINTABLE.fullmatch(value) is None:
            return "must contain printable characters only"
        if self.forbid and any(c in value for c in self.forbid):
            return "must not contain " + " or ".join(self.forbid)
        if self.url and not is_web_url(value):
            return "must be an http or https URL without spaces or line breaks"
        if self.email and _EMAIL.fullmatch(value) is None:
            return "must be an e-mail address (or empty)"
        if self.pattern is not None and re.search(self.pattern, value) is None:
            return f"must match {self.pattern}"
        return None

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema keywords of these limits."""
        keywords = {
            "minLength": self.min_length,
            "maxLength": self.max_length,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "minItems": self.min_items,
            "maxItems": self.max_items,
        }
        schema: dict[str, Any] = {k: v for k, v in keywords.items() if v is not None}
        if self.printable:
            out = re.escape(self.forbid) + _UNPRINTABLE
            schema["pattern"] = _text_pattern(out, not_blank=self.not_blank)
        elif self.forbid:
            schema["pattern"] = _text_pattern(re.escape(self.forbid), not_blank=self.not_blank)
        elif self.not_blank:
            schema["pattern"] = r"\S"
        if self.url:
            schema["pattern"] = WEB_URL_PATTERN
        if self.email:
            schema["pattern"] = EMAIL_PATTERN
            if self.not_blank:  # an address, not nothing
                schema["minLength"] = max(1, self.min_length or 0)
        if self.pattern is not None:
            schema["pattern"] = self.pattern
        return schema

    def describe(self) -> str:
        """The limits in words, for docs and help texts."""
        parts = []
        if self.min_length is not None or self.max_length is not None:
            parts.append(f"{self.min_length or 0}-{self.max_length or '∞'} characters")
        if self.minimum is not None or self.maximum is not None:
            low = "" if self.minimum is None else f"{self.minimum:g}"
            high = "" if self.maximum is None else f"{self.maximum:g}"
            parts.append(f"{low}..{high}")
        if self.min_items is not None or self.max_items is not None:
            parts.append(f"{self.min_items or 0}-{self.max_items or '∞'} elements")
        if self.printable:
            parts.append("printable")
        if self.not_blank:
            parts.append("not blank")
        if self.forbid:
            parts.append("without " + " or ".join(self.forbid))
        if self.url:
            parts.append("an http or https URL")
        if self.email:
            parts.append("an e-mail address or empty")
        if self.pattern is not None:
            parts.append(f"matching {self.pattern}")
        if self.blank:
            parts.append("an empty string leaves it out")
        if self.one_or_many:
            parts.append("one element may come alone")
        return ", ".join(parts)


def _count(n: int) -> str:
    return f"{n} element" if n == 1 else f"{n} elements"


def relax(value: Mapping[str, Any], fields: Mapping[str, Rules]) -> dict[str, Any]:
    """An object's raw fields as their rules read them (``fields``: rules by wire name): an
    empty string of a ``blank`` field left out, a lone object of a ``one_or_many`` field
    made its array's one element."""
    relaxed: dict[str, Any] = {}
    for key, item in value.items():
        found = fields.get(key)
        if found is None:
            relaxed[key] = item
        elif not (found.blank and item == ""):
            relaxed[key] = [item] if found.one_or_many and isinstance(item, Mapping) else item
    return relaxed


def rules(**limits: Any) -> dict[str, Rules]:
    """Field metadata stating the limits of a request field (see :class:`Rules`)."""
    return {_KEY: Rules(**limits)}


def rules_of(attribute: attrs.Attribute[Any]) -> Rules | None:
    """The limits declared on an attrs attribute, if any."""
    found = attribute.metadata.get(_KEY)
    return found if isinstance(found, Rules) else None

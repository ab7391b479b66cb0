"""Masking of credentials for reprs, logs and traces."""

from __future__ import annotations

import logging
import re
import threading
import urllib.parse
from typing import Any

__all__ = ["RedactingFilter", "install_log_redaction", "mask", "redact"]

_HASH_IN_TEXT = re.compile(r"\b[0-9a-fA-F]{32}\b")


def mask(secret: str | None) -> str:
    """Show a credential as ``'****' + last 4 characters`` (or ``'****'`` if short)."""
    if not secret:
        return "''"
    return "****" + secret[-4:] if len(secret) >= 16 else "****"


_KNOWN: set[str] = set()
"""The credentials clients that log query strings hold: masked wherever they appear."""
_KNOWN_LOCK = threading.Lock()


def _spellings(secret: str) -> set[str]:
    """The secret as text and as a URL's query may spell it (percent- or plus-encoded)."""
    return {
        secret,
        urllib.parse.quote(secret, safe=""),
        urllib.parse.quote_plus(secret, safe=""),
        urllib.parse.quote(secret, safe="!$'()*,;:@/?"),
        urllib.parse.quote_plus(secret, safe="!$'()*,;:@/?"),
    }


def redact(text: str, *secrets: str | None) -> str:
    """Mask the given secrets, those clients registered, and any 32-digit hex hash in ``text``.

    A secret is found as written and in its URL-encoded spellings, whatever its alphabet.
    """
    with _KNOWN_LOCK:
        known = list(_KNOWN)
    spelled = {s for secret in (*secrets, *known) if secret for s in _spellings(secret)}
    for spelling in sorted(spelled, key=len, reverse=True):
        text = text.replace(spelling, mask(spelling))
    return _HASH_IN_TEXT.sub(lambda m: mask(m.group(0)), text)


class RedactingFilter(logging.Filter):
    """A logging filter that masks known credentials and hash-shaped text in a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's arguments (or message) with hashes masked; keep the record."""
        if record.args:
            record.args = tuple(_redact_arg(a) for a in _as_tuple(record.args))
        elif isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def _as_tuple(args: Any) -> tuple[Any, ...]:
    return args if isinstance(args, tuple) else (args,)


def _redact_arg(arg: Any) -> Any:
    text = str(arg)
    cleaned = redact(text)
    return cleaned if cleaned != text else arg


_FILTER = RedactingFilter()


def install_log_redaction(secret: str | None = None) -> None:
    """Mask ``secret`` and hash-shaped text in httpx's log lines (it logs query strings)."""
    if secret:
        with _KNOWN_LOCK:
            _KNOWN.add(secret)
    logger = logging.getLogger("httpx")
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)

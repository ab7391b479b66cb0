"""Masking of credentials for reprs, logs and traces."""

from __future__ import annotations

import logging
import re
from typing import Any

__all__ = ["RedactingFilter", "install_log_redaction", "mask", "redact"]

_HASH_IN_TEXT = re.compile(r"\b[0-9a-fA-F]{32}\b")


def mask(secret: str | None) -> str:
    """Show a credential as ``'****' + last 4 characters`` (or ``'****'`` if short)."""
    if not secret:
        return "''"
    return "****" + secret[-4:] if len(secret) >= 16 else "****"


def redact(text: str, *secrets: str | None) -> str:
    """Replace every given secret, and anything shaped like a 32-digit hex hash, in ``text``."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, mask(secret))
    return _HASH_IN_TEXT.sub(lambda m: mask(m.group(0)), text)


class RedactingFilter(logging.Filter):
    """A logging filter that masks anything shaped like a hash in a record's message."""

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


def install_log_redaction() -> None:
    """Mask hashes in httpx's own log lines (it logs request URLs, query strings included)."""
    logger = logging.getLogger("httpx")
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)

"""Masking of credentials for reprs, logs and traces."""

from __future__ import annotations

import re

__all__ = ["mask", "redact"]

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

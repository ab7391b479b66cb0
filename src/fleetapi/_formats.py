"""The API's wire formats of dates, date/times, durations and attribute names.

Date/times travel as ``YYYY-MM-DD HH:MM:SS`` (ISO 8601 in ISO mode), dates as ``YYYY-MM-DD``,
durations as ISO 8601 (``P90D``); an attribute ending in ``_`` (``from_``) travels without it.
The converter (:mod:`fleetapi._converter`) uses them, and so does the mock.
"""

from __future__ import annotations

import datetime as dt
import re

__all__ = [
    "format_date",
    "format_datetime",
    "format_duration",
    "parse_date",
    "parse_datetime",
    "parse_duration",
    "wire_name",
]

_DATE_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
"""A wire date: ``YYYY-MM-DD`` (unpadded month and day allowed)."""

_DATETIME_RE = re.compile(
    r"(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?"
    r"(Z|[+-]\d{2}:\d{2})?"
)
"""The accepted date/time spellings: the plain form (unpadded fields allowed) and ISO 8601."""

_DURATION_RE = re.compile(
    r"^(?P<sign>-)?P(?!$)(?:(?P<weeks>\d+(?:\.\d+)?)W)?(?:(?P<days>\d+(?:\.\d+)?)D)?"
    r"(?:T(?=\d)(?:(?P<hours>\d+(?:\.\d+)?)H)?(?:(?P<minutes>\d+(?:\.\d+)?)M)?"
    r"(?:(?P<seconds>\d+(?:\.\d+)?)S)?)?$"
)


def parse_duration(text: str) -> dt.timedelta:
    """Parse an ISO 8601 duration of weeks, days, hours, minutes and seconds.

    Years and months have no fixed length and are refused.

    Examples:
        >>> parse_duration("P1DT2H30M")
        datetime.timedelta(days=1, seconds=9000)
    """
    match = _DURATION_RE.match(text)
    if match is None:
        raise ValueError(f"not an ISO 8601 duration of days and time: {text!r}")
    parts = {k: float(v) for k, v in match.groupdict().items() if v and k != "sign"}
    value = dt.timedelta(**parts)
    return -value if match.group("sign") else value


def format_duration(value: dt.timedelta) -> str:
    """Format a timedelta as an ISO 8601 duration (``PT0S`` for zero).

    Examples:
        >>> format_duration(dt.timedelta(days=90))
        'P90D'
    """
    sign = "-" if value < dt.timedelta(0) else ""
    value = abs(value)
    days = value.days
    seconds = value.seconds + value.microseconds / 1_000_000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    out = f"{sign}P"
    if days:
        out += f"{days}D"
    time = ""
    if hours:
        time += f"{int(hours)}H"
    if minutes:
        time += f"{int(minutes)}M"
    if secs:
        time += f"{secs:g}S" if secs != int(secs) else f"{int(secs)}S"
    if time:
        out += "T" + time
    if out in ("P", "-P"):
        out = "PT0S"
    return out


def parse_date(text: str) -> dt.date:
    """Parse a wire date, ``YYYY-MM-DD`` (a date/time's first ten characters are its date)."""
    match = _DATE_RE.fullmatch(text[:10])
    if match is not None:
        try:
            return dt.date(*map(int, match.groups()))
        except ValueError:
            pass
    raise ValueError(f"expected a date as YYYY-MM-DD, got {text!r}")


def parse_datetime(text: str, *, iso: bool = False) -> dt.datetime:
    """Parse a wire date/time: ``YYYY-MM-DD HH:MM:SS``, or ISO 8601 when ``iso`` is true.

    The plain form is accepted in ISO mode too, and ISO text (``T``, fractions, ``Z`` or an
    offset) in plain mode, so a client and a server that disagree on the mode still understand
    each other. Seconds may be left out. Anything else, a date alone included, is refused: the
    accepted spellings are the same on every Python version.
    """
    if (
        len(text) == 19
        and text[4] == "-" == text[7]
        and text[10] == " "
        and text[13] == ":" == text[16]
    ):
        try:  # the plain form exactly, most of what is read: the C parser
            return dt.datetime.fromisoformat(text)
        except ValueError:
            pass
    match = _DATETIME_RE.fullmatch(text)
    if match is not None:
        year, month, day, hour, minute, second, fraction, offset = match.groups()
        try:
            return dt.datetime(
                int(year),
                int(month),
                int(day),
                int(hour),
                int(minute),
                int(second or 0),
                int((fraction or "").ljust(6, "0")),
                tzinfo=_offset(offset),
            )
        except ValueError:
            pass
    expected = "ISO 8601 date/time" if iso else "date/time as YYYY-MM-DD HH:MM:SS"
    raise ValueError(f"expected {expected}, got {text!r}")


def _offset(text: str | None) -> dt.tzinfo | None:
    """The time zone of an ISO 8601 offset (``Z``, ``+02:00``); ``None`` without one."""
    if text is None:
        return None
    if text == "Z":
        return dt.timezone.utc
    sign = -1 if text[0] == "-" else 1
    hours, minutes = int(text[1:3]), int(text[4:6])
    return dt.timezone(sign * dt.timedelta(hours=hours, minutes=minutes))


def format_date(value: dt.date) -> str:
    """Format a date for the wire: always ``YYYY-MM-DD``, the year zero-padded (``0001``)."""
    if type(value) is dt.date:
        return value.isoformat()
    return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"


def format_datetime(value: dt.datetime, *, iso: bool = False) -> str:
    """Format a date/time for the wire (wall-clock time in the plain form).

    The plain form is always ``YYYY-MM-DD HH:MM:SS``, the year zero-padded to four digits
    (``strftime("%Y")`` writes year 1 as ``1`` on Linux).
    """
    if iso:
        return value.isoformat(timespec="seconds")
    if value.tzinfo is None and not value.microsecond:  # most of what is written: at once
        return value.isoformat(" ")
    if value.tzinfo is not None:
        value = value.replace(tzinfo=None)
    return value.isoformat(sep=" ", timespec="seconds")


def wire_name(attribute: str) -> str:
    """The JSON key of a model attribute: a trailing ``_`` (``from_``) is dropped."""
    return attribute[:-1] if attribute.endswith("_") else attribute

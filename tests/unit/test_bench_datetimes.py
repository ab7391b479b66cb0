"""Wire date/times read as before their fast path: every accepted spelling, the same values,
the same refusals; and the plain form written as wall-clock text."""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi._converter import converter_for, format_datetime, parse_datetime

UTC = dt.timezone.utc


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-01-15 09:30:05", dt.datetime(2026, 1, 15, 9, 30, 5)),
        ("2026-1-5 9:05:07", dt.datetime(2026, 1, 5, 9, 5, 7)),  # unpadded plain form
        ("2026-01-15T09:30:05", dt.datetime(2026, 1, 15, 9, 30, 5)),
        ("2026-01-15T09:30:05Z", dt.datetime(2026, 1, 15, 9, 30, 5, tzinfo=UTC)),
        ("2026-01-15T09:30:05+02:00", dt.datetime(2026, 1, 15, 7, 30, 5, tzinfo=UTC)),
        ("2026-01-15 09:30", dt.datetime(2026, 1, 15, 9, 30)),
        ("2026-01-15T09:30:05.250000", dt.datetime(2026, 1, 15, 9, 30, 5, 250000)),
    ],
)
def test_every_spelling_reads_as_the_same_moment(text: str, expected: dt.datetime):
    for iso in (False, True):
        value = parse_datetime(text, iso=iso)
        assert value == expected
        assert (value.tzinfo is None) == (expected.tzinfo is None)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "yesterday",
        "2026-13-01 00:00:00",
        "15.01.2026 09:00",
        "2026-01-15",  # a date alone is no date/time
        "20260115T093005",  # the basic ISO format
        "2026-W03-4 09:30:00",  # week dates
        "2026-01-15 09:30:05\n",
        "2026-01-15 09:30:05+0200",  # an offset without its colon
        "2026-01-15 24:00:00",
    ],
)
def test_what_is_no_date_time_is_refused(text: str):
    with pytest.raises(ValueError, match="expected"):
        parse_datetime(text)


def test_the_strict_converter_names_a_bad_date_time():
    with pytest.raises(Exception, match="date/time"):
        converter_for(strict=True).structure(12, dt.datetime)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (dt.datetime(2026, 1, 15, 9, 30, 5), "2026-01-15 09:30:05"),
        (dt.datetime(2026, 1, 15, 9, 30, 5, 999999), "2026-01-15 09:30:05"),  # no fractions
        (dt.datetime(1, 1, 1), "0001-01-01 00:00:00"),
        (
            dt.datetime(2026, 1, 15, 9, 30, tzinfo=dt.timezone(dt.timedelta(hours=2))),
            "2026-01-15 09:30:00",  # wall-clock time, no offset
        ),
    ],
)
def test_the_plain_form_is_written_as_wall_clock_text(value: dt.datetime, text: str):
    assert format_datetime(value) == text
    assert converter_for().unstructure(value) == text
    assert parse_datetime(text) == value.replace(tzinfo=None, microsecond=0)

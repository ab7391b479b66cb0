"""Dates and date/times always travel as ``YYYY-MM-DD`` and ``YYYY-MM-DD HH:MM:SS``."""

from __future__ import annotations

import datetime as dt

import pytest

from fleetapi._converter import converter_for, format_date, format_datetime, parse_datetime


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (dt.datetime(1, 1, 1), "0001-01-01 00:00:00"),
        (dt.datetime(999, 2, 3, 4, 5, 6), "0999-02-03 04:05:06"),
        (dt.datetime(2026, 1, 15, 9, 0, 0, 123456), "2026-01-15 09:00:00"),
        (dt.datetime(9999, 12, 31, 23, 59, 59), "9999-12-31 23:59:59"),
    ],
)
def test_date_times_are_zero_padded_and_read_back(value: dt.datetime, text: str) -> None:
    assert format_datetime(value) == text
    assert parse_datetime(text) == value.replace(microsecond=0)


def test_dates_are_zero_padded_through_the_converter() -> None:
    assert format_date(dt.date(12, 3, 4)) == "0012-03-04"
    assert converter_for(strict=True).unstructure(dt.date(5, 6, 7)) == "0005-06-07"
    assert converter_for(strict=True).unstructure(dt.datetime(7, 1, 1)) == "0007-01-01 00:00:00"

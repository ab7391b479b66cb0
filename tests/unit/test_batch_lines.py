"""The batch reading that ``vehicle/batch_convert`` and ``task/batch_convert`` share."""

from __future__ import annotations

import pytest

from fleetapi_mock.domain.batch import BATCH_ROW_LIMIT, BatchLine, batch_lines, parse_decimal


def test_lines_keep_their_numbers_and_skip_blanks_and_a_header():
    text = "label\tmodel\n\nVan\tVito\n  \nBus\t\n"
    rows, cut = batch_lines(text, ["label", "model"])
    assert rows == [BatchLine(3, ["Van", "Vito"]), BatchLine(5, ["Bus", ""])]
    assert cut is False
    rows, _ = batch_lines("Label\tModel\nVan\tVito", ["label", "model"])
    assert [r.number for r in rows] == [2]  # the header is matched ignoring case
    rows, _ = batch_lines("label\nVan", ["label", "model"])
    assert [r.number for r in rows] == [1, 2]  # not the field names: a row


def test_batches_are_cut_at_the_limit():
    rows, cut = batch_lines("\n".join(["x"] * (BATCH_ROW_LIMIT + 1)), ["label"])
    assert (len(rows), cut) == (BATCH_ROW_LIMIT, True)
    rows, cut = batch_lines("\n".join(["x"] * BATCH_ROW_LIMIT), ["label"])
    assert (len(rows), cut) == (BATCH_ROW_LIMIT, False)


@pytest.mark.parametrize(("text", "value"), [("9.5", 9.5), ("9,5", 9.5), (" -1 ", -1.0)])
def test_decimals_take_a_point_or_a_comma(text, value):
    assert parse_decimal(text) == value


@pytest.mark.parametrize("text", ["nan", "inf", "-Infinity", "", "1.2.3", "one"])
def test_decimals_are_finite_numbers(text):
    with pytest.raises(ValueError, match=r"."):
        parse_decimal(text)

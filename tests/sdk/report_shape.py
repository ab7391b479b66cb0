"""The shape of a report's sheets, as the service's documentation shows a report
(``report/tracker/retrieve``): what every plugin's sheets must keep to."""

from __future__ import annotations

from typing import Any

from fleetapi.models.report import ReportSheet

COLUMN_KEYS = {"align", "field", "title", "width", "weight", "highlight_min_max"}


def check_cell(cell: Any, where: str) -> None:
    """A cell: its text shown (``v``), the number behind it (``raw``), ``type`` ``value``, and
    a place's ``location``."""
    assert isinstance(cell, dict), where
    assert isinstance(cell["v"], str), where
    assert cell["raw"] is None or isinstance(cell["raw"], (int, float)), where
    assert cell["type"] == "value", where
    if "location" in cell:
        assert set(cell["location"]) == {"lat", "lng"}, where


def check_sheets(sheets: list[ReportSheet]) -> None:
    """Every sheet and section in the documented shape (and the mock's ``chart``)."""
    for sheet in sheets:
        assert isinstance(sheet.header, str)
        assert all(isinstance(i, int) for i in sheet.entity_ids)
        for number, section in enumerate(sheet.sections):
            where = f"{sheet.header} section {number}"
            kind = section.get("type")
            if kind == "table":
                assert isinstance(section["header"], str), where
                assert section["column_groups"] == [] or isinstance(section["column_groups"], list)
                fields = set()
                for column in section["columns"]:
                    assert set(column) == COLUMN_KEYS, where
                    assert column["align"] in {"left", "right", "center"}, where
                    fields.add(column["field"])
                for group in section["data"]:
                    assert isinstance(group["header"], str), where
                    for row in group["rows"]:
                        assert set(row) <= fields, f"{where}: {set(row) - fields}"
                        for field, cell in row.items():
                            check_cell(cell, f"{where}.{field}")
                    for field, cell in group["total"].items():
                        if field == "text":
                            assert isinstance(cell, str), where
                        else:
                            check_cell(cell, f"{where} total {field}")
            elif kind == "map_table":
                assert isinstance(section["header"], str), where
                for row in section["rows"]:
                    assert isinstance(row["name"], str), where
                    assert isinstance(row["v"], str), where
                    assert row["raw"] is None or isinstance(row["raw"], (int, float)), where
                    assert isinstance(row["highlight"], bool), where
            elif kind == "text":
                assert isinstance(section["text"], str), where
            elif kind == "chart":
                assert section["x_axis"] in {"time", "mileage"}, where
                for series in section["series"]:
                    assert isinstance(series["title"], str), where
                    assert all(len(point) == 2 for point in series["points"]), where
            else:
                raise AssertionError(f"{where}: a section of type {kind!r}")

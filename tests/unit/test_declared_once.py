"""Each set of values, limit and constant is declared once: a second ``Literal`` of the same
values is refused (name the first one instead), and facts the mock, the SDK and the CLI share
come from one place."""

from __future__ import annotations

import ast
import collections
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

SAME_VALUES_APART: dict[frozenset[str], str] = {
    frozenset({"employee", "vehicle"}): (
        "AssetType (whose tracks) and ImportType (what a spreadsheet imports) share their "
        "values today; the service documents them apart and may grow either alone"
    ),
}
"""Value sets declared twice on purpose, each with its reason."""


def _values(node: ast.Subscript) -> frozenset[str] | None:
    elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    try:
        return frozenset(str(ast.literal_eval(e)) for e in elements)
    except ValueError:
        return None


def literal_declarations() -> dict[frozenset[str], list[str]]:
    """Every ``Literal[...]`` of two values or more in the packages' source (the generated
    resources repeat the models' annotations and are left out), by its values."""
    found: dict[frozenset[str], list[str]] = collections.defaultdict(list)
    for path in sorted(SRC.rglob("*.py")):
        if "resources" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Subscript)
                and isinstance(node.value, ast.Name)
                and node.value.id == "Literal"
            ):
                values = _values(node)
                if values is not None and len(values) > 1:
                    found[values].append(f"{path.relative_to(SRC)}:{node.lineno}")
    return found


def test_no_set_of_values_is_declared_twice() -> None:
    twice = {
        tuple(sorted(values)): places
        for values, places in literal_declarations().items()
        if len(places) > 1 and values not in SAME_VALUES_APART
    }
    assert twice == {}


def test_the_exceptions_are_still_needed() -> None:
    declared = literal_declarations()
    for values in SAME_VALUES_APART:
        assert len(declared.get(values, [])) == 2, sorted(values)


def test_a_second_declaration_is_found(tmp_path: Path, monkeypatch) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text('from typing import Literal\nA = Literal["x", "y"]\n')
    (package / "b.py").write_text('from typing import Literal\nB = Literal["y", "x"]\n')
    monkeypatch.setattr(__import__(__name__, fromlist=["SRC"]), "SRC", tmp_path)
    assert literal_declarations()[frozenset({"x", "y"})] == ["pkg/a.py:2", "pkg/b.py:2"]


def test_shared_facts_come_from_one_place() -> None:
    """The export formats, the rate limit and the Earth's size that once had copies."""
    import typing

    from gpxpy.geo import ONE_DEGREE

    from fleetapi._endpoint import EXPORT_MEDIA_TYPES, ExportFormat
    from fleetapi._pacing import SERVICE_RATE_LIMIT
    from fleetapi.models.checkin import CheckinExportFormat
    from fleetapi_mock.domain import zone
    from fleetapi_mock.domain.export import ExportFormat as MockExportFormat
    from fleetapi_mock.domain.track import simplify as track_simplify
    from fleetapi_mock.web.access import DEFAULT_RATE_LIMIT

    assert set(EXPORT_MEDIA_TYPES) == set(typing.get_args(ExportFormat))
    assert CheckinExportFormat is ExportFormat is MockExportFormat
    assert DEFAULT_RATE_LIMIT == SERVICE_RATE_LIMIT
    assert zone._METERS_PER_DEGREE == track_simplify._METERS_PER_DEGREE == ONE_DEGREE


def test_the_old_geocoder_name_warns() -> None:
    import warnings

    import fleetapi.models.user as user
    from fleetapi.models.geocoder import GeocoderType

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert user.GeocoderName is GeocoderType
    assert "use fleetapi.models.geocoder.GeocoderType" in str(caught[0].message)

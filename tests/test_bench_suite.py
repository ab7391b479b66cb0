"""The benchmark suite runs: each benchmark, once with tiny sizes, prints figures.

Nothing here looks at how fast anything is; these tests only keep ``make bench`` from rotting.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

ROOT = str(Path(__file__).resolve().parent.parent)
sys.path.insert(0, ROOT)  # the suite is the package ``bench`` beside ``src``, not installed
try:
    from bench.measure import TINY, Figure, figure, print_table
    from bench.run import BENCHMARKS, main
finally:
    sys.path.remove(ROOT)


@pytest.mark.parametrize("name", sorted(BENCHMARKS))
def test_each_benchmark_produces_figures(name: str):
    tables = BENCHMARKS[name](TINY)
    assert tables
    for title, figures in tables.items():
        assert title
        assert figures, title
        for measured in figures:
            assert measured.name
            assert measured.iterations >= 1
            assert math.isfinite(measured.median)
            assert measured.median >= 0
            assert measured.p95 >= measured.median
            assert measured.ops > 0


def test_figures_are_median_and_p95_of_the_samples():
    measured = figure("x", [float(n) for n in range(1, 101)])
    assert (measured.iterations, measured.median, measured.p95) == (100, 50.5, 95.0)
    per_item = figure("y", [10.0, 20.0, 30.0], per=10)
    assert (per_item.iterations, per_item.median, per_item.ops) == (30, 2.0, 0.5)
    assert Figure("z", 8, 2.0, 3.0, throughput=4.0).ops == 4.0


def test_a_table_shows_every_figure(capsys: pytest.CaptureFixture[str]):
    print_table("Title", [Figure("first", 3, 0.002, 0.004), Figure("second", 1, 2.5, 2.5)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "== Title"
    assert lines[2].split() == ["name", "iterations", "median", "p95", "ops/s"]
    assert lines[4].split() == ["first", "3", "2.00", "ms", "4.00", "ms", "500.0"]
    assert lines[5].split() == ["second", "1", "2.50", "s", "2.50", "s", "0.4"]


def test_only_selects_benchmarks(capsys: pytest.CaptureFixture[str]):
    main(["--tiny", "--only", "world"])
    out = capsys.readouterr().out
    assert "# world:" in out
    assert "== World documents" in out
    assert "demo: World.from_document" in out
    assert "# converter" not in out


def test_an_unknown_benchmark_is_refused(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        main(["--only", "nothing"])
    assert "invalid choice" in capsys.readouterr().err

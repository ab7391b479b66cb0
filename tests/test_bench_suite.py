"""The benchmark suite runs and prints every figure: once, with tiny sizes.

Nothing here looks at how fast anything is; these tests keep ``make bench`` from rotting and
check what its table and JSON promise.
"""

from __future__ import annotations

import gc
import io
import json
import math
import shutil
import sys
from pathlib import Path

import pytest

from fleetapi_mock.domain.report import KINDS

ROOT = str(Path(__file__).resolve().parent.parent)
sys.path.insert(0, ROOT)  # the suite is the package ``bench`` beside ``src``, not installed
try:
    from bench import lists, peers
    from bench.measure import TINY, Ratio, Target, alternate, alternate_all, print_ratios, skipped
    from bench.run import GROUPS, main
finally:
    sys.path.remove(ROOT)


RUNTIMES = {"java", "node", "npm"}
"""What the peers need (WireMock, Prism, their install): missing in the tiny run."""


def _without_runtimes(real=shutil.which):
    def which(name: str, *args, **kwargs) -> str | None:
        return None if name in RUNTIMES else real(name, *args, **kwargs)

    return which


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Ratio], str, dict]:
    """The whole suite at tiny sizes, on a machine without java, node and npm (the peers are
    skipped): its figures, its printed table and its JSON."""
    out = tmp_path_factory.mktemp("bench") / "bench.json"
    capture = pytest.MonkeyPatch()
    printed = io.StringIO()
    capture.setattr(sys, "stdout", printed)
    capture.setattr(shutil, "which", _without_runtimes())
    try:
        ratios = main(["--tiny", "--json", str(out)])
    finally:
        capture.undo()
        gc.unfreeze()  # the suite freezes its worlds as a server does
    return ratios, printed.getvalue(), json.loads(out.read_text())


EXPECTED = {
    "served": 3 * len(TINY.concurrency),
    "peers": 3 * 2 * len(TINY.concurrency),  # WireMock, the bare app, Prism; two calls
    "lists": 7 + sum(len(filters) for filters in lists.FILTERS.values()),
    "tracks": 4,
    "memory": 4,
    "sdk": 4,
    "cli": 11,
    "batch": 2,
    "shared": 2,
    "stream": 3,
    "reports": len(KINDS),  # a figure per plugin the mock makes
}


def test_every_group_is_expected():
    assert list(GROUPS) == list(EXPECTED)


def test_every_field_a_list_filters_on_has_a_figure():
    """A field added to a list's filters gets its figure (issue: lists filtered the way
    dispatchers filter stay within 3x from 1,000 to 100,000 records)."""
    import attrs

    from fleetapi.models.checkin import CHECKIN_CONDITION_FIELDS, CheckinListParams
    from fleetapi.models.task import TASK_CONDITION_FIELDS, TaskListParams
    from fleetapi.models.vehicle import VehicleListParams

    paging = {"limit", "offset", "sort", "conditions", "types"}

    def parameters(params: type) -> set[str]:
        names = {a.name.removesuffix("_") for a in attrs.fields(params)} - paging
        return {"from and to" if n in ("from", "to") else n for n in names}

    def figures(path: str) -> set[str]:
        return set(lists.FILTERS[path])

    assert figures("task/list") == {f"condition {f}" for f in TASK_CONDITION_FIELDS} | parameters(
        TaskListParams
    )
    assert figures("checkin/list") == {
        f"condition {f}" for f in CHECKIN_CONDITION_FIELDS
    } | parameters(CheckinListParams)
    assert {"filter"} == parameters(VehicleListParams) <= figures("vehicle/list")


def test_the_bench_prints_every_figure(run):
    ratios, printed, document = run
    assert len(ratios) == sum(EXPECTED.values())
    for ratio in ratios:
        assert ratio.figure in printed
        if ratio.skipped:
            assert any(
                line.startswith(ratio.figure) and line.endswith(f" skipped: {ratio.skipped}")
                for line in printed.splitlines()
            )
            continue
        assert ratio.samples >= TINY.samples >= 3  # a median of several
        assert math.isfinite(ratio.project), ratio
        assert ratio.project > 0, ratio
        assert math.isfinite(ratio.baseline), ratio
        assert ratio.baseline > 0, ratio
    assert printed.splitlines()[2].split() == [
        "figure",
        "project",
        "baseline",
        "ratio",
        "target",
        "met",
    ]
    scored = [r for r in ratios if not r.skipped and not r.target.info]
    assert f"of {len(scored)} figures meet their target" in printed
    assert [f["figure"] for f in document["figures"]] == [r.figure for r in ratios]
    assert {"project", "baseline", "ratio", "target", "met", "samples"} <= set(
        document["figures"][0]
    )


def test_samples_alternate_and_the_median_is_kept():
    order: list[str] = []

    def side(name: str, values: list[float]):
        def take() -> float:
            order.append(name)
            return values.pop(0)

        return take

    project, baseline = alternate(
        side("p", [5.0, 1.0, 3.0, 9.0, 2.0]), side("b", [1.0, 1.0, 2.0, 7.0, 7.0]), 5
    )
    assert (project, baseline) == (3.0, 2.0)
    assert order == ["p", "b", "b", "p", "p", "b", "b", "p", "p", "b"]


def test_targets_read_both_ways(capsys: pytest.CaptureFixture[str]):
    slower = Ratio("time", 3.0, 1.0, "s", Target(2.0), 5)
    faster = Ratio("rate", 900.0, 1000.0, "req/s", Target(0.8, at_least=True), 5)
    absolute = Ratio(
        "rows", 60_000.0, 500_000.0, "rows/s", Target(50_000, at_least=True, absolute=True), 5
    )
    assert (slower.met, faster.met, absolute.met) == (False, True, True)
    print_ratios("Title", [slower, faster, absolute])
    lines = capsys.readouterr().out.splitlines()
    assert lines[4].split() == ["time", "3.00", "s", "1.00", "s", "3.00x", "≤", "2x", "NO"]
    assert lines[5].split()[-3:] == ["≥", "0.8x", "yes"]
    assert lines[6].split()[-4:] == ["≥", "50000", "rows/s", "yes"]


def test_an_unknown_group_is_refused(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        main(["--only", "nothing"])
    assert "invalid choice" in capsys.readouterr().err


def test_the_peers_are_skipped_without_java_and_node(run):
    ratios, printed, document = run
    figures = {r.figure: r for r in ratios}
    for path in peers.PEER_CALLS:
        for connections in TINY.concurrency:
            figure = f"{path}, {connections} connection(s) (served mock vs {{}})"
            assert figures[figure.format(peers.WIREMOCK)].skipped == (
                "java not found: apt-get install openjdk-17-jre-headless, apt-get install npm, "
                "then make peers"
            )
            assert figures[figure.format(peers.PRISM)].skipped.startswith("node not found: ")
            measured = figures[figure.format(peers.BARE)]
            assert not measured.skipped
            assert min(measured.project, measured.baseline) > 0
    skips = 2 * len(peers.PEER_CALLS) * len(TINY.concurrency)  # WireMock's and Prism's
    assert f"({skips} skipped)" in printed.splitlines()[-2]
    wiremock = next(f for f in document["figures"] if f["figure"].endswith("WireMock 3)"))
    assert wiremock["project"] is None
    assert wiremock["skipped"].endswith("make peers")


def test_the_peers_say_how_to_install_them(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(shutil, "which", _without_runtimes())
    assert peers.missing(tmp_path) == {
        peers.WIREMOCK: "java not found: apt-get install openjdk-17-jre-headless, "
        "apt-get install npm, then make peers",
        peers.PRISM: "node not found: apt-get install nodejs, apt-get install npm, then make peers",
    }
    assert peers.install(tmp_path) == 1  # nothing installed without npm
    assert "npm not found: apt-get install npm" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(shutil, "which", lambda name, *args, **kwargs: f"/usr/bin/{name}")
    assert set(peers.missing(tmp_path).values()) == {f"not installed in {tmp_path}: make peers"}


def test_every_side_takes_every_place():
    order: list[str] = []

    def side(name: str, values: list[float]):
        def take() -> float:
            order.append(name)
            return values.pop(0)

        return take

    medians = alternate_all(
        [side("a", [1.0, 2.0, 3.0]), side("b", [4.0, 6.0, 5.0]), side("c", [9.0, 7.0, 8.0])], 3
    )
    assert medians == [2.0, 5.0, 8.0]
    assert order == ["a", "b", "c", "b", "c", "a", "c", "a", "b"]


def test_a_skipped_figure_says_why(capsys: pytest.CaptureFixture[str]):
    figure = skipped("rate", "req/s", Target(1.5, at_least=True), "java not found: make peers")
    assert not figure.met
    assert figure.as_json()["project"] is None
    print_ratios("Title", [figure, Ratio("info", 2.0, 1.0, "req/s", Target(0, info=True), 5)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[4].split() == ["rate", "skipped:", "java", "not", "found:", "make", "peers"]
    assert lines[5].split()[-2:] == ["none", "-"]

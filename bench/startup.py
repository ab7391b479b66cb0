"""Target 6: how quickly every kind of ``fleet`` command starts, as whole processes.

``fleet tracker list`` runs against a plain Python script making the same call (the script
imports httpx, posts ``tracker/list`` with the API key, prints the answer and fails unless it
is a success, as ``fleet`` does: a process that fails stops the figure). Every other kind
of command runs against ``fleet tracker list``: hand-made (``task list``, ``vehicle list``,
both paging; ``ping``, a top-level command; ``api``, a raw call), generated (``zone list``,
paging; ``user get-info``), and two sweeps that report their slowest command: one call of
every area of the call table (:func:`area_commands`) and ``fleet GROUP --help`` for every
top-level group (:func:`group_helps`). ``fleet --help`` and ``fleet --version`` run against
``python -c pass``.

Every process runs against the served mock with its output piped, from compiled bytecode as an
installed package does, and on the code the suite itself imports (its source folder goes first
on ``PYTHONPATH``, so that a checkout's bench measures that checkout, whichever environment's
``fleet`` script starts it).
"""

from __future__ import annotations

import contextlib
import importlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator

from bench.measure import Ratio, Sizes, Target, alternate
from bench.served import FLEET, code_environment, served_mock
from fleetapi_mock import DEMO_API_KEY

SCRIPT = """\
import sys, httpx
answer = httpx.post(sys.argv[1] + "/tracker/list", json={{}},
                    headers={{"Authorization": "NVX {key}"}})
body = answer.json()
print(body)
sys.exit(0 if body.get("success") is True else 1)
"""
"""The baseline: the same call, and a failure of it exits with 1 as ``fleet``'s does."""

KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("hand-made, paging", ("task", "list")),
    ("hand-made, paging", ("vehicle", "list")),
    ("hand-made top-level command", ("ping",)),
    ("a raw call", ("api", "zone/list")),
    ("generated, paging", ("zone", "list")),
    ("generated", ("user", "get-info")),
)
"""A command of each kind (and its kind), run against ``fleet tracker list`` (hand-made, not
paging)."""

ARGUMENTS: dict[str, tuple[str, ...]] = {
    "dealer/get_ui_config": ("--domain", "demo.fleet.test"),
    "geocoder/search_address": ("--q", "Berlin"),
    "delivery/list": ("--external-id", "1"),
    "transaction/list": ("--from", "2026-01-01 00:00:00", "--to", "2026-01-02 00:00:00"),
    "task/form/list": ("--ascending", "--include-unsubmitted"),
}
"""What the calls chosen for some areas are given (their reading calls all take required
options, or their command asks for one)."""

UNSWEPT = {"event": "a stream", "feedback": "no reading call"}
"""Areas of the table the sweep leaves out, and why."""


def run(argv: list[str], env: dict[str, str], *, answered: bool = False) -> None:
    """Run a process to its end; fail when it fails (with ``answered``, an error the service
    answered counts as done: the command started and made its call)."""
    done = subprocess.run(argv, capture_output=True, env=env, check=False)
    if done.returncode == 0 or (answered and done.stderr.startswith(b"error: [")):
        return
    raise RuntimeError(f"{argv} failed: {done.stderr.decode(errors='replace')}")


def _children_cpu() -> float:
    """Processor seconds (user and system) of this process's children that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class Process:
    """Samples of one command run as a process: wall seconds per run (the figure; a sample runs
    it until ``min_time`` has passed, once at least, after a first run of the command line
    that warms up), and its processor seconds per run, kept for the note (steadier on a
    shared machine)."""

    def __init__(
        self, argv: list[str], env: dict[str, str], min_time: float, *, answered: bool = False
    ) -> None:
        self.argv, self.env, self.min_time, self.answered = argv, env, min_time, answered
        self.cpu: list[float] = []
        if (*argv,) not in _WARM:
            run(argv, env, answered=answered)
            _WARM.add((*argv,))

    def __call__(self) -> float:
        """One sample: the mean wall seconds of a run."""
        clock, runs = time.perf_counter, 0
        started, cpu = clock(), _children_cpu()
        while True:
            run(self.argv, self.env, answered=self.answered)
            runs += 1
            elapsed = clock() - started
            if elapsed >= self.min_time:
                self.cpu.append((_children_cpu() - cpu) / runs)
                return elapsed / runs


_WARM: set[tuple[str, ...]] = set()
"""The command lines that have run once (a command warms up once, however many figures
compare with it)."""


def cpu_ratio(project: Process, baseline: Process) -> float:
    """The ratio of the medians of both sides' processor times."""
    return statistics.median(project.cpu) / statistics.median(baseline.cpu)


def cpu_note(project: Process, baseline: Process) -> str:
    """The processor time of both sides (medians) and its ratio."""
    mine, theirs = statistics.median(project.cpu), statistics.median(baseline.cpu)
    return f"processor time {mine * 1e3:.0f} ms vs {theirs * 1e3:.0f} ms ({mine / theirs:.2f}x)"


def area_commands() -> dict[str, tuple[str, ...]]:
    """One command per area of the call table, by the area: its first reading call that the
    demo world answers without required options (or with :data:`ARGUMENTS`), else one taking
    the ID of the entity it acts on (given ``1``)."""
    import attrs

    from fleetapi._naming import cli_words
    from fleetapi.endpoints import AREAS

    chosen: dict[str, tuple[str, ...]] = {}
    for area in AREAS:
        if area in UNSWEPT:
            continue
        calls = importlib.import_module(f"fleetapi.endpoints.{area}").ENDPOINTS
        reading = [e for e in calls if e.safe and e.result.kind == "json" and e.params]
        for endpoint in reading:
            fields = attrs.fields(endpoint.params)
            required = {a.name for a in fields if a.default is attrs.NOTHING}
            words = cli_words(endpoint.path)
            if endpoint.path in ARGUMENTS or not required:
                chosen[area] = (*words, *ARGUMENTS.get(endpoint.path, ()))
                break
        else:
            for endpoint in reading:
                required = {
                    a.name for a in attrs.fields(endpoint.params) if a.default is attrs.NOTHING
                }
                entity = _entity(endpoint.path)
                if required == {f"{entity}_id"}:
                    chosen[area] = (*cli_words(endpoint.path), "1")
                    break
        if area not in chosen:
            raise LookupError(f"no command of the area {area} to time: give it ARGUMENTS")
    return chosen


def _entity(path: str) -> str:
    """The entity a call acts on (the CLI's rule): the word before its action, or before the
    first ``settings`` word (``tracker`` of ``tracker/settings/lbs/read``)."""
    words = path.split("/")
    for index, word in enumerate(words[:-1]):
        if word == "settings" or word.endswith("_settings"):
            return words[index - 1]
    return words[-2]


def group_helps() -> list[str]:
    """Every top-level group and command ``fleet --help`` lists (hand-made and of the table)."""
    from fleetapi_cli._index import below
    from fleetapi_cli.commands import COMMANDS, TOP_GROUPS

    return sorted({*TOP_GROUPS, *COMMANDS, *below(())[1]})


def worst_of(
    figure: str,
    commands: dict[str, list[str]],
    baseline: list[str],
    env: dict[str, str],
    sizes: Sizes,
    *,
    answered: bool = False,
) -> Ratio:
    """The slowest of ``commands`` against ``baseline``: each command's samples alternate with
    the baseline's (:func:`~bench.measure.alternate`), and the figure is the wall time of the
    command whose processor time is the highest against the baseline's (the steadier measure
    on a shared machine: the highest of many wall ratios is mostly the unluckiest); the note
    names it, its processor time, and the three next."""
    measured: dict[str, tuple[float, float, str]] = {}
    ratios: dict[str, float] = {}
    for label, argv in commands.items():
        base = Process(baseline, env, sizes.sample_time)
        mine = Process(argv, env, sizes.sample_time, answered=answered)
        project, base_time = alternate(mine, base, sizes.samples)
        measured[label] = (project, base_time, cpu_note(mine, base))
        ratios[label] = cpu_ratio(mine, base)
    ranked = sorted(ratios, key=ratios.__getitem__, reverse=True)
    slowest = ranked[0]
    project, base_time, cpu = measured[slowest]
    then = ", ".join(f"{n} {ratios[n]:.2f}x" for n in ranked[1:4])
    note = f"slowest: {slowest}, {cpu}" + (f"; then (processor time) {then}" if then else "")
    title = f"{figure} (slowest of {len(commands)}, vs fleet tracker list)"
    return Ratio(title, project, base_time, "s", Target(1.3), sizes.samples, note)


@contextlib.contextmanager
def _environment() -> Iterator[dict[str, str]]:
    """The processes' environment: the suite's own code, compiled bytecode, the demo API key
    and a profile folder of their own (no profile of the user is read or written)."""
    with tempfile.TemporaryDirectory() as profiles:
        env = {k: v for k, v in code_environment().items() if not k.startswith("FLEETAPI_")}
        # From compiled bytecode: the warm-up run writes it (with the variable set, every
        # changed module would be compiled on every run).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.pop("COLUMNS", None)  # help as a pipe reads it
        env["FLEETAPI_CONFIG_DIR"] = profiles
        env["FLEETAPI_API_KEY"] = DEMO_API_KEY
        yield env


def bench_startup(sizes: Sizes) -> list[Ratio]:
    """Wall time of ``fleet tracker list`` against the plain script, of every kind of command
    against ``fleet tracker list``, and of ``fleet --help`` against ``python -c pass``."""
    with _environment() as env, served_mock() as base_url:

        def fleet(*words: str) -> list[str]:
            return [str(FLEET), "--base-url", base_url, *words, "-o", "json"]

        def compared(figure: str, project: list[str], baseline: list[str], target: float) -> Ratio:
            mine = Process(project, env, sizes.sample_time)
            theirs = Process(baseline, env, sizes.sample_time)
            wall, base = alternate(mine, theirs, sizes.samples)
            note = cpu_note(mine, theirs)
            return Ratio(figure, wall, base, "s", Target(target), sizes.samples, note)

        trackers = fleet("tracker", "list")
        script = [sys.executable, "-c", SCRIPT.format(key=DEMO_API_KEY), base_url]
        python = [sys.executable, "-c", "pass"]
        ratios = [compared("fleet tracker list (vs a script with httpx)", trackers, script, 1.3)]
        for kind, words in KINDS:
            figure = f"fleet {' '.join(words)} ({kind}, vs fleet tracker list)"
            ratios.append(compared(figure, fleet(*words), trackers, 1.3))
        for option in ("--help", "--version"):
            ratios.append(
                compared(f"fleet {option} (vs python -c pass)", [str(FLEET), option], python, 7)
            )
        areas = list(area_commands().items())[: sizes.swept]
        commands = {f"{' '.join(w)} ({a})": fleet(*w) for a, w in areas}
        ratios.append(
            worst_of("a call of every area", commands, trackers, env, sizes, answered=True)
        )
        helps = {f"{g} --help": [str(FLEET), g, "--help"] for g in group_helps()[: sizes.swept]}
        ratios.append(worst_of("fleet GROUP --help of every group", helps, trackers, env, sizes))
        return ratios

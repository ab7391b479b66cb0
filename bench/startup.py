"""Target 6: ``fleet tracker list`` against a plain Python script making the same call, and
every kind of command against ``fleet tracker list``.

All are whole processes against the served mock (output piped); the script imports httpx,
posts ``tracker/list`` with the API key, prints the answer and fails unless it is a success
(as ``fleet`` does: a process that fails stops the figure). All read compiled bytecode, as
an installed package does. ``fleet task list`` (hand-made, paging) and ``fleet zone list``
(generated) each build their own area of the call table alone; before they built all of it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from bench.measure import Ratio, Sizes, Target, compare, per_run
from bench.served import FLEET, served_mock
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


def run(argv: list[str], env: dict[str, str]) -> None:
    """Run a process to its end; fail when it fails."""
    done = subprocess.run(argv, capture_output=True, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{argv} failed: {done.stderr.decode(errors='replace')}")


def bench_startup(sizes: Sizes) -> list[Ratio]:
    """Wall time of ``fleet tracker list`` against the plain script, and of other commands
    against ``fleet tracker list``."""
    with tempfile.TemporaryDirectory() as profiles, served_mock() as base_url:
        env = {k: v for k, v in os.environ.items() if not k.startswith("FLEETAPI_")}
        # Both run as installed code does, from compiled bytecode: the warm-up run writes it
        # (with the variable set, every changed module would be compiled on every run).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["FLEETAPI_CONFIG_DIR"] = profiles  # no profile of the user is read or written
        env["FLEETAPI_API_KEY"] = DEMO_API_KEY

        def fleet(*words: str) -> list[str]:
            return [str(FLEET), "--base-url", base_url, *words, "-o", "json"]

        trackers = fleet("tracker", "list")
        script = [sys.executable, "-c", SCRIPT.format(key=DEMO_API_KEY), base_url]
        ratios = [
            compare(
                "fleet tracker list (process, vs a script with httpx)",
                per_run(lambda: run(trackers, env), sizes.sample_time),
                per_run(lambda: run(script, env), sizes.sample_time),
                Target(1.3),
                sizes,
            )
        ]
        for words in (("task", "list"), ("zone", "list")):
            command = fleet(*words)
            ratios.append(
                compare(
                    f"fleet {' '.join(words)} (process, vs fleet tracker list)",
                    per_run(lambda command=command: run(command, env), sizes.sample_time),
                    per_run(lambda: run(trackers, env), sizes.sample_time),
                    Target(1.3),
                    sizes,
                )
            )
        return ratios

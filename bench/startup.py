"""CLI start-up: whole ``fleet`` processes, from help screens to a real call."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import tempfile
from functools import partial

from bench.measure import Sizes, Tables, sample
from bench.served import FLEET, served_mock
from fleetapi_mock import DEMO_API_KEY


def run(argv: list[str], env: dict[str, str]) -> None:
    """Run a process to its end; fail when it fails."""
    done = subprocess.run(argv, capture_output=True, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{argv} failed: {done.stderr.decode(errors='replace')}")


def bench_cli(sizes: Sizes) -> Tables:
    """Wall time of whole processes (output piped): Python alone, imports, ``fleet``."""
    python = sys.executable
    processes = dataclasses.replace(sizes, iterations=sizes.processes, budget=sizes.budget * 4)
    figures = []
    with tempfile.TemporaryDirectory() as profiles, served_mock() as base_url:
        env = {k: v for k, v in os.environ.items() if not k.startswith("FLEETAPI_")}
        env["FLEETAPI_CONFIG_DIR"] = profiles  # no profile of the user is read or written
        commands = {
            "python -c pass": [python, "-c", "pass"],
            "python: import fleetapi": [python, "-c", "import fleetapi"],
            "python: from fleetapi import Client": [python, "-c", "from fleetapi import Client"],
            "fleet --help": [str(FLEET), "--help"],
            "fleet task list --help": [str(FLEET), "task", "list", "--help"],
            "fleet task list (served mock, json)": [
                str(FLEET), "--base-url", base_url, "task", "list", "--output", "json",
            ],
        }  # fmt: skip
        call_env = {**env, "FLEETAPI_API_KEY": DEMO_API_KEY}
        for name, argv in commands.items():
            figures.append(sample(name, partial(run, argv, call_env), processes))
    return {"Process start-up (wall time, output piped)": figures}

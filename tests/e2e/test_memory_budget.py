"""The memory budget of a served mock, every world together (``--max-memory-bytes``): past it
nothing grows (no new world, no call that adds records, no world document loaded) and the
rest goes on, so that suites can make room."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from fleetapi_mock import DEMO_API_KEY, ServerLimits, demo_document
from fleetapi_mock.web.memory import MemoryGauge, budget_of, machine_bytes
from fleetapi_mock.web.server import ThreadedServer

AUTH = {"Authorization": f"NVX {DEMO_API_KEY}"}
SETTINGS = {"tracker_id": 1, "label": "Van 1", "group_id": 0}


@pytest.mark.e2e
def test_past_the_budget_nothing_grows_and_the_rest_goes_on() -> None:
    spent = ServerLimits(max_memory_bytes=1)  # any process holds more than a byte
    with ThreadedServer(limits=spent) as server, httpx.Client(base_url=server.base_url) as http:
        listed = http.post("/tracker/list", headers=AUTH, json={})
        made = http.post("/department/create", headers=AUTH, json={"department": {"label": "x"}})
        named = http.post("/tracker/list", headers={**AUTH, "X-Mock-World": "new"}, json={})
        loaded = http.post("/__mock__/reset", json=demo_document())
        emptied = http.post("/__mock__/reset")
        labels = http.post("/tracker/settings/update", headers=AUTH, json=SETTINGS)
    assert listed.json()["success"] is True
    assert (made.status_code, made.json()["status"]["code"]) == (402, 268), made.text
    assert "--max-memory-bytes" in made.json()["status"]["description"]
    assert (named.status_code, named.json()["status"]["code"]) == (503, 14), named.text
    assert loaded.json()["status"]["code"] == 268, loaded.text
    assert emptied.json()["success"] is True, "a reset to the starting world makes room"
    assert labels.json()["success"] is True, labels.text


@pytest.mark.e2e
def test_within_the_budget_worlds_are_made() -> None:
    room = ServerLimits(max_memory_bytes=1 << 50)
    with ThreadedServer(limits=room) as server:
        answer = httpx.post(
            f"{server.base_url}/department/create",
            headers={**AUTH, "X-Mock-World": "roomy"},
            json={"department": {"label": "x"}},
        )
    assert answer.json()["success"] is True, answer.text


def test_the_gauge_reads_the_resident_size_and_the_default_budget(tmp_path: Path) -> None:
    statm = tmp_path / "statm"
    statm.write_text("5000 300 20 1 0 100 0\n")
    gauge = MemoryGauge(statm)
    resident = gauge.resident()
    assert resident is not None
    assert resident % 300 == 0
    assert gauge.spent(resident + 1) is None
    assert "budget" in (gauge.spent(resident) or "")
    assert MemoryGauge(tmp_path / "missing").spent(1) is None, "unknown: not applied"
    machine = machine_bytes()
    assert machine is None or budget_of(0) == int(machine * 0.75)
    assert budget_of(123) == 123

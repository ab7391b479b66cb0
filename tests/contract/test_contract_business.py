"""Contract tests of imports, bills and the geocoder: read-only, against any server.

See ``test_contract_accounts.py`` for how to point them at another server.
"""

from __future__ import annotations

import pytest

from fleetapi import Client, EntityNotFoundError, PluginNotFoundError

pytestmark = pytest.mark.e2e


def test_import_processes_list_filter_and_read_agree(client: Client) -> None:
    every = client.data.import_.list()
    vehicles = client.data.import_.list(types=["vehicle"])
    assert {p.id for p in vehicles} <= {p.id for p in every}
    assert all(p.type == "vehicle" for p in vehicles)
    for process in every[:3]:
        again = client.data.import_.read(process_id=process.id, type=process.type)
        assert (again.id, again.type, again.filename) == (
            process.id,
            process.type,
            process.filename,
        )
        assert 0 <= again.progress.percent <= 100


def test_reading_an_unknown_import_is_not_found(client: Client) -> None:
    with pytest.raises(EntityNotFoundError):
        client.data.import_.read(process_id=2_000_000_000, type="employee")


def test_bill_pages_agree_with_the_count(client: Client) -> None:
    try:
        whole = client.bill.list()
    except PluginNotFoundError:
        pytest.skip("the account has no bills plugin")
    assert whole.count >= len(whole.bills)
    first = client.bill.list(limit=1)
    assert first.count == whole.count
    assert first.bills == whole.bills[:1]


def test_forward_then_reverse_geocoding(client: Client) -> None:
    locations = client.geocoder.search_address(q="Alexanderplatz 1, Berlin")
    assert locations
    best = locations[0]
    (again,) = client.geocoder.search_address(q=f"{best.lat},{best.lng}")
    assert again.address

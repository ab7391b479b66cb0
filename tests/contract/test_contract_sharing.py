"""Contract tests of geo links, retranslators and map layers: read-only, against any server.

See ``test_contract_accounts.py`` for how to point them at another server.
"""

from __future__ import annotations

import pytest
from defusedxml.ElementTree import fromstring

from fleetapi import Client, EntityNotFoundError

pytestmark = pytest.mark.e2e

RANK = {"enabled": 0, "inactive": 1, "expired": 2, "disabled": 3}
MISSING = 2_000_000_000


def test_geo_link_list_and_read_agree(client: Client) -> None:
    links = client.tracker.location.link.list(limit=20)
    for link in links:
        assert link.status in RANK
        assert (link.status == "disabled") == (not link.enabled)
        assert len(link.hash) == 32
        again = client.tracker.location.link.read(id=link.id)
        assert (again.id, again.hash, again.description) == (link.id, link.hash, link.description)
        assert 1 <= len(again.trackers) <= 100


def test_geo_links_sort_by_status_rank(client: Client) -> None:
    ranks = [
        RANK[str(link.status)] for link in client.tracker.location.link.list(sort=["status=asc"])
    ]
    assert ranks == sorted(ranks)


def test_reading_an_unknown_geo_link_is_not_found(client: Client) -> None:
    with pytest.raises(EntityNotFoundError):
        client.tracker.location.link.read(id=MISSING)


def test_retranslators_speak_listed_protocols(client: Client) -> None:
    protocols = {p.id: p for p in client.retranslator.protocol.list()}
    assert protocols
    for protocol in protocols.values():
        assert protocol.has_login or not protocol.required_login
        assert protocol.has_password or not protocol.required_password
    for retranslator in client.retranslator.list():
        assert retranslator.protocol_id in protocols
        assert 1 <= retranslator.port <= 65535


def test_map_layers_are_kml_documents(client: Client) -> None:
    for layer in client.map_layer.list()[:3]:
        root = fromstring(client.map_layer.read(id=layer.id))
        assert root.tag.endswith("}kml")


def test_reading_an_unknown_map_layer_is_not_found(client: Client) -> None:
    with pytest.raises(EntityNotFoundError):
        client.map_layer.read(id=MISSING)

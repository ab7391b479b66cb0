"""Contract tests: what the SDK relies on, checked against any server speaking the API.

By default they run against the mock served over HTTP. Point them at another server (a staging
account of the real service, say) to check the mock's fidelity:

    FLEETAPI_TEST_BASE_URL=https://... FLEETAPI_TEST_HASH=<session hash> pytest tests/contract

The session must belong to a master user. The tests create one API key and delete it again, and
otherwise only read.
"""

from __future__ import annotations

import pytest

from fleetapi import Client, EntityNotFoundError, InvalidParametersError, SessionNotFoundError

pytestmark = pytest.mark.e2e


def test_health_check(client: Client) -> None:
    client.base.nothing()


def test_api_key_life_cycle(client: Client) -> None:
    key = client.api.key.create(title="fleetapi contract test")
    try:
        assert len(key.hash) == 32
        assert key.hash in {k.hash for k in client.api.key.list()}
        with Client(base_url=client.base_url, api_key=key.hash) as by_key:
            by_key.base.nothing()
            with pytest.raises(SessionNotFoundError):
                by_key.api.key.list()
    finally:
        client.api.key.delete(key=key.hash)
    assert key.hash not in {k.hash for k in client.api.key.list()}


def test_deleting_an_unknown_key_is_not_found(client: Client) -> None:
    with pytest.raises(EntityNotFoundError):
        client.api.key.delete(key="0" * 32)


def test_an_empty_title_is_an_invalid_parameter(client: Client) -> None:
    with pytest.raises(InvalidParametersError):
        client.api.key.create(title="")


def test_trackers_and_states_agree(client: Client) -> None:
    trackers = [t for t in client.tracker.list() if not t.source.blocked]
    if not trackers:
        pytest.skip("the account has no unblocked tracker")
    state = client.tracker.get_state(tracker_id=trackers[0].id)
    assert state.source_id == trackers[0].source.id


def test_dealer_config_of_the_users_dealer(client: Client) -> None:
    config = client.dealer.get_ui_config(hash=client.hash)
    assert config.dealer.id
    assert config.settings.domain

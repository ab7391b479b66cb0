"""Log in, look at the trackers, and manage an API key.

Run it against the demo backend (``make demo`` in another shell):

    FLEETAPI_BASE_URL=http://127.0.0.1:8765 python examples/quickstart.py
"""

from __future__ import annotations

import os

from fleetapi import Client, OverQuotaError


def main() -> None:
    """Print the trackers and their states, then create and revoke an API key."""
    base_url = os.environ.get("FLEETAPI_BASE_URL", "http://127.0.0.1:8765")
    login = os.environ.get("FLEET_DEMO_LOGIN", "demo")
    password = os.environ.get("FLEET_DEMO_PASSWORD", "demo")

    with Client.login(base_url, login, password) as client:
        trackers = client.tracker.list()
        print(f"{len(trackers)} trackers")
        for tracker in trackers:
            if tracker.source.blocked:
                print(f"  {tracker.label}: blocked")
                continue
            state = client.tracker.get_state(tracker_id=tracker.id)
            print(f"  {tracker.label}: {state.connection_status}, {state.movement_status}")

        try:
            key = client.api.key.create(title="quickstart")
        except OverQuotaError:
            print("the account already has 20 API keys")
            return
        print(f"created API key {key.title!r} at {key.create_date:%Y-%m-%d %H:%M}")
        client.api.key.delete(key=key.hash)
        titles = [k.title for k in client.api.key.list()]
        print(f"revoked it; keys left: {titles}")


if __name__ == "__main__":
    main()

"""Bill the monthly estimate: read the payment system, estimate, create a bill, list bills.

Run it against the demo backend (``make demo`` in another shell):

    FLEETAPI_BASE_URL=http://127.0.0.1:8765 python examples/monthly_bill.py
"""

from __future__ import annotations

import os

from fleetapi import Client


def main() -> None:
    """Create a bill for this month's estimate and print the account's bills."""
    base_url = os.environ.get("FLEETAPI_BASE_URL", "http://127.0.0.1:8765")
    with Client.login(base_url, "demo", "demo") as client:
        (system,) = client.payment_system.list()
        estimate = client.payment_system.estimate.get()
        print(f"payment system {system.type}, estimate {estimate:.2f} {system.currency}")
        order_id = client.bill.create(payer="Demo Logistics GmbH", sum=estimate)
        print(f"created bill {order_id}")
        for bill in client.bill.iterate():
            print(f"  {bill.order_id}  {bill.created:%Y-%m-%d}  {bill.sum:8.2f}  {bill.status}")


if __name__ == "__main__":
    main()

"""Payment systems, the monthly estimate, bills and external subscriptions, against the mock."""

from __future__ import annotations

import datetime as dt

import httpx
import pytest

from fleetapi import (
    EntityNotFoundError,
    ExternalServiceError,
    InvalidParametersError,
    OperationNotPermittedError,
    PluginNotFoundError,
)
from fleetapi.models.payment import PaymentSystemSettings


def grant_payments(fleet_mock) -> None:
    fleet_mock.world.users.change(2, rights=[*fleet_mock.world.users[2].rights, "payment_create"])


# --- Payment systems and the estimate ---------------------------------------------------------


def test_payment_system_list_is_the_dealers(fleet_client):
    systems = fleet_client.payment_system.list()
    assert len(systems) == 1
    system = systems[0]
    assert (system.type, system.currency, system.account) == ("avangate", "EUR", "DEMOFLEET")
    assert system.methods == ["card", "paypal"]
    assert system.subscription_code == "DEMO-SUB"


def test_a_dealer_without_payment_system_is_201(fleet_client, fleet_mock):
    fleet_mock.world.dealers.change(1, payment_settings=None)
    with pytest.raises(EntityNotFoundError) as info:
        fleet_client.payment_system.list()
    assert info.value.code == 201


def test_the_estimate_adds_tariff_prices_and_rounds_up_to_tens(fleet_client, fleet_mock):
    # Four trackers on Full (12.5) and one on Basic (4.9); the blocked one does not count.
    assert fleet_client.payment_system.estimate.get() == 60.0
    fleet_mock.world.trackers.change(5, blocked=False)
    assert fleet_client.payment_system.estimate.get() == 70.0  # 67.4 rounded up
    fleet_mock.world.trackers.change(5, clone=True)
    assert fleet_client.payment_system.estimate.get() == 60.0


def test_the_estimate_rounds_rubles_up_to_hundreds(fleet_client, fleet_mock):
    settings = fleet_mock.world.dealers[1].payment_settings
    fleet_mock.world.dealers.change(
        1,
        payment_settings=PaymentSystemSettings(
            type=settings.type, url=settings.url, currency="RUB", subscription_code="S"
        ),
    )
    fleet_mock.world.tariffs.change(1, price=350.0)
    fleet_mock.world.tariffs.change(2, price=120.0)
    assert fleet_client.payment_system.estimate.get() == 1600.0  # 4 * 350 + 120 = 1520


def test_the_estimate_of_an_exact_multiple_is_not_raised(fleet_client, fleet_mock):
    fleet_mock.world.tariffs.change(1, price=10.0)
    fleet_mock.world.tariffs.change(2, price=0.0)
    assert fleet_client.payment_system.estimate.get() == 40.0


def test_the_estimate_of_an_account_without_trackers_is_zero(fleet_mock):
    for tracker_id in [t for t, r in fleet_mock.world.trackers.items() if r.user_id == 3]:
        del fleet_mock.world.trackers[tracker_id]
    with fleet_mock.login("other", "other") as other:
        assert other.payment_system.estimate.get() == 0.0


def test_the_estimate_counts_the_whole_account_for_a_sub_user(fleet_mock):
    grant_payments(fleet_mock)
    fleet_mock.world.users.change(2, trackers=[1])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        assert dispatcher.payment_system.estimate.get() == 60.0


# --- Bills ------------------------------------------------------------------------------------


def test_create_and_list_bills(fleet_client, fleet_mock):
    before = fleet_client.bill.list()
    assert before.count == 2
    assert [b.order_id for b in before.bills] == [2, 1]  # newest first
    fleet_mock.clock.advance(3600)
    order_id = fleet_client.bill.create(payer="Demo Logistics GmbH", sum=61.456)
    page = fleet_client.bill.list(limit=1)
    assert page.count == 3
    bill = page.bills[0]
    assert bill.order_id == order_id
    assert (bill.sum, bill.status, bill.positions) == (61.46, "created", ["Monitoring services"])
    assert bill.created == dt.datetime(2026, 1, 15, 10, 0)
    assert bill.link == f"https://demo.fleet.test/bill/{order_id}"


def test_bill_list_pages(fleet_client):
    for n in range(5):
        fleet_client.bill.create(payer="p", sum=10 + n)
    assert [b.order_id for b in fleet_client.bill.list(offset=2, limit=3).bills] == [5, 4, 3]
    assert fleet_client.bill.list(offset=7).bills == []
    assert fleet_client.bill.list(offset=7).count == 7
    assert [b.order_id for b in fleet_client.bill.iterate(page_size=2)] == [7, 6, 5, 4, 3, 2, 1]


@pytest.mark.parametrize(
    ("body", "parameter"),
    [
        ({"limit": 10001}, "limit"),
        ({"limit": -1}, "limit"),
        ({"offset": -1}, "offset"),
    ],
)
def test_bill_list_limits(fleet_client, body, parameter):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.bill.list(**body)
    assert info.value.errors[0]["parameter"] == parameter


@pytest.mark.parametrize(
    ("payer", "total", "parameter"),
    [("", 10.0, "payer"), ("   ", 10.0, "payer"), ("x" * 256, 10.0, "payer"), ("p", 0.0, "sum")],
)
def test_bill_create_checks_payer_and_sum(fleet_client, fleet_mock, payer, total, parameter):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.bill.create(payer=payer, sum=total)
    assert info.value.errors[0]["parameter"] == parameter
    assert len(fleet_mock.world.bills) == 2


def test_bills_need_plugin_29(fleet_mock):
    with fleet_mock.login("other", "other") as other:
        for call in (lambda: other.bill.create(payer="p", sum=1), other.bill.list):
            with pytest.raises(PluginNotFoundError) as info:
                call()
            assert (info.value.code, info.value.http_status) == (222, 400)
    assert len(fleet_mock.world.bills) == 2


def test_bills_are_per_account(fleet_client, fleet_mock):
    fleet_mock.world.users.change(3, plugins=[29])
    with fleet_mock.login("other", "other") as other:
        assert other.bill.list().count == 0
        order_id = other.bill.create(payer="Other Ltd", sum=5)
        assert [b.order_id for b in other.bill.list().bills] == [order_id]
    assert order_id not in [b.order_id for b in fleet_client.bill.list().bills]


def test_bill_dates_follow_the_callers_time_zone(fleet_mock):
    grant_payments(fleet_mock)
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        bills = dispatcher.bill.list().bills
    assert bills[-1].created == dt.datetime(2025, 12, 1, 11, 0)  # Berlin is UTC+1


# --- Rights -----------------------------------------------------------------------------------


def test_a_sub_user_needs_payment_create(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        calls = [
            dispatcher.payment_system.list,
            dispatcher.payment_system.estimate.get,
            lambda: dispatcher.bill.create(payer="p", sum=1),
            dispatcher.bill.list,
            dispatcher.subscription.avangate.list,
            lambda: dispatcher.subscription.avangate.cancel(reference="A1B2C3D4E5"),
        ]
        for call in calls:
            with pytest.raises(OperationNotPermittedError):
                call()
    grant_payments(fleet_mock)
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        assert dispatcher.payment_system.list()[0].type == "avangate"
        assert dispatcher.subscription.avangate.list()[0].reference == "A1B2C3D4E5"
        assert dispatcher.bill.create(payer="p", sum=1) == 3  # the account's plugin counts


# --- External subscriptions -------------------------------------------------------------------


def test_list_and_cancel_subscriptions(fleet_client, fleet_mock):
    (subscription,) = fleet_client.subscription.avangate.list()
    assert (subscription.code, subscription.quantity) == ("FLEET-PRO-MONTHLY", 5)
    assert subscription.expiration_date == dt.datetime(2026, 2, 1, 0, 0)
    fleet_client.subscription.avangate.cancel(reference=subscription.reference)
    assert fleet_client.subscription.avangate.list() == []
    with pytest.raises(ExternalServiceError) as info:
        fleet_client.subscription.avangate.cancel(reference=subscription.reference)
    assert (info.value.code, info.value.http_status) == (215, 400)


def test_subscriptions_need_the_avangate_provider(fleet_client, fleet_mock):
    settings = fleet_mock.world.dealers[1].payment_settings
    fleet_mock.world.dealers.change(
        1,
        payment_settings=PaymentSystemSettings(
            type="stripe", url=settings.url, currency="EUR", subscription_code="S"
        ),
    )
    for call in (
        fleet_client.subscription.avangate.list,
        lambda: fleet_client.subscription.avangate.cancel(reference="A1B2C3D4E5"),
    ):
        with pytest.raises(ExternalServiceError):
            call()
    assert "A1B2C3D4E5" in fleet_mock.world.subscriptions
    fleet_mock.world.dealers.change(1, payment_settings=None)
    with pytest.raises(ExternalServiceError):
        fleet_client.subscription.avangate.list()


def test_another_accounts_subscription_cannot_be_cancelled(fleet_mock):
    with fleet_mock.login("other", "other") as other:
        assert other.subscription.avangate.list() == []
        with pytest.raises(ExternalServiceError):
            other.subscription.avangate.cancel(reference="A1B2C3D4E5")
    assert "A1B2C3D4E5" in fleet_mock.world.subscriptions


def test_the_extpay_alias_answers_too(fleet_mock):
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    hash_ = fleet_mock.session("demo")
    body = http.post("/subscription/extpay/list", json={"hash": hash_}).json()
    assert [s["reference"] for s in body["list"]] == ["A1B2C3D4E5"]
    body = http.post(
        "/subscription/extpay/cancel", json={"hash": hash_, "reference": "A1B2C3D4E5"}
    ).json()
    assert body == {"success": True}


def test_cancel_needs_a_reference(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.subscription.avangate.cancel(reference=" ")
    assert info.value.errors[0]["parameter"] == "reference"


# --- Async ------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_payments_async(fleet_async_client, fleet_mock):
    assert (await fleet_async_client.payment_system.list())[0].currency == "EUR"
    assert await fleet_async_client.payment_system.estimate.get() == 60.0
    order_id = await fleet_async_client.bill.create(payer="Async GmbH", sum=12)
    page = await fleet_async_client.bill.list(limit=10)
    assert page.bills[0].order_id == order_id
    assert [b.order_id async for b in fleet_async_client.bill.iterate(page_size=1)] == [3, 2, 1]
    (subscription,) = await fleet_async_client.subscription.avangate.list()
    await fleet_async_client.subscription.avangate.cancel(reference=subscription.reference)
    with pytest.raises(ExternalServiceError):
        await fleet_async_client.subscription.avangate.cancel(reference=subscription.reference)
    fleet_mock.world.users.change(1, plugins=[])
    with pytest.raises(PluginNotFoundError):
        await fleet_async_client.bill.list()
    fleet_mock.world.dealers.change(1, payment_settings=None)
    with pytest.raises(EntityNotFoundError):
        await fleet_async_client.payment_system.list()


def test_world_documents_keep_bills_and_subscriptions(fleet_client, fleet_mock):
    from fleetapi_mock import World

    fleet_client.bill.create(payer="p", sum=3)
    copy = World.from_document(fleet_mock.world.to_document())
    assert sorted(copy.bills) == [1, 2, 3]
    assert copy.bills[3].sum == 3.0
    assert list(copy.subscriptions) == ["A1B2C3D4E5"]
    assert copy.ids.next("bills") == 4

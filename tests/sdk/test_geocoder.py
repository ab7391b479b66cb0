"""Forward and reverse geocoding over the world's gazetteer, through the SDK."""

from __future__ import annotations

import httpx
import pytest

from fleetapi import GeocodingFailedError, InvalidParametersError
from fleetapi._types import UNSET
from fleetapi.models.common import Bounds, LatLng
from fleetapi.models.geocoder import GeocodedLocation, GeocoderDetails


def test_search_finds_an_address_case_and_accent_insensitively(fleet_client):
    for query in ("pariser platz 1", "PARISER PLATZ 1, BERLIN", "Pariser  Platz"):
        locations = fleet_client.geocoder.search_address(q=query)
        assert locations[0].address == "Pariser Platz 1, 10117 Berlin, Germany", query
        assert (locations[0].lat, locations[0].lng) == (52.5163, 13.3777)
        assert locations[0].details is UNSET
    (street,) = fleet_client.geocoder.search_address(q="lagerstrasse 5")
    assert street.address.startswith("Lagerstraße 5")
    (munich,) = fleet_client.geocoder.search_address(q="munchen")
    assert munich.address.startswith("Marienplatz 1")


def test_details_when_asked(fleet_client):
    (location,) = fleet_client.geocoder.search_address(q="Alexanderplatz", with_details=True)
    details = location.details
    assert isinstance(details, GeocoderDetails)
    assert (details.country, details.locality, details.street, details.house, details.postcode) == (
        "Germany",
        "Berlin",
        "Alexanderplatz",
        "1",
        "10178",
    )
    assert details.bounds.nw.lat > location.lat > details.bounds.se.lat


def test_ranking_exact_then_prefix_then_words(fleet_client, fleet_mock):
    fleet_mock.world.gazetteer[:] = [
        GeocodedLocation(lat=52.0, lng=13.0, address="Old Platz 1, Berlin"),
        GeocodedLocation(lat=52.1, lng=13.1, address="Platzhalterweg 2, Berlin"),
        GeocodedLocation(lat=52.2, lng=13.2, address="Platz 1, Berlin"),
        GeocodedLocation(lat=52.3, lng=13.3, address="Platz 1, Berlin, Germany"),
    ]
    found = [loc.address for loc in fleet_client.geocoder.search_address(q="platz 1, berlin")]
    assert found == [
        "Platz 1, Berlin",  # exact
        "Platz 1, Berlin, Germany",  # starts with the query
        "Old Platz 1, Berlin",  # every word as a word
    ]
    found = [loc.address for loc in fleet_client.geocoder.search_address(q="platz")]
    assert found == [
        "Platz 1, Berlin",  # starts with the word
        "Platz 1, Berlin, Germany",
        "Old Platz 1, Berlin",  # holds the word
        "Platzhalterweg 2, Berlin",  # a word starts with it
    ]


def test_bounds_change_the_order_not_the_matches(fleet_client):
    everything = fleet_client.geocoder.search_address(q="platz")
    around_munich = Bounds(nw=LatLng(lat=49.0, lng=11.0), se=LatLng(lat=48.0, lng=12.0))
    biased = fleet_client.geocoder.search_address(q="platz", bounds=around_munich)
    assert len(everything) == 5
    assert {loc.address for loc in biased} == {loc.address for loc in everything}
    assert biased[0].address.startswith("Marienplatz 1")
    assert not everything[0].address.startswith("Marienplatz 1")


def test_at_most_ten_results(fleet_client, fleet_mock):
    fleet_mock.world.gazetteer.extend(
        GeocodedLocation(lat=50.0, lng=10.0 + n / 100, address=f"Ringstraße {n}, Testdorf")
        for n in range(15)
    )
    assert len(fleet_client.geocoder.search_address(q="testdorf")) == 10


def test_no_match_is_an_empty_list(fleet_client):
    assert fleet_client.geocoder.search_address(q="Atlantis Boulevard 7") == []


def test_provider_and_language_change_nothing(fleet_client):
    plain = fleet_client.geocoder.search_address(q="Potsdamer Platz")
    for geocoder in ("google", "yandex", "progorod", "osm", "locationiq"):
        assert (
            fleet_client.geocoder.search_address(q="Potsdamer Platz", geocoder=geocoder, lang="ru")
            == plain
        )


def test_coordinates_as_text_are_a_reverse_lookup(fleet_client):
    (location,) = fleet_client.geocoder.search_address(q="52.5165,13.3780", with_details=True)
    assert location.address == "Pariser Platz 1, 10117 Berlin, Germany"
    assert location.details.postcode == "10117"
    (san_francisco,) = fleet_client.geocoder.search_address(q="37.825014,-122.372020")
    assert san_francisco.address.startswith("1 Avenue of the Palms")


def test_a_location_object_is_a_reverse_lookup(fleet_client):
    (location,) = fleet_client.geocoder.search_address(q=LatLng(lat=52.5219, lng=13.4131))
    assert location.address.startswith("Alexanderplatz 1")


def test_reverse_lookup_with_nothing_near_is_210(fleet_client):
    for q in ("0.0,0.0", LatLng(lat=-33.86, lng=151.21)):
        with pytest.raises(GeocodingFailedError) as info:
            fleet_client.geocoder.search_address(q=q)
        assert (info.value.code, info.value.http_status) == (210, 400)


@pytest.mark.parametrize(
    ("q", "parameter"),
    [
        ("95.0,13.0", "q"),
        ("52.0,181.0", "q"),
        ("   ", "q"),
        ("x" * 1025, "q"),
        (LatLng(lat=91.0, lng=0.0), "q.lat"),
    ],
)
def test_bad_queries_are_7(fleet_client, q, parameter):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.geocoder.search_address(q=q)
    assert info.value.errors[0]["parameter"] == parameter


def test_unknown_provider_is_7(fleet_mock):
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    body = http.post(
        "/geocoder/search_address",
        json={"hash": fleet_mock.session("demo"), "q": "Berlin", "geocoder": "bing"},
    ).json()
    assert body["status"]["code"] == 7
    assert body["errors"][0]["parameter"] == "geocoder"


# --- search_location --------------------------------------------------------------------------


def test_search_location_names_the_nearest_address(fleet_client):
    answer = fleet_client.geocoder.search_location(
        location=LatLng(lat=52.5097, lng=13.3761), goal="ui"
    )
    assert answer.value == "Potsdamer Platz 1, 10785 Berlin, Germany"
    assert answer.details is UNSET
    detailed = fleet_client.geocoder.search_location(
        location=LatLng(lat=52.5097, lng=13.3761), goal="ui_user_action", with_details=True
    )
    assert detailed.details.street == "Potsdamer Platz"


def test_search_location_prefers_the_nearer_entry(fleet_client):
    # Between Pariser Platz (52.5163, 13.3777) and Unter den Linden 77 (52.5166, 13.3809).
    near_linden = fleet_client.geocoder.search_location(
        location=LatLng(lat=52.5165, lng=13.3800), goal="ui"
    )
    assert near_linden.value.startswith("Unter den Linden 77")


def test_search_location_radius(fleet_client):
    # About 900 m north of Alexanderplatz 1: still found; 1.5 km away: nothing.
    found = fleet_client.geocoder.search_location(
        location=LatLng(lat=52.5300, lng=13.4132), goal="ui"
    )
    assert found.value.startswith("Alexanderplatz 1")
    with pytest.raises(GeocodingFailedError):
        fleet_client.geocoder.search_location(location=LatLng(lat=52.60, lng=13.60), goal="ui")


def test_search_location_needs_a_goal(fleet_mock):
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    body = http.post(
        "/geocoder/search_location",
        json={"hash": fleet_mock.session("demo"), "location": {"lat": 52.5, "lng": 13.4}},
    ).json()
    assert body["status"]["code"] == 7
    assert body["errors"][0]["parameter"] == "goal"


def test_sub_users_and_other_accounts_share_the_gazetteer(fleet_mock):
    for login, password in (("dispatcher", "demo"), ("other", "other")):
        with fleet_mock.login(login, password) as client:
            assert client.geocoder.search_address(q="Europaplatz 1")[0].lat == 52.5251


def test_an_empty_gazetteer_finds_nothing(fleet_client, fleet_mock):
    fleet_mock.world.gazetteer.clear()
    assert fleet_client.geocoder.search_address(q="Berlin") == []
    with pytest.raises(GeocodingFailedError):
        fleet_client.geocoder.search_location(location=LatLng(lat=52.52, lng=13.4), goal="ui")


@pytest.mark.anyio
async def test_geocoder_async(fleet_async_client):
    locations = await fleet_async_client.geocoder.search_address(q="torstr", with_details=False)
    assert locations == []
    (station,) = await fleet_async_client.geocoder.search_address(q="europaplatz")
    assert station.address.startswith("Europaplatz 1")
    answer = await fleet_async_client.geocoder.search_location(
        location=LatLng(lat=48.1374, lng=11.5755), goal="ui", with_details=True
    )
    assert answer.details.locality == "München"
    with pytest.raises(GeocodingFailedError):
        await fleet_async_client.geocoder.search_address(q="10.0,10.0")

"""The sharing slice at the HTTP level: multipart uploads, redirects, KML downloads, aliases,
form encoding of geo links."""

from __future__ import annotations

import json
import urllib.parse

import httpx
from mock_helpers import Api, assert_failure, assert_success

KML = b'<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>'
KML_TYPE = "application/vnd.google-earth.kml+xml"


def upload(
    api: Api,
    demo: str,
    data: dict[str, str] | None = None,
    files: dict[str, tuple[str, bytes, str]] | None = None,
) -> httpx.Response:
    return api.http.post(
        "/map_layer/upload",
        headers={"Authorization": f"NVX {demo}"},
        data={"label": "Layer", **(data or {})},
        files=files,
    )


def test_upload_and_download_a_layer(api: Api, demo: str):
    body = assert_success(upload(api, demo, files={"file": ("a.kml", KML, KML_TYPE)}))
    assert set(body) == {"success", "id"}
    response = api.post("/map_layer/read", {"id": body["id"]}, hash=demo)
    assert response.status_code == 200
    assert response.headers["content-type"] == f"{KML_TYPE}; charset=utf-8"
    assert response.content == KML


def test_the_download_works_with_get_too(api: Api, demo: str):
    response = api.http.get("/v2/map_layer/read", params={"hash": demo, "id": "1"})
    assert response.headers["content-type"].startswith(KML_TYPE)
    assert b"Delivery areas" in response.content


def test_no_file_part_is_233(api: Api, demo: str):
    before = api.document()["map_layers"]
    # A multipart body with the label only.
    assert_failure(upload(api, demo, files={"other": ("a.kml", KML, KML_TYPE)}), 233, 400)
    # An empty file part.
    assert_failure(upload(api, demo, files={"file": ("a.kml", b"", KML_TYPE)}), 233, 400)
    # The KML sent as a text field rather than a file.
    assert_failure(upload(api, demo, data={"file": KML.decode()}), 233, 400)
    # Not even multipart.
    assert_failure(api.post("/map_layer/upload", {"label": "x"}, hash=demo), 233, 400)
    assert api.document()["map_layers"] == before


def test_a_missing_label_is_7(api: Api, demo: str):
    response = api.http.post(
        "/map_layer/upload",
        headers={"Authorization": f"NVX {demo}"},
        files={"file": ("a.kml", KML, KML_TYPE)},
    )
    body = assert_failure(response, 7, 400)
    assert body["errors"][0]["parameter"] == "label"


def redirected(response: httpx.Response, target: str) -> dict[str, object]:
    assert response.status_code == 303
    location = response.headers["location"]
    base, _, query = location.partition("?")
    assert base == target
    answer = json.loads(urllib.parse.parse_qs(query)["response"][0])
    assert isinstance(answer, dict)
    return answer


def test_a_redirect_target_gets_the_answer_in_its_query(api: Api, demo: str):
    target = "https://app.example/layers/done"
    response = upload(
        api,
        demo,
        data={"redirect_target": target},
        files={"file": ("a.kml", KML, KML_TYPE)},
    )
    answer = redirected(response, target)
    assert answer["success"] is True
    assert answer["id"] in {layer["id"] for layer in api.document()["map_layers"]}
    # Failures of the upload travel the same way.
    response = upload(
        api,
        demo,
        data={"redirect_target": target},
        files={"file": ("a.png", KML, "image/png")},
    )
    assert redirected(response, target) == {
        "success": False,
        "status": {"code": 234, "description": answer_description(response)},
    }
    journal = api.http.get("/__mock__/journal").json()["list"]
    assert (journal[-1]["status"], journal[-1]["code"]) == (303, 234)


def answer_description(response: httpx.Response) -> str:
    query = urllib.parse.urlsplit(response.headers["location"]).query
    return str(json.loads(urllib.parse.parse_qs(query)["response"][0])["status"]["description"])


def test_a_redirect_target_with_a_query_keeps_it(api: Api, demo: str):
    target = "https://app.example/done?step=2"
    response = upload(
        api, demo, data={"redirect_target": target}, files={"file": ("a.kml", KML, KML_TYPE)}
    )
    location = urllib.parse.urlsplit(response.headers["location"])
    query = urllib.parse.parse_qs(location.query)
    assert query["step"] == ["2"]
    assert json.loads(query["response"][0])["success"] is True


def test_a_redirect_target_with_a_fragment_gets_the_answer_before_it(api: Api, demo: str):
    target = "https://app.example/done?step=2#layers"
    response = upload(
        api, demo, data={"redirect_target": target}, files={"file": ("a.kml", KML, KML_TYPE)}
    )
    location = urllib.parse.urlsplit(response.headers["location"])
    assert location.fragment == "layers"
    query = urllib.parse.parse_qs(location.query)
    assert query["step"] == ["2"]
    assert json.loads(query["response"][0])["success"] is True


def test_credential_and_parameter_failures_answer_json_not_a_redirect(api: Api, demo: str):
    target = "https://app.example/done"
    response = api.http.post(
        "/map_layer/upload",
        data={"redirect_target": target, "label": ""},
        files={"file": ("a.kml", KML, KML_TYPE)},
        headers={"Authorization": f"NVX {demo}"},
    )
    assert_failure(response, 7, 400)
    response = api.http.post(
        "/map_layer/upload",
        data={"redirect_target": target, "label": "x"},
        files={"file": ("a.kml", KML, KML_TYPE)},
    )
    assert_failure(response, 3, 400)


def test_the_protocol_list_answers_on_both_paths(api: Api, demo: str):
    first = assert_success(api.post("/retranslator/protocol/list", {}, hash=demo))
    second = assert_success(api.post("/retranslator/protocols/list", {}, hash=demo))
    assert first == second
    assert len(first["list"]) == 5


def test_a_geo_link_created_form_encoded(api: Api, demo: str):
    response = api.http.post(
        "/tracker/location/link/create",
        data={
            "hash": demo,
            "description": "From a form",
            "lifetime": json.dumps({"to": "2026-02-01 00:00:00"}),
            "trackers": json.dumps([{"tracker_id": 1, "params": {"object_data": ["speed"]}}]),
            "params": json.dumps({"bounding_zone_ids": [], "display_options": {}}),
        },
    )
    link_id = assert_success(response)["value"]
    value = assert_success(api.post("/tracker/location/link/read", {"id": link_id}, hash=demo))[
        "value"
    ]
    assert value["lifetime"] == {"to": "2026-02-01 00:00:00"}
    assert value["params"]["place_ids"] is None
    assert "status" not in value
    listed = assert_success(api.post("/tracker/location/link/list", {}, hash=demo))["list"]
    assert {item["id"]: item["status"] for item in listed}[link_id] == "enabled"


def test_retranslator_update_names_its_target_inside_the_object(api: Api, demo: str):
    listed = assert_success(api.post("/retranslator/list", {}, hash=demo))["list"]
    target = {**listed[0], "name": "Renamed"}
    assert_success(api.post("/retranslator/update", {"retranslator": target}, hash=demo))
    response = api.post("/retranslator/update", {"retranslator": {**target, "id": 99}}, hash=demo)
    assert_failure(response, 201, 400)
    without_id = {k: v for k, v in target.items() if k != "id"}
    body = assert_failure(
        api.post("/retranslator/update", {"retranslator": without_id}, hash=demo), 7, 400
    )
    assert body["errors"][0]["parameter"] == "retranslator.id"

"""The sans-I/O core: configuration precedence, transport security, envelopes, retries."""

from __future__ import annotations

import json
import pickle

import httpx
import pytest

from fleetapi import (
    EntityInUseError,
    FleetApiError,
    InsecureTransportError,
    OperationNotPermittedError,
    PermissionDeniedError,
    TooManyRequestsError,
    WrongRequestFormatError,
)
from fleetapi._core import build_request, read_response, resolve_config
from fleetapi._retry import Failure, RetryPolicy, answer_failure, transport_failure

HASH = "0123456789abcdef0123456789abcdef"


def test_argument_beats_environment_beats_default():
    env = {"FLEETAPI_BASE_URL": "https://env.example/v2", "FLEETAPI_API_KEY": "k" * 32}
    config = resolve_config(base_url="https://arg.example", env=env)
    assert config.base_url == "https://arg.example"
    assert config.hash == "k" * 32
    config = resolve_config(env={})
    assert config.base_url.startswith("https://")
    assert config.hash is None


def test_api_key_env_beats_session_hash_env():
    env = {"FLEETAPI_API_KEY": "a" * 32, "FLEETAPI_HASH": "b" * 32}
    assert resolve_config(env=env).hash == "a" * 32
    assert resolve_config(env={"FLEETAPI_HASH": "b" * 32}).hash == "b" * 32


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8765",
        "http://localhost/v2",
        "http://[::1]:9000",
        "https://x.org",
        "http://fleet.localhost",  # the in-process mock's address: loopback by RFC 6761
    ],
)
def test_loopback_and_https_are_allowed(url):
    assert resolve_config(base_url=url, env={}).base_url == url


def test_plain_http_to_remote_host_is_refused_unless_allowed():
    with pytest.raises(InsecureTransportError, match="plain http"):
        resolve_config(base_url="http://api.example.com", env={})
    with pytest.raises(InsecureTransportError):  # the SDK knows no host of the mock's
        resolve_config(base_url="http://fleet.mock", env={})
    config = resolve_config(base_url="http://api.example.com", allow_insecure=True, env={})
    assert config.base_url == "http://api.example.com"


def test_config_repr_masks_the_hash():
    config = resolve_config(api_key=HASH, env={})
    assert HASH not in repr(config)
    assert "****cdef" in repr(config)


@pytest.mark.parametrize(
    ("placement", "where"), [("header", "headers"), ("body", "json"), ("query", "params")]
)
def test_credential_placement(placement, where, caplog):
    config = resolve_config(api_key=HASH, credential_in=placement, env={})
    request = build_request(config, "api/key/list", {"x": 1})
    found = {
        "headers": request.headers.get("Authorization") == f"NVX {HASH}",
        "json": (request.json or {}).get("hash") == HASH,
        "params": request.params.get("hash") == HASH,
    }
    assert found == {k: k == where for k in found}
    assert ("testing only" in caplog.text) == (placement == "query")


def test_unauthenticated_request_carries_no_credential():
    config = resolve_config(api_key=HASH, env={})
    request = build_request(config, "user/auth", {"login": "a"}, authenticated=False)
    assert "Authorization" not in request.headers
    assert "hash" not in (request.json or {})


def _failure(code, description="x", **extra):
    return json.dumps(
        {"success": False, "status": {"code": code, "description": description}, **extra}
    ).encode()


def test_failure_maps_to_the_exact_class_by_code_not_http_status():
    with pytest.raises(OperationNotPermittedError) as info:
        read_response("api/key/list", 200, {}, _failure(13, "Operation not permitted"))
    error = info.value
    assert isinstance(error, PermissionDeniedError)
    assert (error.code, error.http_status, error.endpoint) == (13, 200, "api/key/list")


def test_unknown_code_keeps_the_code_on_the_base_class():
    with pytest.raises(FleetApiError) as info:
        read_response("x/y", 400, {}, _failure(9999, "Brand new failure"))
    assert type(info.value) is FleetApiError
    assert info.value.code == 9999
    assert info.value.description == "Brand new failure"


def test_validation_errors_are_kept_and_shown():
    body = _failure(7, "Invalid parameters", errors=[{"parameter": "task.to", "error": "bad"}])
    with pytest.raises(FleetApiError) as info:
        read_response("task/create", 400, {}, body)
    assert info.value.errors == [{"parameter": "task.to", "error": "bad"}]
    assert "task.to: bad" in str(info.value)


def test_the_envelopes_other_keys_are_kept_and_survive_pickling():
    entities = [{"type": "rules", "ids": [12345, 23456]}]
    with pytest.raises(EntityInUseError) as info:
        read_response("zone/delete", 400, {}, _failure(203, entities=entities))
    assert info.value.extra == {"entities": entities}
    assert info.value.entities == entities
    copy = pickle.loads(pickle.dumps(info.value))
    assert (type(copy), copy.entities, copy.endpoint) == (EntityInUseError, entities, "zone/delete")


def test_retry_after_header_is_read():
    with pytest.raises(TooManyRequestsError) as info:
        read_response("base/nothing", 429, {"retry-after": "2"}, _failure(15))
    assert info.value.retry_after == 2.0


def test_non_envelope_answer_is_a_clear_error():
    """A gateway's 5xx page is an outage (code 14); another answer without the envelope is
    malformed (code 5)."""
    from fleetapi import ServiceOutageError

    with pytest.raises(ServiceOutageError, match="HTTP 502"):
        read_response("base/nothing", 502, {}, b"<html>Bad gateway</html>")
    with pytest.raises(WrongRequestFormatError, match="HTTP 200"):
        read_response("base/nothing", 200, {}, b"<html>Portal</html>")


def test_success_returns_the_body():
    assert read_response("api/key/list", 200, {}, b'{"success": true, "list": []}') == {
        "success": True,
        "list": [],
    }


class TestRetryPolicy:
    policy = RetryPolicy(max_retries=2)

    def test_only_failures_before_the_request_left_retry_unsafe_calls(self):
        for failure in (Failure.CONNECT, Failure.CONNECT_TIMEOUT, Failure.POOL_TIMEOUT):
            assert self.policy.should_retry(1, failure, safe=False)
        assert self.policy.should_retry(1, answer_failure(429, 15), safe=False)

    def test_failures_after_the_request_left_retry_only_safe_calls(self):
        for exc in (
            httpx.ReadError("reset"),
            httpx.WriteError("reset"),
            httpx.RemoteProtocolError("closed"),
            httpx.ReadTimeout("slow"),
            httpx.WriteTimeout("slow"),
        ):
            failure = transport_failure(exc)
            assert self.policy.should_retry(1, failure, safe=True), exc
            assert not self.policy.should_retry(1, failure, safe=False), exc
        assert self.policy.should_retry(1, answer_failure(503, 14), safe=True)
        assert not self.policy.should_retry(1, answer_failure(503, 14), safe=False)

    def test_transport_errors_are_told_apart(self):
        assert transport_failure(httpx.ConnectError("x")) is Failure.CONNECT
        assert transport_failure(httpx.ConnectTimeout("x")) is Failure.CONNECT_TIMEOUT
        assert transport_failure(httpx.PoolTimeout("x")) is Failure.POOL_TIMEOUT
        assert transport_failure(httpx.ReadError("x")) is Failure.READ_ERROR
        assert transport_failure(httpx.ProxyError("x")) is Failure.PROTOCOL_ERROR
        assert transport_failure(httpx.UnsupportedProtocol("x")) is Failure.UNSUPPORTED

    def test_not_implemented_is_not_transient(self):
        assert not self.policy.should_retry(1, answer_failure(501, 6), safe=True)

    def test_client_errors_never_retry(self):
        assert not self.policy.should_retry(1, answer_failure(400, 7), safe=True)

    def test_attempts_are_bounded(self):
        assert self.policy.should_retry(2, Failure.READ_TIMEOUT, safe=True)
        assert not self.policy.should_retry(3, Failure.READ_TIMEOUT, safe=True)

    def test_backoff_grows_with_jitter_and_honours_retry_after(self):
        delays = [self.policy.delay(n) for n in (1, 2, 3, 4)]
        assert 0.25 <= delays[0] <= 0.5
        assert 1.0 <= delays[2] <= 2.0
        assert self.policy.delay(10) <= 8.0
        assert self.policy.delay(1, retry_after=3) == 3

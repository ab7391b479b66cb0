"""Profiles: the 0600 TOML file, and the precedence option > environment > profile > default."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest

from fleetapi_cli import config
from fleetapi_cli.config import ConfigError, Profile, ProfileStore, SettingError, resolve_settings

HASH = "0123456789abcdef0123456789abcdef"
OTHER = "fedcba9876543210fedcba9876543210"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_store_round_trip(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path / "fleet" / "config.toml")
    assert store.get("default") == Profile(name="default")
    profile = Profile(name="ci", base_url="https://x.example", hash=HASH, kind="api_key")
    store.save(profile)
    store.save(Profile(name="default", base_url="https://y.example"))
    assert store.get("ci") == profile
    assert store.names() == ["ci", "default"]
    assert store.exists("ci")
    assert not store.exists("nope")


def test_file_is_created_0600_whatever_the_umask(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path / "fleet" / "config.toml")
    old = os.umask(0)
    try:
        store.save(Profile(name="default", hash=HASH, kind="session"))
    finally:
        os.umask(old)
    assert mode(store.path) == 0o600
    assert mode(store.path.parent) == 0o700
    assert not [p for p in store.path.parent.iterdir() if p.name.endswith(".tmp")]


def test_file_is_opened_with_mode_0600_not_chmodded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, int]] = []
    real_open = os.open

    def spy(path: str, flags: int, mode: int = 0o777, **kwargs: object) -> int:
        calls.append((str(path), mode))
        return real_open(path, flags, mode)

    monkeypatch.setattr(config.os, "open", spy)
    monkeypatch.setattr(config.os, "chmod", lambda *a, **k: pytest.fail("chmod used"))
    ProfileStore(tmp_path / "config.toml").save(Profile(name="default", hash=HASH))
    assert calls
    assert all(m == 0o600 for _, m in calls)


def test_rewrite_tightens_a_loose_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[profiles.default]\nbase_url = "https://x.example"\n')
    path.chmod(0o644)
    ProfileStore(path).save(Profile(name="default", hash=HASH))
    assert mode(path) == 0o600
    text = path.read_text()
    assert text.startswith("# fleet command-line profiles")
    assert HASH in text


@pytest.mark.parametrize(
    "text",
    [
        "not toml [",
        'profiles = "x"',
        "[profiles.default]\nhash = 5\n",
        '[profiles.default]\nkind = "password"\n',
    ],
)
def test_bad_files_raise_config_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError):
        ProfileStore(path).get("default")


def test_config_dir_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FLEETAPI_CONFIG_DIR", str(tmp_path))
    assert config.config_dir() == tmp_path
    assert ProfileStore.default().path == tmp_path / "config.toml"
    monkeypatch.delenv("FLEETAPI_CONFIG_DIR")
    assert config.config_dir().name == "fleetapi"


@pytest.fixture
def store(tmp_path: Path) -> ProfileStore:
    store = ProfileStore(tmp_path / "config.toml")
    store.save(
        Profile(name="default", base_url="https://profile.example", hash=HASH, kind="session")
    )
    store.save(Profile(name="ci", base_url="https://ci.example", hash=OTHER, kind="api_key"))
    return store


def test_profile_values_by_default(store: ProfileStore) -> None:
    settings = resolve_settings(base_url=None, profile=None, store=store, env={})
    assert settings.profile == "default"
    assert (settings.base_url, settings.base_url_source) == ("https://profile.example", "profile")
    assert (settings.hash, settings.hash_source, settings.kind) == (HASH, "profile", "session")


def test_option_beats_environment_beats_profile(store: ProfileStore) -> None:
    env = {"FLEETAPI_BASE_URL": "https://env.example/", "FLEETAPI_PROFILE": "ci"}
    settings = resolve_settings(base_url=None, profile=None, store=store, env=env)
    assert settings.profile == "ci"
    assert (settings.base_url, settings.base_url_source) == (
        "https://env.example",
        "FLEETAPI_BASE_URL",
    )
    # The profile's credential belongs to its own base URL: another one does not get it.
    assert settings.hash is None
    assert settings.withheld == "https://ci.example"
    settings = resolve_settings(
        base_url="https://option.example", profile="default", store=store, env=env
    )
    assert settings.profile == "default"
    assert (settings.base_url, settings.base_url_source) == ("https://option.example", "--base-url")
    settings = resolve_settings(base_url="https://ci.example/", profile="ci", store=store, env={})
    assert settings.hash == OTHER  # its own base URL, given again, gets it


def test_a_credential_given_explicitly_goes_to_any_base_url(store: ProfileStore) -> None:
    env = {"FLEETAPI_API_KEY": "b" * 32}
    settings = resolve_settings(
        base_url="https://other.example", profile="ci", store=store, env=env
    )
    assert (settings.hash, settings.hash_source) == ("b" * 32, "FLEETAPI_API_KEY")


def test_an_unknown_profile_is_an_error_naming_those_that_exist(store: ProfileStore) -> None:
    with pytest.raises(SettingError, match=r"no profile 'nosuch' \(profiles: ci, default\)"):
        resolve_settings(base_url=None, profile="nosuch", store=store, env={})
    with pytest.raises(SettingError, match="no profile 'nosuch'"):
        resolve_settings(
            base_url=None, profile=None, store=store, env={"FLEETAPI_PROFILE": "nosuch"}
        )
    made = resolve_settings(base_url=None, profile="nosuch", store=store, env={}, creating=True)
    assert made.profile == "nosuch"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("127.0.0.1:18765", "has no scheme: write it whole, as in http://127.0.0.1:18765"),
        ("htp://127.0.0.1:18765", "is not an http or https URL"),
        ("http://", "is not an http or https URL"),
    ],
)
def test_a_base_url_that_is_not_a_url_is_a_setting_error(
    store: ProfileStore, url: str, message: str
) -> None:
    with pytest.raises(SettingError, match=re.escape(f"--base-url: {url!r} {message}")):
        resolve_settings(base_url=url, profile=None, store=store, env={})


def test_environment_credentials(store: ProfileStore) -> None:
    key = "a" * 32
    settings = resolve_settings(
        base_url=None, profile=None, store=store, env={"FLEETAPI_HASH": key}
    )
    assert (settings.hash, settings.hash_source, settings.kind) == (key, "FLEETAPI_HASH", "session")
    settings = resolve_settings(
        base_url=None,
        profile=None,
        store=store,
        env={"FLEETAPI_HASH": key, "FLEETAPI_API_KEY": OTHER},
    )
    assert (settings.hash, settings.hash_source, settings.kind) == (
        OTHER,
        "FLEETAPI_API_KEY",
        "api_key",
    )


def test_defaults_without_profile(tmp_path: Path) -> None:
    settings = resolve_settings(
        base_url=None, profile=None, store=ProfileStore(tmp_path / "c.toml"), env={}
    )
    assert settings.profile == "default"
    assert (settings.base_url, settings.base_url_source) == (None, "default")
    assert settings.hash is None
    assert settings.hash_source is None


def test_settings_repr_hides_the_hash(store: ProfileStore) -> None:
    settings = resolve_settings(base_url=None, profile=None, store=store, env={})
    assert HASH not in repr(settings)
    assert HASH not in repr(store.get("default"))


# --- the command line's settings, end to end ------------------------------------------------


def test_another_base_url_does_not_get_the_profile_s_credential(fake: Any, fake_profile: str):
    cli, service = fake()
    elsewhere = cli("--base-url", "http://echo.test.localhost", "ping")
    sent = service.requests[-1]
    assert sent.url.host == "echo.test.localhost"
    assert fake_profile not in sent.headers.get("authorization", "")
    assert fake_profile.encode() not in sent.content + str(sent.url).encode()
    assert elsewhere.exit_code == 0
    cli("ping")
    assert service.requests[-1].headers["authorization"] == f"NVX {fake_profile}"


def test_a_withheld_credential_says_how_to_send_one(fake: Any, fake_profile: str) -> None:
    cli, _ = fake({"success": False, "status": {"code": 3, "description": "no credential"}},
                  status=403)  # fmt: skip
    result = cli("--base-url", "http://echo.test.localhost", "ping")
    assert result.exit_code == 3
    assert result.stderr.splitlines()[1] == (
        "hint: the profile's credential belongs to http://fleet.test.localhost and is not sent "
        "to http://echo.test.localhost; log in there with: "
        "fleet --base-url http://echo.test.localhost auth login (or set FLEETAPI_API_KEY)"
    )


def test_no_credential_says_to_log_in(fake: Any) -> None:
    cli, _ = fake({"success": False, "status": {"code": 3, "description": "no credential"}},
                  status=403)  # fmt: skip
    result = cli("--base-url", "http://fleet.test.localhost", "ping")
    assert result.exit_code == 3
    assert "hint: not logged in: run fleet --base-url http://fleet.test.localhost auth login" in (
        result.stderr
    )


@pytest.mark.parametrize("url", ["127.0.0.1:18765", "htp://127.0.0.1:18765"])
def test_a_base_url_without_http_is_a_one_line_usage_error(fake: Any, url: str) -> None:
    cli, service = fake()
    result = cli("--base-url", url, "tracker", "list")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith(f"error: --base-url: {url!r}")
    assert not service.requests


def test_an_unknown_profile_is_a_usage_error_naming_the_profiles(fake: Any, fake_profile: str):
    cli, service = fake()
    result = cli("-p", "nosuch", "ping")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: no profile 'nosuch' (profiles: default); create it with: "
        "fleet --profile nosuch auth login\n"
    )
    assert not service.requests


def test_plain_http_elsewhere_needs_the_cli_s_own_flag(fake: Any) -> None:
    cli, service = fake()
    env = {"FLEETAPI_API_KEY": "c" * 32}
    refused = cli("--base-url", "http://fleet.example", "ping", env=env)
    assert refused.exit_code == 2
    assert refused.stderr == (
        "error: refusing to send credentials over plain http to fleet.example: use https, "
        "or pass --allow-insecure for a trusted network\n"
    )
    assert not service.requests
    allowed = cli("--allow-insecure", "--base-url", "http://fleet.example", "ping", env=env)
    assert allowed.exit_code == 0
    assert service.requests[-1].headers["authorization"] == "NVX " + "c" * 32


def test_profile_use_chooses_the_profile_in_use(fake: Any, fake_profile: str) -> None:
    cli, service = fake()
    store = ProfileStore.default()
    store.save(Profile(name="ci", base_url="http://ci.test.localhost", hash="d" * 32))
    listed = cli("profile", "list", "-o", "json")
    assert [(p["name"], p["in_use"]) for p in json.loads(listed.stdout)] == [
        ("ci", False),
        ("default", True),
    ]
    assert cli("profile", "use", "ci").exit_code == 0
    cli("ping")
    assert service.requests[-1].url.host == "ci.test.localhost"
    assert service.requests[-1].headers["authorization"] == "NVX " + "d" * 32
    cli("-p", "default", "ping")  # --profile still wins
    assert service.requests[-1].headers["authorization"] == f"NVX {fake_profile}"
    refused = cli("profile", "use", "nosuch")
    assert refused.exit_code == 2
    assert refused.stderr == "error: no profile 'nosuch' (profiles: ci, default)\n"
    assert store.chosen() == "ci"

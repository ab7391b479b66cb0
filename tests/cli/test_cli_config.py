"""Profiles: the 0600 TOML file, and the precedence option > environment > profile > default."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from fleetapi_cli import config
from fleetapi_cli.config import ConfigError, Profile, ProfileStore, resolve_settings

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
    assert settings.hash == OTHER
    settings = resolve_settings(
        base_url="https://option.example", profile="default", store=store, env=env
    )
    assert settings.profile == "default"
    assert (settings.base_url, settings.base_url_source) == ("https://option.example", "--base-url")


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
        base_url=None, profile="missing", store=ProfileStore(tmp_path / "c.toml"), env={}
    )
    assert settings.profile == "missing"
    assert (settings.base_url, settings.base_url_source) == (None, "default")
    assert settings.hash is None
    assert settings.hash_source is None


def test_settings_repr_hides_the_hash(store: ProfileStore) -> None:
    settings = resolve_settings(base_url=None, profile=None, store=store, env={})
    assert HASH not in repr(settings)
    assert HASH not in repr(store.get("default"))

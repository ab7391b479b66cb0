"""``fleet profile show``, ``delete`` and ``rename``: the credential stays masked, a delete
asks first, ``default_profile`` follows a rename and goes with a delete, and every write keeps
the profile file at mode 0600."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from conftest import Cli
from fleetapi_cli.config import Profile, ProfileStore, SettingError

KEY = "fedcba9876543210fedcba98765432b0"


def mode(store: ProfileStore) -> int:
    return stat.S_IMODE(store.path.stat().st_mode)


@pytest.fixture
def store(session: str) -> ProfileStore:
    """The profile file: ``default`` (the demo user's session on the mock) and ``ci`` (an
    API key for another service)."""
    store = ProfileStore.default()
    store.save(Profile(name="ci", base_url="https://ci.example", hash=KEY, kind="api_key"))
    return store


def test_show_masks_the_credential(cli: Cli, session: str, store: ProfileStore) -> None:
    result = cli("profile", "show", "-o", "json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown == {
        "name": "default",
        "in_use": True,
        "base_url": store.get("default").base_url,
        "credential": "session",
        "login": "demo",
        "hash": "****" + session[-4:],
    }
    for fmt in ("table", "tsv", "jsonl"):
        result = cli("profile", "show", "-o", fmt)
        assert result.exit_code == 0, result.output
        assert session not in result.output
        assert "****" + session[-4:] in result.stdout


def test_show_names_any_stored_profile(cli: Cli, store: ProfileStore) -> None:
    result = cli("profile", "show", "ci", "-o", "json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert (shown["name"], shown["in_use"], shown["credential"]) == ("ci", False, "api_key")
    assert shown["hash"] == "****32b0"
    assert KEY not in result.output
    cli("profile", "use", "ci")
    assert json.loads(cli("profile", "show", "-o", "json").stdout)["name"] == "ci"


def test_show_of_an_unknown_profile_is_a_usage_error_listing_the_profiles(
    cli: Cli, store: ProfileStore
) -> None:
    result = cli("profile", "show", "nosuch")
    assert result.exit_code == 2
    assert result.stderr == "error: no profile 'nosuch' (profiles: ci, default)\n"
    assert result.stdout == ""


def test_delete_off_a_terminal_needs_yes(cli: Cli, store: ProfileStore) -> None:
    before = store.path.read_bytes()
    result = cli("profile", "delete", "ci")
    assert result.exit_code == 2
    assert "Refusing to delete without --yes" in result.stderr
    assert store.path.read_bytes() == before


def test_delete_removes_the_profile_and_the_default_profile_naming_it(
    cli: Cli, store: ProfileStore
) -> None:
    assert cli("profile", "use", "ci").exit_code == 0
    result = cli("profile", "delete", "ci", "--yes")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("Deleted profile 'ci'.\nIt was the one in use")
    assert store.names() == ["default"]
    assert store.chosen() is None
    assert "default_profile" not in store.path.read_text()
    assert KEY not in store.path.read_text()
    assert mode(store) == 0o600
    assert cli("tracker", "list").exit_code == 0  # back to "default"


def test_delete_keeps_a_default_profile_naming_another(cli: Cli, store: ProfileStore) -> None:
    cli("profile", "use", "default")
    result = cli("profile", "delete", "ci", "-y")
    assert result.exit_code == 0, result.output
    assert result.stderr == "Deleted profile 'ci'.\n"
    assert store.chosen() == "default"
    assert mode(store) == 0o600


def test_delete_of_an_unknown_profile_changes_nothing(cli: Cli, store: ProfileStore) -> None:
    before = store.path.read_bytes()
    for yes in (["--yes"], []):  # told before being asked
        result = cli("profile", "delete", "nosuch", *yes)
        assert result.exit_code == 2
        assert result.stderr == "error: no profile 'nosuch' (profiles: ci, default)\n"
    assert store.path.read_bytes() == before


def test_rename_keeps_the_credential(cli: Cli, session: str, store: ProfileStore) -> None:
    result = cli("profile", "rename", "default", "new")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert result.stderr == (
        "Renamed profile 'default' to 'new'.\n"
        "No profile is called 'default' now; to use this one by default: fleet profile use new\n"
    )
    assert store.names() == ["ci", "new"]
    assert store.get("new").hash == session
    assert mode(store) == 0o600
    assert cli("--profile", "new", "tracker", "list").exit_code == 0


def test_a_default_profile_follows_the_rename(cli: Cli, store: ProfileStore) -> None:
    cli("profile", "use", "default")
    result = cli("profile", "rename", "default", "demo.main_2-b")
    assert result.exit_code == 0, result.output
    assert store.chosen() == "demo.main_2-b"
    shown = json.loads(cli("profile", "show", "-o", "json").stdout)
    assert (shown["name"], shown["in_use"]) == ("demo.main_2-b", True)
    assert cli("tracker", "list").exit_code == 0  # no --profile: the renamed one, still working


def test_a_default_profile_naming_another_stays(cli: Cli, store: ProfileStore) -> None:
    cli("profile", "use", "default")
    assert cli("profile", "rename", "ci", "staging").exit_code == 0
    assert store.chosen() == "default"


def test_rename_onto_a_stored_profile_changes_nothing(cli: Cli, store: ProfileStore) -> None:
    before = store.path.read_bytes()
    result = cli("profile", "rename", "ci", "default")
    assert result.exit_code == 2
    assert result.stderr == "error: profile 'default' exists already (profiles: ci, default)\n"
    assert store.path.read_bytes() == before


def test_rename_of_an_unknown_profile_changes_nothing(cli: Cli, store: ProfileStore) -> None:
    before = store.path.read_bytes()
    result = cli("profile", "rename", "nosuch", "other")
    assert result.exit_code == 2
    assert result.stderr == "error: no profile 'nosuch' (profiles: ci, default)\n"
    assert store.path.read_bytes() == before


@pytest.mark.parametrize("name", ["", "two words", "a/b", "x=y", "prod\u00e9", "[ci]"])
def test_rename_to_an_invalid_name_changes_nothing(
    cli: Cli, store: ProfileStore, name: str
) -> None:
    before = store.path.read_bytes()
    result = cli("profile", "rename", "ci", name)
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {name!r} is not a valid profile name: use letters, digits, '-', '_' and '.'\n"
    )
    assert store.path.read_bytes() == before


def test_store_delete_and_rename(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path / "config.toml")
    store.save(Profile(name="a", hash=KEY, kind="api_key"))
    store.save(Profile(name="b"))
    store.choose("a")
    assert store.rename("a", "c") is True
    assert (store.names(), store.chosen()) == (["b", "c"], "c")
    assert store.get("c") == Profile(name="c", hash=KEY, kind="api_key")
    assert store.rename("b", "d") is False
    assert store.chosen() == "c"
    assert store.delete("d") is False
    assert store.delete("c") is True
    assert (store.names(), store.chosen()) == ([], None)
    with pytest.raises(SettingError, match=r"no profile 'c' \(profiles: none yet\)"):
        store.delete("c")
    with pytest.raises(SettingError, match=r"no profile 'c'"):
        store.rename("c", "e")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]

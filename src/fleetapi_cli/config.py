"""Profiles: named base URLs and credentials, kept in a TOML file of mode 0600.

The file lives in the user's configuration directory (``platformdirs.user_config_dir("fleetapi")``,
or ``FLEETAPI_CONFIG_DIR`` when set) and looks like this::

    [profiles.default]
    base_url = "https://api.fleet.example/v2"
    hash = "0123456789abcdef0123456789abcdef"
    kind = "session"
    login = "demo"

Settings resolve in this order: command-line option, environment variable, profile, default.
This module imports only the standard library at import time.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import sys
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from fleetapi._types import CredentialKind

__all__ = [
    "API_KEY_ENV",
    "BASE_URL_ENV",
    "CONFIG_DIR_ENV",
    "DEFAULT_PROFILE",
    "HASH_ENV",
    "PROFILE_ENV",
    "ConfigError",
    "CredentialKind",
    "Profile",
    "ProfileStore",
    "SettingError",
    "Settings",
    "config_dir",
    "resolve_settings",
]

CONFIG_DIR_ENV = "FLEETAPI_CONFIG_DIR"
PROFILE_ENV = "FLEETAPI_PROFILE"
BASE_URL_ENV = "FLEETAPI_BASE_URL"
API_KEY_ENV = "FLEETAPI_API_KEY"
HASH_ENV = "FLEETAPI_HASH"
DEFAULT_PROFILE = "default"
CONFIG_FILE_NAME = "config.toml"

_KINDS: tuple[str, ...] = get_args(CredentialKind)
_PROFILE_NAME = re.compile(r"[A-Za-z0-9._-]+")
_HEADER = "# fleet command-line profiles. Holds credentials: keep this file private (mode 0600).\n"


class ConfigError(Exception):
    """The profile file cannot be read or written."""


class SettingError(ConfigError):
    """A setting cannot be used as given (a profile that does not exist, a base URL that is
    not an http or https URL): a usage error, reported in one line."""


def base_url_problem(url: str) -> str | None:
    """What is wrong with ``url`` as a base URL, or ``None``: it needs ``http://`` or
    ``https://`` and a host."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme in ("http", "https") and parts.netloc:
        return None
    if "://" not in url:
        return f"{url!r} has no scheme: write it whole, as in http://{url.lstrip('/')}"
    return f"{url!r} is not an http or https URL"


def profile_name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as the new name of a profile, or ``None``: it needs one or
    more ASCII letters, digits, ``-``, ``_`` or ``.``."""
    if _PROFILE_NAME.fullmatch(name):
        return None
    return f"{name!r} is not a valid profile name: use letters, digits, '-', '_' and '.'"


@dataclass(frozen=True)
class Profile:
    """One named profile: where to connect and with which credential."""

    name: str
    base_url: str | None = None
    hash: str | None = field(default=None, repr=False)
    """A session hash or an API key; never shown in reprs."""
    kind: CredentialKind | None = None
    """What ``hash`` is: ``session`` (from ``fleet auth login``) or ``api_key``."""
    login: str | None = None
    """The login the session was opened with, for display."""

    def to_toml(self) -> dict[str, str]:
        """The table written for this profile (unset values are left out)."""
        values = {
            "base_url": self.base_url,
            "hash": self.hash,
            "kind": self.kind,
            "login": self.login,
        }
        return {k: v for k, v in values.items() if v is not None}

    @classmethod
    def from_toml(cls, name: str, table: Mapping[str, Any]) -> Profile:
        """Read a profile table, ignoring keys it does not know.

        Raises:
            ConfigError: a value has the wrong type.
        """
        values: dict[str, str | None] = {}
        for key in ("base_url", "hash", "kind", "login"):
            value = table.get(key)
            if value is not None and not isinstance(value, str):
                raise ConfigError(f"profile {name!r}: {key} must be a string")
            values[key] = value or None
        kind = values["kind"]
        if kind is not None and kind not in _KINDS:
            raise ConfigError(f"profile {name!r}: kind must be one of {', '.join(_KINDS)}")
        return cls(
            name=name,
            base_url=values["base_url"],
            hash=values["hash"],
            kind=kind,  # type: ignore[arg-type]
            login=values["login"],
        )


def config_dir(env: Mapping[str, str] | None = None) -> Path:
    """The directory holding the profile file (``FLEETAPI_CONFIG_DIR`` overrides it)."""
    env = os.environ if env is None else env
    override = env.get(CONFIG_DIR_ENV)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir("fleetapi"))


def _load_toml(data: bytes) -> dict[str, Any]:
    # tomllib from Python 3.11, its backport tomli before.
    toml = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")
    doc: dict[str, Any] = toml.loads(data.decode("utf-8"))
    return doc


class ProfileStore:
    """Reads and writes the profile file.

    Writes replace the file atomically with a new one created with mode 0600, so that the
    credential is never readable by others, not even for a moment.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def default(cls, env: Mapping[str, str] | None = None) -> ProfileStore:
        """The store of the user's configuration directory."""
        return cls(config_dir(env) / CONFIG_FILE_NAME)

    def read(self) -> dict[str, Any]:
        """The whole document (empty when the file does not exist).

        Raises:
            ConfigError: the file is not valid TOML or not shaped like a profile file.
        """
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise ConfigError(f"cannot read {self.path}: {exc.strerror}") from None
        try:
            doc = _load_toml(data)
        except ValueError as exc:  # tomllib.TOMLDecodeError and UnicodeDecodeError
            raise ConfigError(f"{self.path} is not valid TOML: {exc}") from None
        profiles = doc.get("profiles", {})
        if not isinstance(profiles, dict) or not all(
            isinstance(v, dict) for v in profiles.values()
        ):
            raise ConfigError(f"{self.path}: [profiles.<name>] tables expected")
        return doc

    def names(self) -> list[str]:
        """The names of the stored profiles."""
        return sorted(self.read().get("profiles", {}))

    def get(self, name: str) -> Profile:
        """The profile ``name``; an empty one when it is not stored."""
        table = self.read().get("profiles", {}).get(name)
        return Profile.from_toml(name, table) if table else Profile(name=name)

    def exists(self, name: str) -> bool:
        """Whether a profile called ``name`` is stored."""
        return name in self.read().get("profiles", {})

    def chosen(self) -> str | None:
        """The profile ``fleet profile use`` chose, if any (``default_profile`` in the file)."""
        value = self.read().get("default_profile")
        return value if isinstance(value, str) and value else None

    def choose(self, name: str) -> None:
        """Make ``name`` (a stored profile) the one used when none is named.

        Raises:
            SettingError: no profile ``name`` is stored.
        """
        doc = self.read()
        if name not in doc.get("profiles", {}):
            raise _unknown(name, doc)
        self._write({**doc, "default_profile": name})

    def require(self, name: str) -> Profile:
        """The stored profile ``name``.

        Raises:
            SettingError: no profile ``name`` is stored.
        """
        doc = self.read()
        table = doc.get("profiles", {}).get(name)
        if table is None:
            raise _unknown(name, doc)
        return Profile.from_toml(name, table)

    def delete(self, name: str) -> bool:
        """Remove profile ``name``, credential included, and ``default_profile`` if it names it.

        Returns:
            Whether ``default_profile`` named it (and was removed with it).

        Raises:
            SettingError: no profile ``name`` is stored.
        """
        doc = dict(self.read())
        profiles = doc.get("profiles", {})
        if name not in profiles:
            raise _unknown(name, doc)
        doc["profiles"] = {key: table for key, table in profiles.items() if key != name}
        chosen = doc.get("default_profile") == name
        if chosen:
            del doc["default_profile"]
        self._write(doc)
        return chosen

    def rename(self, old: str, new: str) -> bool:
        """Store profile ``old``, credential included, as ``new``; a ``default_profile`` naming
        ``old`` names ``new`` then.

        Returns:
            Whether ``default_profile`` named ``old`` (and now names ``new``).

        Raises:
            SettingError: no profile ``old`` is stored, ``new`` is not a valid name (see
                :func:`profile_name_problem`), or a profile ``new`` is stored already.
        """
        doc = dict(self.read())
        profiles = doc.get("profiles", {})
        if old not in profiles:
            raise _unknown(old, doc)
        problem = profile_name_problem(new)
        if problem:
            raise SettingError(problem)
        if new in profiles:
            raise SettingError(f"profile {new!r} exists already (profiles: {_known(doc)})")
        doc["profiles"] = {(new if key == old else key): table for key, table in profiles.items()}
        chosen = doc.get("default_profile") == old
        if chosen:
            doc["default_profile"] = new
        self._write(doc)
        return chosen

    def save(self, profile: Profile) -> None:
        """Store ``profile``, replacing the one of the same name."""
        doc = self.read()
        profiles = doc.setdefault("profiles", {})
        profiles[profile.name] = profile.to_toml()
        self._write(doc)

    def _write(self, doc: Mapping[str, Any]) -> None:
        import tomli_w

        data = (_HEADER + tomli_w.dumps(doc)).encode("utf-8")
        directory = self.path.parent
        try:
            directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            temporary = directory / f".{self.path.name}.{os.urandom(6).hex()}.tmp"
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            fd = os.open(temporary, flags, 0o600)
            try:
                with os.fdopen(fd, "wb") as file:
                    file.write(data)
                    file.flush()
                    os.fsync(file.fileno())
                os.replace(temporary, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
        except OSError as exc:
            raise ConfigError(f"cannot write {self.path}: {exc.strerror}") from None


def _known(doc: Mapping[str, Any]) -> str:
    """The names of the profiles of ``doc``, for an error message."""
    return ", ".join(sorted(doc.get("profiles", {}))) or "none yet"


def _unknown(name: str, doc: Mapping[str, Any]) -> SettingError:
    """The error for a profile ``name`` that ``doc`` does not hold, naming those it holds."""
    return SettingError(f"no profile {name!r} (profiles: {_known(doc)})")


@dataclass(frozen=True)
class Settings:
    """What a command connects to and with, and where each value came from."""

    profile: str
    base_url: str | None
    """``None`` leaves the SDK's default."""
    base_url_source: str
    """``--base-url``, ``FLEETAPI_BASE_URL``, ``profile`` or ``default``."""
    hash: str | None = field(repr=False)
    hash_source: str | None
    """``FLEETAPI_API_KEY``, ``FLEETAPI_HASH``, ``profile`` or ``None`` (no credential)."""
    kind: CredentialKind | None
    login: str | None = None
    withheld: str | None = None
    """The base URL the profile's credential belongs to, when it was not sent because the
    base URL in use is another (``--base-url`` or ``FLEETAPI_BASE_URL``)."""


def resolve_settings(
    *,
    base_url: str | None,
    profile: str | None,
    store: ProfileStore,
    env: Mapping[str, str] | None = None,
    creating: bool = False,
) -> Settings:
    """Resolve the profile name, base URL and credential: option, environment, profile, default.

    The profile is ``profile`` (``--profile``), else ``FLEETAPI_PROFILE``, else the one
    ``fleet profile use`` chose, else ``default``; one named must exist unless ``creating``
    (``fleet auth login`` makes it). The credential is ``FLEETAPI_API_KEY``, else
    ``FLEETAPI_HASH``, else the profile's, which is sent only to the base URL it was stored
    with: another base URL gets a credential only when one is given explicitly.

    Raises:
        SettingError: the profile named does not exist; the base URL is not an http(s) URL.
    """
    env = os.environ if env is None else env
    named = profile or env.get(PROFILE_ENV)
    name = named or store.chosen() or DEFAULT_PROFILE
    if named and not creating and not store.exists(name):
        known = ", ".join(store.names()) or "none yet"
        raise SettingError(
            f"no profile {name!r} (profiles: {known}); create it with: "
            f"fleet --profile {name} auth login"
        )
    stored = store.get(name)

    url: str | None
    if base_url:
        url, url_source = base_url, "--base-url"
    elif env.get(BASE_URL_ENV):
        url, url_source = env[BASE_URL_ENV], BASE_URL_ENV
    elif stored.base_url:
        url, url_source = stored.base_url, "profile"
    else:
        url, url_source = None, "default"
    problem = base_url_problem(url) if url else None
    if problem:
        where = "profile " + repr(name) if url_source == "profile" else url_source
        raise SettingError(f"{where}: {problem}")
    url = url.rstrip("/") if url else None

    kind: CredentialKind | None
    if env.get(API_KEY_ENV):
        secret, secret_source, kind = env[API_KEY_ENV], API_KEY_ENV, "api_key"
    elif env.get(HASH_ENV):
        secret, secret_source, kind = env[HASH_ENV], HASH_ENV, "session"
    elif stored.hash and _same_url(url, stored.base_url):
        secret, secret_source, kind = stored.hash, "profile", stored.kind
    else:
        secret, secret_source, kind = None, None, None
    withheld = None
    if stored.hash and secret is None:
        withheld = stored.base_url or "the default base URL"

    return Settings(
        profile=name,
        base_url=url,
        base_url_source=url_source,
        hash=secret,
        hash_source=secret_source,
        kind=kind,
        login=stored.login if stored.hash and secret == stored.hash else None,
        withheld=withheld,
    )


def _same_url(url: str | None, stored: str | None) -> bool:
    """Whether the base URL in use is the one a profile's credential was stored with (``None``
    stands for the default base URL)."""
    if url is None or stored is None:
        return url is None and stored is None
    return url.rstrip("/").lower() == stored.rstrip("/").lower()

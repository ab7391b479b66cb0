"""mkdocs hook: pages that derive from the call table and the error table.

A page holding ``<!-- fleetapi:calls -->`` gets every call of the table; one holding
``<!-- fleetapi:errors -->`` gets the error codes with their classes, HTTP statuses and exit codes.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import attrs

from fleetapi._converter import wire_name
from fleetapi._endpoint import Access, Endpoint
from fleetapi._errors import CODES, FleetApiError
from fleetapi._rules import rules_of
from fleetapi.endpoints import ENDPOINTS

ACCESS_TEXT = {
    Access.NONE: "no credential",
    Access.SESSION: "master user, standard session only (API keys get 4)",
    Access.USER: "session hash or API key",
    Access.DELIVERY: "user credential or DELIVERY session",
    Access.ROOT: "ROOT only",
}


MOCK_MISSING = "not implemented yet (answers code 6, HTTP 501)"


def _unimplemented() -> set[str]:
    try:
        from fleetapi_mock.handlers import unimplemented_paths
    except ImportError:
        return {e.path for e in ENDPOINTS}
    return set(unimplemented_paths())


def _params_table(endpoint: Endpoint) -> list[str]:
    fields = attrs.fields(endpoint.params)
    if not fields:
        return ["Body: the credential only."]
    rows = ["| Parameter | Type | Required | Limits |", "|---|---|---|---|"]
    for a in fields:
        required = "yes" if a.default is attrs.NOTHING else "no"
        kind = str(a.type).replace("|", "\\|")
        limits = rules_of(a)
        text = limits.describe() if limits else ""
        rows.append(f"| `{wire_name(a.name)}` | `{kind}` | {required} | {text} |")
    return rows


def _call_section(endpoint: Endpoint, missing: set[str]) -> list[str]:
    group, command = endpoint.cli_name
    args = ", ".join(
        f"{a.name}=..." for a in attrs.fields(endpoint.params) if a.default is attrs.NOTHING
    )
    lines = [
        f"### `{endpoint.path}`",
        "",
        endpoint.summary,
        "",
        f"- **SDK**: `client.{endpoint.resource}.{endpoint.method}({args})`"
        + (" and `.iterate(...)` across pages" if endpoint.paging else "")
        + (
            f"; `client.{endpoint.resource}.{endpoint.file_variant.method}"
            f"({endpoint.file_variant.switch}=...)` answers the file"
            if endpoint.file_variant
            else ""
        ),
        f"- **CLI**: `fleet {group} {command}`",
        f"- **Mock**: {MOCK_MISSING if endpoint.path in missing else 'implemented'}",
        f"- **Access**: {ACCESS_TEXT[endpoint.access]}"
        + (f"; sub-users need `{endpoint.right}`" if endpoint.right else "")
        + ("; master users only" if endpoint.master_only else ""),
        f"- **Retried after a timeout**: {'yes (safe to repeat)' if endpoint.safe else 'no'}",
    ]
    if endpoint.errors:
        named = ", ".join(
            f"{c} `{CODES[c].__name__}`" if c in CODES else str(c) for c in endpoint.errors
        )
        lines.append(f"- **Errors**: {named}")
    if endpoint.aliases:
        lines.append(f"- **Also answered on**: {', '.join(f'`{a}`' for a in endpoint.aliases)}")
    if endpoint.origin == "notes":
        lines.append("- **Source**: the real service (not among the specification's 68 calls)")
    lines.append("")
    lines += _params_table(endpoint)
    if endpoint.notes:
        lines += ["", f"!!! note\n    {endpoint.notes}"]
    return [*lines, ""]


def calls_markdown() -> str:
    missing = _unimplemented()
    by_group: dict[str, list[Endpoint]] = defaultdict(list)
    for endpoint in ENDPOINTS:
        by_group[endpoint.group].append(endpoint)
    out: list[str] = []
    for group, endpoints in by_group.items():
        out += [f"## {group}", ""]
        for endpoint in endpoints:
            out += _call_section(endpoint, missing)
    return "\n".join(out)


def errors_markdown() -> str:
    rows = [
        "| Code | Class | Family | HTTP status | CLI exit code | Meaning |",
        "|---|---|---|---|---|---|",
    ]
    for code, cls in sorted(CODES.items()):
        family = next(b for b in cls.__mro__[1:] if b.__module__ == cls.__module__)
        family_name = family.__name__ if family is not FleetApiError else "-"
        rows.append(
            f"| {code} | `{cls.__name__}` | `{family_name}` | {cls.http_status} | "
            f"{cls.exit_code} | {cls.description} |"
        )
    return "\n".join(rows)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Fill the generated parts of a page."""
    if "<!-- fleetapi:calls -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:calls -->", calls_markdown())
    if "<!-- fleetapi:errors -->" in markdown:
        markdown = markdown.replace("<!-- fleetapi:errors -->", errors_markdown())
    return markdown

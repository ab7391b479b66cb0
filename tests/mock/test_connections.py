"""The connection limits of a served mock, below the network: descriptors and the accept log."""

from __future__ import annotations

import asyncio
import logging

import pytest

from fleetapi_mock.web import connections
from fleetapi_mock.web.connections import fitting_connections, quiet_accept_errors


def test_connections_fit_under_the_descriptor_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under 1,024 descriptors the cap leaves room for accepted batches and files."""
    limits = {"now": (1024, 1024)}
    monkeypatch.setattr(connections.resource, "getrlimit", lambda _: limits["now"])
    monkeypatch.setattr(connections.resource, "setrlimit", lambda _, v: limits.update(now=v))
    fitted = fitting_connections(4096)
    assert fitted == 1024 - connections.RESERVED_DESCRIPTORS
    assert fitted + 2 * connections.BACKLOG < 1024
    limits["now"] = (1024, 65536)  # a low soft limit is raised to the hard one
    assert fitting_connections(4096) == 4096
    assert limits["now"] == (65536, 65536)


def test_running_out_of_descriptors_logs_one_line_a_minute(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A storm of failed accepts is one warning, not a traceback each; other errors pass on."""
    loop = asyncio.new_event_loop()
    try:
        quiet_accept_errors(loop)
        failure = {"message": "socket.accept() out of system resource", "exception": OSError(24)}
        with caplog.at_level(logging.WARNING):
            for _ in range(1000):
                loop.call_exception_handler(failure)
            loop.call_exception_handler({"message": "something else"})
    finally:
        loop.close()
    accept_lines = [r for r in caplog.records if "cannot accept" in r.getMessage()]
    assert len(accept_lines) == 1
    assert "--max-connections" in accept_lines[0].getMessage()
    assert any("something else" in r.getMessage() for r in caplog.records)


def test_a_stack_part_that_is_not_installed_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--loop uvloop`` without uvloop says what to install; ``auto`` falls back to asyncio's
    loop and h11 without the C parts."""
    from fleetapi_mock.state.limits import DEFAULT_LIMITS
    from fleetapi_mock.web import stack

    monkeypatch.setattr(stack.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(stack.StackError, match="pip install 'uvloop'"):
        stack.served_with(DEFAULT_LIMITS, loop="uvloop")
    with pytest.raises(stack.StackError, match="--http must be one of"):
        stack.served_with(DEFAULT_LIMITS, http="h2")
    monkeypatch.setitem(__import__("sys").modules, "fleetapi_mock.web.httptools_connection", None)
    served = stack.served_with(DEFAULT_LIMITS)
    assert served["loop"] == "auto"
    assert served["http"].__mro__[1].__name__ == "_H11Connection"

"""A world's journal: what it keeps and what it costs."""

from __future__ import annotations

import datetime as dt

from fleetapi_mock.web.journal import Journal, JournalEntry


def test_the_journal_counts_the_bytes_it_keeps() -> None:
    """``GET /__mock__/worlds`` shows them: the oldest entry's go when it does."""

    def entry(fields: bytes | None) -> JournalEntry:
        at = dt.datetime(2026, 1, 1)
        return JournalEntry(time=at, method="POST", path="/x", call="x", status=200, code=0,
                            fields_json=fields)  # fmt: skip

    journal = Journal(size=2)
    journal.append(entry(b'{"a":1}'))
    journal.append(entry(None))  # a body the journal did not keep
    assert journal.bytes == 7
    journal.append(entry(b"{}"))  # the first goes
    assert journal.bytes == 2
    journal.clear()
    assert journal.bytes == 0

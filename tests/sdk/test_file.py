"""``file/stats/read``: what the account's file storage holds, against its quota."""

from __future__ import annotations

from fleetapi_mock import FleetMock

PHOTO = ("photo.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 92, "image/png")


def test_the_stats_count_the_accounts_files_and_their_bytes() -> None:
    mock = FleetMock()
    with mock.login("demo", "demo") as master:
        before = master.file.stats.read()
        assert before.quota == 100 * 1024 * 1024
        reserved = master.checkin.image.create(size=1000, filename="a.png")
        during = master.file.stats.read()
        assert (during.file_count, during.total_size) == (
            before.file_count + 1, before.total_size + 1000
        )  # fmt: skip
        master.upload_file(reserved, PHOTO)
        after = master.file.stats.read()
        assert (after.file_count, after.total_size) == (
            before.file_count + 1,
            before.total_size + 100,
        )
    with mock.login("other", "other") as stranger:
        assert stranger.file.stats.read().file_count == 0

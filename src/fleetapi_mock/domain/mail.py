"""The sent box: e-mail the service would send (feedback to a dealer, activation links,
second-factor codes, password-restore links, service tasks due, scheduled reports with their
files), kept in ``world.mails`` and never sent.

A test reads it as a user reads their mailbox: ``GET /__mock__/mail`` (``mock.control.mail()``)
lists what was sent, with the ``values`` a program needs (a ``code``, a ``hash``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Final

from fleetapi._converter import format_duration
from fleetapi._errors import TimeoutNotReachedError
from fleetapi_mock.state.records import MailAttachment, MailKind, MailRecord, UserRecord
from fleetapi_mock.state.world import World

__all__ = ["MAX_MAILS", "RESEND_AFTER", "refuse_resend_before", "send_mail"]

MAX_MAILS = 1000
"""The most e-mails a world keeps: the oldest go first."""

RESEND_AFTER: Final = dt.timedelta(minutes=5)
"""How long a user waits before the same e-mail goes out again (an activation link, a
second-factor code)."""


def refuse_resend_before(last_sent: dt.datetime | None, now: dt.datetime, what: str) -> None:
    """Raise 264 when ``what`` went out less than :data:`RESEND_AFTER` ago.

    The failure tells the ``timeout`` and the ``remainder`` as ISO 8601 durations.
    """
    if last_sent is None or now - last_sent >= RESEND_AFTER:
        return
    raise TimeoutNotReachedError(
        f"{what} went out less than 5 minutes ago",
        extra={
            "timeout": format_duration(RESEND_AFTER),
            "remainder": format_duration(RESEND_AFTER - (now - last_sent)),
        },
    )


def send_mail(
    world: World,
    user: UserRecord,
    *,
    to: str,
    kind: MailKind,
    subject: str,
    text: str,
    values: Mapping[str, str] | None = None,
    attachments: Sequence[MailAttachment] = (),
    sent: dt.datetime | None = None,
) -> MailRecord:
    """Put an e-mail about ``user`` in the sent box and return it; ``sent`` is when it went
    (default now: a firing the world makes late gives its own time)."""
    mail = MailRecord(
        id=world.ids.next("mails"),
        user_id=user.id,
        to=to,
        kind=kind,
        subject=subject,
        text=text,
        sent=(world.now() if sent is None else sent).replace(microsecond=0),
        values=dict(values or {}),
        attachments=list(attachments),
    )
    world.mails[mail.id] = mail
    while len(world.mails) > MAX_MAILS:
        del world.mails[next(iter(world.mails))]
    return mail

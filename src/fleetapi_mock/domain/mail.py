"""The sent box: e-mail the service would send (feedback to a dealer, activation links,
second-factor codes, password-restore links), kept in ``world.mails`` and never sent.

A test reads it as a user reads their mailbox: ``GET /__mock__/mail`` (``mock.control.mail()``)
lists what was sent, with the ``values`` a program needs (a ``code``, a ``hash``).
"""

from __future__ import annotations

from collections.abc import Mapping

from fleetapi_mock.state.records import MailKind, MailRecord, UserRecord
from fleetapi_mock.state.world import World

__all__ = ["MAX_MAILS", "send_mail"]

MAX_MAILS = 1000
"""The most e-mails a world keeps: the oldest go first."""


def send_mail(
    world: World,
    user: UserRecord,
    *,
    to: str,
    kind: MailKind,
    subject: str,
    text: str,
    values: Mapping[str, str] | None = None,
) -> MailRecord:
    """Put an e-mail about ``user`` in the sent box and return it."""
    mail = MailRecord(
        id=world.ids.next("mails"),
        user_id=user.id,
        to=to,
        kind=kind,
        subject=subject,
        text=text,
        sent=world.now().replace(microsecond=0),
        values=dict(values or {}),
    )
    world.mails[mail.id] = mail
    while len(world.mails) > MAX_MAILS:
        del world.mails[next(iter(world.mails))]
    return mail

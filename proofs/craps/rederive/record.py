"""What a bundle's manifest records of craps in one run (``runs[i].craps``), read strictly
(the registry's ``run_record``): the hash of the engine's answers, how many questions the run
had and how many the engine was asked, and the log of its channel when recorded."""

from __future__ import annotations

from typing import Any

from casino_proofs.audit.manifest_fields import read_channel, read_count, read_object, read_string
from casino_proofs.protocol.channel_log import ChannelLog


def run_record(raw: Any, where: str) -> tuple[dict[str, Any], ChannelLog | None]:
    """The run's craps record, and its channel's log (None: not recorded)."""
    craps = read_object(raw, where, {"answers_sha256", "questions", "asked"}, {"channel"})
    read_string(craps["answers_sha256"], f"{where}.answers_sha256")
    read_count(craps["questions"], f"{where}.questions")
    read_count(craps["asked"], f"{where}.asked")
    channel = read_channel(craps["channel"], f"{where}.channel") if "channel" in craps else None
    return craps, channel

"""A recorded craps settlement table as an engine (``table:FILE``).

Operators export what their engine settled from its logs; each row is one input and the
settlement recorded for it. Two formats (docs/engine-protocol.md, "Recorded tables"):

- CSV with the header ``wager,come_out,point,working,first_roll,die_1,die_2,decision,net,
  next_point``;
- JSON lines whose records carry the protocol's fields: ``wager``, ``state``, ``roll``, and the
  settlement's ``decision``, ``net`` and ``point``.

A question the table has no row for is answered ``Faulty("missing")``: a gap the obligations
name. Two rows for one question with different settlements are answered with the first row
the first time and the last row after, so the determinism obligation refutes them like an
engine answering twice differently. Rows matching no question asked are reported.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from casino_proofs.protocol.answers import (
    CrapsAnswer,
    CrapsInput,
    Faulty,
    RankAnswer,
    read_settlement,
)
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import EngineUnavailable, Hello
from casino_proofs.untrusted.bounded_json import loads

#: bounds: the largest table file, and the longest JSON record
MAX_TABLE = 256 * 1024 * 1024
MAX_RECORD = 64 * 1024
HEADER = ("wager", "come_out", "point", "working", "first_roll", "die_1", "die_2", "decision",
          "net", "next_point")
_BOOLEANS = {"true": True, "false": False, "1": True, "0": False}


class SettlementTableError(ValueError):
    """A table that cannot be read at all (its header, its encoding); one line naming what is
    valid."""


def _bool(text: str, column: str) -> bool:
    value = _BOOLEANS.get(text.strip().lower())
    if value is None:
        raise ValueError(f"{column} is true or false, not {text!r}")
    return value


def _int(text: str, column: str, blank_is_none: bool = False) -> int | None:
    stripped = text.strip()
    if blank_is_none and stripped == "":
        return None
    if not stripped.isascii() or not stripped.lstrip("-").isdigit():
        raise ValueError(f"{column} is a whole number{' or empty' if blank_is_none else ''}, "
                         f"not {text!r}")
    return int(stripped)


Row = tuple[CrapsInput, dict[str, Any]]


def _wager(name: str) -> str:
    if len(name) > 40:
        raise ValueError(f"the wager is a name of at most 40 characters, not {name[:40]!r}...")
    return name


def _from_csv(text: str, name: str) -> list[tuple[int, list[str] | str]]:
    """Each row's line number and its cells, or why it cannot be read (a field over the CSV
    reader's bound, a stray quote)."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader, None)
    except csv.Error:
        header = None
    if header is None or tuple(h.strip() for h in header) != HEADER:
        raise SettlementTableError(f"{name}: a CSV table starts with the header {','.join(HEADER)}")
    rows: list[tuple[int, list[str] | str]] = []
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            rows.append((reader.line_num, f"not a CSV row ({str(exc)[:80]})"))
            continue
        if not row or all(not c.strip() for c in row):
            continue
        rows.append((reader.line_num, row))
    return rows


def _csv_question(row: list[str]) -> Row:
    if len(row) != len(HEADER):
        raise ValueError(f"{len(row)} columns, not {len(HEADER)}")
    cells = dict(zip(HEADER, row, strict=True))
    question = CrapsInput(
        _wager(cells["wager"].strip()), _bool(cells["come_out"], "come_out"),
        _int(cells["point"], "point", blank_is_none=True), _bool(cells["working"], "working"),
        _bool(cells["first_roll"], "first_roll"), _int(cells["die_1"], "die_1") or 0,
        _int(cells["die_2"], "die_2") or 0)
    answer = {"decision": cells["decision"].strip(), "net": cells["net"].strip(),
              "point": _int(cells["next_point"], "next_point", blank_is_none=True)}
    return question, answer


def _json_question(record: Any) -> Row:
    if not isinstance(record, dict):
        raise ValueError("a record is a JSON object")
    state, roll = record.get("state"), record.get("roll")
    if not isinstance(state, dict) or not isinstance(roll, list) or len(roll) != 2:
        raise ValueError("a record has a state object and a roll of two dice")
    flags = [state.get(k) for k in ("come_out", "working", "first_roll")]
    if not all(isinstance(f, bool) for f in flags):
        raise ValueError("come_out, working and first_roll are true or false")
    point = state.get("point")
    if not (point is None or (isinstance(point, int) and not isinstance(point, bool))):
        raise ValueError("the state's point is a number or null")
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in roll):
        raise ValueError("the dice are whole numbers")
    if not isinstance(record.get("wager"), str):
        raise ValueError("the wager is a name")
    question = CrapsInput(_wager(record["wager"]), state["come_out"], point, state["working"],
                          state["first_roll"], roll[0], roll[1])
    answer = {k: record[k] for k in ("decision", "net", "point") if k in record}
    return question, answer


class SettlementTable(Engine):
    """The settlements a table records, answered from memory."""

    kind = "table"
    #: asked an input twice, its first row then its last: the determinism obligation
    #: refutes a table that recorded one input two ways
    capabilities = Capability.ANSWERS_AGAIN | Capability.RECORDED | Capability.READS_RECORDS

    def __init__(self, path: str, target: str | None = None) -> None:
        super().__init__(target or f"table:{path}")
        file = Path(path)
        if not file.is_file():
            raise EngineUnavailable(f"table:{path}: no such file")
        if file.stat().st_size > MAX_TABLE:
            raise SettlementTableError(f"{path}: over {MAX_TABLE:,} bytes; a settlement table "
                                       "of every input of every wager is far smaller")
        data = file.read_bytes()
        self.digest = hashlib.sha256(data).hexdigest()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise SettlementTableError(f"{path}: not UTF-8 text") from exc
        self.path = path
        self.rows: dict[CrapsInput, list[tuple[int, dict[str, Any]]]] = {}
        self.unreadable: list[tuple[int, str]] = []
        for number, raw in self._raw_rows(text, path):
            if isinstance(raw, str):
                self.unreadable.append((number, raw))
                continue
            question, answer = raw
            self.rows.setdefault(question, []).append((number, answer))
        self.asked: dict[CrapsInput, int] = {}

    @staticmethod
    def _raw_rows(text: str, path: str) -> list[tuple[int, Row | str]]:
        """Each row's number and its question and answer, or why it cannot be read."""
        out: list[tuple[int, Row | str]] = []
        if path.lower().endswith(".csv"):
            for number, row in _from_csv(text, path):
                if isinstance(row, str):
                    out.append((number, row))
                    continue
                try:
                    out.append((number, _csv_question(row)))
                except ValueError as exc:
                    out.append((number, str(exc)))
            return out
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                out.append((number, _json_question(loads(line, max_bytes=MAX_RECORD))))
            except ValueError as exc:
                out.append((number, str(exc)))
        return out

    def _start(self) -> Hello:
        wagers = sorted({q.wager for q in self.rows})
        return Hello(Path(self.path).name, f"sha256:{self.digest[:16]}", ("craps",),
                     tuple(wagers), raw={"name": Path(self.path).name,
                                         "version": f"sha256:{self.digest[:16]}",
                                         "games": ["craps"], "wagers": wagers,
                                         "rows": sum(len(v) for v in self.rows.values())})

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        out: list[CrapsAnswer] = []
        for q in batch:
            recorded = self.rows.get(q)
            times = self.asked.get(q, 0)
            self.asked[q] = times + 1
            if not recorded:
                out.append(Faulty("missing", "the table has no row for this input (a gap)"))
                continue
            number, answer = recorded[0] if times == 0 else recorded[-1]
            read = read_settlement(answer, q.working)
            if isinstance(read, Faulty):
                read = Faulty(read.fault, f"row {number}: {read.problem}")
            out.append(read)
        return out

    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        return [Faulty("missing", "a settlement table ranks no Pai Gow hands")] * len(hands)

    def unreadable_records(self) -> tuple[int, int, list[tuple[int, str]]]:
        rows = sum(len(v) for v in self.rows.values())
        return rows + len(self.unreadable), len(self.unreadable), self.unreadable

    def notes(self) -> list[str]:
        out = []
        unasked = sorted((rows[0][0], q) for q, rows in self.rows.items() if q not in self.asked)
        out += [f"row {n}: {q.text()} matches no input that can occur; ignored"
                for n, q in unasked]
        return out

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "file": self.path, "sha256": self.digest,
                "rows": sum(len(v) for v in self.rows.values()),
                "unreadable_rows": len(self.unreadable),
                "unmatched_rows": sum(1 for q in self.rows if q not in self.asked)}


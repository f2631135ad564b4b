"""Pai Gow's part of the PAR sheet in every format (the registry's ``par_report`` entry): how
often each combination occurs among five-card, two-card and seven-card hands, under each
reading."""

from __future__ import annotations

from typing import Any

from casino_proofs.reports.html_parts import e
from casino_proofs.reports.par import ParReport, Rows


def _table_lines(title: str, table: dict[str, Any]) -> list[str]:
    lines = [f"  {title}: {table['hands']:,} hands"]
    for c in table["combinations"]:
        lines.append(f"    {c['combination']:<16} {c['hands']:>12,}  {c['probability']:>22}  "
                     f"[{c['clause']}]")
    return lines


def _text(tables: Rows) -> list[str]:
    lines = ["", "PAI GOW POKER, s. 40: how often each combination occurs"]
    for p in tables:
        lines += ["", f"[{p['reading']}]" + (f"  ({p['note']})" if p.get("note") else "")
                  + ("" if p["agree"] else "  SPEC AND IMPL DISAGREE")]
        lines += _table_lines("five-card high hands", p["five_card"])
        lines += _table_lines("two-card low hands", p["two_card"])
        lines += _table_lines("seven-card hands, by their best five cards", p["seven_card"])
    return lines


def _csv(tables: Rows) -> list[dict[str, Any]]:
    return [{"game": "paigow", "table": table, "reading": p["reading"],
             "figure": "combination probability", "combination": c["combination"],
             "clause": c["clause"], "hands": c["hands"], "exact": c["probability"]}
            for p in tables for table in ("five_card", "two_card", "seven_card")
            for c in p[table]["combinations"]]


def _markdown(tables: Rows) -> list[str]:
    lines: list[str] = []
    for p in tables:
        lines += [f"### Pai Gow Poker [{p['reading']}]", "",
                  "| combination | five cards | two cards | seven cards (best five) |",
                  "|---|---:|---:|---:|"]
        low = {c["combination"]: c["hands"] for c in p["two_card"]["combinations"]}
        seven = {c["combination"]: c["hands"] for c in p["seven_card"]["combinations"]}
        for c in p["five_card"]["combinations"]:
            name = c["combination"]
            lines.append(f"| {name} | {c['hands']:,} | {low.get(name, '')} | "
                         f"{seven.get(name, 0):,} |")
        lines.append("")
    return lines


def _hands(table: dict[str, dict[str, Any]], name: str, missing: object) -> str:
    return f"{table[name]['hands']:,}" if name in table else str(missing)


def _html(tables: Rows, chart: bool) -> str:
    part = ""
    for p in tables:
        low = {c["combination"]: c for c in p["two_card"]["combinations"]}
        seven = {c["combination"]: c for c in p["seven_card"]["combinations"]}
        body = "".join(
            f"<tr><td>{e(c['combination'])}</td><td>{e(c['clause'])}</td>"
            f"<td>{c['hands']:,}</td><td>{_hands(low, c['combination'], '')}</td>"
            f"<td>{_hands(seven, c['combination'], 0)}</td>"
            f"<td>{e(seven[c['combination']]['probability'] if c['combination'] in seven else 0)}"
            f"</td></tr>"
            for c in p["five_card"]["combinations"])
        part += (f"<h3>Pai Gow Poker [{e(p['reading'])}]</h3><table><tr><th>combination</th>"
                 f"<th>clause</th><th>five cards</th><th>two cards</th><th>seven cards</th>"
                 f"<th>probability (seven)</th></tr>{body}</table>"
                 '<p class="note">—: no two-card hand (a low hand) forms this combination; '
                 "two cards form a pair or no combination (s. 40 (10)).</p>")
    return (f'<h2 id="par-paigow">Pai Gow Poker: how often each combination occurs</h2>'
            f"{part}" if part else "")


def _covers(tables: Rows) -> str:
    return f"Pai Gow Poker under {len(tables):,} reading{'s' * (len(tables) != 1)}"


def _folded(tables: Rows) -> str:
    return "the Pai Gow Poker tables" if tables else ""


REPORT = ParReport(_text, _csv, _markdown, _html, _covers, _folded)

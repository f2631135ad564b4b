"""The PAR sheet as text, JSON, CSV, Markdown and HTML (``casino-proofs par``)."""

from __future__ import annotations

import csv
import io
from typing import Any

from casino_proofs.reports.check import header_lines
from casino_proofs.reports.documents import ParDocument
from casino_proofs.reports.edge_chart import edge_figure
from casino_proofs.reports.html_parts import PRINT_SCRIPT, STYLE, e, result
from casino_proofs.reports.text import GLUE, render, result_lines


def _net(text: str) -> str:
    return text if text.startswith("-") or text == "0" else f"+{text}"


def _both(figure: dict[str, str]) -> str:
    """A figure exact and as a decimal, never broken across lines."""
    return f"{figure['exact']}{GLUE}={GLUE}{figure['decimal']}"


def _row_lines(r: dict[str, Any]) -> list[str]:
    head = f"{r['wager']}  [{r['reading']}]  from {r['start']}"
    if "figures" not in r:
        return [head, f"  no figures: {r.get('note', '')}"]
    f = r["figures"]
    edge = f["house_edge"]
    lines = [head]
    for o in f["outcomes"]:
        lines.append(f"  {o['decision']:<5} net {_net(o['net']):>7}  probability "
                     f"{o['probability']:>14}{GLUE}={GLUE}{o['probability_decimal']}")
    lines += [
        f"  hit frequency {_both(f['hit_frequency'])}; expected net "
        f"{f['expected_net']['exact']}; return {_both(f['return'])}",
        f"  house edge per bet made {_both(edge['per_bet_made'])}; per bet resolved "
        f"{edge['per_bet_resolved']['exact']}; per roll {_both(edge['per_roll'])}",
        f"  variance {_both(f['variance'])}; standard deviation "
        f"{_both(f['standard_deviation'])}",
        f"  rolls to a decision {_both(f['expected_rolls'])}; volatility index "
        f"90%{GLUE}{f['volatility_index']['90%']}, 95%{GLUE}{f['volatility_index']['95%']}",
    ]
    if "breakage" in r:
        b = r["breakage"]
        lines.append(f"  breakage at a stake of {b['stake']} units, {b['rounding']}: the "
                     f"rounding keeps {b['kept_per_bet']} units per bet = "
                     f"{b['kept_per_unit_decimal']} per unit staked"
                     + (f" ({b['refused']})" if "refused" in b else ""))
    if not r["agree"]:
        lines.append("  SPEC AND IMPL DISAGREE (see the JSON for the implementation's figures)")
    if r.get("monte_carlo"):
        mc = r["monte_carlo"]
        missed = [c["figure"] for c in mc["figures"] if not c["inside"]]
        lines.append(f"  Monte Carlo: {mc['trials']:,} trials, every figure inside its "
                     f"{mc['confidence']} interval" if not missed else
                     f"  Monte Carlo: OUTSIDE its interval: {', '.join(missed)}")
    return lines


def _table_lines(title: str, table: dict[str, Any]) -> list[str]:
    lines = [f"  {title}: {table['hands']:,} hands"]
    for c in table["combinations"]:
        lines.append(f"    {c['combination']:<16} {c['hands']:>12,}  {c['probability']:>22}  "
                     f"[{c['clause']}]")
    return lines


def to_text(doc: dict[str, Any]) -> str:
    verdict, code = result_line(doc).removeprefix("Result: ").rsplit(" (exit ", 1)
    lines = [*result_lines(verdict, int(code.rstrip(")")), _covers(doc), next_step(doc)),
             *header_lines(doc)]
    lines.append("")
    if "craps" in doc:
        lines.append("CRAPS: every wager from its start, exact (a decimal beside each fraction)")
        for r in doc["craps"]:
            lines += ["", *_row_lines(r)]
    if "paigow" in doc:
        lines += ["", "PAI GOW POKER, s. 40: how often each combination occurs"]
        for p in doc["paigow"]:
            lines += ["", f"[{p['reading']}]" + (f"  ({p['note']})" if p.get("note") else "")
                      + ("" if p["agree"] else "  SPEC AND IMPL DISAGREE")]
            lines += _table_lines("five-card high hands", p["five_card"])
            lines += _table_lines("two-card low hands", p["two_card"])
            lines += _table_lines("seven-card hands, by their best five cards",
                                  p["seven_card"])
    lines += ["", monte_carlo_line(doc), result_line(doc)]
    return render(lines)


def monte_carlo_line(doc: dict[str, Any]) -> str:
    """What the seeded Monte Carlo run found, or why it did not run."""
    mc = doc["monte_carlo"]
    if mc.get("run", True):
        return (f"Monte Carlo: {mc['trials']:,} trials per row, seed {mc['seed']}, "
                f"{mc['confidence']} intervals: "
                + ("every exact figure inside" if mc["inside"] else "SOME FIGURE OUTSIDE"))
    return f"Monte Carlo: not run ({mc['why']})"


def next_step(doc: dict[str, Any]) -> str:
    """What to do after reading the sheet."""
    if doc["summary"]["exit_code"] == 0:
        return ("nothing to fix: every exact figure of the specification is the "
                "implementation's too")
    return ("see the rows marked “spec and impl disagree” (and the Monte Carlo intervals, "
            "where one misses); casino-proofs settle asks the engine about one input")


def result_line(doc: dict[str, Any]) -> str:
    """The sheet's result in one line, with its exit code."""
    s = doc["summary"]
    verdict = "spec and impl agree on every figure" if s["spec_and_impl_agree"] \
        else "SPEC AND IMPL DISAGREE"
    if not s["monte_carlo_inside"]:
        verdict += "; A MONTE CARLO INTERVAL MISSES AN EXACT FIGURE"
    return f"Result: {verdict} (exit {s['exit_code']})"


CSV_FIELDS = ("game", "table", "wager", "reading", "start", "figure", "decision", "net",
              "exact", "decimal", "combination", "clause", "hands")


def to_csv(doc: dict[str, Any]) -> str:
    """One figure a line, for a spreadsheet: craps figures and outcomes, Pai Gow counts."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for r in doc.get("craps", []):
        base = {"game": "craps", "wager": r["wager"], "reading": r["reading"],
                "start": r["start"]}
        f = r.get("figures")
        if f is None:
            continue
        for o in f["outcomes"]:
            writer.writerow({**base, "figure": "outcome probability", "decision": o["decision"],
                             "net": o["net"], "exact": o["probability"],
                             "decimal": o["probability_decimal"]})
        flat = {"hit frequency": f["hit_frequency"], "expected net": f["expected_net"],
                "return": f["return"], "variance": f["variance"],
                "standard deviation": f["standard_deviation"],
                "rolls to a decision": f["expected_rolls"],
                **{f"house edge {k.replace('_', ' ')}": v
                   for k, v in f["house_edge"].items()}}
        for name, value in flat.items():
            writer.writerow({**base, "figure": name, "exact": value["exact"],
                             "decimal": value["decimal"]})
        for level, value in f["volatility_index"].items():
            writer.writerow({**base, "figure": f"volatility index {level}", "decimal": value})
    for p in doc.get("paigow", []):
        for table in ("five_card", "two_card", "seven_card"):
            for c in p[table]["combinations"]:
                writer.writerow({"game": "paigow", "table": table, "reading": p["reading"],
                                 "figure": "combination probability",
                                 "combination": c["combination"], "clause": c["clause"],
                                 "hands": c["hands"], "exact": c["probability"]})
    return out.getvalue()


def to_markdown(doc: dict[str, Any]) -> str:
    lines = ["## casino-proofs PAR sheet", "",
             f"{doc['regulation']['citation']}, version {doc['regulation']['version']}", ""]
    if "craps" in doc:
        lines += ["### Craps", "",
                  "| wager | reading | from | hit frequency | house edge (bet made) | "
                  "(bet resolved) | (per roll) | σ | rolls |",
                  "|---|---|---|---:|---:|---:|---:|---:|---:|"]
        for r in doc["craps"]:
            f = r.get("figures")
            if f is None:
                lines.append(f"| {r['wager']} | {r['reading']} | {r['start']} | "
                             f"{r.get('note', '')} | | | | | |")
                continue
            e = f["house_edge"]
            lines.append(
                f"| {r['wager']} | {r['reading']} | {r['start']} | {f['hit_frequency']['exact']}"
                f" | {e['per_bet_made']['exact']} | {e['per_bet_resolved']['exact']} | "
                f"{e['per_roll']['exact']} | {f['standard_deviation']['decimal'][:8]} | "
                f"{f['expected_rolls']['exact']} |")
        lines.append("")
    for p in doc.get("paigow", []):
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
    return "\n".join(lines) + "\n"


def edge_rows_of(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The PAR rows in the shape the house-edge chart draws."""
    out = []
    for r in doc.get("craps", []):
        f = r.get("figures")
        edge = f["house_edge"]["per_bet_made"] if f else None
        out.append({"wager": r["wager"], "reading": r["reading"], "start": r["start"],
                    "house_edge": edge["exact"] if edge else None,
                    "house_edge_percent": f"{float(edge['decimal']) * 100:.4f}%" if edge
                    else None, "player_advantage": bool(edge and edge["exact"].startswith("-"))})
    return out


def _hands(table: dict[str, dict[str, Any]], name: str, missing: object) -> str:
    return f"{table[name]['hands']:,}" if name in table else str(missing)


def _percent(decimal: str) -> str:
    return f"{float(decimal) * 100:.4f}%"


def _figure_cells(f: dict[str, Any]) -> str:
    """One craps row's figures: each exact, with its percentage or decimal beside it."""
    edge = f["house_edge"]

    def both(figure: dict[str, str], percent: bool = True) -> str:
        shown = _percent(figure["decimal"]) if percent else f"{float(figure['decimal']):.6g}"
        return (f'<td class="num"><span class="exact">{e(figure["exact"])}</span><br>'
                f"{e(shown)}</td>")

    return (both(f["hit_frequency"]) + both(edge["per_bet_made"])
            + both(edge["per_bet_resolved"]) + both(edge["per_roll"])
            + both(f["variance"], False) + both(f["standard_deviation"], False)
            + f'<td class="num">{float(f["volatility_index"]["90%"]):.6g}<br>'
            f'{float(f["volatility_index"]["95%"]):.6g}</td>'
            + both(f["expected_rolls"], False))


def par_section(doc: dict[str, Any], chart: bool = True) -> str:
    """The PAR sheet as HTML: the house-edge chart (left to the check's own ``House edges``
    in its report: ``chart`` False), the craps figures and the Pai Gow tables (in the PAR
    page, and in the check's HTML report)."""
    craps_rows = "".join(
        f'<tr><td class="row"><b>{e(r["wager"])}</b> <span class="name">[{e(r["reading"])}]'
        f"</span><br>{e(r['start'])}"
        + ("" if r["agree"] else "<br><span class=REFUTED>spec and impl disagree</span>")
        + "</td>"
        + (_figure_cells(r["figures"]) if "figures" in r
           else f"<td colspan='8'>{e(r.get('note', ''))}</td>")
        + "</tr>" for r in doc.get("craps", []))
    paigow = ""
    for p in doc.get("paigow", []):
        low = {c["combination"]: c for c in p["two_card"]["combinations"]}
        seven = {c["combination"]: c for c in p["seven_card"]["combinations"]}
        body = "".join(
            f"<tr><td>{e(c['combination'])}</td><td>{e(c['clause'])}</td>"
            f"<td>{c['hands']:,}</td><td>{_hands(low, c['combination'], '')}</td>"
            f"<td>{_hands(seven, c['combination'], 0)}</td>"
            f"<td>{e(seven[c['combination']]['probability'] if c['combination'] in seven else 0)}"
            f"</td></tr>"
            for c in p["five_card"]["combinations"])
        paigow += (f"<h3>Pai Gow Poker [{e(p['reading'])}]</h3><table><tr><th>combination</th>"
                   f"<th>clause</th><th>five cards</th><th>two cards</th><th>seven cards</th>"
                   f"<th>probability (seven)</th></tr>{body}</table>"
                   '<p class="note">—: no two-card hand (a low hand) forms this combination; '
                   "two cards form a pair or no combination (s. 40 (10)).</p>")
    figure = (f"""<h2 id="par-house-edges">House edge by wager and reading (PAR sheet)</h2>
{edge_figure(edge_rows_of(doc))}""" if chart and "craps" in doc else "")
    return f"""{figure}
<h2 id="par-craps">Craps: the PAR sheet</h2>
<p>Every figure is exact (fractions; square roots as surds), with its percentage or decimal,
from the specification and checked against the implementation.</p>
<div class="wide"><table class="figures"><tr><th>wager [reading], from</th>
<th>hit frequency</th>
<th>edge (bet made)</th><th>edge (bet resolved)</th><th>edge (per roll)</th><th>variance</th>
<th>σ</th><th>VI 90%<br>VI 95%</th><th>rolls</th></tr>
{craps_rows}</table></div>
{_paigow_part(paigow)}"""


def _paigow_part(tables: str) -> str:
    return (f'<h2 id="par-paigow">Pai Gow Poker: how often each combination occurs</h2>'
            f"{tables}" if tables else "")


def _covers(doc: dict[str, Any]) -> str:
    """What the sheet covers, in one sentence."""
    parts = []
    if "craps" in doc:
        rows = doc["craps"]
        wagers = len({r['wager'] for r in rows})
        parts.append(f"{len(rows):,} craps rows ({wagers:,} wager{'s' * (wagers != 1)}, "
                     "each from each start, under each reading that changes it)")
    if "paigow" in doc:
        parts.append(f"Pai Gow Poker under {len(doc['paigow']):,} "
                     f"reading{'s' * (len(doc['paigow']) != 1)}")
    return "; ".join(parts) or "nothing"


def to_html(doc: dict[str, Any]) -> str:
    """The PAR sheet as a page of its own: its result first, then every figure."""
    reg = doc["regulation"]
    code = doc["summary"]["exit_code"]
    verdict = {0: "PROVED", 1: "REFUTED", 3: "UNKNOWN"}.get(code, "ERROR")  # its colour
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>casino-proofs PAR sheet: {e(result_line(doc))}</title>
<style>{STYLE}</style></head>
<body class="sheet">
<header>{result(verdict, result_line(doc), e(next_step(doc)), code)}
<h1>PAR sheet: {e(reg["citation"])}, version {e(reg["version"])}</h1>
<p>{e(_covers(doc))}, from the specification, checked against the implementation
{e(doc.get("engine", "impl"))}. {e(monte_carlo_line(doc))}.</p>
<p>casino-proofs {e(doc["tool"]["version"])}.</p></header>
{par_section(doc)}
<script>{PRINT_SCRIPT}</script>
</body></html>
"""


def par_text(doc: ParDocument) -> str:
    """``par --format text``."""
    return to_text(doc.json())


def par_csv(doc: ParDocument) -> str:
    """``par --format csv``."""
    return to_csv(doc.json())


def par_markdown(doc: ParDocument) -> str:
    """``par --format markdown``."""
    return to_markdown(doc.json())


def par_html(doc: ParDocument) -> str:
    """``par --format html``."""
    return to_html(doc.json())

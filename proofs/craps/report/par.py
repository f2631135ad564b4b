"""Craps's part of the PAR sheet in every format (the registry's ``par_report`` entry): every
wager's row from its start, exact, with its decimal beside each fraction; the house-edge
chart in HTML."""

from __future__ import annotations

from typing import Any

from casino_proofs.reports.edge_chart import edge_figure
from casino_proofs.reports.html_parts import e
from casino_proofs.reports.par import ParReport, Rows
from casino_proofs.reports.text import GLUE


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


def _text(rows: Rows) -> list[str]:
    lines = ["CRAPS: every wager from its start, exact (a decimal beside each fraction)"]
    for r in rows:
        lines += ["", *_row_lines(r)]
    return lines


def _csv(rows: Rows) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for r in rows:
        base = {"game": "craps", "wager": r["wager"], "reading": r["reading"],
                "start": r["start"]}
        f = r.get("figures")
        if f is None:
            continue
        for o in f["outcomes"]:
            out.append({**base, "figure": "outcome probability", "decision": o["decision"],
                        "net": o["net"], "exact": o["probability"],
                        "decimal": o["probability_decimal"]})
        flat = {"hit frequency": f["hit_frequency"], "expected net": f["expected_net"],
                "return": f["return"], "variance": f["variance"],
                "standard deviation": f["standard_deviation"],
                "rolls to a decision": f["expected_rolls"],
                **{f"house edge {k.replace('_', ' ')}": v
                   for k, v in f["house_edge"].items()}}
        for name, value in flat.items():
            out.append({**base, "figure": name, "exact": value["exact"],
                        "decimal": value["decimal"]})
        for level, value in f["volatility_index"].items():
            out.append({**base, "figure": f"volatility index {level}", "decimal": value})
    return out


def _markdown(rows: Rows) -> list[str]:
    lines = ["### Craps", "",
             "| wager | reading | from | hit frequency | house edge (bet made) | "
             "(bet resolved) | (per roll) | σ | rolls |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        f = r.get("figures")
        if f is None:
            lines.append(f"| {r['wager']} | {r['reading']} | {r['start']} | "
                         f"{r.get('note', '')} | | | | | |")
            continue
        edge = f["house_edge"]
        lines.append(
            f"| {r['wager']} | {r['reading']} | {r['start']} | {f['hit_frequency']['exact']}"
            f" | {edge['per_bet_made']['exact']} | {edge['per_bet_resolved']['exact']} | "
            f"{edge['per_roll']['exact']} | {f['standard_deviation']['decimal'][:8]} | "
            f"{f['expected_rolls']['exact']} |")
    lines.append("")
    return lines


def edge_rows_of(rows: Rows) -> list[dict[str, Any]]:
    """The PAR rows in the shape the house-edge chart draws."""
    out = []
    for r in rows:
        f = r.get("figures")
        edge = f["house_edge"]["per_bet_made"] if f else None
        out.append({"wager": r["wager"], "reading": r["reading"], "start": r["start"],
                    "house_edge": edge["exact"] if edge else None,
                    "house_edge_percent": f"{float(edge['decimal']) * 100:.4f}%" if edge
                    else None, "player_advantage": bool(edge and edge["exact"].startswith("-"))})
    return out


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


def _html(rows: Rows, chart: bool) -> str:
    """The house-edge chart (``chart`` False: left to the check's own ``House edges`` in its
    report) and every row's figures."""
    craps_rows = "".join(
        f'<tr><td class="row"><b>{e(r["wager"])}</b> <span class="name">[{e(r["reading"])}]'
        f"</span><br>{e(r['start'])}"
        + ("" if r["agree"] else "<br><span class=REFUTED>spec and impl disagree</span>")
        + "</td>"
        + (_figure_cells(r["figures"]) if "figures" in r
           else f"<td colspan='8'>{e(r.get('note', ''))}</td>")
        + "</tr>" for r in rows)
    figure = (f"""<h2 id="par-house-edges">House edge by wager and reading (PAR sheet)</h2>
{edge_figure(edge_rows_of(rows))}""" if chart else "")
    return f"""{figure}
<h2 id="par-craps">Craps: the PAR sheet</h2>
<p>Every figure is exact (fractions; square roots as surds), with its percentage or decimal,
from the specification and checked against the implementation.</p>
<div class="wide"><table class="figures"><tr><th>wager [reading], from</th>
<th>hit frequency</th>
<th>edge (bet made)</th><th>edge (bet resolved)</th><th>edge (per roll)</th><th>variance</th>
<th>σ</th><th>VI 90%<br>VI 95%</th><th>rolls</th></tr>
{craps_rows}</table></div>"""


def _covers(rows: Rows) -> str:
    wagers = len({r['wager'] for r in rows})
    return (f"{len(rows):,} craps rows ({wagers:,} wager{'s' * (wagers != 1)}, "
            "each from each start, under each reading that changes it)")


def _folded(rows: Rows) -> str:
    return f"{len(rows):,} craps rows"


REPORT = ParReport(_text, _csv, _markdown, _html, _covers, _folded)

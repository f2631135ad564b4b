"""What the HTML pages share (the check's report and the PAR sheet): the style, escaping,
and the chart of house edges.

The style keeps a page within 1280 pixels (long IDs and texts wrap, tables never overflow)
and readable in print. The chart draws every house edge, however large: the player's side
(negative edges, up to -333 % under some readings) and the house's side each have their own
scale, marked at their ends, so that nothing is clipped.
"""

from __future__ import annotations

import html
import math
from fractions import Fraction
from typing import Any

STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}
h1{font-size:1.5rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}
.PROVED{color:#126b12}.REFUTED,.VACUOUS,.ERROR{color:#b00020}.UNKNOWN{color:#a05a00}
.badge{font-weight:bold}
article{border:1px solid #ddd;border-radius:6px;padding:.6rem 1rem;margin:.8rem 0}
.text{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.text p{margin:.2rem 0}.fr{color:#555}.sid{font-family:monospace;font-size:.8rem;color:#777}
table{border-collapse:collapse;margin:.5rem 0;max-width:100%}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top;
overflow-wrap:break-word}
.num{text-align:right}.figures td,.figures th{font-size:.8rem}
.figures td:nth-child(2),.figures td:nth-child(3){min-width:6rem}
.convention{background:#fff8e6}.material{color:#b00020}.harmless{color:#126b12}
svg{max-width:100%;height:auto}svg text{font-size:11px;font-family:sans-serif}
@media print{body{margin:0;max-width:none}article,table,svg{break-inside:avoid}
td,th{font-size:9pt}}
"""


def e(text: object) -> str:
    return html.escape(str(text))


def _fraction(text: str) -> Fraction:
    return Fraction(text)


def edge_chart(rows: list[dict[str, Any]]) -> str:
    """Horizontal bars: the house edge of each wager under the base readings (one start each),
    with a mark for each other reading; negative edges (player advantage) to the left, each
    side on its own scale so that no edge is clipped."""
    base: dict[str, dict[str, Any]] = {}
    for r in rows:
        if r["reading"] == "base" and r["wager"] not in base and r["house_edge"] is not None:
            base[r["wager"]] = r
    others: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        if r["reading"] != "base" and r["house_edge"] is not None:
            others.setdefault(r["wager"], []).append(r)
    wagers = [w for w in base if not w.startswith("hop-") or w in ("hop-1-1", "hop-2-4")]
    edges = [_fraction(base[w]["house_edge"]) for w in wagers] + [
        _fraction(o["house_edge"]) for w in wagers for o in others.get(w, [])]
    # each side's extent: 100 %, or the largest edge there, rounded up to the next 50 %
    house = max([Fraction(1), *edges])
    player = max([Fraction(1), *(-x for x in edges)])
    house, player = (Fraction(math.ceil(x * 2), 2) if x > 1 else x for x in (house, player))
    half, label, height = 280.0, 130, 18
    zero = label + 10 + half
    width = zero + half + 30

    def x_of(v: Fraction) -> float:
        return zero + float(v / house) * half if v >= 0 else zero + float(v / player) * half

    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
             f'height="{height * len(wagers) + 30}" viewBox="0 0 {width:.0f} '
             f'{height * len(wagers) + 30}" role="img" '
             f'aria-label="house edge per wager and reading">',
             f'<line x1="{zero}" y1="0" x2="{zero}" y2="{height * len(wagers)}" '
             'stroke="#999"/>']
    for i, w in enumerate(wagers):
        y = i * height
        edge = _fraction(base[w]["house_edge"])
        end = x_of(edge)
        x, length = min(zero, end), max(1.0, abs(end - zero))
        lines.append(f'<text x="{label}" y="{y + 13}" text-anchor="end">{e(w)}</text>')
        lines.append(f'<rect x="{x:.1f}" y="{y + 3}" width="{length:.1f}" height="{height - 6}"'
                     f' fill="#4a78b5"><title>{e(w)}: {e(base[w]["house_edge"])} '
                     f'({e(base[w]["house_edge_percent"])})</title></rect>')
        for o in others.get(w, []):
            v = _fraction(o["house_edge"])
            color = "#b00020" if v < 0 else "#e08a00"
            lines.append(f'<circle cx="{x_of(v):.1f}" cy="{y + height / 2}" r="3" '
                         f'fill="{color}"><title>{e(w)} under {e(o["reading"])}: '
                         f'{e(o["house_edge"])} ({e(o["house_edge_percent"])})</title></circle>')
    axis = height * len(wagers) + 20
    lines.append(f'<text x="{zero - half}" y="{axis}">{-float(player) * 100:.0f}% (player)</text>'
                 f'<text x="{zero}" y="{axis}" text-anchor="middle">0</text>'
                 f'<text x="{zero + half}" y="{axis}" text-anchor="end">'
                 f'{float(house) * 100:.0f}%</text></svg>')
    return "".join(lines)


def chart_note(rows: list[dict[str, Any]]) -> str:
    """What the chart's scales are, in words (the player's side is drawn at another scale
    when an edge goes past -100 %)."""
    edges = [_fraction(r["house_edge"]) for r in rows if r["house_edge"] is not None]
    low = min(edges, default=Fraction(0))
    if low >= -1:
        return "Both sides of the chart are drawn at one scale, up to 100%."
    return (f"The player's side (left) reaches {float(low) * 100:.0f}% and is drawn at its own "
            "scale, marked at its end; the house's side (right) at another. No edge is "
            "clipped.")

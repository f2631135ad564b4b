"""The chart of house edges (in the check's HTML report and the PAR sheet's): one bar per
wager under the base readings, and one keyed mark per other reading that changes it.

Edges run from about -333 % (the player's advantage, under some readings) to under 100 % (the
house's), so one linear scale would leave the house's bars a few pixels long. The chart has
two panels side by side, each with its own axis, ticks and title, each drawn from its own zero
at its left: the house edge beside the wagers' names, then the player's advantage (drawn only
if some edge is negative), its bars growing rightwards as the edge falls below 0. So a phone,
which shows the chart's left part first (the chart scrolls in its own box there), opens on
the names and the house's side. Each axis ends at a round value just past its largest edge,
and is ticked at round steps; 0 is marked once, on the house's axis. Each mark carries a
letter above it, and the legend under the chart names the reading of each letter, so that a
printed page or a screenshot is labelled, not only the tooltips; marks too close for their
letters to stand apart share one label (``a,e``), so that no two labels overlap. Every label
lies inside the chart's box. The figure spans the page's width (on a narrow screen it keeps a
readable size and scrolls in its own box).
"""

from __future__ import annotations

from fractions import Fraction
from string import ascii_lowercase
from typing import Any

from casino_proofs import spec
from casino_proofs.reports.html_parts import e

#: the widths of the chart's parts, in the SVG's own units (it is scaled to the page); _TOP
#: is the room above the first row for its marks' letters. The names and the house's side
#: (500 units) fit a phone's 370 pixels at the chart's least width (``min-width`` in
#: ``html_parts.STYLE``: 830 units in 38rem, text 11 units high about 8 pixels)
_LABEL, _PLAYER, _GAP, _HOUSE, _MARGIN, _ROW, _TOP = 130, 250, 40, 370, 40, 20, 8
#: the width of one character of a mark's label (9 units high), and the least space between
#: two labels
_CHAR, _APART = 5.5, 3.0
#: round steps for an axis, as fractions of one unit staked
_STEPS = tuple(Fraction(n, 100) for n in (1, 2, 5, 10, 20, 25, 50, 100, 200))


def _axis(largest: Fraction) -> tuple[Fraction, Fraction]:
    """An axis for edges up to ``largest``: its end and its step (at most 5 ticks past 0)."""
    step = next((s for s in _STEPS if largest <= 5 * s), _STEPS[-1])
    ticks = -(-largest // step) if largest > 0 else 1  # ceiling
    return step * max(ticks, 1), step


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.0f}%"


class _Panel:
    """One side of the chart: ``extent`` maps to ``width`` units from ``left``, its zero;
    ``sign`` is -1 for the player's side (an edge of -1 drawn as far right as +1 on the
    house's)."""

    def __init__(self, left: float, width: float, extent: Fraction, step: Fraction,
                 sign: int) -> None:
        self.left, self.width, self.extent, self.step, self.sign = left, width, extent, step, sign

    @property
    def zero(self) -> float:
        return self.left

    def x(self, edge: Fraction) -> float:
        return self.zero + float(self.sign * edge / self.extent) * self.width

    def holds(self, edge: Fraction) -> bool:
        return edge < 0 if self.sign < 0 else edge >= 0

    def axis(self, bottom: float, title: str) -> list[str]:
        """The axis line at 0, a tick at each step (the house's side also labels 0), and the
        panel's title."""
        out = [f'<line x1="{self.zero:.1f}" y1="0" x2="{self.zero:.1f}" y2="{bottom}" '
               'stroke="#999"/>']
        tick = self.step
        while tick <= self.extent:
            x = self.x(tick * self.sign)
            out.append(f'<line x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{bottom}" '
                       'stroke="#eee"/>')
            out.append(f'<text x="{x:.1f}" y="{bottom + 12}" text-anchor="middle">'
                       f"{_percent(tick * self.sign)}</text>")
            tick += self.step
        if self.sign > 0:
            out.append(f'<text x="{self.zero:.1f}" y="{bottom + 12}" '
                       'text-anchor="middle">0%</text>')
        out.append(f'<text x="{self.left + self.width / 2:.1f}" y="{bottom + 26}" '
                   f'text-anchor="middle" font-weight="bold">{e(title)}</text>')
        return out


def _base_and_others(rows: list[dict[str, Any]]) -> tuple[
        dict[str, dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    base: dict[str, dict[str, Any]] = {}
    others: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        if r["house_edge"] is None:
            continue
        if r["reading"] == "base":
            base.setdefault(r["wager"], r)
        else:
            others.setdefault(r["wager"], []).append(r)
    return base, others


def edge_figure(rows: list[dict[str, Any]]) -> str:
    """The chart, its caption and its legend, as one ``<figure>``."""
    base, others = _base_and_others(rows)
    # of the hops, one on a pair (1-1) and one not (2-4): every other's edge is one of theirs
    hops = spec.named(spec.Kind.HOP)
    wagers = [w for w in base if w not in hops or spec.family(w).dice in ((1, 1), (2, 4))]
    shown = [base[w] for w in wagers] + [o for w in wagers for o in others.get(w, [])]
    edges = [Fraction(r["house_edge"]) for r in shown]
    if not edges:
        return ""
    keys = {reading: ascii_lowercase[i % 26] * (1 + i // 26) for i, reading in enumerate(
        dict.fromkeys(o["reading"] for w in wagers for o in others.get(w, [])))}
    low, high = min(edges), max(edges)
    panels = [_Panel(_LABEL, _HOUSE, *_axis(max(high, Fraction(0))), 1)]
    if low < 0:
        panels.append(_Panel(_LABEL + _HOUSE + _GAP, _PLAYER, *_axis(-low), -1))
    bottom = _TOP + _ROW * len(wagers)
    width, height = panels[-1].left + panels[-1].width + _MARGIN, bottom + 34
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {width} '
             f'{height}" role="img" aria-label="house edge per wager and reading">']
    titles = ("house edge", "the player's advantage (edge below 0)")[:len(panels)]
    for panel, title in zip(panels, titles, strict=True):
        parts += panel.axis(bottom, title)
    for i, w in enumerate(wagers):
        parts += _wager_row(_TOP + i * _ROW, base[w], others.get(w, []), panels, keys, width)
    parts.append("</svg>")
    return ("<figure class=\"chart\"><div class=\"plot\">" + "".join(parts)
            + "</div><figcaption>" + _caption(low, high, panels) + _legend(keys)
            + "</figcaption></figure>")


def _panel_of(panels: list[_Panel], edge: Fraction) -> _Panel:
    return next(p for p in panels if p.holds(edge))


def _wager_row(y: float, base: dict[str, Any], others: list[dict[str, Any]],
               panels: list[_Panel], keys: dict[str, str], right: float) -> list[str]:
    """One wager: its name, its bar, a mark for each other reading, and the marks' letters
    above them (``right``: where the chart's box ends)."""
    edge = Fraction(base["house_edge"])
    panel = _panel_of(panels, edge)
    end = panel.x(edge)
    x, length = min(panel.zero, end), max(1.0, abs(end - panel.zero))
    wager = e(base["wager"])
    out = [f'<text x="{_LABEL - 6}" y="{y + 14}" text-anchor="end">{wager}</text>',
           f'<rect x="{x:.1f}" y="{y + 5}" width="{length:.1f}" height="{_ROW - 8}" '
           f'fill="#4a78b5"><title>{wager}: {e(base["house_edge"])} '
           f'({e(base["house_edge_percent"])})</title></rect>']
    marks = []
    for o in others:
        v = Fraction(o["house_edge"])
        cx = _panel_of(panels, v).x(v)
        marks.append((cx, keys[o["reading"]]))
        color = "#b00020" if v < 0 else "#e08a00"
        out.append(f'<circle cx="{cx:.1f}" cy="{y + _ROW / 2 + 1}" r="3" fill="{color}">'
                   f'<title>{wager} under {e(o["reading"])}: {e(o["house_edge"])} '
                   f'({e(o["house_edge_percent"])})</title></circle>')
    for lx, letters in _labels(marks, right):
        out.append(f'<text class="key" x="{lx:.1f}" y="{y + 4}" font-size="9">'
                   f"{','.join(letters)}</text>")
    return out


def _labels(marks: list[tuple[float, str]], right: float) -> list[tuple[float, list[str]]]:
    """Where each label of a row's marks goes, and its letters: just right of its mark, or,
    where it would run into the label before it, added to that label (each letter once);
    none runs past ``right``."""
    labels: list[tuple[float, list[str]]] = []
    for cx, key in sorted(marks):
        if labels:
            lx, letters = labels[-1]
            if cx + 4 < lx + _CHAR * len(",".join(letters)) + _APART:
                if key not in letters:
                    letters.append(key)
                continue
        labels.append((cx + 4, [key]))
    return [(min(lx, right - 2 - _CHAR * len(",".join(letters))), letters)
            for lx, letters in labels]


def _caption(low: Fraction, high: Fraction, panels: list[_Panel]) -> str:
    house = panels[0]
    said = (f"Bars: the house edge per bet made under the base readings; marks: the same wager "
            f"under another reading (red where the player has the advantage). The house's side "
            f"reaches {_percent(high)}, its axis drawn to {_percent(house.extent)} in steps of "
            f"{_percent(house.step)}.")
    if len(panels) > 1:
        player = panels[1]
        said += (f" The player's side (right) reaches {_percent(low)}, drawn at its own scale, "
                 f"to {_percent(-player.extent)} in steps of {_percent(player.step)}.")
    return f"<p>{e(said)} Hop bets: hop-1-1 and hop-2-4 stand for the rest.</p>"


def _legend(keys: dict[str, str]) -> str:
    if not keys:
        return ""
    items = "".join(f"<li><b>{key}</b> {e(reading)}</li>" for reading, key in keys.items())
    return f'<ul class="legend">{items}</ul>'

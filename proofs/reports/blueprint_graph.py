"""The blueprint's dependency graph, drawn as SVG by the tool itself (no graphviz, no script).

Four columns, left to right: the definitions (the numbered paragraphs, each the wager or
combination it defines), the sentences, the conventions (not regulation text) and the
readings. An arrow runs from what rests to what it rests on. The sentences stand in the order
of the text, section by section; a definition beside its sentences; a convention or a reading
at the mean height of what rests on it, pushed down where it would overlap the one above
(in that order, ties by ID). Every number is rounded to a tenth of a pixel: the same nodes and
edges give the same bytes.

Each node is filled by its status (:data:`FILL`), its border says what kind of node it is
(a definition's is double, a convention's dashed, a reading's rounded), a red outline marks a
node that rests on something the engine under review breaks, and each links to its entry.
The graph shrinks with its page down to :data:`LEAST` of its size, never further: on a phone it
scrolls in its own box, its labels readable.
"""

from __future__ import annotations

import html

from casino_proofs.reports.blueprint import STATUS_LABEL, STATUSES, Node

#: fill and border colour of each status
FILL = {"refuted": ("#f8c9cf", "#b00020"), "unsettled": ("#ffe0b2", "#a05a00"),
        "convention": ("#fff3cd", "#8a6d00"), "ambiguous": ("#e6d3f0", "#6a1b9a"),
        "proved": ("#cdebd0", "#1b5e20"), "silent": ("#eeeeee", "#757575")}
COLUMNS = ("definition", "sentence", "convention", "reading")
HEADINGS = {"definition": "definitions", "sentence": "sentences",
            "convention": "conventions (not regulation text)", "reading": "readings"}
CHAR, HEIGHT, PITCH, GAP, TOP, SECTION_GAP = 6.6, 20.0, 26.0, 90.0, 96.0, 34.0
#: the least the graph is drawn at, as a share of its size: its labels (11 units) stay 8 pixels
#: high or more, and a narrower window scrolls the graph in its own box
LEAST = 0.75


def _e(text: object) -> str:
    return html.escape(str(text))


def _n(x: float) -> str:
    return f"{x:.1f}"


class Layout:
    """Where each node stands: its column's left edge and width, and its top."""

    def __init__(self, nodes: tuple[Node, ...], edges: tuple[tuple[str, str], ...]) -> None:
        self.nodes = {n.id: n for n in nodes}
        self.edges = edges
        self.width = {k: max([len(n.label) * CHAR + 14 for n in nodes if n.role == k],
                             default=0.0) for k in COLUMNS}
        self.left: dict[str, float] = {}
        x = 12.0
        for k in COLUMNS:
            self.left[k] = x
            x += self.width[k] + (GAP if self.width[k] else 0)
        self.total_width = x - GAP + 12
        self.y: dict[str, float] = {}
        self.sections: list[tuple[str, float]] = []
        self._place_sentences(nodes)
        self._place_followers("definition", into=True)
        self._place_followers("convention")
        self._place_followers("reading")
        self.height = max(self.y.values(), default=TOP) + HEIGHT + 16

    def _place_sentences(self, nodes: tuple[Node, ...]) -> None:
        y, section = TOP, ""
        for n in nodes:
            if n.role != "sentence":
                continue
            here = n.id.split("-")[1]  # r3-95.15-1.s4: 95.15
            if here != section:
                if section:
                    y += SECTION_GAP
                self.sections.append((here, y))
                y += 14
                section = here
            self.y[n.id] = y
            y += PITCH

    def _place_followers(self, kind: str, into: bool = False) -> None:
        """Each node of ``kind`` at the mean height of the placed nodes linked to it (those
        resting on it; a definition: its sentences), then pushed below the one above."""
        wanted: list[tuple[float, str]] = []
        for nid, n in self.nodes.items():
            if n.role != kind:
                continue
            near = [self.y[a] for a, b in self.edges if b == nid and a in self.y]
            near += [self.y[b] for a, b in self.edges if a == nid and b in self.y and not into]
            wanted.append((sum(near) / len(near) if near else TOP, nid))
        floor = TOP - PITCH
        for want, nid in sorted(wanted):
            self.y[nid] = max(want, floor + PITCH)
            floor = self.y[nid]

    def box(self, nid: str) -> tuple[float, float, float]:
        kind = self.nodes[nid].role
        return self.left[kind], self.y[nid], self.width[kind]


def _edge(layout: Layout, a: str, b: str) -> str:
    ax, ay, aw = layout.box(a)
    bx, by, bw = layout.box(b)
    ay, by = ay + HEIGHT / 2, by + HEIGHT / 2
    colour = "#b00020" if layout.nodes[b].status == "refuted" else "#9e9e9e"
    if ax == bx:  # within a column: an arc on its right
        out = ax + aw
        bend = out + 18 + abs(by - ay) / 6
        d = f"M{_n(out)},{_n(ay)} C{_n(bend)},{_n(ay)} {_n(bend)},{_n(by)} {_n(out + 2)},{_n(by)}"
    else:
        start = ax + aw if ax < bx else ax
        end = bx - 2 if ax < bx else bx + bw + 2
        mid = (start + end) / 2
        d = f"M{_n(start)},{_n(ay)} C{_n(mid)},{_n(ay)} {_n(mid)},{_n(by)} {_n(end)},{_n(by)}"
    marker = "r" if colour == "#b00020" else "g"
    return (f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="1" '
            f'marker-end="url(#{{prefix}}-{marker})"/>')


def _node(layout: Layout, n: Node) -> str:
    x, y, w = layout.box(n.id)
    fill, stroke = FILL[n.status]
    dash = ' stroke-dasharray="4 2"' if n.role == "convention" else ""
    rx = 9 if n.role == "reading" else 2
    width = 2.4 if n.role == "definition" else 1.2
    flag = (f'<rect x="{_n(x - 3)}" y="{_n(y - 3)}" width="{_n(w + 6)}" '
            f'height="{_n(HEIGHT + 6)}" rx="{rx + 2}" fill="none" stroke="#b00020" '
            'stroke-width="2"/>') if n.flagged else ""
    what = STATUS_LABEL[n.status] + ("; rests on something the engine under review breaks"
                                     if n.flagged else "")
    return (f'<a href="{_e(n.href)}"><g class="node" data-id="{_e(n.id)}" '
            f'data-status="{n.status}" data-kind="{n.role}"><title>{_e(n.id)}: {_e(what)}. '
            f'{_e(n.title)}</title>{flag}<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" '
            f'height="{_n(HEIGHT)}" rx="{rx}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}"{dash}/><text x="{_n(x + 7)}" y="{_n(y + 14)}">'
            f"{_e(n.label)}</text></g></a>")


def _legend(width: float) -> str:
    parts, x = [], 12.0
    for status in STATUSES:
        fill, stroke = FILL[status]
        label = STATUS_LABEL[status].split(":")[0]
        parts.append(f'<rect x="{_n(x)}" y="12" width="14" height="12" fill="{fill}" '
                     f'stroke="{stroke}"/><text x="{_n(x + 19)}" y="22">{_e(label)}</text>')
        x += 19 + len(label) * CHAR + 18
    parts.append(f'<rect x="12" y="34" width="14" height="12" fill="#fff" stroke="#b00020" '
                 f'stroke-width="2"/><text x="31" y="44">rests on something the engine under '
                 f'review breaks</text><text x="{_n(min(width - 330, 420))}" y="44">arrow: '
                 "what rests → what it rests on</text>")
    return f'<g class="legend">{"".join(parts)}</g>'


def svg(nodes: tuple[Node, ...], edges: tuple[tuple[str, str], ...], prefix: str,
        caption: str) -> str:
    """The graph of ``nodes`` (the edges between them only), as one SVG element."""
    keep = {n.id for n in nodes}
    edges = tuple((a, b) for a, b in edges if a in keep and b in keep)
    layout = Layout(nodes, edges)
    w, h = max(layout.total_width, 760.0), layout.height
    heads = "".join(f'<text x="{_n(layout.left[k])}" y="{_n(TOP - 26)}" font-weight="bold">'
                    f"{HEADINGS[k]}</text>" for k in COLUMNS if layout.width[k])
    sections = "".join(f'<text x="{_n(layout.left["sentence"])}" y="{_n(y + 2)}" '
                       f'fill="#555">s. {_e(s)}</text>' for s, y in layout.sections)
    markers = "".join(
        f'<marker id="{prefix}-{m}" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" '
        f'markerHeight="7" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="{c}"/></marker>'
        for m, c in (("g", "#9e9e9e"), ("r", "#b00020")))
    drawn = "".join(_edge(layout, a, b).replace("{prefix}", prefix) for a, b in edges)
    boxes = "".join(_node(layout, layout.nodes[n.id]) for n in nodes)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="graph" id="{prefix}" '
            f'viewBox="0 0 {_n(w)} {_n(h)}" width="{_n(w)}" height="{_n(h)}" '
            f'style="--least:{_n(LEAST * w)}px" role="img" '
            f'aria-label="{_e(caption)}" font-family="monospace" font-size="11">'
            f"<title>{_e(caption)}</title><defs>{markers}</defs>{_legend(w)}{heads}"
            f"{sections}<g class=\"edges\">{drawn}</g><g class=\"nodes\">{boxes}</g></svg>")


def neighbourhood(nodes: tuple[Node, ...], edges: tuple[tuple[str, str], ...],
                  core: set[str]) -> tuple[Node, ...]:
    """The nodes of ``core`` and every node one edge away from one, in the graph's order."""
    near = set(core)
    for a, b in edges:
        if a in core:
            near.add(b)
        if b in core:
            near.add(a)
    return tuple(n for n in nodes if n.id in near)

"""The regulation blueprint as a static site: one page per section of the text, the
conventions, the readings, the dependency graph and the implementation's source, and an index
that searches and filters them all. Every page holds its own style and script: nothing is
fetched, and the site opens from ``file://``.

Every string from the check under review (an obligation's ID, an engine's name, a witness) is
escaped, control characters made visible; only the registry's own IDs become anchors and
links. On screen, long lists fold (a button opens them); in print everything is shown but the
SMT-LIB text (the site holds it) and the filters.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable
from functools import partial

from casino_proofs import regulation
from casino_proofs.analyses.assurance.blueprint_inputs import CodeSpan, Constraint
from casino_proofs.obligations.verdict import exit_code
from casino_proofs.reports.blueprint import (
    SHORT_LABEL,
    STATUS_LABEL,
    STATUSES,
    Blueprint,
    Entry,
    ObligationView,
    ParView,
    ReadingView,
    Section,
    covered_ids,
)
from casino_proofs.reports.blueprint_graph import neighbourhood, svg
from casino_proofs.untrusted.printable import printable

STYLE = """
:root{--fg:#1e1e1e;--mute:#5a5a5a;--line:#d8d8d8}
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:74rem;padding:0 1rem 3rem;
color:var(--fg);line-height:1.4;overflow-wrap:break-word}
header.top{border-bottom:1px solid var(--line);padding:.5rem 0}
nav a{margin-right:.9rem;white-space:nowrap;display:inline-block}
.result{border:2px solid #757575;border-left-width:.5rem;border-radius:6px;padding:.3rem .7rem;
margin:.5rem 0}.result p{margin:.2rem 0}
.result.r-PROVED{border-color:#1b5e20;background:#f1f8f1}.result.r-UNKNOWN{border-color:#a05a00;
background:#fff8ee}.result.r-REFUTED,.result.r-VACUOUS,.result.r-ERROR{border-color:#b00020;
background:#fff4f5}
h1{font-size:1.45rem}h2{margin-top:2rem;border-bottom:1px solid var(--line)}
h3{margin:1.6rem 0 .4rem}h4{margin:0 0 .3rem;font-size:1rem}
h5{margin:.5rem 0 .2rem;font-size:.92rem}
a{color:#0b4f9c}
article{border:1px solid var(--line);border-radius:6px;padding:.6rem .9rem;margin:.7rem 0;
background:#fff}
article.convention,li.convention{background:#fffaf0}
.definition{border-left:4px solid #999;padding-left:.7rem;margin-top:1.6rem}
.text{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}
.text p{margin:.15rem 0}.lang{font-size:.72rem;color:var(--mute);font-weight:bold}
.missing{color:var(--mute);font-style:italic}
body.only-en .text{grid-template-columns:minmax(0,1fr)}body.only-en .fr{display:none}
body.only-fr .text{grid-template-columns:minmax(0,1fr)}body.only-fr .en{display:none}
body.only-en td.fr,body.only-en th.fr,body.only-fr td.en,body.only-fr th.en{display:none}
.badge{display:inline-block;border-radius:3px;padding:0 .35rem;font-size:.78rem;
font-weight:bold;border:1px solid;white-space:nowrap;line-height:1.35;margin:.05rem 0}
.num{text-align:right}.id,td code,a.id{white-space:nowrap}
.s-refuted{background:#f8c9cf;border-color:#b00020}.s-unsettled{background:#ffe0b2;border-color:#a05a00}
.s-convention{background:#fff3cd;border-color:#8a6d00}.s-ambiguous{background:#e6d3f0;border-color:#6a1b9a}
.s-proved{background:#cdebd0;border-color:#1b5e20}.s-silent{background:#eee;border-color:#757575}
.PROVED{color:#1b5e20;font-weight:bold}.REFUTED,.VACUOUS,.ERROR{color:#b00020;font-weight:bold}
.UNKNOWN{color:#a05a00;font-weight:bold}
.notreg{font-size:.75rem;font-weight:bold;color:#8a6d00;border:1px dashed #8a6d00;
padding:0 .3rem;border-radius:3px;white-space:nowrap}
.findings{border:2px solid #b00020;border-radius:5px;padding:.3rem .7rem;margin:.5rem 0;
background:#fff5f6}
.broken{color:#b00020}
.note,.mute{color:var(--mute);font-size:.9rem}
ul,ol{padding-left:1.3rem}li{margin:.15rem 0}
pre{white-space:pre-wrap;background:#f6f6f6;padding:.4rem .5rem;
margin:.2rem 0;font-size:.8rem;border-radius:4px}
code{font-size:.85rem}
.wide{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.4rem 0;font-size:.85rem}
td,th{border:1px solid var(--line);padding:.15rem .4rem;text-align:left;vertical-align:top;
min-width:12ch;box-sizing:content-box}
th{white-space:nowrap}
td.num,td.id,td.badges,td.PROVED,td.REFUTED,td.VACUOUS,td.ERROR,td.UNKNOWN{min-width:0;
white-space:nowrap}
.exact{white-space:nowrap}.dec{color:var(--mute);font-size:.75rem}
.filters{display:none;gap:.5rem;flex-wrap:wrap;align-items:center;margin:.8rem 0;
padding:.5rem;background:#f3f6fa;border-radius:6px}
.js .filters{display:flex}.filters input{min-width:12rem;flex:1}
.filters label{white-space:nowrap}
.fold>h5 button{margin-left:.5rem;font-size:.75rem}
figure.graph{margin:1rem 0;overflow-x:auto}
svg.graph{max-width:100%;min-width:var(--least,0);height:auto;display:block}
.legend-list{columns:2;font-size:.88rem}
.code .line{display:block}.code .ln{display:inline-block;width:3.2em;color:#999;
text-decoration:none}.code .carried{background:#eef6ee}
.printonly{display:none}
@media (max-width:700px){.text{grid-template-columns:minmax(0,1fr)}.legend-list{columns:1}}
@media (max-width:56rem){.wide.index{overflow:visible}
table.index,table.index tbody,table.index tr,table.index td{display:block;border:0;
min-width:0;padding:0}table.index thead{display:none}
table.index tr{border-top:1px solid var(--line);padding:.3rem 0}
table.index td.id,table.index td.badges,table.index td.num{display:inline-block;
margin-right:.4rem}table.index td.num::after{content:" PROVED"}
table.index td.fr{color:var(--mute)}}
@media (max-width:40rem){body{padding:0 .6rem 2rem}h1{font-size:1.25rem}
table.index td.en>span,table.index td.fr>span{display:-webkit-box;-webkit-box-orient:vertical;
-webkit-line-clamp:2;overflow:hidden}}
@media screen{.filtered-out{display:none}.folded>.body{display:none}}
@media print{body{max-width:none;padding:0}.filters,nav,.smt,.fold>h5 button{display:none}
.js .filters{display:none}.printonly{display:block}article,tr,li,.result{break-inside:avoid}
h1,h2,h3,h4,h5{break-after:avoid}td,th{min-width:0}
pre,td,th{font-size:7.5pt}a{color:inherit;text-decoration:none}.wide{overflow:visible}
svg.graph{min-width:0}}
"""

SCRIPT = """
(function(){
var d=document;d.documentElement.className+=' js';
function norm(s){return (s||'').normalize('NFD').replace(/[\\u0300-\\u036f]/g,'').toLowerCase();}
d.querySelectorAll('.fold').forEach(function(f){
 var h=f.querySelector('h5');if(!h)return;
 if(!f.classList.contains('open'))f.classList.add('folded');
 var b=d.createElement('button');b.type='button';
 function label(){b.textContent=f.classList.contains('folded')?'show':'hide';}
 b.onclick=function(){f.classList.toggle('folded');label();};label();h.appendChild(b);});
var q=d.getElementById('q');if(!q)return;
var st=d.getElementById('f-status'),se=d.getElementById('f-section'),
la=d.getElementById('f-lang'),out=d.getElementById('shown');
var items=[].slice.call(d.querySelectorAll('.item'));
function texts(it,l){return norm([].map.call(it.querySelectorAll('[data-text='+l+']'),
 function(x){return x.textContent;}).join(' '));}
items.forEach(function(it){
 it._id=norm(it.getAttribute('data-id'));it._en=texts(it,'en');it._fr=texts(it,'fr');});
function apply(){
 var words=norm(q.value).split(/\\s+/).filter(Boolean),lang=la?la.value:'',n=0;
 d.body.classList.toggle('only-en',lang==='en');d.body.classList.toggle('only-fr',lang==='fr');
 items.forEach(function(it){
  var text=it._id+' '+(lang!=='fr'?it._en:'')+' '+(lang!=='en'?it._fr:'');
  var ok=(!st||!st.value||(' '+it.getAttribute('data-facets')+' ').indexOf(' '+st.value+' ')>=0)&&
   (!se||!se.value||it.getAttribute('data-section')===se.value)&&
   words.every(function(w){return text.indexOf(w)>=0;});
  it.classList.toggle('filtered-out',!ok);if(ok)n++;});
 out.textContent=n+' of '+items.length+' shown';}
[q,st,se,la].forEach(function(x){if(x){x.addEventListener('input',apply);x.addEventListener('change',apply);}});
apply();})();
"""

NOT_HELD = ("French text not held: the seeds this model keeps give this section in English "
            "only.")


def e(text: object) -> str:
    """Text from anywhere, made safe in HTML: escaped, control characters made visible."""
    return html.escape(printable(str(text)))


def badge(status: str, short: bool = False) -> str:
    """A status as a badge: its label, or (in a table) its short label."""
    label = SHORT_LABEL[status] if short else STATUS_LABEL[status]
    return f'<span class="badge s-{status}" title="{e(STATUS_LABEL[status])}">{e(label)}</span>'


def badges(facets: tuple[str, ...], short: bool = False) -> str:
    """Every facet of an entry, side by side: what was proved beside what is ambiguous."""
    return " ".join(badge(f, short) for f in facets)


def _next_step(doc: Blueprint) -> str:
    """What to do next, after reading the check under review (HTML)."""
    verdict = doc.review.verdict
    failing = [x for x in doc.entries.values() if x.status in ("refuted", "unsettled")]
    ambiguous = sum(1 for x in doc.entries.values() if "ambiguous" in x.facets)
    where = (f'<a href="index.html#departures">where the engine departs from the text</a> '
             f"({len(failing):,} sentences and conventions, each finding under its sentence "
             "with its witness)")
    if verdict == "PROVED":
        return (f"nothing to fix: every obligation is PROVED. {ambiguous:,} sentences hold "
                'under a reading in force: see <a href="readings.html">the readings</a>.')
    if verdict in ("REFUTED", "VACUOUS"):
        return f"fix {where}, then run the check again."
    if verdict == "UNKNOWN":
        return ("some obligations ran out of the solver's budget: run the check again with a "
                f"larger --rlimit ({where}).")
    return f"the check could not establish some obligations: see {where}, fix the cause."


def _result(doc: Blueprint) -> str:
    """What every page opens with: the verdict of the check under review, its counts, the
    engine, what to do next."""
    r = doc.review
    counted = ", ".join(f"{n:,} {v}" for v, n in doc.counts().items() if n)
    code = exit_code(list(r.results))
    return (f'<section class="result r-{e(r.verdict)}" aria-label="result">'
            f'<p id="overall" data-verdict="{e(r.verdict)}" data-exit="{code}">'
            f'<b class="{e(r.verdict)}">{e(r.verdict)}</b> (exit {code}): '
            f"{len(doc.obligations):,} obligations: {e(counted or 'none')} · engine under "
            f"review: {e(r.engine_name)} {e(r.engine_version)}</p>"
            f'<p class="next"><b>Next:</b> {_next_step(doc)}</p></section>')


def _page(doc: Blueprint, title: str, body: str) -> str:
    sections = "".join(f'<a href="{s.page}">s. {e(s.id)}</a>' for s in doc.sections)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title)} — casino-proofs blueprint</title>
<style>{STYLE}</style></head>
<body>
<header class="top"><nav><a href="index.html">index</a>{sections}<a href="conventions.html">\
conventions</a><a href="readings.html">readings</a><a href="graph.html">graph</a></nav>
{_result(doc)}
<p class="mute">{e(regulation.REGULATION["citation"])}, version \
{e(regulation.REGULATION["version"])} · {e(_reviewed(doc))}</p></header>
<main>
{body}
</main>
<p class="printonly note">Printed from the casino-proofs blueprint (version {e(doc.tool)}).
The SMT-LIB text of every constraint is in the site, not in print.</p>
<script>{SCRIPT}</script>
</body></html>
"""


def _reviewed(doc: Blueprint) -> str:
    r = doc.review
    return f"engine under review: {r.engine_name} {r.engine_version} ({r.target})"


def _filters(doc: Blueprint, sections: bool) -> str:
    statuses = "".join(f'<option value="{s}">{e(STATUS_LABEL[s])}</option>' for s in STATUSES)
    section = ('<label>section <select id="f-section"><option value="">every section</option>'
               + "".join(f'<option value="{e(s.id)}">s. {e(s.id)}</option>'
                         for s in doc.sections)
               + '<option value="conventions">conventions</option></select></label>'
               ) if sections else ""
    return (f'<div class="filters" role="search"><input id="q" type="search" '
            f'placeholder="search the text and the IDs" aria-label="search">'
            f'<label>status <select id="f-status"><option value="">every status</option>'
            f"{statuses}</select></label>{section}"
            f'<label>language <select id="f-lang"><option value="">English and French'
            f'</option><option value="en">English</option><option value="fr">French</option>'
            f'</select></label><span id="shown" class="mute"></span></div>')


# -- what a sentence or convention shows --------------------------------------------------

def _fold(title: str, count: str, body: str, open_: bool = False) -> str:
    return (f'<section class="fold{" open" if open_ else ""}"><h5>{e(title)} '
            f'<span class="mute">{e(count)}</span></h5><div class="body">{body}</div></section>')


def _links(doc: Blueprint, ids: list[str] | tuple[str, ...]) -> str:
    return ", ".join(f'<a class="id" href="{doc.page_of(i)}">{e(i)}</a>' for i in ids)


def _constraint(c: Constraint) -> str:
    readings = f" · readings: {e(', '.join(c.readings))}" if c.readings else ""
    return (f"<li><p>{e(c.where)} <span class=\"mute\">(cites {e(', '.join(c.clauses) or '—')}"
            f"{readings})</span></p><pre class=\"readable\">{e(c.readable)}</pre>"
            f'<details class="smt"><summary>SMT-LIB 2</summary><pre>{e(c.smtlib)}</pre>'
            "</details></li>")


def code_page(file: str) -> str:
    return "code-" + file.removeprefix("impl/").removesuffix(".py") + ".html"


def _code(spans: list[CodeSpan]) -> str:
    return "".join(f'<li><a href="{code_page(s.file)}#L{s.first}">{e(s.file)}</a> lines '
                   f"{s.first}–{s.last}: <code>{e(s.name)}</code></li>" for s in spans)


def _obligation_rows(obs: list[ObligationView]) -> str:
    rows = []
    for o in obs:
        under = f'<br><span class="mute">under {e(o.under)}</span>' if o.under else ""
        words = "".join(f"<li>{e(w)}</li>" for w in o.witness)
        rows.append(f'<tr><td class="{e(o.verdict)}">{e(o.verdict)}</td><td><code>{_path(o.id)}'
                    f"</code>{under}</td><td>{e(o.claim)}: {e(o.description)}"
                    f"{f'<ul>{words}</ul>' if words else ''}</td><td>{e(o.evidence)}</td></tr>")
    return ('<div class="wide"><table><tr><th>verdict</th><th>obligation</th><th>what, and '
            'what it found</th><th>dual evidence</th></tr>' + "".join(rows) + "</table></div>")


def _path(name: str) -> str:
    """An obligation's ID, which a narrow page may break after a ``/``, and only there."""
    return "/<wbr>".join(e(part) for part in name.split("/"))


def _findings(doc: Blueprint, entry: Entry) -> str:
    failing = [doc.obligations[n] for n in entry.obligations if doc.obligations[n].failing]
    parts = []
    if failing:
        items = "".join(
            f'<li><span class="{e(o.verdict)}">{e(o.verdict)}</span> <code>{e(o.id)}</code>'
            f"{f' (under {e(o.under)})' if o.under else ''}"
            + ("" if entry.id in covered_ids(o.clause) else
               f' <span class="mute">(decided by <a href="{doc.page_of(o.clause)}">'
               f"{e(o.clause)}</a>, which it cites beside this)</span>") + "<ul>"
            + "".join(f"<li>{e(w)}</li>" for w in o.witness) + "</ul></li>" for o in failing)
        parts.append(f'<section class="findings"><h5>What the engine under review breaks here: '
                     f"{len(failing):,} obligation{'s' * (len(failing) > 1)}</h5>"
                     f"<ol>{items}</ol></section>")
    if entry.broken_below:
        parts.append(f'<p class="broken"><b>Rests on what the engine under review breaks:</b> '
                     f"{_links(doc, entry.broken_below)} (its findings are there)</p>")
    return "".join(parts)


def _coverage(entry: Entry) -> str:
    c = entry.coverage
    if c is None:
        return ""
    tests = ("tests not counted for a convention" if entry.role == "convention" and
             c.tests is None else "tests not visible from where the site was built"
             if c.tests is None else f"tested by {len(c.tests)} test file"
             f"{'s' * (len(c.tests) != 1)}" + (f" ({', '.join(c.tests)})" if c.tests else ""))
    cited = len(entry.constraints)
    counted = (f" ({c.constraints} by the rule of casino-proofs coverage)"
               if c.constraints != cited and entry.role == "sentence" else "")
    bits = [f"encoded: {cited} constraint{'s' * (cited != 1)} cite it{counted}",
            f"implemented by {c.functions} function{'s' * (c.functions != 1)}",
            f"{c.proved:,} of {c.obligations:,} obligations PROVED", tests]
    if c.out_of_scope:
        bits.append(f"out of scope: {c.out_of_scope}")
    if c.table_obligations:
        bits.append(f"judged at a table by {', '.join(c.table_obligations)}")
    return f'<p class="coverage"><b>Coverage:</b> {e(" · ".join(bits))}</p>'


def _reading_item(doc: Blueprint, rv: ReadingView, section: str) -> str:
    """A reading under an entry of ``section``: its witness one of that section's own
    wagers where the reading changes some (a Hard Way on a page of s. 95.15, an odds wager on
    a page of s. 95.16)."""
    mark = {True: "material", False: "harmless", None: "undecided"}[rv.material]
    force = f"; in force: <b>{e(rv.in_force)}</b>" if rv.in_force else ""
    words = "".join(f"<li>{e(w)}</li>" for c in rv.comparisons for w in c.words_for(section))
    return (f'<li><a href="{doc.page_of("reading-" + rv.id)}">{e(rv.id)}</a> '
            f"{badge(rv.status)} {e(mark)}: default {e(rv.default)}{force}; values "
            f"{e(', '.join(v[0] for v in rv.values))}<ul>{words}</ul></li>")


def _par_rows(rows: list[ParView]) -> str:
    def cell(fig: tuple[str, str, str]) -> str:
        return (f'<span class="exact">{e(fig[1])}</span>'
                + (f'<br><span class="dec">{e(fig[2])}</span>' if fig[2] else ""))
    out = []
    for r in rows:
        figures = "".join(f"<li>{e(f[0])}: {cell(f)}</li>" for f in r.figures)
        out.append(f"<tr><td>{e(r.what)}</td><td>{e(r.start)}</td><td>{e(r.reading)}</td>"
                   f"<td><ul>{figures or '<li>undefined</li>'}</ul>"
                   f"{f'<p class=note>{e(r.note)}</p>' if r.note else ''}</td></tr>")
    return ('<div class="wide"><table><tr><th>wager or combination</th><th>from</th>'
            '<th>reading</th><th>figures (exact; decimal below)</th></tr>' + "".join(out)
            + "</table></div>")


def facts(doc: Blueprint, entry: Entry) -> str:
    """Everything the project knows about one sentence or convention, and the findings."""
    obs = [doc.obligations[n] for n in entry.obligations]
    counted = Counter(o.verdict for o in obs)
    summary = ", ".join(f"{n:,} {v}" for v, n in sorted(counted.items())) or "none"
    parts = [_findings(doc, entry), _coverage(entry)]
    if entry.constraints:
        parts.append(_fold("Z3 constraints", f"{len(entry.constraints)}, readable and as "
                           "SMT-LIB", f"<ul>{''.join(_constraint(c) for c in entry.constraints)}"
                           "</ul>"))
    if entry.code:
        parts.append(_fold(*_implementation(doc, len(entry.code)),
                           f"<ul>{_code(entry.code)}</ul>", open_=True))
    parts.append(_fold("Obligations citing it", summary, _obligation_rows(obs) if obs else
                       '<p class="mute">no obligation of this check rests on it</p>',
                       open_=any(o.failing for o in obs)))
    if entry.readings:
        parts.append(_fold("Readings that touch it", str(len(entry.readings)),
                           "<ul>" + "".join(_reading_item(doc, doc.readings[r], entry.section)
                                            for r in entry.readings) + "</ul>", open_=True))
    if entry.conventions:
        items = "".join(f'<li class="convention"><a href="{doc.page_of(c)}">{e(c)}</a> — '
                        f"{e(regulation.conventions()[c].title)} "
                        f'<span class="notreg">convention, not regulation text</span></li>'
                        for c in entry.conventions)
        parts.append(_fold("Conventions it rests on", str(len(entry.conventions)),
                           f"<ul>{items}</ul>", open_=True))
    if entry.par:
        parts.append(_fold("PAR figures of what it defines", f"{len(entry.par)} rows",
                           _par_rows(entry.par)))
    return "".join(parts)


def _implementation(doc: Blueprint, functions: int) -> tuple[str, str]:
    """The heading of the code that carries a sentence: always this project's own
    implementation (impl/), which is the engine under review only when the check was of it."""
    count = f"{functions} function(s) of impl/"
    if doc.review.engine_kind == "impl":
        return "This project's implementation (the engine under review)", count
    return ("This project's implementation, not the engine under review "
            f"({doc.review.engine_name}, whose code the site does not hold)", count)


def sentence_article(doc: Blueprint, entry: Entry) -> str:
    fr = (f'<p data-text="fr">{e(entry.fr)}</p>' if entry.fr is not None
          else f'<p class="missing" lang="en">{e(NOT_HELD)}</p>')
    note = f'<p class="note">note: {e(entry.note)}</p>' if entry.note else ""
    return (f'<article class="item sentence" id="{e(entry.id)}" data-id="{e(entry.id)}" '
            f'data-status="{entry.status}" data-facets="{" ".join(entry.facets)}" '
            f'data-section="{e(entry.section)}">'
            f'<h4><a class="id" href="#{e(entry.id)}">{e(entry.id)}</a> '
            f"{badges(entry.facets)}</h4>"
            f'<div class="text"><div class="en" lang="en"><span class="lang">EN</span>'
            f'<p data-text="en">{e(entry.en)}</p></div><div class="fr" lang="fr">'
            f'<span class="lang">FR</span>{fr}</div></div>{note}{facts(doc, entry)}</article>')


def section_page(doc: Blueprint, section: Section) -> str:
    parts = [f"<h1>s. {e(section.id)}: {e(section.title)}</h1>", _filters(doc, False)]
    core = {s for p in section.paragraphs for s in (p.id, *p.sentences)}
    nodes = neighbourhood(doc.nodes, doc.edges, core)
    drawn = svg(nodes, doc.edges, f"g-{section.id}", f"s. {section.id}: what rests on what")
    parts.append(f'<figure class="graph">{drawn}'
                 f"<figcaption class=\"note\">The sentences of s. {e(section.id)}, and what "
                 f'they touch; every node links to its entry (<a href="graph.html">the whole '
                 f"graph</a>).</figcaption></figure>")
    for p in section.paragraphs:
        fr = f' <span class="mute" lang="fr">/ {e(p.title_fr)}</span>' if p.title_fr else ""
        parts.append(f'<section class="definition" id="{e(p.id)}"><h3>{e(p.id)}: {e(p.title)}'
                     f"{fr} {badges(p.facets)}</h3>")
        parts += [sentence_article(doc, doc.entries[s]) for s in p.sentences]
        parts.append("</section>")
    return _page(doc, f"s. {section.id}", "".join(parts))


def conventions_page(doc: Blueprint) -> str:
    parts = ["<h1>Conventions: not regulation text</h1>",
             '<p>Rules the text relies on but does not contain, each named, with where it comes '
             "from and which clauses need it; and the house rules a table may declare "
             "(policies, in force only where declared). None of them is regulation text.</p>",
             _filters(doc, False)]
    for c in regulation.conventions().values():
        entry = doc.entries[c.id]
        policy = (' <span class="notreg">a table policy, in force only where declared</span>'
                  if c.policy else "")
        parts.append(
            f'<article class="item convention" id="{e(c.id)}" data-id="{e(c.id)}" '
            f'data-status="{entry.status}" data-facets="{" ".join(entry.facets)}" '
            f'data-section="conventions"><h4><a class="id" href="#{e(c.id)}">'
            f"{e(c.id)}</a> {badges(entry.facets)} "
            f'<span class="notreg">convention, not regulation text</span>{policy}</h4>'
            f"<p><b>{e(c.title)}</b></p><p data-text=\"en\">{e(c.text)}</p>"
            f'<p class="note">source: {e(c.source)}</p><p>needed by: '
            f"{_links(doc, c.needed_by)}</p>{facts(doc, entry)}</article>")
    return _page(doc, "Conventions", "".join(parts))


def readings_page(doc: Blueprint) -> str:
    parts = ["<h1>Readings and ambiguities</h1>",
             "<p>Where the text can be read more than one way (a reading: a parameter of the "
             "specification; the default is the project's choice, not the regulation's), and "
             "where the English and French texts differ. Each other value is compared with "
             "the default by Z3: <b>material</b> when some input settles otherwise (its "
             "witness shown), <b>harmless</b> when none does (the proof named).</p>"]
    for rv in doc.readings.values():
        values = "".join(
            f"<li><b>{e(name)}</b>{' (default)' if name == rv.default else ''}"
            f"{' (in force)' if name == rv.in_force else ''}: {e(text)}"
            f"{f' <span class=broken>Leaves the text defective: {e(bad)}</span>' if bad else ''}"
            "</li>" for name, text, bad in rv.values)
        found = "".join(
            f"<li>{e(rv.default)} against {e(c.alternative)}: "
            f"{e({True: 'material', False: 'harmless', None: 'undecided'}[c.material])} "
            f"({'decided' if c.verdict == 'PROVED' else e(c.verdict)})<ul>"
            + "".join(f"<li>{e(w)}</li>" for w in c.words) + "</ul></li>"
            for c in rv.comparisons)
        note = f'<p class="note">note: {e(rv.note)}</p>' if rv.note else ""
        parts.append(
            f'<article id="reading-{e(rv.id)}"><h4><a href="#reading-{e(rv.id)}">{e(rv.id)}'
            f"</a> {badge(rv.status)} <span class=\"mute\">{e(rv.origin)}</span></h4>"
            f"<p>“{e(rv.quote)}”</p>{note}<p>reads: {_links(doc, rv.clauses)}</p>"
            f"<ul>{values}</ul><h5>What Z3 found</h5><ul>{found}</ul></article>")
    return _page(doc, "Readings", "".join(parts))


def graph_page(doc: Blueprint) -> str:
    legend = "".join(f"<li>{badge(s)}: {e(_MEANING[s])}</li>" for s in STATUSES)
    counts = Counter(n.status for n in doc.nodes)
    tally = ", ".join(f"{counts[s]} {s}" for s in STATUSES if counts[s])
    return _page(doc, "Dependency graph", f"""<h1>What rests on what</h1>
<p>Every sentence, definition (a numbered paragraph: the wager or combination it defines),
convention and reading of the text, {len(doc.nodes)} nodes ({e(tally)}) and {len(doc.edges)}
edges. An arrow runs from what rests to what it rests on: a sentence to its definition, a
clause to the conventions that it needs and the readings that read it, a rule's deciding
clause to the clauses that pay or condition it (the Associate Chances rest on their Single
Chance wagers). Each node links to its entry.</p>
<ul class="legend-list">{legend}<li><b>red outline</b>: rests, directly or not, on something
the engine under review breaks</li><li>border: double for a definition, dashed for a
convention, rounded for a reading</li></ul>
<figure class="graph">{svg(doc.nodes, doc.edges, "g-all", "the whole text: what rests on what")}
</figure>""")


_MEANING = {
    "refuted": "an obligation resting on it is REFUTED or VACUOUS: the engine under review "
               "departs from it, or from a clause the obligation cites beside it",
    "unsettled": "an obligation resting on it is UNKNOWN or ERROR: nothing established",
    "convention": "a convention: not regulation text, the project's rule where the text is "
                  "silent",
    "ambiguous": "a material reading touches it: its verdicts hold under the reading in force",
    "proved": "every obligation resting on it is PROVED (a reading: decided harmless)",
    "silent": "no obligation of this check rests on it (out of scope, or left out)",
}


def code_pages(doc: Blueprint) -> dict[str, str]:
    """The implementation's source files the site cites, line by line, each line an anchor;
    the lines of a function that carries a clause marked."""
    carried: dict[str, dict[int, list[str]]] = {}
    for entry in doc.entries.values():
        for span in entry.code:
            marked = carried.setdefault(span.file, {})
            for n in range(span.first, span.last + 1):
                marked.setdefault(n, []).append(entry.id)
    out: dict[str, str] = {}
    for file, text in doc.inputs.sources.items():
        marks = carried.get(file, {})
        lines = "".join(
            f'<span class="line{" carried" if n in marks else ""}" id="L{n}"'
            + (f' title="carries {e(", ".join(dict.fromkeys(marks[n])))}"' if n in marks else "")
            + f'><a class="ln" href="#L{n}">{n}</a>{e(line)}</span>'
            for n, line in enumerate(text.splitlines(), start=1))
        out[code_page(file)] = _page(doc, file, f"<h1>{e(file)}</h1><p class=\"note\">This "
                                     "project's implementation, as installed; the marked lines "
                                     "carry a clause (hover a line for which).</p>"
                                     f'<pre class="code">{lines}</pre>')
    return out


_SOURCES = {
    "check": "our check, run now for this site: the verdicts below are its own",
    "report": "a check report (casino-proofs check --format json): its verdicts are shown as "
              "recorded, counted again, not re-derived",
    "bundle": "an audit bundle, checked intact against its manifest: its verdicts are shown as "
              "recorded, not re-derived (casino-proofs replay re-derives them)",
}


def _review(doc: Blueprint) -> str:
    r = doc.review
    counts = doc.counts()
    counted = ", ".join(f'<span class="{v}">{n:,} {v}</span>' for v, n in counts.items() if n)
    chosen = [f"{k}={v}" for k, v in r.readings.items()
              if v != regulation.readings()[k].default]
    seconds = f", in {r.seconds:.1f} s" if r.seconds is not None else ""
    left = "".join(f"<li>{e(line)}</li>" for line in left_out_lines(r.left_out))
    notes = "".join(f"<li>note: {e(n)}</li>" for n in r.notes)
    where = (' (its report is in the site: <a href="check.json">check.json</a>)'
             if r.source == "check" else f" <code>{e(r.where)}</code>")
    return (f'<section class="review"><h2 id="review">The check under review</h2>'
            f"<p>From {e(_SOURCES[r.source])}{where}.</p>"
            f"<p>Engine: <b>{e(r.engine_name)} {e(r.engine_version)}</b> "
            f"(<code>{e(r.target)}</code>, {e(r.engine_kind)}); games checked: "
            f"{e(', '.join(r.games) or 'none')}; made by casino-proofs {e(r.tool_version)}.</p>"
            f'<p class="counts"><b class="{e(r.verdict)}">'
            f"{e(r.verdict)}</b>: {len(doc.obligations):,} obligations: {counted}{seconds}.</p>"
            "<p>Readings in force: "
            + (e(", ".join(chosen)) if chosen else "every reading at its default")
            + ' (<a href="readings.html">the readings</a>).</p>'
            + (f"<ul>{left}{notes}</ul>" if left or notes else "") + "</section>")


def left_out_lines(items: tuple[tuple[str, str], ...]) -> list[str]:
    """What the check left out, one line a reason (forty wagers left out by --wagers are
    one line naming them)."""
    by_why: dict[str, list[str]] = {}
    for what, why in items:
        by_why.setdefault(why, []).append(what)
    lines = []
    for why, whats in by_why.items():
        if len(whats) > 3 and all(w.startswith("craps wager ") for w in whats):
            names = ", ".join(w.removeprefix("craps wager ") for w in whats)
            lead = why if why.startswith("left out ") else f"left out ({why})"
            lines.append(f"{lead}: {len(whats):,} craps wagers: {names}")
        else:
            lines += [f"left out: {w} ({why})" for w in whats]
    return lines


def _departures(doc: Blueprint) -> str:
    bad = [x for x in doc.entries.values() if x.status in ("refuted", "unsettled")]
    if not bad:
        return ('<p id="departures">No obligation of this check is refuted or left unsettled: '
                "the engine under review departs from no sentence or convention it was "
                "checked on.</p>")
    items = "".join(
        f'<li>{badge(x.status)} <a href="{doc.page_of(x.id)}">{e(x.id)}</a>: '
        f"{sum(1 for n in x.obligations if doc.obligations[n].failing):,} failing "
        f"obligation(s){' (a convention, not regulation text)' if x.role == 'convention' else ''}"
        "</li>" for x in bad)
    below = [x for x in doc.entries.values() if x.broken_below and x.status not in
             ("refuted", "unsettled")]
    rests = (f"<p>Resting on those: {_links(doc, [x.id for x in below])}.</p>" if below else "")
    return (f'<h2 id="departures">Where the engine under review departs from the text</h2>'
            f"<ul>{items}</ul>{rests}")


def _tally(doc: Blueprint) -> str:
    """How many sentences of each part have each facet: each is counted once under what its
    obligations established, and again under ambiguous (or convention) where that holds."""
    head = "".join(f"<th>{badge(s, short=True)}</th>" for s in TALLIED)
    rows = []
    groups = [(f"s. {s.id}: {s.title}", s.page, [x for p in s.paragraphs for x in p.sentences])
              for s in doc.sections]
    groups.append(("conventions", "conventions.html", list(regulation.conventions())))
    for name, page, ids in groups:
        c = Counter(f for i in ids for f in doc.entries[i].facets)
        rows.append(f'<tr><td><a href="{page}">{e(name)}</a></td>'
                    + "".join(f'<td class="num">{c[s] or ""}</td>' for s in TALLIED) + "</tr>")
    return ('<p class="note">Each sentence is counted once under what its obligations '
            "established (refuted, not established, proved or silent), and again under "
            "ambiguous where a material reading touches it: proved and ambiguous side by "
            "side, neither hiding the other.</p>"
            f'<div class="wide"><table class="tally"><tr><th>part</th>{head}</tr>'
            f'{"".join(rows)}</table></div>')


#: the facets the Contents count, what was established first
TALLIED = ("refuted", "unsettled", "proved", "silent", "ambiguous", "convention")


def index_page(doc: Blueprint) -> str:
    rows = []
    for x in doc.entries.values():
        section = x.section or "conventions"
        fr = (f'<span data-text="fr">{e(x.fr)}</span>' if x.fr is not None else
              f'<span class="missing">{"—" if x.role == "convention" else "not held"}</span>')
        proved = sum(1 for n in x.obligations if doc.obligations[n].verdict == "PROVED")
        rows.append(f'<tr class="item" data-id="{e(x.id)}" data-status="{x.status}" '
                    f'data-facets="{" ".join(x.facets)}" data-section="{e(section)}">'
                    f'<td class="id"><a href="{doc.page_of(x.id)}">'
                    f'{e(x.id)}</a></td><td class="badges">{badges(x.facets, short=True)}</td>'
                    f'<td class="num">{proved:,} of {len(x.obligations):,}</td>'
                    f'<td class="en" lang="en">'
                    f'<span data-text="en">{e(x.en)}</span></td><td class="fr" lang="fr">{fr}'
                    "</td></tr>")
    reg = regulation.REGULATION
    body = (f"<h1>{e(reg['citation'])}</h1><p lang=\"fr\">{e(reg['citation_fr'])}</p>"
            f"<p>Version {e(reg['version'])} ({e(reg['source_note'])}). {e(reg['note'])}</p>"
            "<p>Every sentence of the text, in English and French, beside what this project "
            "encodes, implements, proves and tests about it, and what the check under review "
            "found. Conventions and readings are the project's, never the regulation's, and "
            "say so.</p>"
            f"{_review(doc)}{_departures(doc)}<h2 id=\"contents\">Contents</h2>{_tally(doc)}"
            '<p><a href="graph.html">The dependency graph</a> · <a href="readings.html">'
            'Readings and ambiguities</a> · <a href="conventions.html">Conventions</a></p>'
            f'<h2 id="every-sentence">Every sentence and convention</h2>{_filters(doc, True)}'
            '<div class="wide index"><table class="index"><thead><tr><th>clause</th>'
            '<th>status</th><th class="num">PROVED</th><th class="en">English</th>'
            '<th class="fr">French</th></tr></thead><tbody>'
            + "".join(rows) + "</tbody></table></div>")
    return _page(doc, "Blueprint", body)


def site_pages(doc: Blueprint) -> list[str]:
    """The name of every page of the site."""
    return ["index.html", "conventions.html", "readings.html", "graph.html",
            *(s.page for s in doc.sections), *(code_page(f) for f in doc.inputs.sources)]


def render(doc: Blueprint, done: Callable[[], None] | None = None) -> dict[str, str]:
    """Every page of the site, by file name (``done`` is told as each is made)."""
    makers: list[tuple[str, Callable[[], str]]] = [
        ("index.html", lambda: index_page(doc)),
        ("conventions.html", lambda: conventions_page(doc)),
        ("readings.html", lambda: readings_page(doc)), ("graph.html", lambda: graph_page(doc))]
    makers += [(s.page, partial(section_page, doc, s)) for s in doc.sections]
    pages: dict[str, str] = {}
    for name, make in makers:
        pages[name] = make()
        if done is not None:
            done()
    pages.update(code_pages(doc))
    if done is not None:
        for _page in doc.inputs.sources:
            done()
    return pages

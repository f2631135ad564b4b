"""What the HTML pages share (the check's report, the PAR sheet, the diff): the style, the
escaping, the box a table scrolls in, and the one script a page embeds.

The style keeps a page within its window, from a phone's 360 pixels to 1920 and beyond: text
wraps between words (a word is broken only where it is wider than the page itself); a column of
text is never narrower than 12 characters and a header never breaks, so a table wider than the
window scrolls in its own box (:func:`wide`) and the page never does; an ID, a verdict and an
exact figure never break. Every page opens with its result (:func:`result`): the verdict, the
counts, what to do next. In print everything is shown (a folded part unfolded: the style
where the browser can, :data:`PRINT_SCRIPT` where it cannot), the controls are hidden, and a
heading is kept with what follows it. The script (:data:`FILTER_SCRIPT`) is plain JavaScript
embedded in the page, fetching nothing, so it runs from ``file://``; without it the page reads
the same, every row shown.
"""

from __future__ import annotations

import html

STYLE = """
body{font-family:system-ui,sans-serif;margin:1rem auto 2rem;max-width:72rem;padding:0 1rem;
color:#222;overflow-wrap:break-word}
h1{font-size:1.5rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}
.PROVED{color:#126b12}.REFUTED,.VACUOUS,.ERROR{color:#b00020}.UNKNOWN{color:#a05a00}
.badge{font-weight:bold}
.result{border:2px solid #999;border-left-width:.5rem;border-radius:6px;padding:.4rem .8rem;
margin:0 0 1rem}.result p{margin:.25rem 0}
.result.r-PROVED{border-color:#126b12;background:#f1f8f1}.result.r-UNKNOWN{border-color:#a05a00;
background:#fff8ee}.result.r-REFUTED,.result.r-VACUOUS,.result.r-ERROR{border-color:#b00020;
background:#fff4f5}
article{border:1px solid #ddd;border-left-width:4px;border-radius:6px;padding:.6rem 1rem;
margin:.8rem 0}
article[data-status=PROVED]{border-left-color:#126b12}
article[data-status=REFUTED],article[data-status=VACUOUS],article[data-status=ERROR]{
border-left-color:#b00020}article[data-status=UNKNOWN]{border-left-color:#a05a00}
.text{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}
.text.one{grid-template-columns:minmax(0,1fr)}
.text p{margin:.2rem 0}.fr{color:#555}.sid{font-family:monospace;font-size:.8rem;color:#777;
white-space:nowrap}
table{border-collapse:collapse;margin:.5rem 0}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top;
min-width:12ch}
th{white-space:nowrap}
td.num,td.name,td.short,td.PROVED,td.REFUTED,td.VACUOUS,td.ERROR,td.UNKNOWN,td.material,
td.harmless{min-width:0;white-space:nowrap}
.num{text-align:right}.exact{white-space:nowrap}
.figures td,.figures th{font-size:.72rem;padding:.15rem .3rem;min-width:0}
.figures th{white-space:normal}
.figures .row{min-width:8rem;max-width:9rem}body.sheet{max-width:80rem}
.wide{overflow-x:auto;max-width:100%}
.convention{background:#fff8e6}.material{color:#b00020}.harmless{color:#126b12}
.note{color:#555;font-size:.9rem}
.filter button{font:inherit;margin:.1rem .2rem;padding:.1rem .5rem;border:1px solid #999;
border-radius:4px;background:#f6f6f6;cursor:pointer}
.filter button[aria-pressed=true]{background:#222;color:#fff;border-color:#222}
figure.chart{margin:1rem 0}figure.chart .plot{overflow-x:auto}
figure.chart svg{width:100%;min-width:38rem;height:auto}
svg text{font-size:11px;font-family:sans-serif}svg text.key{font-size:9px}
ul.legend{columns:15rem;font-size:.85rem;padding-left:1rem}ul.legend li{break-inside:avoid}
.name{white-space:nowrap}
li.event{list-style:none}li.event code{font-size:.85rem;overflow-wrap:anywhere}
@media (max-width:40rem){body{padding:0 .6rem}.text{grid-template-columns:minmax(0,1fr)}
td,th{padding:.15rem .3rem}}
@media print{body{margin:0;max-width:none}.result{break-inside:avoid}
article,figure,tr,li{break-inside:avoid}h1,h2,h3,h4,summary{break-after:avoid}
td,th{font-size:8pt;min-width:0}.wide,figure.chart .plot{overflow:visible}
figure.chart svg{min-width:0}.filter{display:none}ul.legend{columns:2}
details>summary{list-style:none;font-weight:bold}
details>summary::-webkit-details-marker{display:none}}
@media print{details::details-content{content-visibility:visible;display:block}}
"""

#: the filter of the table of obligations (``#obligation-rows``) by verdict: its buttons
#: (``#obligation-filter``) are shown, and a click shows only the rows of that verdict
FILTER_SCRIPT = """
(function(){
var bar=document.getElementById('obligation-filter'),
    table=document.getElementById('obligation-rows'),
    shown=document.getElementById('obligation-shown');
if(!bar||!table)return;
var rows=table.querySelectorAll('tr[data-verdict]');
bar.hidden=false;
bar.addEventListener('click',function(event){
  var button=event.target.closest('button');
  if(!button)return;
  var verdict=button.getAttribute('data-verdict'),count=0;
  rows.forEach(function(row){
    row.hidden=verdict!=='all'&&row.getAttribute('data-verdict')!==verdict;
    if(!row.hidden)count++;
  });
  bar.querySelectorAll('button').forEach(function(other){
    other.setAttribute('aria-pressed',String(other===button));
  });
  shown.textContent=count+' of '+rows.length+' shown';
});
})();
"""


#: every folded part (``<details>``) opened for print, and closed again after: for browsers
#: whose print style cannot show a folded part's content
PRINT_SCRIPT = """
(function(){var opened=[];
window.addEventListener('beforeprint',function(){
  document.querySelectorAll('details:not([open])').forEach(function(d){
    d.open=true;opened.push(d);});});
window.addEventListener('afterprint',function(){
  opened.forEach(function(d){d.open=false;});opened=[];});
})();
"""


def result(verdict: str, headline: str, next_step: str, exit_code: int,
           ident: str = "overall") -> str:
    """What every page opens with: its verdict and counts (``headline``, the element
    ``ident`` carries the verdict), and what to do next (``next_step``: HTML)."""
    return (f'<section class="result r-{e(verdict)}" aria-label="result">'
            f'<p id="{ident}" class="badge {e(verdict)}" data-verdict="{e(verdict)}" '
            f'data-exit="{exit_code}">{e(headline)}</p>'
            f'<p class="next"><b>Next:</b> {next_step}</p></section>')


def e(text: object) -> str:
    return html.escape(str(text))


def wide(table: str) -> str:
    """A table in a box of its own, which scrolls where the table is wider than the page."""
    return f'<div class="wide">{table}</div>'

"""What the HTML pages share (the check's report and the PAR sheet): the style and escaping.

The style keeps a page within 1280 pixels (long IDs and texts wrap; a wide table scrolls in
its own box, an exact figure never breaks) and readable in print (a heading is kept with what
follows it).
"""

from __future__ import annotations

import html

STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}
h1{font-size:1.5rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}
.PROVED{color:#126b12}.REFUTED,.VACUOUS,.ERROR{color:#b00020}.UNKNOWN{color:#a05a00}
.badge{font-weight:bold}
article{border:1px solid #ddd;border-radius:6px;padding:.6rem 1rem;margin:.8rem 0}
.text{display:grid;grid-template-columns:1fr 1fr;gap:1rem}.text.one{grid-template-columns:1fr}
.text p{margin:.2rem 0}.fr{color:#555}.sid{font-family:monospace;font-size:.8rem;color:#777}
table{border-collapse:collapse;margin:.5rem 0;max-width:100%}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top;
overflow-wrap:break-word}
.num{text-align:right}.exact{white-space:nowrap}
.figures td,.figures th{font-size:.8rem}
.figures td:nth-child(2),.figures td:nth-child(3){min-width:6rem}
.wide{overflow-x:auto;max-width:100%}
.convention{background:#fff8e6}.material{color:#b00020}.harmless{color:#126b12}
.note{color:#555;font-size:.9rem}
figure.chart{margin:1rem 0}figure.chart svg{width:100%;height:auto}
svg text{font-size:11px;font-family:sans-serif}
ul.legend{columns:3;font-size:.85rem;padding-left:1rem}
@media print{body{margin:0;max-width:none}article,figure,tr{break-inside:avoid}
h1,h2,h3,summary{break-after:avoid}td,th{font-size:8pt}.wide{overflow:visible}
ul.legend{columns:2}}
"""


def e(text: object) -> str:
    return html.escape(str(text))

"""One headless Chromium for a whole test run, driven over the DevTools protocol on a pipe
(``--remote-debugging-pipe``: JSON messages ended by a NUL byte on file descriptors 3 and 4),
so that no library is needed and no port is opened. Each page is loaded into one tab at the
width asked for, measured with a script, screenshot or printed to PDF; launching the browser
once instead of once a page saves most of the CPU a browser test costs.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: the height of the window a page is measured in (a phone's, about)
HEIGHT = 844
#: the widths below which a page is shown as on a phone (touch, ``mobile`` viewport)
PHONE = 800


class BrowserError(RuntimeError):
    """The browser died, or answered a command with an error."""


class Browser:
    """A headless Chromium and one tab in it, attached in flat mode."""

    def __init__(self, chromium: str = CHROMIUM or "chromium") -> None:
        self.profile = tempfile.mkdtemp(prefix="casino-proofs-chromium-")
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--hide-scrollbars", "--allow-file-access-from-files",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=_dup_to_3_and_4(to_browser, from_browser))
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next = 0
        self._events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        for domain in ("Page", "Runtime"):
            self.call(f"{domain}.enable", session=True)

    # -- the protocol ------------------------------------------------------------------

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (events met meanwhile are kept)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            got = self._receive(60.0)
            if got.get("id") == self._next:
                if "error" in got:
                    raise BrowserError(f"{method}: {got['error']}")
                result: dict[str, Any] = got.get("result", {})
                return result
            self._events.append(got)

    def _receive(self, timeout: float) -> dict[str, Any]:
        import select

        deadline = time.monotonic() + timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise BrowserError("the browser did not answer in time")
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise BrowserError("the browser went away")
            self._buffer += chunk
        message, _nul, self._buffer = self._buffer.partition(b"\0")
        got: dict[str, Any] = json.loads(message)
        return got

    def _wait_for(self, event: str, timeout: float = 60.0) -> None:
        for n, got in enumerate(self._events):
            if got.get("method") == event:
                del self._events[: n + 1]
                return
        deadline = time.monotonic() + timeout
        while True:
            got = self._receive(max(0.1, deadline - time.monotonic()))
            if got.get("method") == event:
                self._events.clear()
                return

    # -- what a test asks --------------------------------------------------------------

    def resize(self, width: int, height: int = HEIGHT) -> None:
        """The window ``width`` pixels wide (as a phone's below :data:`PHONE`), the page
        laid out again, at its top."""
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width,
                  height=height, deviceScaleFactor=1, mobile=width < PHONE)
        self.evaluate("window.scrollTo(0, 0)")

    def open(self, page: Path | str, width: int, height: int = HEIGHT) -> None:
        """Load ``page`` in a window ``width`` pixels wide (:meth:`resize`), and wait until
        it has loaded and its scripts have run."""
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width,
                  height=height, deviceScaleFactor=1, mobile=width < PHONE)
        self.call("Emulation.setEmulatedMedia", session=True, media="screen")
        self._events.clear()
        url = page.as_uri() if isinstance(page, Path) else page
        self.call("Page.navigate", session=True, url=url)
        self._wait_for("Page.loadEventFired")

    def evaluate(self, script: str) -> Any:
        """The value of a JavaScript expression in the page (JSON-serializable)."""
        got = self.call("Runtime.evaluate", session=True, expression=script,
                        returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in got:
            raise BrowserError(f"the script failed: {got['exceptionDetails']}")
        return got["result"].get("value")

    def screenshot(self, target: Path, full: bool = False) -> Path:
        """A PNG of the window (of the whole page with ``full``)."""
        got = self.call("Page.captureScreenshot", session=True, format="png",
                        captureBeyondViewport=full)
        target.write_bytes(base64.b64decode(got["data"]))
        return target

    def pdf(self, target: Path) -> Path:
        """The page printed (A4, its own print style), as a PDF."""
        got = self.call("Page.printToPDF", session=True, paperWidth=8.27, paperHeight=11.69,
                        displayHeaderFooter=False, printBackground=True)
        target.write_bytes(base64.b64decode(got["data"]))
        return target

    def print_media(self, script: str) -> Any:
        """The value of ``script`` with the page laid out for print."""
        self.call("Emulation.setEmulatedMedia", session=True, media="print")
        try:
            return self.evaluate(script)
        finally:
            self.call("Emulation.setEmulatedMedia", session=True, media="screen")

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.call("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._read, self._write):
            with contextlib.suppress(OSError):
                os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)


def _dup_to_3_and_4(to_browser: int, from_browser: int) -> Any:
    """In the child: the pipe's ends as descriptors 3 (it reads) and 4 (it writes)."""
    def move() -> None:
        read = fcntl.fcntl(to_browser, fcntl.F_DUPFD, 10)  # above 4, whatever they were
        write = fcntl.fcntl(from_browser, fcntl.F_DUPFD, 10)
        os.dup2(read, 3)
        os.dup2(write, 4)
        os.close(read)
        os.close(write)
    return move


#: what a test measures of a page as laid out (JSON): its size, whether it scrolls sideways,
#: the columns of text narrower than 12 characters, the headers, badges and IDs broken inside
#: a word, and where its result (``#overall``) and what to do next (``.next``) end
MEASURE = r"""
(function(){
var d=document,root=d.documentElement,out={height:root.scrollHeight,
  over:root.scrollWidth-root.clientWidth,narrow:[],broken:[]};
var canvas=d.createElement('canvas').getContext('2d');
function ch(el){var s=getComputedStyle(el);canvas.font=s.fontStyle+' '+s.fontWeight+' '+
  s.fontSize+' '+s.fontFamily;return canvas.measureText('0').width;}
function shown(el){return el.getClientRects().length>0;}
d.querySelectorAll('td,th').forEach(function(c){
  var text=(c.textContent||'').trim();
  if(!shown(c)||text.split(/\s+/).length<3||text.length<20)return;
  var s=getComputedStyle(c),inner=c.clientWidth-parseFloat(s.paddingLeft)-
    parseFloat(s.paddingRight);
  if(inner<12*ch(c)-0.5)out.narrow.push(text.slice(0,40)+' ('+Math.round(inner)+'px)');});
function words(el){var walker=d.createTreeWalker(el,NodeFilter.SHOW_TEXT),node;
  while((node=walker.nextNode())){var re=/\S+/g,m;
    while((m=re.exec(node.data))){var r=d.createRange();r.setStart(node,m.index);
      r.setEnd(node,m.index+m[0].length);var rects=[].filter.call(r.getClientRects(),
        function(x){return x.width>0;});
      var tops={};rects.forEach(function(x){tops[Math.round(x.top)]=1;});
      if(Object.keys(tops).length>1)out.broken.push(m[0]);}}}
d.querySelectorAll('th,span.badge,td.id,a.id,.name,.sid,.exact,td code,#overall b').forEach(
  function(el){if(shown(el))words(el);});
['#overall','.next'].forEach(function(sel){var el=d.querySelector(sel);
  out[sel]=el?el.getBoundingClientRect().bottom+window.scrollY:null;});
out.window=window.innerHeight;
return JSON.stringify(out);})()
"""


#: the widths every page is read at (a phone, a tablet, a laptop, a wide screen), and those
#: it is photographed at
WIDTHS = (390, 768, 1280, 1920)
SHOT_WIDTHS = (390, 1280)


def read(browser: Browser, page: Path, width: int, shots: Path | None = None,
         name: str = "") -> dict[str, Any]:
    """``page`` laid out ``width`` pixels wide, measured (:data:`MEASURE`); at the widths of
    :data:`SHOT_WIDTHS`, its window photographed into ``shots`` as ``NAME-WIDTH.png``."""
    return read_widths(browser, page, (width,), shots, name)[width]


def read_widths(browser: Browser, page: Path, widths: Sequence[int] = WIDTHS,
                shots: Path | None = None, name: str = "") -> dict[int, dict[str, Any]]:
    """:func:`read` at each of ``widths``, the page loaded once and laid out again at each."""
    found: dict[int, dict[str, Any]] = {}
    for n, width in enumerate(widths):
        if n == 0:
            browser.open(page, width)
        else:
            browser.resize(width)
        found[width] = json.loads(browser.evaluate(MEASURE))
        if shots is not None and width in SHOT_WIDTHS:
            browser.screenshot(shots / f"{name}-{width}.png")
    return found


def layout_problems(found: dict[str, Any]) -> list[str]:
    """What a page measured by :func:`read` does wrong: it scrolls sideways, a column of
    text is narrower than 12 characters, a header, badge or ID breaks inside a word, its
    result or what to do next ends below the window's first screen."""
    problems = [f"the page scrolls sideways by {found['over']} px"] if found["over"] > 0 else []
    problems += [f"a text column narrower than 12 characters: {x}" for x in found["narrow"]]
    problems += [f"broken inside a word: {x}" for x in found["broken"]]
    for part in ("#overall", ".next"):
        if found[part] is None:
            problems.append(f"no {part}: the page does not open with its result")
        elif found[part] > found["window"]:
            problems.append(f"{part} ends {found[part]:.0f} px down, below the first screen "
                            f"({found['window']} px)")
    return problems


#: the rows of every table of obligations, and whether each is shown: what a print holds
PRINTED_ROWS = """JSON.stringify([].map.call(document.querySelectorAll(
  '#obligation-rows tr[data-verdict], table.obligations tr.obligation'),
  function(r){return r.checkVisibility();}))"""
#: the controls a print hides, and the headings a print does not keep with what follows
PRINT_FAULTS = """JSON.stringify({controls:[].filter.call(document.querySelectorAll(
  '.filters,.filter,nav,button'),function(x){return x.checkVisibility();}).length,
  loose:[].filter.call(document.querySelectorAll('h1,h2,h3,h4,h5,summary'),function(h){
  return h.checkVisibility()&&getComputedStyle(h).breakAfter!=='avoid';}).length,
  folded:[].filter.call(document.querySelectorAll('details .wide, .fold>.body'),
  function(x){return !x.checkVisibility();}).length})"""


def pdf_pages(pdf: Path) -> int:
    """How many pages a PDF Chromium printed holds."""
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))

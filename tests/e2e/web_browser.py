# SPDX-License-Identifier: GPL-3.0-or-later
"""A headless Chromium driven over the DevTools protocol, for the web pages' tests
(tests/e2e/test_web_browser.py, docs/WEB.md).

    browser = Browser(h)             # started through the harness: killed with its group
    page = browser.page()
    page.open("http://127.0.0.1:8080/game/3")
    page.eval("document.title")
    page.key("ArrowRight")
    page.screenshot("game.png")

Chromium is started with --headless=new, --remote-debugging-port=0 and a user-data-dir of
its own in the harness's directory; the port it took is read from that directory's
DevToolsActivePort. Every call is bounded (the harness's WAIT)."""

import base64
import json
import os
import shutil
import signal
import time
import urllib.request

import websocket

from harness import WAIT, TestFailure, TestTimeout

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

# The keys the page's script answers, as Input.dispatchKeyEvent wants them.
_KEYS = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}


class Page:
    """One tab, through its own DevTools WebSocket."""

    def __init__(self, ws_url):
        self.ws = websocket.create_connection(ws_url, timeout=WAIT, suppress_origin=True)
        self.next_id = 0
        self.events = []
        self.call("Page.enable")
        self.call("Runtime.enable")

    def call(self, method, timeout=WAIT, **params):
        self.next_id += 1
        mine = self.next_id
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TestTimeout(f"chromium did not answer {method} in {timeout:.0f} s")
            self.ws.settimeout(left)
            msg = json.loads(self.ws.recv())
            if msg.get("id") == mine:
                if "error" in msg:
                    raise TestFailure(f"chromium: {method} failed: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_event(self, method, timeout=WAIT):
        deadline = time.monotonic() + timeout
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == method:
                    del self.events[: i + 1]
                    return e.get("params", {})
            left = deadline - time.monotonic()
            if left <= 0:
                raise TestTimeout(f"chromium sent no {method} in {timeout:.0f} s")
            self.ws.settimeout(left)
            try:
                msg = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                continue
            if "method" in msg:
                self.events.append(msg)

    def open(self, url):
        """Navigates and waits for the load event."""
        self.events.clear()
        got = self.call("Page.navigate", url=url)
        if got.get("errorText"):
            raise TestFailure(f"chromium could not open {url}: {got['errorText']}")
        try:
            self.wait_event("Page.loadEventFired")
        except TestTimeout as e:
            raise TestTimeout(f"{url}: {e}") from None

    def eval(self, expression, awaited=False):
        """The value of a JavaScript expression in the page (by value)."""
        got = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                        awaitPromise=awaited)
        if "exceptionDetails" in got:
            raise TestFailure(f"chromium: {expression!r} threw: {got['exceptionDetails']}")
        return got["result"].get("value")

    def wait_for(self, expression, what, timeout=WAIT):
        """Polls until the expression is truthy in the page; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.eval(expression)
            if value:
                return value
            if time.monotonic() >= deadline:
                raise TestTimeout(f"timed out after {timeout:.0f} s waiting in chromium until: "
                                  f"{what}")
            time.sleep(0.05)

    def key(self, name, modifiers=0):
        """A key pressed and released, as a person's keyboard sends it; `modifiers` held
        (DevTools' bits: 1 Alt, 2 Ctrl, 4 Meta, 8 Shift)."""
        code = _KEYS[name]
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=name, code=name,
                      windowsVirtualKeyCode=code, nativeVirtualKeyCode=code,
                      modifiers=modifiers)

    def viewport(self, width, height=800, mobile=False):
        """The window as a device of that width (Chromium's device metrics; `mobile` as a
        phone: the page's viewport meta is followed)."""
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=mobile)

    def overflow(self):
        """How many CSS pixels the page is wider than the window (0: no sideways scroll)."""
        return self.eval("Math.max(0, document.documentElement.scrollWidth - "
                         "window.innerWidth)")

    def click(self, element_id, selector=None):
        """A mouse click in the middle of the element with that id (or the first that the
        CSS `selector` finds): of its first line's box, where a link wraps onto more lines
        (the middle of the whole would be between its lines)."""
        find = (f"document.querySelector({json.dumps(selector)})" if selector else
                f"document.getElementById({json.dumps(element_id)})")
        # The point is taken only where the element itself is on top there: a live page may
        # redraw (a row added or removed) between finding the element and the click, and a
        # click by coordinates would then land on whatever moved under it.
        deadline = time.monotonic() + WAIT
        while True:
            box = self.eval(f"(function(){{var e={find};"
                            f"if(!e)return null;e.scrollIntoView({{block:'center'}});"
                            f"var r=e.getClientRects()[0]||e.getBoundingClientRect();"
                            f"var x=r.x+r.width/2,y=r.y+r.height/2;"
                            f"var t=document.elementFromPoint(x,y);"
                            f"return [x,y,!!t&&(t===e||e.contains(t))];}})()")
            if box and box[0] > 0 and box[1] > 0 and box[2]:
                break
            if time.monotonic() >= deadline:
                raise TestFailure(f"no element #{element_id or selector} to click on: {box}")
            time.sleep(0.05)
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1],
                      button="left", clickCount=1)

    def screenshot(self, path, width=1000, height=None, mobile=False):
        """A PNG of the page, `width` CSS pixels wide and as tall as the page (or
        `height`)."""
        if height is None:
            self.viewport(width, 800, mobile)
            height = int(self.eval("Math.ceil(document.documentElement.scrollHeight)") or 800)
        self.viewport(width, height, mobile)
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        return path

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass


class Browser:
    """A headless Chromium started through the harness (killed with its process group when
    the test ends, whatever happens)."""

    def __init__(self, h, name="chromium"):
        if not os.access(CHROMIUM, os.X_OK):
            raise TestFailure(f"no chromium at {CHROMIUM} (contrib/dev deps installs it)")
        self.profile = os.path.join(h.dir, f"{name}-profile")
        os.makedirs(self.profile, exist_ok=True)
        self.proc = h.spawn(name, [
            CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu",
            "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--mute-audio",
            "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
            f"--user-data-dir={self.profile}", "about:blank"])
        # Chromium writes the port it took (and the browser's path) once it listens.
        active = os.path.join(self.profile, "DevToolsActivePort")
        h.wait_until(lambda: os.path.exists(active) and len(open(active).read().split()) >= 2,
                     "chromium wrote DevToolsActivePort", timeout=45)
        self.port = int(open(active).read().split()[0])
        self.pages = []

    def _json(self, path, method="GET"):
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", method=method)
        with urllib.request.urlopen(req, timeout=WAIT) as r:
            return json.loads(r.read().decode("utf-8"))

    def page(self):
        """A new tab."""
        target = self._json("/json/new?about:blank", method="PUT")
        p = Page(target["webSocketDebuggerUrl"])
        self.pages.append(p)
        return p

    def close(self):
        """Closes the tabs and kills Chromium's whole process group (its renderers and
        helpers too)."""
        for p in self.pages:
            p.close()
        self.proc.watched = False
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            self.proc.popen.wait(10)
        except Exception:
            pass

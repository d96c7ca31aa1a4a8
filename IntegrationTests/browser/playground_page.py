"""The playground as the tests see it: real DOM values, the request log, and the same requests replayed on the API."""

from __future__ import annotations

import copy
import json
import math
import re
from dataclasses import dataclass

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_server import Server

# seconds: every wait is bounded by this ceiling, which only a page that never gets there reaches (a wait ends as soon
# as its condition holds, however loaded the machine)
WAIT = 30.0

# What the DOM shows now: the table content's computed padding, the scroll container's offset, the keyboard's box.
DOM_STATE = """
const content = document.getElementById('table-content');
const table = document.getElementById('table');
const keyboard = getComputedStyle(document.getElementById('keyboard'));
const style = getComputedStyle(content);
return {
  paddingTop: parseFloat(style.paddingTop),
  paddingBottom: parseFloat(style.paddingBottom),
  scrollTop: table.scrollTop,
  maxScrollTop: table.scrollHeight - table.clientHeight,
  keyboardTop: parseFloat(keyboard.top),
  keyboardHeight: parseFloat(keyboard.height),
  running: document.getAnimations().length,
};
"""

# The side panel's log, oldest first: each exchange's method, path, status, request Content-Type and the bodies
# shown (JSON, or a text body as it went).
LOG = """
return [...document.querySelectorAll('#log li.exchange')].map((item) => ({
  seq: Number(item.dataset.seq),
  method: item.dataset.method,
  path: item.dataset.path,
  status: Number(item.dataset.status),
  contentType: item.dataset.contentType,
  request: item.querySelector('pre.request').textContent,
  response: item.querySelector('pre.response').textContent,
})).sort((a, b) => a.seq - b.seq);
"""

# A recorder owned by the test, not the page: after every frame it reads the DOM (in a task, so the time, the
# computed padding and scrollTop all belong to the same rendered frame) and the animations running on the table.
RECORDER = """
const content = document.getElementById('table-content');
const table = document.getElementById('table');
const frames = (window.__frames = []);
window.__recording = true;
const sample = () => {
  const animations = content.getAnimations().map((animation) => {
    const keyframes = animation.effect.getKeyframes();
    const timing = animation.effect.getTiming();
    return {
      startTime: animation.startTime,
      // client.js animates lengths through registered custom properties that the padding reads with var().
      from: parseFloat(keyframes[0]['--inset-padding-bottom'] ?? keyframes[0].paddingBottom),
      to: parseFloat(keyframes[keyframes.length - 1]['--inset-padding-bottom'] ?? keyframes[keyframes.length - 1].paddingBottom),
      duration: timing.duration,
      easing: timing.easing,
    };
  });
  frames.push({
    t: document.timeline.currentTime,
    paddingBottom: parseFloat(getComputedStyle(content).paddingBottom),
    scrollTop: table.scrollTop,
    animations,
  });
};
const tick = () => {
  setTimeout(sample, 0);
  if (window.__recording && frames.length < 5000) requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
"""

# Freezes every animation on the page where it is, remembering its start: `SEEK` then moves them all to one instant
# of the document timeline, as a paused Web Animation at `currentTime = t - startTime` shows it.
FREEZE = """
window.__frozen = document.getAnimations().map((animation) => [animation, animation.startTime]);
for (const [animation] of window.__frozen) animation.pause();
return window.__frozen.length;
"""

# Seeks the frozen animations to `arguments[0]` (ms), waits two frames (client.js sets scrollTop from the
# animations' progress each frame), then answers what the DOM shows.
SEEK = (
    """
const [time, done] = arguments;
for (const [animation, start] of window.__frozen) animation.currentTime = time - start;
requestAnimationFrame(() => requestAnimationFrame(() => done((() => {"""
    + DOM_STATE
    + """})())));
"""
)

# The keyboard spring (curve 7): mass 3, stiffness 1000, critically damped, run over 0.5 s.
OMEGA = math.sqrt(1000 / 3)


def spring(milliseconds: float) -> float:
    if milliseconds >= 500:
        return 1.0
    t = max(0.0, milliseconds) / 1000
    return 1 - math.exp(-OMEGA * t) * (1 + OMEGA * t)


def linear_stops(easing: str) -> list[tuple[float, float | None]]:
    """`linear(0, 0.5 20%, 1)` as [(0, 0), (0.5, 20), (1, 100)]: the endpoints' implicit 0% and 100% spelled
    out, as browsers serialize them."""
    assert easing.startswith("linear(") and easing.endswith(")"), easing
    stops = []
    for part in easing[len("linear(") : -1].split(","):
        value, *at = part.split()
        stops.append((float(value), float(at[0].removesuffix("%")) if at else None))
    if stops and stops[0][1] is None:
        stops[0] = (stops[0][0], 0.0)
    if stops and stops[-1][1] is None:
        stops[-1] = (stops[-1][0], 100.0)
    return stops


def linear_at(easing: str, x: float) -> float:
    """A CSS `linear()` easing's output at input progress `x` (0...1): straight lines between its stops."""
    stops = linear_stops(easing)
    percent = min(max(x, 0.0), 1.0) * 100
    for (v0, p0), (v1, p1) in zip(stops, stops[1:]):
        if p0 <= percent <= p1:
            return v0 if p1 == p0 else v0 + (v1 - v0) * (percent - p0) / (p1 - p0)
    return stops[-1][0]


@dataclass
class Exchange:
    """One request the page made and the answer its panel shows, with the answer the test got replaying it."""

    method: str
    path: str
    status: int
    # A JSON body parsed, or a text body's string (content_type text/plain).
    request: dict | list | str | None
    shown: dict | None
    replayed: dict | None = None
    content_type: str = ""


def without_ids(value, *session_ids: str | None):
    """The answer without session ids, which differ between the page's session and the replayed one: the members
    named `id` at the top and in `session`, and any other place one of `session_ids` is spelled (a notification
    log's session and timeline, the title of its plot)."""
    value = copy.deepcopy(value)
    ids = [session_id for session_id in session_ids if session_id]
    if ids:
        text = json.dumps(value)
        for session_id in ids:
            text = text.replace(session_id, "<session>")
        value = json.loads(text)
    if isinstance(value, dict):
        value.pop("id", None)
        if isinstance(value.get("session"), dict):
            value["session"].pop("id", None)
    return value


# The device the page opens on.
DEFAULT_DEVICE = "iphone-15"


def device_entry(server: Server, device_id: str) -> dict:
    """`GET /devices/{id}`: the catalogue's entry for the device."""
    status, _, entry = server.call("GET", f"/devices/{device_id}")
    assert status == 200, entry
    return entry


def newest(measurements: list[dict]) -> dict | None:
    """The newest of `measurements`: the greatest `system` ("26.5" > "18"), those without one last, the first of
    equals (the page's and the service's rule)."""
    def release(measurement: dict) -> tuple[int, ...] | None:
        system = measurement.get("system")
        return tuple(int(part) for part in system.split(".")) if system else None

    best = None
    for measurement in measurements:
        this, that = release(measurement), best and release(best)
        if best is None or (this is not None and (that is None or that < this)):
            best = measurement
    return best


@dataclass(frozen=True)
class Scene:
    """A device held one way, as the catalogue gives it: the screen in points, the newest safe area's insets, and the
    newest docked standard keyboard's frame with the predictive bar (None where the catalogue has none)."""

    width: float
    height: float
    safe: dict | None
    keyboard: dict | None


def catalogue_scene(server: Server, device_id: str = DEFAULT_DEVICE, orientation: str = "portrait") -> Scene:
    entry = device_entry(server, device_id)
    width, height = entry["screen"]["width"], entry["screen"]["height"]
    if orientation == "landscape":
        width, height = height, width
    area = newest([a for a in entry["safeAreas"] if a["orientation"] == orientation])
    keyboard = newest([
        k for k in entry["keyboards"]
        if k["orientation"] == orientation and k["type"] == "standard" and k["mode"] == "docked"
        and k["predictive"] in (True, None)
    ])
    return Scene(width, height, area and area["insets"], keyboard and keyboard["frame"])


def catalogue_value(answer: dict, pointer: str) -> dict | None:
    """The number an answer says it took from the catalogue for `pointer` (`/keyboard/frameEnd`), if any."""
    values = [value for value in (answer.get("catalogue") or {}).get("values", []) if value["pointer"] == pointer]
    return values[0]["value"] if values else None


class Playground:
    def __init__(self, driver, server: Server):
        self.driver = driver
        self.server = server

    # ---- driving the page ----

    def open(self) -> None:
        self.driver.get(self.server.base + "/")
        self.wait_for(lambda: self.phone("data-ready") in ("true", "error"), "the page to create its session")

    def phone(self, attribute: str) -> str | None:
        return self.driver.find_element(By.ID, "phone").get_attribute(attribute)

    def wait_for(self, condition, what: str, timeout: float = WAIT):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.02).until(
            lambda _: condition(), message=f"timed out after {timeout} s waiting for {what}"
        )

    def wait_for_state(self, state: str) -> None:
        self.wait_for(lambda: self.phone("data-keyboard-state") == state, f"the keyboard to be {state}")
        self.wait_for(lambda: self.dom()["running"] == 0, "the animations to end")

    def scroll_to_end(self) -> None:
        """A wheel over the table, as a user scrolls, down to the field at the end of the content."""
        table = self.driver.find_element(By.ID, "table")
        at_end = lambda: (d := self.dom())["scrollTop"] >= d["maxScrollTop"] - 0.5  # noqa: E731
        # A user flicks again when one wheel falls short: on a loaded machine (CI's, once) Chromium's smooth wheel
        # scroll can stop short of the end. Three flicks at most, each given a third of the wait.
        for _ in range(3):
            ActionChains(self.driver).scroll_from_origin(ScrollOrigin.from_element(table), 0, 20000).perform()
            try:
                self.wait_for(at_end, "the table to reach its end", timeout=WAIT / 3)
                return
            except TimeoutException:
                pass
        self.wait_for(at_end, "the table to reach its end")

    def select(self, element_id: str, value: str) -> None:
        Select(self.driver.find_element(By.ID, element_id)).select_by_value(value)

    def use_device(self, device_id: str) -> None:
        """Picks a device; the page fetches its entry and makes a new session (none without a safe area)."""
        self.select("device", device_id)
        self.wait_for(
            lambda: self.phone("data-device") == device_id and self.phone("data-ready") in ("true", "unavailable"),
            f"the page on the {device_id}",
        )

    def use_orientation(self, orientation: str) -> None:
        """Turns the phone with the Landscape toggle, and waits for the page to have turned it."""
        if self.phone("data-orientation") != orientation:
            self.click("landscape")
        ready = ("true", "unavailable")
        self.wait_for(
            lambda: self.phone("data-orientation") == orientation and self.phone("data-ready") in ready,
            f"the phone in {orientation}",
        )

    def use_interruption(self, mode: str) -> None:
        """Picks the session's interruption model; the page makes a new session with it."""
        if self.phone("data-interruption") == mode:
            return
        self.select("interruption", mode)
        self.wait_for(
            lambda: self.phone("data-ready") == "true" and self.phone("data-interruption") == mode,
            f"a new session with interruption {mode}",
        )

    def freeze(self) -> int:
        return self.driver.execute_script(FREEZE)

    def seek(self, time: float) -> dict:
        return self.driver.execute_async_script(SEEK, time)

    def click(self, element_id: str) -> None:
        self.driver.find_element(By.ID, element_id).click()

    def tap_outside(self) -> None:
        """Clicks the side panel's heading, which takes no focus: the field blurs."""
        self.driver.find_element(By.CSS_SELECTOR, ".panel h2").click()

    def dom(self) -> dict:
        return self.driver.execute_script(DOM_STATE)

    def start_recording(self) -> None:
        self.driver.execute_script(RECORDER)

    def stop_recording(self) -> list[dict]:
        return self.driver.execute_script("window.__recording = false; return window.__frames;")

    def screenshot(self, directory, name: str) -> None:
        self.driver.save_screenshot(str(directory / f"{name}.png"))

    def console_errors(self) -> list[dict]:
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    # ---- the log and its replay ----

    def logged(self) -> list[Exchange]:
        """Every exchange in the page's log, oldest first."""
        return [
            Exchange(
                row["method"],
                row["path"],
                row["status"],
                row["request"] if row["contentType"].startswith("text/plain") else
                json.loads(row["request"]) if row["request"] else None,
                json.loads(row["response"]) if row["response"] else None,
                content_type=row["contentType"],
            )
            for row in self.driver.execute_script(LOG)
        ]

    def exchanges(self) -> list[Exchange]:
        """The exchanges of the page's current session, from its POST /sessions on, oldest first."""
        rows = self.logged()
        starts = [index for index, row in enumerate(rows) if row.method == "POST" and row.path == "/sessions"]
        assert starts, f"no POST /sessions in the page's log: {rows}"
        return rows[starts[-1] :]

    def replay(self, token: str | None = None, exchanges: list[Exchange] | None = None) -> list[Exchange]:
        """Sends the page's requests again, on a session of the test's own, and checks the panel showed the truth.

        Every event carries its timestamp, so the service's answers depend on the requests alone: the replayed
        answers are what the service answered the page.
        """
        exchanges = self.exchanges() if exchanges is None else exchanges
        session_id = page_id = None
        for exchange in exchanges:
            body = copy.deepcopy(exchange.request)
            path = exchange.path
            if exchange.method == "POST" and path == "/sessions":
                status, _, answer = self.server.call("POST", path, body, token)
                session_id = answer["id"]
                page_id = (exchange.shown or {}).get("id")
            else:
                assert session_id, "a request before the session was created"
                if isinstance(body, dict) and "sessionId" in body:
                    body["sessionId"] = session_id
                # The session's own id in the path; the rest (/focus, /notifications?plot=svg) as the page sent it.
                path = re.sub(r"^/sessions/[^/?]+", f"/sessions/{session_id}", path)
                status, _, answer = self.server.call(exchange.method, path, body, token)
            assert status == exchange.status, (exchange, status, answer)
            assert without_ids(answer, session_id) == without_ids(exchange.shown, page_id), (
                f"the panel shows another answer to {path}"
            )
            exchange.replayed = answer
        return exchanges


def last(exchanges: list[Exchange], method: str, path: str) -> Exchange:
    matching = [exchange for exchange in exchanges if exchange.method == method and exchange.path == path]
    assert matching, f"the page sent no {method} {path}: {[(e.method, e.path) for e in exchanges]}"
    return matching[-1]


# Where a point of the phone's screen (in points) is in the viewport: the phone is scaled to fit the stage.
def android_portrait(server: Server) -> dict:
    """The default Android device in portrait, gesture navigation, as the catalogue gives it: the screen's height,
    the bars, the IME."""
    entry = device_entry(server, DEFAULT_ANDROID_DEVICE)
    portrait = lambda items: [item for item in items if item["orientation"] == "portrait"]  # noqa: E731
    navigation = newest([bar for bar in portrait(entry["navigationBars"]) if bar["mode"] == "gesture"])["height"]
    return {
        "height": entry["screen"]["height"],
        "statusBar": newest(portrait(entry["statusBars"]))["height"],
        "navigationBar": navigation,
        "ime": newest(portrait(entry["imes"]))["height"],
    }


ANDROID_BOXES = """
// The phone's scale and a box() of an element in dp on the Android phone's screen (null when not drawn).
const phone = document.getElementById('android');
const screen = document.getElementById('android-screen').getBoundingClientRect();
const scale = screen.width / parseFloat(getComputedStyle(phone).getPropertyValue('--w'));
const box = (id) => {
  const element = document.getElementById(id);
  if (!element.getClientRects().length || getComputedStyle(element).visibility === 'hidden') return null;
  const rect = element.getBoundingClientRect();
  return { x: (rect.left - screen.left) / scale, y: (rect.top - screen.top) / scale,
           width: rect.width / scale, height: rect.height / scale };
};
"""

SCREEN_TO_VIEWPORT = """
const [x, y] = arguments;
const box = document.getElementById('screen').getBoundingClientRect();
const scale = box.width / parseFloat(getComputedStyle(document.getElementById('phone')).getPropertyValue('--w'));
return [box.left + x * scale, box.top + y * scale];
"""

# The chat screen's moving parts as the DOM shows them: the composer's and the keyboard's tops, the list's box.
CHAT_STATE = (
    """
const composer = getComputedStyle(document.getElementById('composer'));
const state = (() => {"""
    + DOM_STATE
    + """})();
state.composerTop = parseFloat(composer.top);
state.composerHeight = parseFloat(composer.height);
state.drags = Number(document.getElementById('phone').dataset.drags ?? 0);
return state;
"""
)


def use_chat(page: "Playground") -> None:
    """Switches the playground to its chat screen (a new session with a composer pinned to the guide)."""
    page.select("screen-kind", "chat")
    page.wait_for(
        lambda: page.phone("data-ready") == "true" and page.phone("data-screen") == "chat"
        and page.phone("data-composer-top") is not None,
        "a chat session",
    )


def chat_state(page: "Playground") -> dict:
    return page.driver.execute_script(CHAT_STATE)


def viewport_point(page: "Playground", x: float, y: float) -> tuple[int, int]:
    vx, vy = page.driver.execute_script(SCREEN_TO_VIEWPORT, x, y)
    return round(vx), round(vy)


# A test-owned recorder of what the DOM shows after each drag the page applied: the page counts them in
# #phone[data-drags], and a mutation observer reads the DOM in the same task, before any later answer lands.
DRAG_RECORDER = (
    """
window.__drags = [];
new MutationObserver(() => {
  window.__drags.push((() => {"""
    + CHAT_STATE
    + """})());
}).observe(document.getElementById('phone'), { attributes: true, attributeFilter: ['data-drags'] });
"""
)


def use_form(page: "Playground") -> None:
    """Switches the playground to its form screen (a new session with the form's fields)."""
    page.select("screen-kind", "form")
    page.wait_for(
        lambda: page.phone("data-ready") == "true" and page.phone("data-screen") == "form",
        "a form session",
    )


# The form as the DOM shows it: the scroll view's state, each field's box on the phone's screen (points), the
# field with the DOM focus, the toolbar's arrows, and the focus the page last applied.
FORM_STATE = (
    """
const state = (() => {"""
    + DOM_STATE
    + """})();
const screen = document.getElementById('screen').getBoundingClientRect();
const phone = document.getElementById('phone');
const scale = screen.width / parseFloat(getComputedStyle(phone).getPropertyValue('--w'));
state.fields = {};
for (const control of document.querySelectorAll('#form [data-field]')) {
  const box = control.getBoundingClientRect();
  state.fields[control.dataset.field] = {
    top: (box.top - screen.top) / scale,
    bottom: (box.bottom - screen.top) / scale,
    height: box.height / scale,
    offsetHeight: control.offsetHeight,
  };
}
state.active = document.activeElement?.dataset?.field ?? null;
state.previousEnabled = !document.getElementById('kb-previous').disabled;
state.nextEnabled = !document.getElementById('kb-next').disabled;
state.toolbarTop = (document.getElementById('kb-accessory').getBoundingClientRect().top - screen.top) / scale;
state.focus = phone.dataset.focus ?? null;
state.contentHeight = document.getElementById('table-rows').offsetHeight;
return state;
"""
)


def form_state(page: "Playground") -> dict:
    return page.driver.execute_script(FORM_STATE)


# The notification panel's outcome list, in order: what each notification did, and how the page says the service
# read it (the item's data attributes, and the text of each of its rows).
REPLAY_RESULTS = """
const text = (item, selector) => item.querySelector(selector)?.textContent ?? null;
return [...document.querySelectorAll('#replay-results li')].map((item) => ({
  index: Number(item.dataset.index),
  name: item.dataset.name,
  outcome: item.dataset.outcome,
  reason: item.dataset.reason || null,
  form: item.dataset.form,
  nameSource: item.dataset.nameSource,
  timeSource: item.dataset.timeSource,
  coordinates: item.dataset.coordinates,
  lines: item.dataset.lines || null,
  ignoredKeys: item.dataset.ignoredKeys ? item.dataset.ignoredKeys.split(' ') : [],
  text: item.textContent,
  head: text(item, '.result-head'),
  source: text(item, '.read-source'),
  values: text(item, '.read-values'),
  ignored: text(item, '.read-ignored'),
  converted: text(item, '.read-converted'),
}));
"""


def replay_results(page: "Playground") -> list[dict]:
    return page.driver.execute_script(REPLAY_RESULTS)


# The panel's errors for a refused log: each one's line and column (a text body's) or pointer, and its text.
REPLAY_ERRORS = """
const list = document.getElementById('replay-errors');
return {
  problem: list.dataset.problem ?? null,
  errors: [...list.querySelectorAll('li')].map((item) => ({
    line: item.dataset.line ? Number(item.dataset.line) : null,
    column: item.dataset.column ? Number(item.dataset.column) : null,
    pointer: item.dataset.pointer ?? null,
    head: item.querySelector('.error-head')?.textContent ?? '',
    excerpt: item.querySelector('.excerpt')?.textContent ?? null,
  })),
};
"""


def replay_errors(page: "Playground") -> dict:
    return page.driver.execute_script(REPLAY_ERRORS)


# Puts `arguments[0]` in the log's textarea as a paste would (an input event after it).
PASTE_LOG = """
const area = document.getElementById('notification-log');
area.value = arguments[0];
area.dispatchEvent(new Event('input', { bubbles: true }));
"""


def paste_log(page: "Playground", text: str) -> None:
    page.driver.execute_script(PASTE_LOG, text)


# ---- The Android phone ----

# The device the Android phone opens on.
DEFAULT_ANDROID_DEVICE = "pixel-9"

# The Android phone as the DOM shows it, in dp on its screen (the phone is scaled to fit): the list's box and
# computed height, its content's bottom padding, its scroll, the window's top (minus the pan), the IME's and the
# composer's boxes, the status and navigation bars' heights, the animations running on the phone.
ANDROID_STATE = """
const phone = document.getElementById('android');
const screen = document.getElementById('android-screen').getBoundingClientRect();
const scale = screen.width / parseFloat(getComputedStyle(phone).getPropertyValue('--w'));
const box = (id) => {
  const rect = document.getElementById(id).getBoundingClientRect();
  return { top: (rect.top - screen.top) / scale, bottom: (rect.bottom - screen.top) / scale,
           left: (rect.left - screen.left) / scale, width: rect.width / scale, height: rect.height / scale };
};
const list = document.getElementById('android-list');
const running = [...phone.querySelectorAll('*')].flatMap((element) => element.getAnimations());
return {
  ready: phone.dataset.ready,
  imeState: phone.dataset.imeState,
  screenWidth: document.getElementById('android-screen').offsetWidth,
  screenHeight: document.getElementById('android-screen').offsetHeight,
  fit: parseFloat(getComputedStyle(phone).getPropertyValue('--fit')),
  scale,
  list: box('android-list'),
  listHeight: parseFloat(getComputedStyle(list).height),
  paddingBottom: parseFloat(getComputedStyle(document.getElementById('android-content')).paddingBottom),
  scrollTop: list.scrollTop,
  maxScrollTop: list.scrollHeight - list.clientHeight,
  windowTop: parseFloat(getComputedStyle(document.getElementById('android-window')).top),
  ime: box('ime'),
  composer: box('android-composer'),
  statusBar: box('android-status-bar').height,
  navigationBar: box('navigation-bar').height,
  visible: getComputedStyle(document.getElementById('android-box')).display !== 'none',
  iosVisible: getComputedStyle(document.getElementById('device-box')).display !== 'none',
  running: running.length,
  animations: running.map((animation) => ({
    target: animation.effect.target.id,
    duration: animation.effect.getTiming().duration,
    easing: animation.effect.getTiming().easing,
    keyframes: animation.effect.getKeyframes().length,
  })),
};
"""


def android_state(page: "Playground") -> dict:
    return page.driver.execute_script(ANDROID_STATE)


def android_attribute(page: "Playground", attribute: str) -> str | None:
    return page.driver.find_element(By.ID, "android").get_attribute(attribute)


def use_platform(page: "Playground", platform: str) -> None:
    """Shows the iPhone, the Android phone or both; with the Android phone, waits until it is laid out."""
    page.select("platform", platform)
    if platform != "ios":
        page.wait_for(
            lambda: android_attribute(page, "data-ready") in ("true", "unavailable"), "the Android phone laid out"
        )


def use_android_settings(page: "Playground", **settings) -> None:
    """Sets the Android controls (`soft_input_mode`, `edge_to_edge`, `ime_insets`, `insets_callback`,
    `navigation_mode`), each a change that lays the phone out afresh, and waits for it."""
    for name, value in settings.items():
        element_id = name.replace("_", "-")
        element = page.driver.find_element(By.ID, element_id)
        if isinstance(value, bool):
            if element.is_selected() != value:
                element.click()
        else:
            page.select(element_id, value)
        page.wait_for(lambda: android_attribute(page, "data-ready") in ("true", "unavailable"), f"{name} applied")
    page.wait_for(lambda: android_state(page)["running"] == 0, "the Android phone at rest")


def scroll_android_to_end(page: "Playground") -> None:
    """A wheel over the Android list, down to its end."""
    element = page.driver.find_element(By.ID, "android-list")
    at_end = lambda: (s := android_state(page))["scrollTop"] >= s["maxScrollTop"] - 0.5  # noqa: E731
    for _ in range(3):
        ActionChains(page.driver).scroll_from_origin(ScrollOrigin.from_element(element), 0, 20000).perform()
        try:
            page.wait_for(at_end, "the Android list to reach its end", timeout=WAIT / 3)
            return
        except TimeoutException:
            pass
    page.wait_for(at_end, "the Android list to reach its end")


def wait_for_ime(page: "Playground", state: str) -> dict:
    """Waits for the Android IME to be `state` with nothing running on the phone; answers the phone's state."""
    page.wait_for(lambda: android_attribute(page, "data-ime-state") == state, f"the IME to be {state}")
    page.wait_for(lambda: android_state(page)["running"] == 0, "the Android animations to end")
    return android_state(page)


def session_exchanges(page: "Playground", android: bool) -> list[Exchange]:
    """The exchanges of the page's last iPhone session, or its last Android one (`platform: "android"`), from its
    POST /sessions on, those of the other phone's session left out: what `Playground.replay` can send again."""
    logged = page.logged()
    created = [
        index for index, exchange in enumerate(logged)
        if exchange.method == "POST" and exchange.path == "/sessions" and exchange.status == 201
        and ((exchange.request or {}).get("platform") == "android") == android
    ]
    assert created, f"no {'Android' if android else 'iPhone'} session in the page's log"
    start = created[-1]
    session_id = logged[start].shown["id"]

    def belongs(exchange: Exchange) -> bool:
        body = exchange.request if isinstance(exchange.request, dict) else {}
        return body.get("sessionId") == session_id or exchange.path.startswith(f"/sessions/{session_id}")

    return [logged[start]] + [exchange for exchange in logged[start + 1 :] if belongs(exchange)]


# Seeks the frozen animations (`FREEZE`) to `arguments[0]` (ms on the document timeline), waits two frames, then
# answers what the Android phone shows.
ANDROID_SEEK = (
    """
const [time, done] = arguments;
for (const [animation, start] of window.__frozen) animation.currentTime = time - start;
requestAnimationFrame(() => requestAnimationFrame(() => done((() => {"""
    + ANDROID_STATE
    + """})())));
"""
)


def android_seek(page: "Playground", time: float) -> dict:
    return page.driver.execute_async_script(ANDROID_SEEK, time)

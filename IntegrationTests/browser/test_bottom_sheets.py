"""The playground's Android Bottom sheet in headless Chromium against a real inset-server.

The screen (docs/playground.md) is a list in Material's `BottomSheetDialog` over the dimmed activity: the page sends
the sheet content's height, its state and edge to edge as `container.presentation` (no soft-input mode: the sheet's
themes' adjustResize); the service places the sheet as `BottomSheetBehavior` does (docs/containers.md, "Android
bottom sheets") and answers its frame and its content's on the screen (`container.presentation.frame`,
`contentFrame`, at rest `restingFrame`, `restingContentFrame`), how much of the field shows (`focusedRectShown`), and
the list in the content's coordinates. On a Pixel 9 (status bar 54, gesture bar 24, IME 336) a 300-dp sheet rises
from y 599.43 to 287.43; an 800-dp one collapsed stays at 285.429 with the field under the IME, expanded goes to the
status bar and shows it; edge to edge it goes to y 0, its content from 54.

Every number checked is the service's or the catalogue's: the sheet drawn at the answer's frame and its content at the
content frame (within 0.05 dp, read through the phone's scale), the list's height and scroll the answer's, the IME at
the catalogue's frame, the sheet's top at every instant of the show where the IME's fraction puts it between its
resting and its new frame, the mark over the field where the answer's numbers put it.
"""

from __future__ import annotations

import pytest

from playground_page import (
    ANDROID_BOXES,
    android_portrait,
    Playground,
    android_attribute,
    android_seek,
    session_exchanges,
    use_platform,
    wait_for_ime,
)

BOX = 0.05
EXACT = 0.01

# The sheet and its parts as the DOM shows them, in dp on the phone's screen (the phone is scaled to fit).
SHEET_STATE = ANDROID_BOXES + """
const list = document.getElementById('bottom-sheet-list');
const mark = document.getElementById('bottom-sheet-mark');
const summary = (key) => document.querySelector(`#android-summary [data-key="${key}"]`).textContent;
return {
  sheet: box('android-bottom-sheet'),
  content: box('bottom-sheet-content'),
  list: box('bottom-sheet-list'),
  field: box('bottom-sheet-field'),
  ime: box('ime'),
  mark: box('bottom-sheet-mark'),
  markState: mark.dataset.mark,
  markText: mark.textContent,
  listHeight: parseFloat(getComputedStyle(list).height),
  scrollTop: list.scrollTop,
  windowTop: parseFloat(getComputedStyle(document.getElementById('bottom-sheet-window')).top),
  screenOverflow: getComputedStyle(document.getElementById('android-screen')).overflow,
  scrim: getComputedStyle(document.querySelector('#android .android-scrim')).backgroundColor,
  state: phone.dataset.bottomSheetState,
  tag: document.getElementById('bottom-sheet-tag').textContent,
  status: document.getElementById('android-status').textContent,
  summary: summary('bottomSheet'),
  shownSummary: summary('focusedRectShown'),
  sessionId: phone.dataset.sessionId,
};
"""


@pytest.fixture(scope="module")
def pixel(server) -> dict:
    return android_portrait(server)


def sheet_state(page: Playground) -> dict:
    return page.driver.execute_script(SHEET_STATE)


def on_the_sheet(page: Playground, height: str = "800", state: str = "collapsed", edge_to_edge: bool = False) -> dict:
    """The Android phone alone on the Bottom sheet, with the content's height, the state and edge to edge given;
    answers the page's Android session as the service holds it."""
    use_platform(page, "android")
    page.select("screen-kind", "bottomsheet")
    page.select("bottom-sheet-height", height)
    page.select("bottom-sheet-state", state)
    toggle = page.driver.find_element("id", "edge-to-edge")
    if toggle.is_selected() != edge_to_edge:
        toggle.click()
    want = {"style": "bottomSheet", "contentHeight": int(height), "state": state}

    def created() -> bool:
        sessions = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"
                    and (e.request or {}).get("platform") == "android"]
        last = sessions[-1].request if sessions else {}
        return ((last.get("container") or {}).get("presentation") == want
                and last.get("edgeToEdge") is edge_to_edge)

    page.wait_for(lambda: created() and android_attribute(page, "data-screen") == "bottomsheet"
                  and android_attribute(page, "data-ready") == "true"
                  and sheet_state(page)["sessionId"] is not None, "the bottom sheet's session")
    status, _, session = page.server.call("GET", f"/sessions/{sheet_state(page)['sessionId']}")
    assert status == 200, session
    return session


def assert_at(drawn: dict | None, frame: dict, what: str) -> None:
    assert drawn is not None, f"{what} is not drawn; the service puts it at {frame}"
    for key in ("x", "y", "width", "height"):
        assert drawn[key] == pytest.approx(frame[key], abs=BOX), (what, key, drawn, frame)


def assert_sheet_shows(dom: dict, presented: dict, answer: dict, ime_top: float) -> None:
    """The sheet at the answer's frame and its content at the content frame, the list as tall and scrolled as
    answered in the content, the window at `-windowPan.y`, the IME's top at `ime_top`."""
    assert_at(dom["sheet"], presented["frame"], "the sheet")
    assert_at(dom["content"], presented["contentFrame"], "the sheet's content")
    list_frame = answer["scrollView"]["frame"]
    assert dom["list"]["y"] == pytest.approx(presented["contentFrame"]["y"] + list_frame["y"], abs=BOX), dom["list"]
    assert dom["listHeight"] == pytest.approx(list_frame["height"], abs=EXACT), dom
    assert dom["scrollTop"] == pytest.approx(answer["contentOffset"]["y"], abs=1), dom
    assert dom["windowTop"] == pytest.approx(-answer["windowPan"]["y"], abs=EXACT), dom
    assert dom["ime"]["y"] == pytest.approx(ime_top, abs=BOX), dom["ime"]


def tap_field(page: Playground) -> tuple:
    """A tap on the sheet's field; once the IME is up and nothing runs, the show's exchange and the sheet's DOM."""
    page.click("bottom-sheet-field")
    assert wait_for_ime(page, "shown")["running"] == 0
    page.wait_for(lambda: sheet_state(page)["state"] == "shown", "the sheet drawn for the show")
    show = [e for e in page.logged() if e.path == "/keyboard/show"][-1]
    return show, sheet_state(page)


def hide(page: Playground) -> tuple:
    page.driver.find_element("css selector", "#android-panel h2").click()
    wait_for_ime(page, "hidden")
    return [e for e in page.logged() if e.path == "/keyboard/hide"][-1], sheet_state(page)


def test_a_300_dp_sheet_rises_above_the_ime_on_its_curve(page: Playground, pixel: dict, artifacts) -> None:
    """300 dp, collapsed, not edge to edge: at rest the sheet is drawn at the session's `restingFrame` (599.43); the
    show moves it to the answer's `frame` (287.43, its content ending at the IME's top), the sheet's top following
    the IME's fraction at every instant; the field shows whole, no mark; the hide takes it back to rest."""
    session = on_the_sheet(page, "300")
    created = session_exchanges(page, android=True)[0]
    assert created.request["container"] == {
        "presentation": {"style": "bottomSheet", "contentHeight": 300, "state": "collapsed"}}
    assert "windowSoftInputMode" not in created.request and created.request["edgeToEdge"] is False
    resting = session["containerLayout"]["presentation"]
    assert resting["restingFrame"]["y"] == pytest.approx(599.43, abs=EXACT)
    dom = sheet_state(page)
    assert_at(dom["sheet"], resting["restingFrame"], "the sheet at rest")
    assert_at(dom["content"], resting["restingContentFrame"], "the sheet's content at rest")
    assert dom["ime"]["y"] == pytest.approx(pixel["height"], abs=BOX), "the IME is off the screen at rest"
    assert dom["state"] == "resting" and dom["scrim"] not in ("rgba(0, 0, 0, 0)", "transparent"), dom
    assert dom["tag"] == "bottom sheet collapsed at y 599.43 · at rest", dom["tag"]

    # The show frozen and sought through its 285 ms: the sheet's top is where the IME's fraction puts it.
    page.click("bottom-sheet-field")
    page.wait_for(lambda: android_attribute(page, "data-ime-state") == "showing"
                  and sheet_state(page)["state"] == "shown", "the show's replay")
    assert page.freeze() >= 2
    frozen = page.driver.execute_script(
        "return window.__frozen.map(([animation, start]) => [animation.effect.target.id, start,"
        " animation.effect.getTiming().duration, animation.effect.getTiming().easing]);")
    by_target = {target: (start, duration, easing) for target, start, duration, easing in frozen}
    assert by_target["android-bottom-sheet"] == by_target["ime"], "the sheet moves on the IME's timing"
    start, duration, _ = by_target["ime"]
    ime_top = pixel["height"] - pixel["ime"]
    rest_y, end_y = resting["restingFrame"]["y"], 287.43
    fractions = []
    for step in range(8):
        android_seek(page, start + step * duration / 7)
        dom = sheet_state(page)
        fraction = (pixel["height"] - dom["ime"]["y"]) / pixel["ime"]
        fractions.append(fraction)
        assert dom["sheet"]["y"] == pytest.approx(rest_y + (end_y - rest_y) * fraction, abs=BOX), (step, dom["sheet"])
        if step == 2:
            page.screenshot(artifacts, "bottom-sheet-1-mid-show")
    assert fractions[0] == pytest.approx(0, abs=0.001) and fractions[-1] == pytest.approx(1, abs=0.001)
    assert any(0.05 < fraction < 0.95 for fraction in fractions), fractions
    page.driver.execute_script("for (const [animation] of window.__frozen) animation.play();")
    wait_for_ime(page, "shown")

    show = [e for e in page.logged() if e.path == "/keyboard/show"][-1]
    assert show.request["keyboard"]["frameEnd"]["y"] == ime_top
    assert show.request["focusedRect"] == {"x": 16, "y": 200, "width": 300, "height": 56}, "the content's coordinates"
    answer = show.shown
    presented = answer["container"]["presentation"]
    assert presented["frame"]["y"] == pytest.approx(end_y, abs=EXACT)
    assert presented["contentFrame"]["y"] + presented["contentFrame"]["height"] == pytest.approx(ime_top, abs=EXACT)
    assert presented["focusedRectShown"] == "whole"
    dom = sheet_state(page)
    assert_sheet_shows(dom, presented, answer, ime_top)
    assert dom["mark"] is None and dom["markState"] == "off", dom
    assert dom["tag"] == "bottom sheet collapsed at y 287.43 · moved from y 599.43 for the IME", dom["tag"]
    assert "the field shows whole (focusedRectShown whole)" in dom["status"], dom["status"]
    assert dom["shownSummary"] == "whole" and dom["summary"] == "x 0, y 287.43, 411.43 × 300", dom
    page.screenshot(artifacts, "bottom-sheet-2-300-shown")

    hidden, dom = hide(page)
    assert hidden.shown["container"]["presentation"]["frame"] == resting["restingFrame"]
    assert_sheet_shows(dom, hidden.shown["container"]["presentation"], hidden.shown, pixel["height"])
    assert dom["state"] == "resting" and dom["mark"] is None, dom
    page.replay(exchanges=session_exchanges(page, android=True))


def test_a_collapsed_800_dp_sheet_leaves_the_field_under_the_ime(page: Playground, pixel: dict, artifacts) -> None:
    """800 dp, collapsed, not edge to edge: the sheet stays at 285.429 (what lies below the screen clipped), its list
    shrinks to the space above the IME and scrolls, but the field at content y 500 ends under the IME: the answer says
    `focusedRectShown: none`, and the page marks the field where it stands, over the IME, in those words."""
    session = on_the_sheet(page, "800", "collapsed")
    resting = session["containerLayout"]["presentation"]
    dom = sheet_state(page)
    assert_at(dom["sheet"], resting["restingFrame"], "the sheet at rest")
    assert dom["sheet"]["y"] + dom["sheet"]["height"] > pixel["height"] and dom["screenOverflow"] == "clip", dom

    show, dom = tap_field(page)
    assert show.request["focusedRect"] == {"x": 16, "y": 500, "width": 300, "height": 56}
    answer = show.shown
    presented = answer["container"]["presentation"]
    ime_top = pixel["height"] - pixel["ime"]
    assert presented["frame"]["y"] == pytest.approx(285.429, abs=EXACT) == resting["restingFrame"]["y"]
    assert presented["focusedRectShown"] == "none"
    assert answer["scrollView"]["frame"]["height"] == pytest.approx(533.43, abs=EXACT)
    assert_sheet_shows(dom, presented, answer, ime_top)
    # The field is drawn under the IME's top, and the mark is over it (within the list's whole-pixel scroll).
    assert dom["field"]["y"] >= ime_top, (dom["field"], ime_top)
    assert dom["markState"] == "none" and dom["mark"] is not None, dom
    for key in ("x", "y", "width", "height"):
        assert dom["mark"][key] == pytest.approx(dom["field"][key], abs=1), (key, dom["mark"], dom["field"])
    field_y = presented["contentFrame"]["y"] + 500 - answer["contentOffset"]["y"]
    assert dom["mark"]["y"] == pytest.approx(field_y, abs=BOX), dom["mark"]
    assert dom["markText"] == "field under the IME · focusedRectShown: none", dom["markText"]
    assert dom["tag"] == "bottom sheet collapsed at y 285.43 · not moved for the IME", dom["tag"]
    assert "none of the field shows (focusedRectShown none)" in dom["status"], dom["status"]
    assert dom["shownSummary"] == "none", dom
    page.screenshot(artifacts, "bottom-sheet-3-collapsed-field-under-ime")

    hidden, dom = hide(page)
    assert_sheet_shows(dom, hidden.shown["container"]["presentation"], hidden.shown, pixel["height"])
    assert dom["mark"] is None and dom["markState"] == "off", dom
    page.replay(exchanges=session_exchanges(page, android=True))


@pytest.mark.parametrize("edge_to_edge", [False, True])
def test_an_800_dp_sheet_that_shows_the_field(page: Playground, pixel: dict, artifacts, edge_to_edge) -> None:
    """Expanded, the 800-dp sheet goes to the status bar and the field shows; edge to edge, even collapsed, the sheet
    padded by the IME goes to y 0 and its content starts under the status bar (54)."""
    state = "collapsed" if edge_to_edge else "expanded"
    on_the_sheet(page, "800", state, edge_to_edge)
    show, dom = tap_field(page)
    answer = show.shown
    presented = answer["container"]["presentation"]
    ime_top = pixel["height"] - pixel["ime"]
    assert presented["focusedRectShown"] == "whole"
    if edge_to_edge:
        assert presented["frame"]["y"] == 0
        assert presented["contentFrame"]["y"] == pixel["statusBar"]
        assert dom["tag"] == "bottom sheet collapsed at y 0, content from y 54 · moved from y 207.43 for the IME"
    else:
        assert presented["frame"]["y"] == pixel["statusBar"]
        assert dom["tag"].startswith("bottom sheet expanded at y 54 · moved from y "), dom["tag"]
    assert presented["contentFrame"]["y"] + presented["contentFrame"]["height"] == pytest.approx(ime_top, abs=EXACT)
    assert_sheet_shows(dom, presented, answer, ime_top)
    assert dom["field"]["y"] + dom["field"]["height"] <= ime_top + BOX, (dom["field"], ime_top)
    assert dom["mark"] is None and dom["markState"] == "off", dom
    page.screenshot(artifacts, f"bottom-sheet-4-{'edge-to-edge' if edge_to_edge else 'expanded'}")
    page.replay(exchanges=session_exchanges(page, android=True))


def test_the_bottom_sheet_is_offered_with_android_alone(page: Playground) -> None:
    """The service refuses `bottomSheet` on iOS: the screen's option is off unless Platform is Android, and on it only
    Android is offered; the activity's soft-input settings are not shown, edge to edge is."""
    status, _, problem = page.server.call("POST", "/sessions", {
        "device": {"id": "iphone-17-pro"},
        "container": {"presentation": {"style": "bottomSheet", "contentHeight": 300}}})
    assert status == 400, problem
    option = page.driver.find_element("id", "screen-bottom-sheet")
    assert option.get_attribute("disabled") is not None and "Android only" in option.get_attribute("title")
    on_the_sheet(page)
    options = page.driver.execute_script(
        "return [...document.getElementById('platform').options].map((o) => [o.value, o.disabled]);")
    assert options == [["ios", True], ["android", False], ["both", True], ["web", True]], options
    shown = {element_id: page.driver.find_element("id", element_id).is_displayed()
             for element_id in ("bottom-sheet-height", "bottom-sheet-state", "edge-to-edge", "soft-input-mode",
                                "ime-insets", "dialog-height")}
    assert shown == {"bottom-sheet-height": True, "bottom-sheet-state": True, "edge-to-edge": True,
                     "soft-input-mode": False, "ime-insets": False, "dialog-height": False}, shown

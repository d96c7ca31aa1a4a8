"""The playground's Sheet in headless Chromium against a real inset-server.

The screen (docs/playground.md) is the table in a navigation controller presented as a sheet: the page sends the style
and the detents as `container.presentation`, with no frame and no heights, and the service places the sheet from its
sources (docs/containers.md, "Presentations"). On an iPhone 17 Pro (iOS 26.5, top safe area 62) a sheet of detents
medium and large is at large while the keyboard shows, y 62 and 812 tall, expanded from medium (FB17890661), with a
70-pt navigation bar at its top, and the 335-pt keyboard gives contentInset.bottom 301 (the 34-pt home indicator the
sheet covers counted once). The medium detent's height is not published, so the page must never draw the sheet at
one: at rest it draws it where the service places it and says so. On iOS 18 (the iPhone XS) a sheet resting below its
largest detent is refused, and the page must show the service's words; the XS's catalogue has no keyboard, and no
source in the repository publishes one, so the page sends none and its field is off.

Tolerances are the other browser tests': padding exactly (0.01 px), positions within 0.5 px, scrollTop within 1 px.
"""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.by import By

from playground_page import DOM_STATE, Playground, catalogue_scene, device_entry, last

DEVICE = "iphone-17-pro"
IOS_18_DEVICE = "iphone-xs"
# docs/containers.md, "Presentations": the navigation bar in a sheet is 70 pt on iOS 26 and 56 before; a large sheet
# stops at the top safe area on iOS 26 and 10 pt below it before.
SHEET_BAR_26, SHEET_BAR_18, GAP_18 = 70, 56, 10
INSET_IN_SHEET = 301
EXPANDED_TAG = "large · expanded from medium (iOS 26, FB17890661)"

# The Sheet as the DOM shows it: the scroll view's state, each drawn part's box on the phone's screen (points; the
# phone is scaled to fit) or null when it is not drawn, the phone's data attributes, the tag, the side panel's rows,
# the status line and the lines under the phone.
SHEET_STATE = (
    """
const state = (() => {"""
    + DOM_STATE
    + """})();
const phone = document.getElementById('phone');
const screen = document.getElementById('screen').getBoundingClientRect();
const scale = screen.width / parseFloat(getComputedStyle(phone).getPropertyValue('--w'));
const box = (element) => {
  // Not drawn: display none (its own or an ancestor's: no box) or hidden.
  if (!element.getClientRects().length || getComputedStyle(element).visibility === 'hidden') return null;
  const rect = element.getBoundingClientRect();
  return { x: (rect.left - screen.left) / scale, y: (rect.top - screen.top) / scale,
           width: rect.width / scale, height: rect.height / scale };
};
const byId = (id) => box(document.getElementById(id));
for (const [key, id] of [['sheet', 'sheet'], ['navigationBar', 'sheet-nav-bar'], ['tabBarNavigationBar', 'nav-bar'],
                         ['table', 'table'], ['keyboard', 'keyboard'], ['presenting', 'presenting'],
                         ['tag', 'sheet-tag']]) {
  state[key] = byId(id);
}
state.grabber = box(document.querySelector('#sheet .sheet-grabber'));
const sheetStyle = getComputedStyle(document.getElementById('sheet'));
state.sheetRadius = [parseFloat(sheetStyle.borderTopLeftRadius), parseFloat(sheetStyle.borderBottomLeftRadius)];
state.tableRadius = parseFloat(getComputedStyle(document.getElementById('table')).borderTopLeftRadius);
state.dimmed = getComputedStyle(document.getElementById('presenting'), '::after').backgroundColor;
state.zIndex = Object.fromEntries(['keyboard', 'sheet', 'sheet-nav-bar'].map(
  (id) => [id, Number(getComputedStyle(document.getElementById(id)).zIndex)]));
state.data = { ...phone.dataset };
state.tagText = document.getElementById('sheet-tag').textContent;
const row = (key) => document.querySelector(`#summary [data-key="${key}"]`).textContent;
state.summary = Object.fromEntries(
  ['inset', 'adjusted', 'presentation', 'navigationBar'].map((key) => [key, row(key)]));
const status = document.getElementById('status');
state.status = status.textContent;
state.statusKind = status.dataset.kind;
state.fieldDisabled = document.getElementById('field').disabled;
for (const id of ['sheet-note', 'container-note', 'container-sources', 'device-absent']) {
  state[id] = document.getElementById(id).textContent;
}
return state;
"""
)


def sheet_state(page: Playground) -> dict:
    return page.driver.execute_script(SHEET_STATE)


def use_sheet(page: Playground) -> None:
    """Switches the playground to the Sheet (a new session with the presentation), or its refusal."""
    page.select("screen-kind", "sheet")
    page.wait_for(
        lambda: page.phone("data-screen") == "sheet" and page.phone("data-ready") in ("true", "unavailable"),
        "a Sheet session",
    )


def patched_to(page: Playground, container: dict) -> None:
    """Waits for the page's PATCH of `container` to be answered and shown (or refused and a new session asked)."""
    page.wait_for(
        lambda: any(e.method == "PATCH" and (e.request or {}).get("container") == container for e in page.logged())
        and page.phone("data-ready") in ("true", "unavailable") and page.dom()["running"] == 0,
        f"the PATCH of {container}",
    )


def session_state(page: Playground) -> dict:
    status, _, state = page.server.call("GET", f"/sessions/{page.phone('data-session-id')}")
    assert status == 200, state
    return state


def assert_drawn_at(drawn: dict | None, frame: dict | None, what: str) -> None:
    """A part is drawn at the service's frame, or not at all when the frame is null."""
    if frame is None:
        assert drawn is None, (what, drawn)
        return
    assert drawn is not None, f"{what} is not drawn; the service puts it at {frame}"
    for key in ("x", "y", "width", "height"):
        assert drawn[key] == pytest.approx(frame[key], abs=0.5), (what, key, drawn, frame)


def assert_shows(page: Playground, layout: dict, result: dict) -> dict:
    """The DOM draws `layout` (the container's layout, the sheet in it) and the list's insets of `result`."""
    dom = sheet_state(page)
    presented = layout["presentation"]
    if presented["style"] == "sheet":
        assert_drawn_at(dom["sheet"], presented["frame"], "the sheet")
        # The dimmed presenting screen behind it, visible above the sheet's top.
        assert dom["presenting"] is not None and dom["presenting"]["y"] == pytest.approx(0, abs=0.5), dom["presenting"]
        assert presented["frame"]["y"] > 0
        assert dom["dimmed"] not in ("rgba(0, 0, 0, 0)", "transparent"), dom["dimmed"]
        # Rounded top corners, square bottom ones; the grabber at the sheet's top, centred.
        assert dom["sheetRadius"][0] > 0 and dom["sheetRadius"][1] == 0 and dom["tableRadius"] > 0, dom
        grabber = dom["grabber"]
        assert grabber is not None and presented["frame"]["y"] < grabber["y"] < presented["frame"]["y"] + 12
        assert grabber["x"] + grabber["width"] / 2 == pytest.approx(
            presented["frame"]["x"] + presented["frame"]["width"] / 2, abs=0.5)
    else:
        assert dom["sheet"] is None and dom["presenting"] is None, dom
    assert dom["data"]["presentation"] == presented["style"]
    assert_drawn_at(dom["navigationBar"], layout["navigationBar"]["frame"], "the sheet's navigation bar")
    assert dom["tabBarNavigationBar"] is None
    assert_drawn_at(dom["table"], layout["scrollView"]["frame"], "the scroll view")
    adjusted = result["adjustedContentInset"]
    assert adjusted["top"] == layout["scrollView"]["safeAreaInsets"]["top"] + result["contentInset"]["top"]
    assert dom["paddingTop"] == pytest.approx(adjusted["top"], abs=0.01), dom
    assert dom["paddingBottom"] == pytest.approx(adjusted["bottom"], abs=0.01), dom
    assert dom["scrollTop"] == pytest.approx(result["contentOffset"]["y"] + adjusted["top"], abs=1), dom
    assert dom["summary"]["inset"] == f"{result['contentInset']['bottom']:g}", dom["summary"]
    return dom


def catalogue_values(answer: dict) -> dict:
    """The values the catalogue gave an answer's container, by pointer: each with its source and release."""
    values = (answer.get("catalogue") or {}).get("values", [])
    return {value["pointer"]: value for value in values if value["pointer"].startswith("/container/")}


def test_the_sheet_is_where_the_service_places_it_and_expands_when_the_field_takes_focus(
    page: Playground, artifacts
) -> None:
    """On an iPhone 17 Pro a sheet of detents medium and large: the page sends no frame and no height, draws the sheet
    where the service places it (never at a medium height of its own) and says the medium height is unpublished; a
    focus shows the keyboard over the sheet's bottom, the sheet at large, "expanded from medium (iOS 26,
    FB17890661)", and the inset the service counts; after the hide the session keeps the sheet at large."""
    page.use_device(DEVICE)
    use_sheet(page)
    assert page.phone("data-ready") == "true", sheet_state(page)["status"]
    created = last(page.exchanges(), "POST", "/sessions")
    assert created.request["device"] == {"id": DEVICE, "orientation": "portrait"}
    assert created.request["container"] == {
        "navigationBar": {"style": "standard"},
        "presentation": {"style": "sheet", "detents": ["medium", "large"]},
    }
    scene = catalogue_scene(page.server, DEVICE)
    values = catalogue_values(created.shown)
    # Worked out from the catalogue: the sheet from the top safe area to the screen's bottom (iOS 26), the bar 70.
    sheet = {"x": 0, "y": scene.safe["top"], "width": scene.width, "height": scene.height - scene.safe["top"]}
    assert values["/container/presentation/frame"]["value"] == sheet
    assert values["/container/presentation/frame"]["system"].startswith("26")
    assert values["/container/navigationBar/height"]["value"] == SHEET_BAR_26
    layout = created.shown["containerLayout"]
    assert layout["presentation"] == {
        "style": "sheet", "frame": sheet, "detent": "large", "expandedFrom": "medium",
        "expansionSource": "sheet-expands-on-focus",
    }
    bar = {"x": 0, "y": sheet["y"], "width": sheet["width"], "height": SHEET_BAR_26}
    assert layout["navigationBar"]["frame"] == bar

    # At rest the list opens at the top of its content, under the sheet's bar; the sheet is drawn at the service's
    # frame (its only height) and the tag and the note say the medium detent's height is not published.
    state = session_state(page)
    assert state["target"]["contentOffset"]["y"] == -state["target"]["adjustedContentInset"]["top"]
    dom = assert_shows(page, state["containerLayout"], state["target"])
    assert dom["data"]["sheetState"] == "resting", dom["data"]
    assert dom["tagText"] == "rests at medium (height unpublished) · drawn at large", dom["tagText"]
    assert "medium detent's height is not published" in dom["sheet-note"], dom["sheet-note"]
    assert not re.search(r"\d+(\.\d+)? ?(pt|points)", dom["sheet-note"]), "the note gives medium a height"
    assert dom["summary"]["presentation"] == f"sheet, y {sheet['y']}, {sheet['height']} pt, large (from medium)"
    assert dom["summary"]["navigationBar"] == f"y {sheet['y']}, {SHEET_BAR_26} pt"
    assert "sheet" in dom["container-sources"].lower() and "navigation bar" in dom["container-sources"].lower()
    assert "Sheet is iOS only" in dom["container-note"] and "`presentation`" in dom["container-note"]
    page.screenshot(artifacts, "sheet-1-resting")

    page.scroll_to_end()
    page.click("field")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    # Neither the keyboard's frame nor the sheet's is sent: the service takes both from its catalogue and sources.
    assert "frameEnd" not in show.request["keyboard"] and "container" not in show.request
    presented = show.shown["container"]["presentation"]
    assert presented == {
        "style": "sheet", "frame": sheet, "detent": "large", "expandedFrom": "medium",
        "expansionSource": "sheet-expands-on-focus",
    }
    assert show.shown["keyboardOverlap"] == scene.keyboard["height"] == 335
    assert show.shown["contentInset"]["bottom"] == INSET_IN_SHEET == scene.keyboard["height"] - scene.safe["bottom"]
    dom = assert_shows(page, show.shown["container"], show.shown)
    assert dom["keyboard"]["y"] == pytest.approx(scene.keyboard["y"], abs=0.5), dom["keyboard"]
    # The keyboard is drawn over the sheet and its bar.
    assert dom["zIndex"]["keyboard"] > max(dom["zIndex"]["sheet"], dom["zIndex"]["sheet-nav-bar"]), dom["zIndex"]
    assert dom["data"]["sheetState"] == "expanded"
    assert dom["data"]["sheetDetent"] == "large" and dom["data"]["sheetExpandedFrom"] == "medium"
    assert dom["tagText"] == EXPANDED_TAG
    # The tag sits in the sheet under its navigation bar, above the keyboard.
    assert show.shown["container"]["navigationBar"]["frame"] == bar
    assert bar["y"] + bar["height"] <= dom["tag"]["y"] < dom["keyboard"]["y"], (dom["tag"], bar)
    assert "FB17890661" in dom["status"] and f"contentInset.bottom {INSET_IN_SHEET}" in dom["status"], dom["status"]
    page.screenshot(artifacts, "sheet-2-keyboard-shown")

    page.tap_outside()
    page.wait_for_state("hidden")
    hide = last(page.exchanges(), "POST", "/keyboard/hide")
    assert hide.shown["container"]["presentation"] == presented
    dom = assert_shows(page, hide.shown["container"], hide.shown)
    assert dom["data"]["sheetState"] == "kept" and "kept after the hide" in dom["tagText"], dom["tagText"]
    page.replay()


def test_the_controls_patch_the_presentation_and_the_bar(page: Playground) -> None:
    """Large alone: a PATCH, the sheet where it rests with nothing expanded and no note; the navigation bar off with
    the keyboard up: a PATCH that keeps the focus, the bar gone, the list's safe area without it; a popover: on an
    iPhone in portrait the service shows it as a sheet."""
    page.use_device(DEVICE)
    use_sheet(page)
    page.select("sheet-detents", "large")
    large = {"navigationBar": {"style": "standard"}, "presentation": {"style": "sheet", "detents": ["large"]}}
    patched_to(page, large)
    patch = [e for e in page.exchanges() if e.method == "PATCH" and "container" in (e.request or {})][-1]
    assert patch.status == 200
    presented = patch.shown["containerLayout"]["presentation"]
    assert presented["detent"] == "large" and "expandedFrom" not in presented
    dom = assert_shows(page, patch.shown["containerLayout"], patch.shown["target"])
    assert dom["data"]["sheetState"] == "placed" and dom["tagText"] == "large · at the top safe area (iOS 26)"
    assert dom["sheet-note"] == ""

    page.scroll_to_end()
    page.click("field")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    assert "expandedFrom" not in show.shown["container"]["presentation"]
    assert show.shown["contentInset"]["bottom"] == INSET_IN_SHEET
    page.click("sheet-navigation-bar")
    bare = {"navigationBar": {"style": "none"}, "presentation": {"style": "sheet", "detents": ["large"]}}
    patched_to(page, bare)
    patch = [e for e in page.exchanges() if e.method == "PATCH" and "container" in (e.request or {})][-1]
    assert patch.shown["keyboardState"] == "shown"
    layout = patch.shown["containerLayout"]
    assert layout["navigationBar"] == {"frame": None} and layout["scrollView"]["safeAreaInsets"]["top"] == 0
    dom = assert_shows(page, layout, patch.shown["target"])
    assert dom["navigationBar"] is None and dom["summary"]["navigationBar"] == "hidden"
    assert page.phone("data-keyboard-state") == "shown"
    assert page.driver.switch_to.active_element.get_attribute("id") == "field"
    assert "navigation bar none" in dom["status"] and "re-targeted at once" in dom["status"], dom["status"]

    page.tap_outside()
    page.wait_for_state("hidden")
    page.select("sheet-style", "popover")
    popover = {"navigationBar": {"style": "none"}, "presentation": {"style": "popover", "detents": ["large"]}}
    patched_to(page, popover)
    state = session_state(page)
    assert state["container"]["presentation"]["style"] == "popover"
    assert state["containerLayout"]["presentation"]["style"] == "sheet"
    dom = assert_shows(page, state["containerLayout"], state["target"])
    assert dom["data"]["presentation"] == "sheet"
    page.replay()


def test_ios_18_places_a_large_sheet_and_the_page_shows_the_services_refusals(page: Playground, artifacts) -> None:
    """On an iPhone XS (iOS 18) a sheet resting at medium is refused: the page shows the service's words on the
    status line and on the phone, and draws no sheet. At large alone it stands 10 pt below the top safe area with a
    56-pt bar; the catalogue has no keyboard for the XS, so the page sends none and its field is off. An iPad needs a
    frame the page does not have: refused too."""
    entry = device_entry(page.server, IOS_18_DEVICE)
    assert entry["systems"] == ["18"] and entry["keyboards"] == [], entry
    page.use_device(IOS_18_DEVICE)
    use_sheet(page)
    page.wait_for(lambda: page.phone("data-ready") == "unavailable", "the refusal")
    refused = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"][-1]
    assert refused.status == 400 and refused.request["container"]["presentation"]["detents"] == ["medium", "large"]
    status, _, problem = page.server.call("POST", "/sessions", refused.request)
    assert status == 400 and problem == refused.shown
    assert [error["pointer"] for error in problem["errors"]] == ["/container/presentation/selectedDetent"]
    dom = sheet_state(page)
    assert dom["statusKind"] == "error" and dom["status"].startswith("400 ")
    assert problem["errors"][0]["message"] in dom["status"] and "iOS 18" in dom["status"], dom["status"]
    assert dom["data"]["sheetState"] == "refused" and problem["errors"][0]["message"] in dom["tagText"]
    assert dom["sheet"] is None and dom["navigationBar"] is None and dom["table"] is None
    assert dom["summary"]["presentation"] == "—" and page.phone("data-session-id") is None
    page.screenshot(artifacts, "sheet-3-ios18-refused")

    page.select("sheet-detents", "large")
    page.wait_for(lambda: page.phone("data-ready") == "true", "a session with the sheet at large")
    created = last(page.exchanges(), "POST", "/sessions")
    scene = catalogue_scene(page.server, IOS_18_DEVICE)
    top = scene.safe["top"] + GAP_18
    sheet = {"x": 0, "y": top, "width": scene.width, "height": scene.height - top}
    values = catalogue_values(created.shown)
    assert values["/container/presentation/frame"]["value"] == sheet
    assert values["/container/presentation/frame"]["system"] == "18"
    assert values["/container/navigationBar/height"]["value"] == SHEET_BAR_18
    state = session_state(page)
    assert state["containerLayout"]["presentation"] == {"style": "sheet", "frame": sheet, "detent": "large"}
    dom = assert_shows(page, state["containerLayout"], state["target"])
    assert dom["tagText"] == f"large · {GAP_18} pt below the top safe area (iOS 18)", dom["tagText"]
    # No keyboard with a source: nothing sent, the field off, and the note says why.
    assert dom["fieldDisabled"] is True and "no keyboard" in dom["device-absent"], dom["device-absent"]
    assert not [e for e in page.exchanges() if e.path == "/keyboard/show"]
    page.screenshot(artifacts, "sheet-4-ios18-large")
    page.replay()

    page.use_device("ipad-pro-11-m4")
    page.wait_for(lambda: page.phone("data-ready") == "unavailable", "the iPad's refusal")
    refused = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"][-1]
    assert refused.status == 400 and refused.shown["errors"][0]["pointer"] == "/container/presentation/frame"
    assert refused.shown["errors"][0]["message"] in sheet_state(page)["status"]
    refusals = page.console_errors()
    assert refusals and all("/sessions" in e["message"] and "400" in e["message"] for e in refusals), refusals


def test_landscape_shows_the_sheet_full_screen(page: Playground) -> None:
    """Turned, an iPhone has a compact height: the navigation bar has no published height on iOS 26 in landscape,
    which the page shows in the service's words; without the bar the sheet is shown full screen, no dimmed screen,
    no grabber."""
    page.use_device(DEVICE)
    use_sheet(page)
    page.use_orientation("landscape")
    page.wait_for(lambda: page.phone("data-ready") == "unavailable", "the refusal of the bar")
    refused = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"][-1]
    assert [error["pointer"] for error in refused.shown["errors"]] == ["/container/navigationBar/height"]
    assert refused.shown["errors"][0]["message"] in sheet_state(page)["status"]
    page.click("sheet-navigation-bar")
    page.wait_for(lambda: page.phone("data-ready") == "true", "a session without the bar")
    state = session_state(page)
    scene = catalogue_scene(page.server, DEVICE, "landscape")
    window = {"x": 0, "y": 0, "width": scene.width, "height": scene.height}
    assert state["containerLayout"]["presentation"] == {"style": "fullScreen", "frame": window}
    dom = assert_shows(page, state["containerLayout"], state["target"])
    assert dom["data"]["sheetState"] == "fullScreen" and dom["tagText"] == "fullScreen · compact height (landscape)"
    assert dom["grabber"] is None
    refusals = page.console_errors()
    assert refusals and all("/sessions" in e["message"] and "400" in e["message"] for e in refusals), refusals


def test_the_sheet_is_not_offered_on_android(page: Playground) -> None:
    """The service refuses an iOS `presentation` style in an Android `container`: the Sheet's option is off with
    Android on the stage, and Android's platforms are off on the Sheet, each saying why."""
    status, _, problem = page.server.call("POST", "/sessions", {
        "platform": "android", "device": {"id": "pixel-9"}, "container": {"presentation": {"style": "sheet"}}})
    assert status == 400 and problem["errors"][0]["pointer"] == "/container/presentation/style", problem
    use_sheet(page)
    options = page.driver.execute_script(
        "return [...document.getElementById('platform').options].map((o) => [o.value, o.disabled, o.title]);")
    assert [(value, disabled) for value, disabled, _ in options] == [
        ("ios", False), ("android", True), ("both", True), ("web", True)
    ]
    assert all("Sheet is iOS only" in title for value, _, title in options if value != "ios")
    page.select("screen-kind", "table")
    page.wait_for(lambda: page.phone("data-screen") == "table" and page.phone("data-ready") == "true", "the table")
    page.select("platform", "android")
    option = page.driver.find_element(By.ID, "screen-sheet")
    assert option.get_attribute("disabled") is not None and "`presentation`" in option.get_attribute("title")
    note = page.driver.find_element(By.ID, "container-note")
    assert note.is_displayed() and "Sheet is iOS only" in note.text, note.text

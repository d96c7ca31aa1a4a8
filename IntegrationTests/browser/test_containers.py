"""The playground's Tab bar app in headless Chromium against a real inset-server.

The screen (docs/playground.md) is the table inside a navigation controller and a tab bar controller: the page sends
the bars as `container`, with no heights, and the service takes each from its catalogue and answers where each bar
is. The page must draw each bar at the answer's frame, lay the list's content under them, and show the keyboard's
inset as the service counts it: on an iPhone 17 Pro the 335-pt keyboard covers the 49-pt tab bar and the 34-pt home
indicator, which the safe area already holds, so contentInset.bottom is 335 - 49 - 34 = 252 (docs/containers.md).
Where the catalogue publishes no height (any bar in landscape on iOS 26) the service refuses with a 400 that says
why, and the page must show those words.

Tolerances are the other browser tests': padding exactly (0.01 px), positions within 0.5 px, scrollTop within 1 px.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from playground_page import DOM_STATE, Playground, catalogue_scene, last

DEVICE = "iphone-17-pro"
# docs/containers.md's worked example for the iPhone 17 Pro on iOS 26.5, and the catalogue's bar heights.
NAVIGATION_BAR, TAB_BAR = 54, 49
INSET_UNDER_TAB_BAR = 252
ACCESSORY = 44

# The Tab bar app as the DOM shows it: the scroll view's state, each drawn bar's box on the phone's screen (points;
# the phone is scaled to fit) or null when it is not drawn, the side panel's rows, the status line.
CONTAINER_STATE = (
    """
const state = (() => {"""
    + DOM_STATE
    + """})();
const phone = document.getElementById('phone');
const screen = document.getElementById('screen').getBoundingClientRect();
const scale = screen.width / parseFloat(getComputedStyle(phone).getPropertyValue('--w'));
const box = (id) => {
  const element = document.getElementById(id);
  if (getComputedStyle(element).display === 'none') return null;
  const rect = element.getBoundingClientRect();
  return { x: (rect.left - screen.left) / scale, y: (rect.top - screen.top) / scale,
           width: rect.width / scale, height: rect.height / scale };
};
state.navigationBar = box('nav-bar');
state.tabBar = box('tab-bar');
state.table = box('table');
state.rows = box('table-rows');
state.keyboard = box('keyboard');
state.accessory = box('kb-input-accessory');
const row = (key) => document.querySelector(`#summary [data-key="${key}"]`).textContent;
state.summary = Object.fromEntries(
  ['inset', 'adjusted', 'offset', 'navigationBar', 'tabBar', 'inputAccessoryView'].map((key) => [key, row(key)]));
const status = document.getElementById('status');
state.status = status.textContent;
state.statusKind = status.dataset.kind;
state.fieldDisabled = document.getElementById('field').disabled;
state.note = document.getElementById('container-note').textContent;
state.sources = document.getElementById('container-sources').textContent;
return state;
"""
)


def container_state(page: Playground) -> dict:
    return page.driver.execute_script(CONTAINER_STATE)


def use_tab_bar(page: Playground) -> None:
    """Switches the playground to the Tab bar app (a new session with the container), or its refusal."""
    page.select("screen-kind", "tabbar")
    page.wait_for(
        lambda: page.phone("data-screen") == "tabbar" and page.phone("data-ready") in ("true", "unavailable"),
        "a Tab bar app session",
    )


def session_state(page: Playground) -> dict:
    status, _, state = page.server.call("GET", f"/sessions/{page.phone('data-session-id')}")
    assert status == 200, state
    return state


def assert_drawn_at(drawn: dict | None, frame: dict | None, what: str) -> None:
    """A bar is drawn at the service's frame, or not at all when the frame is null."""
    if frame is None:
        assert drawn is None, (what, drawn)
        return
    assert drawn is not None, f"{what} is not drawn; the service puts it at {frame}"
    for key in ("x", "y", "width", "height"):
        assert drawn[key] == pytest.approx(frame[key], abs=0.5), (what, key, drawn, frame)


def assert_shows(page: Playground, layout: dict, result: dict) -> dict:
    """The DOM draws `layout` (a container's layout) and the list's insets of `result` (an InsetResult)."""
    dom = container_state(page)
    assert_drawn_at(dom["navigationBar"], layout["navigationBar"]["frame"], "the navigation bar")
    assert_drawn_at(dom["tabBar"], layout["tabBar"]["frame"], "the tab bar")
    assert_drawn_at(dom["table"], layout["scrollView"]["frame"], "the scroll view")
    adjusted = result["adjustedContentInset"]
    # The list's content sits under the bars: its padding is adjustedContentInset, which holds them.
    assert adjusted["top"] == layout["scrollView"]["safeAreaInsets"]["top"] + result["contentInset"]["top"]
    assert dom["paddingTop"] == pytest.approx(adjusted["top"], abs=0.01), dom
    assert dom["paddingBottom"] == pytest.approx(adjusted["bottom"], abs=0.01), dom
    assert dom["scrollTop"] == pytest.approx(result["contentOffset"]["y"] + adjusted["top"], abs=1), dom
    # The inset the side panel shows is the service's.
    assert dom["summary"]["inset"] == f"{result['contentInset']['bottom']:g}", dom["summary"]
    assert dom["summary"]["adjusted"] == f"{adjusted['bottom']:g}", dom["summary"]
    return dom


def bar_heights(answer: dict) -> dict:
    """The bar heights the catalogue gave an answer, by pointer."""
    values = (answer.get("catalogue") or {}).get("values", [])
    return {value["pointer"]: value["value"] for value in values if value["pointer"].startswith("/container/")}


def test_the_bars_are_where_the_service_says_and_the_tab_bar_counts_once(page: Playground, artifacts) -> None:
    """On an iPhone 17 Pro the page sends the bars without heights and draws them where the answer puts them; with
    the keyboard up the list's inset is 252 (the tab bar under the keyboard counted once); hiding the tab bar
    while the keyboard is up is a PATCH the service re-targets at once, to the inset without the bar."""
    page.use_device(DEVICE)
    use_tab_bar(page)
    assert page.phone("data-ready") == "true", container_state(page)["status"]
    created = last(page.exchanges(), "POST", "/sessions")
    assert created.request["device"] == {"id": DEVICE, "orientation": "portrait"}
    assert created.request["container"] == {"navigationBar": {"style": "standard"}, "tabBar": {"hidden": False}}
    assert bar_heights(created.shown) == {
        "/container/navigationBar/height": NAVIGATION_BAR, "/container/tabBar/height": TAB_BAR}
    scene = catalogue_scene(page.server, DEVICE)
    layout = created.shown["containerLayout"]
    # Worked out from the catalogue: the navigation bar under the status bar, the tab bar on the home indicator's
    # area, reaching the screen's bottom.
    assert layout["navigationBar"]["frame"] == {
        "x": 0, "y": scene.safe["top"], "width": scene.width, "height": NAVIGATION_BAR}
    assert layout["tabBar"]["frame"] == {
        "x": 0, "y": scene.height - scene.safe["bottom"] - TAB_BAR, "width": scene.width,
        "height": TAB_BAR + scene.safe["bottom"]}
    # The list opens at the top of its content, under the bars.
    state = session_state(page)
    assert state["target"]["contentOffset"]["y"] == -state["target"]["adjustedContentInset"]["top"]
    dom = assert_shows(page, state["containerLayout"], state["target"])
    # The list's first row starts right under the navigation bar.
    navigation_bar = state["containerLayout"]["navigationBar"]["frame"]
    assert dom["rows"]["y"] == pytest.approx(navigation_bar["y"] + navigation_bar["height"], abs=0.5), dom["rows"]
    assert dom["summary"]["navigationBar"] == f"y {scene.safe['top']:g}, {NAVIGATION_BAR} pt"
    assert "Android" in dom["note"] and "`tabBar`" in dom["note"]
    assert "navigation bar" in dom["sources"].lower() and "tab bar" in dom["sources"].lower(), dom["sources"]
    page.screenshot(artifacts, "tab-bar-at-rest")

    page.scroll_to_end()
    page.click("field")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    # No keyboard frame sent: the service takes the catalogue's, 335 pt.
    assert "frameEnd" not in show.request["keyboard"]
    assert scene.keyboard["height"] == 335
    assert show.shown["contentInset"]["bottom"] == INSET_UNDER_TAB_BAR == (
        scene.keyboard["height"] - TAB_BAR - scene.safe["bottom"])
    layout = show.shown["container"]
    dom = assert_shows(page, layout, show.shown)
    # The keyboard is drawn over the tab bar: it covers the whole bar, drawn above it.
    tab_bar = layout["tabBar"]["frame"]
    assert dom["keyboard"]["y"] == pytest.approx(scene.keyboard["y"], abs=0.5), dom["keyboard"]
    assert dom["keyboard"]["y"] <= tab_bar["y"] and dom["keyboard"]["y"] + dom["keyboard"]["height"] >= (
        tab_bar["y"] + tab_bar["height"] - 0.5)
    z_index = page.driver.execute_script(
        "return ['keyboard', 'tab-bar'].map((id) => Number(getComputedStyle(document.getElementById(id)).zIndex));")
    assert z_index[0] > z_index[1], z_index
    assert "tab bar" in dom["status"] and str(INSET_UNDER_TAB_BAR) in dom["status"], dom["status"]
    page.screenshot(artifacts, "tab-bar-keyboard-shown")

    # hidesBottomBarWhenPushed with the keyboard up: the field keeps the focus, the bar goes, the inset grows.
    page.click("tab-bar-hidden")
    page.wait_for(
        lambda: any(e.method == "PATCH" and (e.request or {}).get("container", {}).get("tabBar") == {"hidden": True}
                    for e in page.exchanges()) and page.dom()["running"] == 0,
        "the tab bar's PATCH",
    )
    patch = [e for e in page.exchanges() if e.method == "PATCH" and "container" in (e.request or {})][-1]
    assert patch.status == 200
    assert patch.request["container"] == {"navigationBar": {"style": "standard"}, "tabBar": {"hidden": True}}
    assert patch.shown["keyboardState"] == "shown"
    assert patch.shown["containerLayout"]["tabBar"] == {"frame": None}
    hidden_inset = patch.shown["target"]["contentInset"]["bottom"]
    assert hidden_inset == scene.keyboard["height"] - scene.safe["bottom"] != INSET_UNDER_TAB_BAR
    dom = assert_shows(page, patch.shown["containerLayout"], patch.shown["target"])
    assert dom["tabBar"] is None and dom["summary"]["tabBar"] == "hidden"
    # A hidden bar takes no height from the catalogue: the line under the phone names the navigation bar's alone.
    assert bar_heights(patch.shown) == {"/container/navigationBar/height": NAVIGATION_BAR}
    assert "navigation bar" in dom["sources"].lower() and "tab bar" not in dom["sources"].lower(), dom["sources"]
    assert page.phone("data-keyboard-state") == "shown"
    assert page.driver.switch_to.active_element.get_attribute("id") == "field"
    page.screenshot(artifacts, "tab-bar-hidden-keyboard-shown")

    # The page's requests sent again on a session of the test's own get the answers its panel shows.
    page.replay()


def test_the_accessory_view_rides_on_the_keyboard_and_counts_in_the_inset(page: Playground, artifacts) -> None:
    """With the input accessory view on, the service puts it on top of the catalogue's keyboard: the page draws it
    at the answer's frame, the keyboard under it, and the inset holds it."""
    page.use_device(DEVICE)
    use_tab_bar(page)
    page.click("input-accessory")
    page.wait_for(
        lambda: page.phone("data-ready") == "true"
        and "inputAccessoryView" in (last(page.exchanges(), "POST", "/sessions").request.get("container") or {}),
        "a session with the accessory view",
    )
    created = last(page.exchanges(), "POST", "/sessions")
    assert created.request["container"]["inputAccessoryView"] == {"height": ACCESSORY}
    page.scroll_to_end()
    page.click("field")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    scene = catalogue_scene(page.server, DEVICE)
    accessory = show.shown["container"]["inputAccessoryView"]["frame"]
    assert accessory == {"x": 0, "y": scene.keyboard["y"] - ACCESSORY, "width": scene.width, "height": ACCESSORY}
    assert show.shown["contentInset"]["bottom"] == INSET_UNDER_TAB_BAR + ACCESSORY
    dom = assert_shows(page, show.shown["container"], show.shown)
    assert_drawn_at(dom["accessory"], accessory, "the accessory view")
    assert dom["keyboard"]["y"] == pytest.approx(accessory["y"], abs=0.5)
    assert dom["keyboard"]["y"] + dom["keyboard"]["height"] == pytest.approx(scene.height, abs=0.5)
    page.screenshot(artifacts, "tab-bar-accessory")
    page.tap_outside()
    page.wait_for_state("hidden")
    hide = last(page.exchanges(), "POST", "/keyboard/hide")
    assert hide.shown["container"]["inputAccessoryView"] == {"frame": None}
    assert container_state(page)["keyboard"]["y"] == pytest.approx(scene.height, abs=0.5)
    page.replay()


def test_landscape_shows_the_services_refusal(page: Playground, artifacts) -> None:
    """Turned, the bars have no published height on iOS 26: the service refuses the container with a 400, and the
    page shows its words (each error's pointer and message), draws no bars and offers no field. With both bars off
    nothing needs a height and the session comes back; turned back with both bars on, so do the bars."""
    page.use_device(DEVICE)
    use_tab_bar(page)
    page.use_orientation("landscape")
    page.wait_for(lambda: page.phone("data-ready") == "unavailable", "the refusal")
    refused = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"][-1]
    assert refused.status == 400, refused
    assert refused.request["device"]["orientation"] == "landscape"
    # The service's own words for this request, asked again by the test.
    status, _, problem = page.server.call("POST", "/sessions", refused.request)
    assert status == 400 and problem == refused.shown
    pointers = [error["pointer"] for error in problem["errors"]]
    assert pointers == ["/container/navigationBar/height", "/container/tabBar/height"], problem
    dom = container_state(page)
    assert dom["statusKind"] == "error"
    for error in problem["errors"]:
        assert f"{error['pointer']}: {error['message']}" in dom["status"], (error, dom["status"])
    assert "landscape" in dom["status"] and dom["status"].startswith("400 ")
    assert dom["navigationBar"] is None and dom["tabBar"] is None
    assert dom["fieldDisabled"] is True
    assert dom["summary"]["inset"] == "—" and dom["summary"]["navigationBar"] == "—"
    assert page.phone("data-session-id") is None
    page.screenshot(artifacts, "tab-bar-landscape-refused")

    # Without the navigation bar the tab bar is still refused; hidden too, no bar needs a height and the service
    # lays the scroll view out: no bar drawn, the safe area the window's.
    page.click("navigation-bar-standard")
    page.wait_for(
        lambda: [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"][-1].request["container"][
            "navigationBar"] == {"style": "none"} and page.phone("data-ready") == "unavailable",
        "the refusal without the navigation bar",
    )
    refused = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"][-1]
    assert [error["pointer"] for error in refused.shown["errors"]] == ["/container/tabBar/height"]
    assert refused.shown["errors"][0]["message"] in container_state(page)["status"]
    page.click("tab-bar-hidden")
    page.wait_for(lambda: page.phone("data-ready") == "true", "a session with no bar to size")
    state = session_state(page)
    assert state["containerLayout"]["navigationBar"] == {"frame": None}
    assert state["containerLayout"]["tabBar"] == {"frame": None}
    dom = assert_shows(page, state["containerLayout"], state["target"])
    assert dom["fieldDisabled"] is False and dom["sources"] == ""

    # Both bars back (each refused in landscape), then portrait: the session and the bars come back.
    page.click("navigation-bar-standard")
    page.click("tab-bar-hidden")
    page.use_orientation("portrait")
    page.wait_for(
        lambda: page.phone("data-ready") == "true" and page.phone("data-orientation") == "portrait"
        and session_state(page)["container"] == {"navigationBar": {"style": "standard"}, "tabBar": {"hidden": False}},
        "a session in portrait with both bars",
    )
    state = session_state(page)
    assert state["containerLayout"]["tabBar"]["frame"] is not None
    assert_shows(page, state["containerLayout"], state["target"])
    # The browser reports each refusal (a PATCH, a new session's POST) as a failed load: nothing else.
    refusals = page.console_errors()
    assert refusals and all("/sessions" in e["message"] and "400" in e["message"] for e in refusals), refusals


def test_the_tab_bar_app_is_not_offered_on_android(page: Playground) -> None:
    """The service refuses UIKit's bars in an Android `container`, so the screen is the iPhone's alone: its option
    is off with Android on the stage, and Android's platforms are off on the screen, each saying why."""
    for bar in ("navigationBar", "tabBar"):
        status, _, problem = page.server.call("POST", "/sessions", {
            "platform": "android", "device": {"id": "pixel-9"}, "container": {bar: {}}})
        assert status == 400 and problem["errors"][0]["pointer"].startswith("/container"), problem
    use_tab_bar(page)
    options = page.driver.execute_script(
        "return [...document.getElementById('platform').options].map((o) => [o.value, o.disabled, o.title]);")
    assert [(value, disabled) for value, disabled, _ in options] == [
        ("ios", False), ("android", True), ("both", True), ("web", True)
    ]
    assert all("Android" in title for value, _, title in options if value != "ios")
    page.select("screen-kind", "table")
    page.wait_for(lambda: page.phone("data-screen") == "table" and page.phone("data-ready") == "true", "the table")
    page.select("platform", "android")
    option = page.driver.find_element(By.ID, "screen-tabbar")
    assert option.get_attribute("disabled") is not None
    assert "Android" in option.get_attribute("title")
    # The note under the Android phone says it too, in words a user sees without a tooltip.
    note = page.driver.find_element(By.ID, "container-note")
    assert note.is_displayed() and "Tab bar app is iOS only" in note.text and "`tabBar`" in note.text, note.text

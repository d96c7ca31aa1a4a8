"""The playground's Sheet on an iPad in headless Chromium against a real inset-server: a form sheet and a popover at the
frame the user measured on the device.

Apple publishes no size for an iPad's form or page sheet, nor where UIKit moves one or a popover for the keyboard
(docs/containers.md, "Presentations", rule 7), so the service needs `container.presentation.frame` on an iPad and the
page fills in no number of its own: its four fields start empty, with a note saying so, and the service's refusal is
shown until the user enters one. The test types a frame in as a user who measured it would; every position it then
checks comes from the service's answers: the form sheet and the scroll view at the answer's frames, the inset the
sheet's own overlap with the catalogue's keyboard (not the keyboard's height). A popover frame the keyboard covers is
refused on the show, and the page shows the service's words. The iPad Pro 12.9-inch (6th generation) has a keyboard in
the catalogue in both orientations (GET /devices/ipad-pro-12-9-6).

Tolerances are the other browser tests': padding exactly (0.01 px), positions within 0.5 px, scrollTop within 1 px.
"""

from __future__ import annotations

import pytest

from playground_page import Playground, catalogue_scene, last
from test_sheets import assert_drawn_at, session_state, sheet_state, use_sheet

IPAD = "ipad-pro-12-9-6"
FRAME_FIELDS = ("x", "y", "width", "height")
NOTE = "Enter the frame you measured on the device: Apple publishes none"


def enter_frame(page: Playground, frame: dict) -> None:
    """Types `frame` into the four fields (as a user who measured it on the device) and lets the page send it."""
    page.driver.execute_script(
        """
        const [frame, keys] = arguments;
        for (const key of keys) document.getElementById(`sheet-frame-${key}`).value = String(frame[key]);
        document.getElementById('sheet-frame-height').dispatchEvent(new Event('change'));
        """,
        frame,
        list(FRAME_FIELDS),
    )


def frame_sent(page: Playground, frame: dict) -> None:
    """Waits for the page to have a session (or a refusal) with `frame` as the presentation's frame."""
    def sent() -> bool:
        for exchange in reversed(page.logged()):
            request = exchange.request or {}
            presented = (request.get("container") or {}).get("presentation")
            if presented is not None:
                return presented.get("frame") == frame
        return False

    page.wait_for(lambda: sent() and page.phone("data-ready") in ("true", "unavailable")
                  and page.dom()["running"] == 0, f"the frame {frame} sent")


def on_the_ipad(page: Playground, orientation: str = "portrait") -> dict:
    """The Sheet on the iPad, its navigation bar off (no source gives one's height in an iPad's form sheet or popover:
    the service says so), no frame entered: refused, and the page says why. Answers the DOM then."""
    page.use_device(IPAD)
    use_sheet(page)
    page.click("sheet-navigation-bar")
    page.wait_for(lambda: any(
        ((e.request or {}).get("container") or {}).get("navigationBar") == {"style": "none"} for e in page.logged()
    ) and page.phone("data-ready") == "unavailable", "the iPad's refusal without a frame")
    page.use_orientation(orientation)
    return sheet_state(page)


def assert_presented(page: Playground, layout: dict, result: dict) -> dict:
    """The DOM draws the presented view (not a sheet) at the answer's frame over the dimmed presenting screen, the
    scroll view at its frame, and the list's insets of `result`."""
    dom = sheet_state(page)
    presented = layout["presentation"]
    assert dom["data"]["presentation"] == presented["style"] and dom["data"]["sheetState"] == "measured", dom["data"]
    assert_drawn_at(dom["sheet"], presented["frame"], "the presented view")
    assert_drawn_at(dom["table"], layout["scrollView"]["frame"], "the scroll view")
    assert dom["navigationBar"] is None and dom["grabber"] is None, dom
    # A floating view: all four corners rounded, the presenting screen dimmed all around it.
    assert dom["sheetRadius"][0] > 0 and dom["sheetRadius"][1] > 0, dom["sheetRadius"]
    assert dom["presenting"] is not None and dom["dimmed"] not in ("rgba(0, 0, 0, 0)", "transparent"), dom
    adjusted = result["adjustedContentInset"]
    assert dom["paddingTop"] == pytest.approx(adjusted["top"], abs=0.01), dom
    assert dom["paddingBottom"] == pytest.approx(adjusted["bottom"], abs=0.01), dom
    assert dom["scrollTop"] == pytest.approx(result["contentOffset"]["y"] + adjusted["top"], abs=1), dom
    assert dom["summary"]["inset"] == f"{result['contentInset']['bottom']:g}", dom["summary"]
    return dom


def test_an_ipad_form_sheet_is_drawn_at_the_measured_frame_and_counts_only_its_overlap(
    page: Playground, artifacts
) -> None:
    """No frame: the fields are empty, the note says Apple publishes none, the service refuses and the page shows its
    words. A form sheet's frame entered: the session sends it, the sheet is drawn at the answer's frame, and with the
    keyboard up the inset is what the keyboard covers of the sheet, less than the keyboard's height."""
    dom = on_the_ipad(page)
    values = page.driver.execute_script(
        "return arguments[0].map((key) => document.getElementById(`sheet-frame-${key}`).value);", list(FRAME_FIELDS))
    assert values == ["", "", "", ""], values
    assert dom["sheet-note"].startswith(NOTE), dom["sheet-note"]
    refused = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"][-1]
    assert refused.status == 400 and "frame" not in refused.request["container"]["presentation"]
    assert [error["pointer"] for error in refused.shown["errors"]] == ["/container/presentation/frame"]
    assert refused.shown["errors"][0]["message"] in dom["status"] and dom["statusKind"] == "error", dom["status"]
    assert dom["data"]["sheetState"] == "refused" and refused.shown["errors"][0]["message"] in dom["tagText"]
    assert dom["sheet"] is None

    page.select("sheet-style", "formSheet")
    scene = catalogue_scene(page.server, IPAD)
    # A frame as a user measured it, centred, its bottom below the keyboard's top (from the catalogue).
    frame = {"x": 222, "y": 300, "width": 580, "height": 800}
    assert frame["y"] + frame["height"] > scene.keyboard["y"]
    enter_frame(page, frame)
    frame_sent(page, frame)
    assert page.phone("data-ready") == "true", sheet_state(page)["status"]
    created = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"][-1]
    assert created.request["container"]["presentation"] == {
        "style": "formSheet", "detents": ["medium", "large"], "frame": frame}
    state = session_state(page)
    assert state["containerLayout"]["presentation"]["style"] == "formSheet"
    dom = assert_presented(page, state["containerLayout"], state["target"])
    assert dom["tagText"] == "formSheet · at the frame measured on the device", dom["tagText"]
    assert "Apple publishes none" not in dom["sheet-note"], dom["sheet-note"]

    page.scroll_to_end()
    page.click("field")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    layout = show.shown["container"]
    assert layout["presentation"]["frame"] == frame
    # Only the sheet's overlap with the keyboard counts: its bottom less the keyboard's top, not the keyboard's height.
    covered = layout["presentation"]["frame"]["y"] + layout["presentation"]["frame"]["height"] - scene.keyboard["y"]
    assert show.shown["keyboardOverlap"] == covered
    assert show.shown["contentInset"]["bottom"] == covered < scene.keyboard["height"]
    dom = assert_presented(page, layout, show.shown)
    assert dom["keyboard"]["y"] == pytest.approx(scene.keyboard["y"], abs=0.5), dom["keyboard"]
    assert dom["zIndex"]["keyboard"] > dom["zIndex"]["sheet"], dom["zIndex"]
    assert f"contentInset.bottom {covered:g}" in dom["status"], dom["status"]
    page.screenshot(artifacts, "ipad-form-sheet")
    page.replay()
    refusals = page.console_errors()
    assert refusals and all("/sessions" in e["message"] and "400" in e["message"] for e in refusals), refusals


def test_an_ipad_in_landscape_with_a_form_sheet_and_a_popover(page: Playground, artifacts) -> None:
    """Landscape: a form sheet at its measured frame is covered by the keyboard's overlap alone. A popover whose frame
    the keyboard covers is refused on the show, in the service's words, and the keyboard stays down; one above the
    keyboard is drawn at its frame and its list needs no inset."""
    on_the_ipad(page, "landscape")
    scene = catalogue_scene(page.server, IPAD, "landscape")
    page.select("sheet-style", "formSheet")
    frame = {"x": 393, "y": 40, "width": 580, "height": 560}
    enter_frame(page, frame)
    frame_sent(page, frame)
    assert page.phone("data-ready") == "true", sheet_state(page)["status"]
    created = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"][-1]
    assert created.request["device"] == {"id": IPAD, "orientation": "landscape"}
    page.scroll_to_end()
    page.click("field")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    covered = frame["y"] + frame["height"] - scene.keyboard["y"]
    assert show.shown["contentInset"]["bottom"] == covered > 0
    assert_presented(page, show.shown["container"], show.shown)
    page.tap_outside()
    page.wait_for_state("hidden")

    # The same frame for a popover: the keyboard would cover it, so the service refuses the show.
    page.select("sheet-style", "popover")
    page.wait_for(lambda: session_state(page)["container"]["presentation"]["style"] == "popover"
                  and page.dom()["running"] == 0, "the PATCH to a popover")
    page.click("field")
    page.wait_for(lambda: page.phone("data-show-refused") == "true", "the refused show")
    refused = [e for e in page.logged() if e.path.endswith("/keyboard/show")][-1]
    assert refused.status == 400, refused.shown
    error = refused.shown["errors"][0]
    assert error["pointer"] == "/container/presentation/frame" and "covered by the keyboard" in error["message"]
    assert f"({covered:g} points)" in error["message"], error["message"]
    dom = sheet_state(page)
    assert dom["data"]["sheetState"] == "refused" and error["message"] in dom["tagText"], dom["tagText"]
    assert dom["tagText"].startswith("No keyboard: the service refused the show."), dom["tagText"]
    assert error["message"] in dom["status"] and dom["statusKind"] == "error", dom["status"]
    assert page.phone("data-keyboard-state") == "hidden"
    page.screenshot(artifacts, "ipad-popover-refused")
    page.tap_outside()

    # Entered as it stands above the keyboard: drawn there, nothing to inset.
    above = {"x": 483, "y": 60, "width": 400, "height": scene.keyboard["y"] - 60 - 26}
    enter_frame(page, above)
    page.wait_for(lambda: session_state(page)["container"]["presentation"].get("frame") == above
                  and page.dom()["running"] == 0, "the PATCH with the popover's frame")
    page.scroll_to_end()
    page.click("field")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    assert show.status == 200 and show.shown["container"]["presentation"] == {"style": "popover", "frame": above}
    assert show.shown["contentInset"]["bottom"] == 0
    dom = assert_presented(page, show.shown["container"], show.shown)
    assert dom["tagText"] == "popover · at the frame measured on the device"
    page.screenshot(artifacts, "ipad-popover")
    page.replay(exchanges=[e for e in page.exchanges() if e.status < 400])
    errors = page.console_errors()
    assert errors and all("400" in e["message"] for e in errors), errors

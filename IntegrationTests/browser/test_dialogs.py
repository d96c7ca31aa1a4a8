"""The playground's Android Dialog in headless Chromium against a real inset-server.

The screen (docs/playground.md) is a list in a `Dialog`'s floating window over the dimmed activity: the page sends the
window's size (dp) as `container.presentation` and, when one is picked, its soft-input mode (left out: the dialog
theme's adjustPan); the service places the window as the window manager does (docs/containers.md, "Android dialogs")
and answers its frame on the screen (`container.presentation.frame`, `restingFrame`) and the list, the pan and the
IME's inset in the window's own coordinates. On a Pixel 9 a 400-dp dialog fits above the IME and is only moved up; a
700-dp one does not: under adjustPan it stands at the status bar, the IME covers its bottom and its content pans so the
field shows; under adjustResize it is shortened to the space above the IME and its list scrolls.

Every number checked is the service's or the catalogue's: the window drawn at the answer's frame (within 0.05 dp, read
through the phone's scale), its pane at `-windowPan.y`, its list's height and scroll the answer's, the IME at the
catalogue's frame.
"""

from __future__ import annotations

import pytest

from playground_page import (
    ANDROID_BOXES,
    android_portrait,
    Playground,
    android_attribute,
    session_exchanges,
    use_platform,
    wait_for_ime,
)

BOX = 0.05
EXACT = 0.01

# The dialog window and its parts as the DOM shows them, in dp on the phone's screen (the phone is scaled to fit).
DIALOG_STATE = ANDROID_BOXES + """
const list = document.getElementById('dialog-list');
return {
  dialog: box('android-dialog'),
  field: box('dialog-field'),
  ime: box('ime'),
  paneTop: parseFloat(getComputedStyle(document.getElementById('dialog-pane')).top),
  listHeight: parseFloat(getComputedStyle(list).height),
  scrollTop: list.scrollTop,
  scrim: getComputedStyle(document.querySelector('#android .android-scrim')).backgroundColor,
  state: phone.dataset.dialogState,
  tag: document.getElementById('dialog-tag').textContent,
  status: document.getElementById('android-status').textContent,
  statusKind: document.getElementById('android-status').dataset.kind,
  summary: document.querySelector('#android-summary [data-key="dialog"]').textContent,
  sessionId: phone.dataset.sessionId,
};
"""


@pytest.fixture(scope="module")
def pixel(server) -> dict:
    return android_portrait(server)


def dialog_state(page: Playground) -> dict:
    return page.driver.execute_script(DIALOG_STATE)


def on_the_dialog(page: Playground, height: str | None = None, mode: str | None = None) -> dict:
    """The Android phone alone on the Dialog, with the dialog's height and soft-input mode when given; answers the
    page's Android session as the service holds it."""
    use_platform(page, "android")
    page.select("screen-kind", "dialog")
    settings = [("dialog-height", height), ("dialog-soft-input", mode)]
    for element_id, value in [(element_id, value) for element_id, value in settings if value is not None]:
        page.select(element_id, value)
    want = {"width": 360, "height": int(height or 400)}

    def created() -> bool:
        sessions = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"
                    and (e.request or {}).get("platform") == "android"]
        last = sessions[-1].request if sessions else {}
        return ((last.get("container") or {}).get("presentation") or {}).get("size") == want \
            and last.get("windowSoftInputMode") == (mode or None)

    page.wait_for(lambda: created() and android_attribute(page, "data-screen") == "dialog"
                  and android_attribute(page, "data-ready") == "true"
                  and dialog_state(page)["sessionId"] is not None, "the dialog's session")
    status, _, state = page.server.call("GET", f"/sessions/{dialog_state(page)['sessionId']}")
    assert status == 200, state
    return state


def assert_at(drawn: dict | None, frame: dict, what: str) -> None:
    assert drawn is not None, f"{what} is not drawn; the service puts it at {frame}"
    for key in ("x", "y", "width", "height"):
        assert drawn[key] == pytest.approx(frame[key], abs=BOX), (what, key, drawn, frame)


def assert_dialog_shows(dom: dict, answer: dict, ime_top: float) -> None:
    """The dialog's window at the answer's frame on the screen, its pane panned by `windowPan`, its list as tall and
    scrolled as answered, the IME's top at `ime_top`."""
    assert_at(dom["dialog"], answer["container"]["presentation"]["frame"], "the dialog's window")
    assert dom["paneTop"] == pytest.approx(-answer["windowPan"]["y"], abs=EXACT), dom
    assert dom["listHeight"] == pytest.approx(answer["scrollView"]["frame"]["height"], abs=EXACT), dom
    assert dom["scrollTop"] == pytest.approx(answer["contentOffset"]["y"], abs=1), dom
    assert dom["ime"]["y"] == pytest.approx(ime_top, abs=BOX), dom["ime"]


def tap_field(page: Playground) -> tuple:
    """A tap on the dialog's field; once the IME is up and nothing runs, the show's exchange and the dialog's DOM."""
    page.click("dialog-field")
    assert wait_for_ime(page, "shown")["running"] == 0
    show = [e for e in page.logged() if e.path == "/keyboard/show"][-1]
    return show, dialog_state(page)


def test_a_dialog_that_fits_rises_above_the_ime(page: Playground, pixel: dict, artifacts) -> None:
    """400 dp on a Pixel 9, the theme's adjustPan (no mode sent): at rest the window is drawn at the answer's
    `restingFrame`, centred between the bars; with the IME up at the answer's `frame`, above the IME, nothing covered,
    no pan; after the hide at rest again."""
    state = on_the_dialog(page)
    created = session_exchanges(page, android=True)[0]
    assert created.request["container"] == {"presentation": {"style": "dialog", "size": {"width": 360, "height": 400}}}
    assert "windowSoftInputMode" not in created.request
    assert created.request["scrollView"]["contentSize"] == {"width": 360, "height": 400}
    resting = state["containerLayout"]["presentation"]
    assert resting["frame"] == resting["restingFrame"]
    dom = dialog_state(page)
    assert_at(dom["dialog"], resting["restingFrame"], "the dialog at rest")
    assert dom["ime"]["y"] == pytest.approx(pixel["height"], abs=BOX), "the IME is off the screen at rest"
    assert dom["state"] == "resting" and dom["scrim"] not in ("rgba(0, 0, 0, 0)", "transparent"), dom

    show, dom = tap_field(page)
    ime_top = pixel["height"] - pixel["ime"]
    assert show.request["keyboard"]["frameEnd"]["y"] == ime_top
    field = show.request["focusedRect"]
    assert field["y"] + field["height"] <= 400, "the field is in the window's coordinates"
    answer = show.shown
    frame = answer["container"]["presentation"]["frame"]
    assert answer["container"]["presentation"]["restingFrame"] == resting["restingFrame"]
    assert frame["y"] < resting["restingFrame"]["y"] and frame["y"] + frame["height"] <= ime_top
    assert answer["windowInsets"]["ime"]["bottom"] == 0 and answer["windowPan"]["y"] == 0
    assert_dialog_shows(dom, answer, ime_top)
    assert dom["state"] == "shown" and "for the IME" in dom["tag"], dom["tag"]
    assert "nothing of it covered" in dom["status"], dom["status"]
    page.screenshot(artifacts, "dialog-1-fits")

    page.driver.find_element("css selector", "#android-panel h2").click()
    wait_for_ime(page, "hidden")
    hide = [e for e in page.logged() if e.path == "/keyboard/hide"][-1]
    assert hide.shown["container"]["presentation"]["frame"] == resting["restingFrame"]
    assert_dialog_shows(dialog_state(page), hide.shown, pixel["height"])
    page.replay(exchanges=session_exchanges(page, android=True))


@pytest.mark.parametrize("mode", [None, "adjustResize"])
def test_a_dialog_too_tall_for_the_space_above_the_ime(page: Playground, pixel: dict, artifacts, mode) -> None:
    """700 dp on a Pixel 9. The theme's adjustPan: the window at the status bar, the IME covering its bottom (its inset
    in the window), the content panned so the field shows above the IME. adjustResize: the window shortened to the
    space above the IME, its list as tall as answered and scrolled to the field, no pan."""
    on_the_dialog(page, "700", mode)
    show, dom = tap_field(page)
    answer = show.shown
    ime_top = pixel["height"] - pixel["ime"]
    frame = answer["container"]["presentation"]["frame"]
    assert frame["y"] == pixel["statusBar"]
    assert_dialog_shows(dom, answer, ime_top)
    # The field, drawn through the window's frame and its pan, stands above the IME.
    assert dom["field"]["y"] + dom["field"]["height"] <= ime_top + BOX, (dom["field"], ime_top)
    if mode is None:
        assert answer["layoutChange"] == "none" and frame["height"] == 700
        covered = answer["windowInsets"]["ime"]["bottom"]
        assert covered == pytest.approx(frame["y"] + frame["height"] - ime_top, abs=EXACT) and covered > 0
        assert answer["windowPan"]["y"] > 0 and dom["paneTop"] < 0
        assert "the IME covers" in dom["status"] and "panned up" in dom["status"], dom["status"]
        page.screenshot(artifacts, "dialog-2-too-tall-pan")
    else:
        assert show.request.get("windowSoftInputMode") is None, "the mode is the session's"
        assert answer["layoutChange"] == "resize" and answer["windowPan"]["y"] == 0
        assert frame["y"] + frame["height"] == pytest.approx(ime_top, abs=EXACT)
        assert answer["scrollView"]["frame"]["height"] == pytest.approx(frame["height"], abs=EXACT)
        assert answer["contentOffset"]["y"] > 0
        page.screenshot(artifacts, "dialog-3-too-tall-resize")
    page.replay(exchanges=session_exchanges(page, android=True))


def test_the_dialog_is_offered_with_android_alone(page: Playground) -> None:
    """The service refuses `dialog` on iOS: the Dialog's option is off unless Platform is Android, and on the Dialog
    only Android is offered."""
    status, _, problem = page.server.call("POST", "/sessions", {
        "device": {"id": "iphone-17-pro"},
        "container": {"presentation": {"style": "dialog", "size": {"width": 360, "height": 400}}}})
    assert status == 400, problem
    option = page.driver.find_element("id", "screen-dialog")
    assert option.get_attribute("disabled") is not None and "Android only" in option.get_attribute("title")
    on_the_dialog(page)
    options = page.driver.execute_script(
        "return [...document.getElementById('platform').options].map((o) => [o.value, o.disabled]);")
    assert options == [["ios", True], ["android", False], ["both", True], ["web", True]], options


def test_a_dialog_larger_than_the_screen_less_its_bars_is_refused(page: Playground) -> None:
    """Turned to landscape, the Pixel 9's screen less its bars is too short for a 400-dp dialog: the service refuses
    the size, and the page shows its words on the status line and on the phone, and draws no window."""
    on_the_dialog(page)
    page.click("landscape")
    page.wait_for(lambda: android_attribute(page, "data-ready") == "unavailable", "the refusal in landscape")
    refused = [e for e in page.logged() if e.method == "POST" and e.path == "/sessions"
               and (e.request or {}).get("platform") == "android"][-1]
    assert refused.status == 400 and refused.request["screen"]["width"] > refused.request["screen"]["height"]
    status, _, problem = page.server.call("POST", "/sessions", refused.request)
    assert status == 400 and problem == refused.shown
    error = problem["errors"][0]
    assert error["pointer"] == "/container/presentation/size", problem
    dom = dialog_state(page)
    assert error["message"] in dom["status"] and dom["statusKind"] == "error", dom["status"]
    assert dom["state"] == "refused" and dom["tag"].startswith("No dialog: the service refused it."), dom["tag"]
    assert error["message"] in dom["tag"] and dom["dialog"] is None and dom["summary"] == "—", dom
    errors = page.console_errors()
    assert errors and all("/sessions" in e["message"] and "400" in e["message"] for e in errors), errors

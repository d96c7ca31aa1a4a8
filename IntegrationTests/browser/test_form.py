"""The playground's form screen in headless Chromium against a real inset-server.

The form (docs/playground.md): the scroll view holds five single-line fields and a notes text view, sent as
`fields` in content coordinates; the keyboard carries a 44-pt toolbar, so the frame the page reports is the
keyboard's plus 44 pt (y 473, 379 tall on the iPhone 15). A field's place on the phone's screen is its content
rect less `contentOffset.y` (the content's origin sits at `-contentOffset.y` in the scroll view's frame, which is
the whole screen).

Tolerances are the other browser tests': padding exactly (0.01 px), scrollTop and positions within 1 px.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from playground_page import Playground, catalogue_scene, form_state, last, use_form

# iPhone 15 portrait, the page's default, as the catalogue gives it: 393x852, safe area 59/34, a 335-pt keyboard
# with the predictive bar (the first test checks these against GET /devices/iphone-15).
SCREEN_WIDTH, SCREEN_HEIGHT = 393, 852
SAFE_TOP = 59
KEYBOARD = 335
TOOLBAR = 44
KEYBOARD_WITH_TOOLBAR = {
    "x": 0, "y": SCREEN_HEIGHT - KEYBOARD - TOOLBAR, "width": SCREEN_WIDTH, "height": KEYBOARD + TOOLBAR}
KEYBOARD_DISTANCE = 10
ORDER = ["first", "last", "email", "phone", "address", "notes"]


def session_state(page: Playground) -> dict:
    status, _, state = page.server.call("GET", f"/sessions/{page.phone('data-session-id')}")
    assert status == 200, state
    return state


def focus_moves(page: Playground) -> list:
    return [e for e in page.exchanges() if e.method == "POST" and e.path.endswith("/focus")]


def assert_form_shows(page: Playground, focus: str, answer: dict, fields: dict) -> dict:
    """The DOM, the page's toolbar and the session agree with `answer` (a show's or a focus move's) for `focus`."""
    state = session_state(page)
    target = state["target"]
    # The session is where the answer left it.
    assert state["focus"] == focus
    assert state["keyboardState"] == "shown"
    assert target["contentOffset"] == answer["contentOffset"]
    assert state["navigation"] == answer["navigation"]
    # The navigation is the page's order around the focused field.
    index = ORDER.index(focus)
    assert answer["navigation"] == {
        "previous": ORDER[index - 1] if index > 0 else None,
        "next": ORDER[index + 1] if index + 1 < len(ORDER) else None,
    }

    dom = form_state(page)
    adjusted = target["adjustedContentInset"]
    assert dom["running"] == 0
    assert dom["paddingTop"] == pytest.approx(adjusted["top"], abs=0.01), dom
    assert dom["paddingBottom"] == pytest.approx(adjusted["bottom"], abs=0.01), dom
    assert dom["scrollTop"] == pytest.approx(target["contentOffset"]["y"] + adjusted["top"], abs=1), dom
    assert dom["keyboardTop"] == pytest.approx(KEYBOARD_WITH_TOOLBAR["y"], abs=0.01), dom
    assert dom["keyboardHeight"] == pytest.approx(KEYBOARD_WITH_TOOLBAR["height"], abs=0.01), dom
    # The toolbar is the top 44 pt of the keyboard's frame.
    assert dom["toolbarTop"] == pytest.approx(KEYBOARD_WITH_TOOLBAR["y"], abs=0.5), dom

    # The focused field has the DOM focus and sits where the service's offset puts its rect, clear of the toolbar.
    assert dom["active"] == focus and dom["focus"] == focus, dom
    shown = dom["fields"][focus]
    rect = fields[focus]
    assert shown["top"] == pytest.approx(rect["y"] - target["contentOffset"]["y"], abs=1), (focus, shown, rect)
    assert shown["height"] == pytest.approx(rect["height"], abs=0.01)
    assert shown["top"] >= SAFE_TOP - 1, (focus, shown)
    assert shown["bottom"] <= KEYBOARD_WITH_TOOLBAR["y"] - KEYBOARD_DISTANCE + 1, (focus, shown)

    # The arrows are enabled exactly as the navigation says.
    assert dom["previousEnabled"] == (answer["navigation"]["previous"] is not None), dom
    assert dom["nextEnabled"] == (answer["navigation"]["next"] is not None), dom
    return dom


@pytest.mark.parametrize("scroll_position", ["minimal", "center"])
def test_the_toolbar_moves_the_focus_as_the_service_says(page: Playground, artifacts, scroll_position: str) -> None:
    """Focus the first field, then ›, ›, ‹ on the keyboard's toolbar: after each the page shows the service's
    offset, the field it focused where that offset puts it, and the arrows the answer's navigation enables."""
    phone = catalogue_scene(page.server)
    assert (phone.width, phone.height, phone.safe["top"], phone.keyboard["height"]) == (
        SCREEN_WIDTH, SCREEN_HEIGHT, SAFE_TOP, KEYBOARD)
    use_form(page)
    if scroll_position != "minimal":
        page.select("scroll-position", scroll_position)
        page.wait_for(
            lambda: any(e.method == "PATCH" and (e.request or {}).get("scrollPosition") == scroll_position
                        for e in page.exchanges()),
            "the scroll position's PATCH",
        )
    created = last(page.exchanges(), "POST", "/sessions")
    assert [field["id"] for field in created.request["fields"]] == ORDER
    assert created.shown["navigation"] == {"previous": None, "next": None}

    page.click("form-first")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    # The toolbar is part of the keyboard's frame, as iOS reports an input accessory view: the catalogue's keyboard
    # and 44 pt, sent as the frame (the keyboard named too).
    assert show.request["keyboard"]["frameEnd"] == KEYBOARD_WITH_TOOLBAR
    assert show.request["keyboard"]["mode"] == "docked" and show.request["keyboard"]["predictive"] is True
    assert show.request["focus"] == "first"
    fields = {field["id"]: field["rect"] for field in show.request["fields"]}
    assert list(fields) == ORDER
    assert show.shown["adjustedContentInset"]["bottom"] == KEYBOARD_WITH_TOOLBAR["height"]
    assert_form_shows(page, "first", show.shown, fields)
    assert session_state(page)["scrollPosition"] == scroll_position
    offsets = [show.shown["contentOffset"]["y"]]
    # Typing in a single-line field changes no geometry: nothing is sent.
    sent = len(page.exchanges())
    page.driver.find_element(By.ID, "form-first").send_keys("Jane")
    page.wait_for(lambda: page.driver.find_element(By.ID, "form-first").get_attribute("value") == "Jane", "typing")
    assert len(page.exchanges()) == sent

    for button, move, expected in [("kb-next", "next", "last"), ("kb-next", "next", "email"),
                                   ("kb-previous", "previous", "last")]:
        moves = len(focus_moves(page))
        page.click(button)
        page.wait_for(
            lambda: len(focus_moves(page)) == moves + 1 and page.phone("data-focus") == expected,
            f"the focus move to {expected}",
        )
        page.wait_for(lambda: page.dom()["running"] == 0, "the focus scroll to end")
        exchange = focus_moves(page)[-1]
        assert exchange.status == 200
        assert exchange.request["field"] == move
        animation = exchange.shown["animation"]
        # UIScrollView's animated scroll: easeInOut over 0.3 s, the keyboard where it was.
        assert (animation["curve"], animation["duration"], animation["cssDuration"]) == (0, 0.3, 300)
        assert animation["to"]["keyboardLayoutGuide"]["y"] == KEYBOARD_WITH_TOOLBAR["y"]
        assert_form_shows(page, expected, exchange.shown, fields)
        offsets.append(exchange.shown["contentOffset"]["y"])
        if expected == "email":
            page.screenshot(artifacts, f"form-{scroll_position}-email")

    if scroll_position == "minimal":
        # First and Last name are clear of the toolbar; Email is partly under it, so › scrolls; back to Last
        # name, which is still in sight, ‹ does not.
        assert offsets[0] == offsets[1] == -SAFE_TOP
        assert offsets[2] > offsets[1]
        assert offsets[3] == offsets[2]
    else:
        # Centred: every move scrolls.
        assert len(set(offsets)) == 3 and offsets[1] != offsets[0] and offsets[3] == offsets[1]

    # The page's requests sent again on a session of the test's own get the answers its panel shows.
    page.replay()

    # Done hides the keyboard and the base insets come back.
    page.click("kb-done")
    page.wait_for_state("hidden")
    hide = last(page.exchanges(), "POST", "/keyboard/hide")
    dom = form_state(page)
    assert dom["active"] is None
    assert dom["paddingBottom"] == pytest.approx(hide.shown["adjustedContentInset"]["bottom"], abs=0.01)
    assert dom["keyboardTop"] == pytest.approx(SCREEN_HEIGHT, abs=0.01)


def test_the_growing_notes_keep_the_caret_above_the_keyboard(page: Playground, artifacts) -> None:
    """Typing lines into the notes grows the text view; each growth is a PATCH with the fields, the content size
    and the caret's rect, and the page shows the offset the service re-targeted at once, the caret in sight."""
    use_form(page)
    page.click("form-notes")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    assert show.request["focus"] == "notes"
    start = show.shown["contentOffset"]["y"]

    notes = page.driver.find_element(By.ID, "form-notes")
    lines = ["Met at WWDC", "Likes keyboards", "Call back on Tuesday", "Ask about the inset service",
             "Bring the demo", "And the toolbar"]
    notes.send_keys("\n".join(lines))

    def settled() -> bool:
        patches = [e for e in page.exchanges() if e.method == "PATCH" and "focusedRect" in (e.request or {})]
        if len(patches) < len(lines) - 3:
            return False
        notes_rect = next(f["rect"] for f in patches[-1].request["fields"] if f["id"] == "notes")
        dom = form_state(page)
        return notes_rect["height"] == dom["fields"]["notes"]["offsetHeight"] and dom["running"] == 0

    page.wait_for(settled, "the notes' PATCHes to catch up with the text")
    patches = [e for e in page.exchanges() if e.method == "PATCH" and "focusedRect" in (e.request or {})]
    heights = []
    for patch in patches:
        request = patch.request
        assert patch.status == 200
        assert [field["id"] for field in request["fields"]] == ORDER
        rect = next(field["rect"] for field in request["fields"] if field["id"] == "notes")
        caret = request["focusedRect"]
        heights.append(rect["height"])
        # The caret is inside the text view, and the content ends below it.
        assert rect["x"] <= caret["x"] <= rect["x"] + rect["width"], (caret, rect)
        assert rect["y"] <= caret["y"] and caret["y"] + caret["height"] <= rect["y"] + rect["height"], (caret, rect)
        assert request["scrollView"]["contentSize"]["height"] > rect["y"] + rect["height"]
        # Re-targeted at once: no animation left running, the presentation is the target.
        assert patch.shown["animations"] == []
        assert patch.shown["presentation"]["contentOffset"] == patch.shown["target"]["contentOffset"]
    assert heights == sorted(heights) and len(set(heights)) == len(heights), heights
    assert heights[-1] >= 88 + 22 * (len(lines) - 3)

    final = patches[-1]
    target = final.shown["target"]
    caret = final.request["focusedRect"]
    # A caret, not the text view: a line tall, at the start of the last line, where the line break that grew the
    # text view put it (inside a 1-pt border, 10 pt of padding above the 22-pt lines, 12 on the left).
    notes_rect = next(field["rect"] for field in final.request["fields"] if field["id"] == "notes")
    assert caret["width"] <= 3 and 14 <= caret["height"] <= 24, caret
    assert caret["y"] == pytest.approx(notes_rect["y"] + 1 + 10 + 22 * (len(lines) - 1), abs=2), (caret, notes_rect)
    assert caret["x"] == pytest.approx(notes_rect["x"] + 1 + 12, abs=1), (caret, notes_rect)
    dom = form_state(page)
    top = target["adjustedContentInset"]["top"]
    assert dom["contentHeight"] == pytest.approx(final.request["scrollView"]["contentSize"]["height"], abs=0.01)
    assert dom["scrollTop"] == pytest.approx(target["contentOffset"]["y"] + top, abs=1)
    # The caret is in sight, keyboardDistance above the toolbar (minimal: its bottom exactly there).
    caret_bottom = caret["y"] + caret["height"] - target["contentOffset"]["y"]
    assert caret_bottom == pytest.approx(KEYBOARD_WITH_TOOLBAR["y"] - KEYBOARD_DISTANCE, abs=1)
    assert target["contentOffset"]["y"] > start, "the growing text pushed the offset up"
    state = session_state(page)
    assert state["focus"] == "notes"
    assert state["focusedRect"] == caret
    assert state["target"]["contentOffset"] == target["contentOffset"]
    page.screenshot(artifacts, "form-notes-grown")
    page.replay()

"""The playground in headless Chromium against a real inset-server: what the DOM shows is what the service said.

DOM conventions (docs/playground.md): #table is the scroll view's frame, #table-content's padding is
`adjustedContentInset` (padding-bottom = contentInset.bottom + the safe area UIKit adds) and
`scrollTop = contentOffset.y + adjustedContentInset.top`.

Tolerances:
- Settled states: padding exactly (0.01 px, the computed value's print precision); scrollTop within 1 px, since
  a scroll offset lands on whole device pixels (device scale 1 here) while an answer may be fractional.
- Mid-animation: the page eases with the descriptor's `linearEasing`, which the service keeps within 0.5 % of the
  exact spring, so what the DOM shows at an instant is within 0.5 % of the animated distance of the service's
  presentation: 0.005 * |to - from| (+0.05 px of print precision) for the padding, the same plus 1 px of pixel
  snapping for scrollTop.
"""

from __future__ import annotations

import json

import pytest

from browser_server import TOKEN
from playground_page import (
    DRAG_RECORDER,
    Playground,
    Scene,
    catalogue_scene,
    catalogue_value,
    chat_state,
    last,
    linear_at,
    linear_stops,
    spring,
    use_chat,
    viewport_point,
)

CURVE_ERROR = 0.005
# Milliseconds: Chromium stores an animation's startTime in its own time type, so a startTime set from a JSON
# number can read back a rounding away from it (1e-13 ms seen); 10 us is far below a frame.
TIME_PRECISION = 0.01


@pytest.fixture(scope="module")
def phone(server) -> Scene:
    """The iPhone 15 in portrait the page starts with, as the catalogue gives it (GET /devices/iphone-15): 393x852,
    a 59/34 safe area, a 335-pt keyboard with the predictive bar."""
    return catalogue_scene(server)


def assert_settled_on(page: Playground, answer: dict) -> dict:
    """The DOM shows the answer's insets and offset, the animations having ended."""
    dom = page.dom()
    adjusted = answer["adjustedContentInset"]
    assert dom["running"] == 0
    assert dom["paddingBottom"] == pytest.approx(adjusted["bottom"], abs=0.01), dom
    assert dom["paddingTop"] == pytest.approx(adjusted["top"], abs=0.01), dom
    assert dom["scrollTop"] == pytest.approx(answer["contentOffset"]["y"] + adjusted["top"], abs=1), dom
    return dom


def show_keyboard(page: Playground) -> dict:
    page.scroll_to_end()
    base = page.dom()
    page.click("field")
    page.wait_for_state("shown")
    return base


def test_focusing_the_field_applies_the_service_answer(page: Playground, artifacts, phone: Scene) -> None:
    page.screenshot(artifacts, "1-loaded")
    show_keyboard(page)
    page.screenshot(artifacts, "2-keyboard-shown")

    exchanges = page.replay()
    # The page names the device; the service fills the screen, the frame and the safe area from its catalogue.
    created = last(exchanges, "POST", "/sessions")
    assert created.request["device"] == {"id": "iphone-15", "orientation": "portrait"}
    assert "screen" not in created.request and set(created.request["scrollView"]) == {"contentSize", "contentOffset"}
    assert created.replayed["screen"] == {"width": phone.width, "height": phone.height}
    assert created.replayed["scrollView"]["safeAreaInsets"] == phone.safe
    # The show names the keyboard, and the service takes its frame from the catalogue.
    show = last(exchanges, "POST", "/keyboard/show")
    assert "frameEnd" not in show.request["keyboard"]
    assert {k: show.request["keyboard"][k] for k in ("predictive", "type", "mode")} == {
        "predictive": True, "type": "standard", "mode": "docked"}
    frame = catalogue_value(show.replayed, "/keyboard/frameEnd")
    assert frame == phone.keyboard
    assert frame == {"x": 0, "y": phone.height - frame["height"], "width": phone.width, "height": frame["height"]}
    answer = show.replayed
    # The keyboard's height of overlap minus the home-indicator area UIKit already adds (README's first request).
    assert answer["contentInset"]["bottom"] == frame["height"] - phone.safe["bottom"]
    assert answer["adjustedContentInset"]["bottom"] == frame["height"]
    assert answer["keyboardDocked"] is True
    dom = assert_settled_on(page, answer)
    # The field sat under the keyboard's frame: the table scrolled it up.
    assert answer["contentOffset"]["y"] > answer["animation"]["from"]["contentOffset"]["y"]
    assert dom["keyboardTop"] == pytest.approx(frame["y"], abs=0.01)
    assert dom["keyboardHeight"] == pytest.approx(frame["height"], abs=0.01)


def test_blurring_the_field_brings_the_base_values_back(page: Playground, artifacts, phone: Scene) -> None:
    base = show_keyboard(page)
    page.tap_outside()
    page.wait_for_state("hidden")
    page.screenshot(artifacts, "3-keyboard-hidden")

    exchanges = page.replay()
    created = last(exchanges, "POST", "/sessions").replayed
    hide = last(exchanges, "POST", "/keyboard/hide").replayed
    assert hide["contentInset"] == created["target"]["contentInset"]
    assert hide["adjustedContentInset"]["bottom"] == phone.safe["bottom"]
    dom = assert_settled_on(page, hide)
    assert dom["paddingBottom"] == pytest.approx(base["paddingBottom"], abs=0.01)
    assert dom["scrollTop"] == pytest.approx(base["scrollTop"], abs=1)
    assert dom["keyboardTop"] == pytest.approx(phone.height, abs=0.01), "the keyboard went below the screen"


def test_a_hide_halfway_through_the_show_begins_from_what_is_on_screen(
    page: Playground, artifacts, phone: Scene
) -> None:
    # iOS 7's model: the hide replaces the show and starts from what is on screen (the additive one is below).
    safe_bottom = phone.safe["bottom"]
    page.use_interruption("beginFromCurrentState")
    page.scroll_to_end()
    base = page.dom()
    page.click("interrupt")
    page.start_recording()
    page.click("field")
    # The page blurs the field itself, 125 ms into the show.
    page.wait_for(lambda: page.phone("data-interrupted-at") is not None, "the page to interrupt the show")
    page.wait_for_state("hidden")
    frames = page.stop_recording()
    page.screenshot(artifacts, "4-interrupted-and-hidden")

    exchanges = page.replay()
    show = last(exchanges, "POST", "/keyboard/show").replayed["animation"]
    hide_exchange = last(exchanges, "POST", "/keyboard/hide")
    hide = hide_exchange.replayed["animation"]
    t0, t1 = show["startTime"], hide["startTime"]
    assert t1 == hide_exchange.request["timestamp"]

    # The interruption came mid-show, in the frame the page stamped the hide with.
    assert float(page.phone("data-interrupted-at")) == pytest.approx(t1, abs=TIME_PRECISION)
    assert t0 + 125 <= t1 < t0 + show["cssDuration"], (t0, t1)

    # The service began the hide from its presentation of the show at t1: the exact spring, checked here.
    fraction = spring(t1 - t0)
    for key, path in [("contentInset", "bottom"), ("contentOffset", "y")]:
        start, end = show["from"][key][path], show["to"][key][path]
        assert hide["from"][key][path] == pytest.approx(start + (end - start) * fraction, abs=1e-6)
    assert 0.05 < fraction < 0.995, "the interruption must land where the show is still moving"

    # What the DOM showed in that frame, as the test's own recorder read it (the page's snapshot if the
    # recorder's task for that frame ran late).
    page_padding = float(page.phone("data-interrupted-padding").removesuffix("px"))
    page_top = float(page.phone("data-interrupted-scroll-top"))
    at_t1 = [frame for frame in frames if abs(frame["t"] - t1) < TIME_PRECISION]
    if at_t1:
        shown_padding, shown_top = at_t1[0]["paddingBottom"], at_t1[0]["scrollTop"]
        # The page's own reading of the same frame agrees.
        assert page_padding == pytest.approx(shown_padding, abs=0.01)
        assert page_top == pytest.approx(shown_top, abs=0.5)
    else:
        shown_padding, shown_top = page_padding, page_top
    inset_span = abs(show["to"]["contentInset"]["bottom"] - show["from"]["contentInset"]["bottom"])
    offset_span = abs(show["to"]["contentOffset"]["y"] - show["from"]["contentOffset"]["y"])
    adjusted_top = base["paddingTop"]
    assert shown_padding == pytest.approx(
        hide["from"]["contentInset"]["bottom"] + safe_bottom, abs=CURVE_ERROR * inset_span + 0.05
    )
    assert shown_top == pytest.approx(
        hide["from"]["contentOffset"]["y"] + adjusted_top, abs=CURVE_ERROR * offset_span + 1
    )

    # Stricter: the DOM is the descriptor's own `linear()` at t1 - t0, so the page ran the show in step with the
    # service's clock (a frame late would be several points off).
    eased = linear_at(show["linearEasing"], (t1 - t0) / show["cssDuration"])
    start, end = show["from"]["contentInset"]["bottom"], show["to"]["contentInset"]["bottom"]
    assert shown_padding == pytest.approx(start + (end - start) * eased + safe_bottom, abs=0.05)
    start, end = show["from"]["contentOffset"]["y"], show["to"]["contentOffset"]["y"]
    assert shown_top == pytest.approx(start + (end - start) * eased + adjusted_top, abs=1)

    # The hide's own animation on the table starts at t1 from exactly the service's `from`, with its easing.
    hides = [a for frame in frames for a in frame["animations"] if abs(a["startTime"] - t1) < TIME_PRECISION]
    started = sorted({a["startTime"] for frame in frames for a in frame["animations"]})
    assert hides, f"no animation on the table started at the hide's timestamp {t1}: {started}"
    figures = {
        "interrupted_after_ms": t1 - t0,
        "show_fraction": fraction,
        "dom_read_by": "recorder" if at_t1 else "page snapshot",
        "dom_padding_bottom": shown_padding,
        "service_from_padding_bottom": hide["from"]["contentInset"]["bottom"] + safe_bottom,
        "padding_tolerance": CURVE_ERROR * inset_span + 0.05,
        "dom_scroll_top": shown_top,
        "service_from_scroll_top": hide["from"]["contentOffset"]["y"] + adjusted_top,
        "scroll_top_tolerance": CURVE_ERROR * offset_span + 1,
        "frames_recorded": len(frames),
        "hide_animation_start_minus_t1": hides[0]["startTime"] - t1,
    }
    (artifacts / "interruption.json").write_text(json.dumps(figures, indent=2) + "\n")
    print(f"\n[browser] interruption: {json.dumps(figures)}")

    assert hides[0]["from"] == pytest.approx(hide["from"]["contentInset"]["bottom"] + safe_bottom, abs=0.01)
    assert hides[0]["to"] == pytest.approx(hide["to"]["contentInset"]["bottom"] + safe_bottom, abs=0.01)
    assert hides[0]["duration"] == hide["cssDuration"]
    assert linear_stops(hides[0]["easing"]) == linear_stops(hide["linearEasing"])

    # And it ends on the base values.
    dom = assert_settled_on(page, hide_exchange.replayed)
    assert dom["paddingBottom"] == pytest.approx(base["paddingBottom"], abs=0.01)
    assert dom["scrollTop"] == pytest.approx(base["scrollTop"], abs=1)


def test_the_page_is_public_and_takes_the_token_from_a_field(driver, token_server) -> None:
    for path in ["/", "/playground.css", "/playground.js", "/client.js"]:
        assert token_server.call("GET", path)[0] == 200
    page = Playground(driver, token_server)
    page.open()
    assert page.phone("data-ready") == "error"
    assert "token" in driver.find_element("id", "status").text
    field = driver.find_element("id", "token")
    field.send_keys(TOKEN + "\n")
    page.wait_for(lambda: page.phone("data-ready") == "true", "the session made with the token")
    exchanges = page.replay(token=TOKEN)
    assert exchanges[0].status == 201
    # The failed attempt without the token is the only console error the page caused.
    errors = page.console_errors()
    assert all("401" in entry["message"] for entry in errors), errors


# After the interruption at t1: the instants (ms) the frozen page is compared with the service at.
SAMPLES_AFTER = [0, 10, 25, 50, 100, 180, 300]


@pytest.mark.parametrize("mode", ["additive", "beginFromCurrentState"])
def test_an_interrupted_show_shows_the_services_presentation_at_every_instant(
    page: Playground, artifacts, mode: str, phone: Scene
) -> None:
    """A hide 125 ms into the show; the page's animations paused and moved to instants after it: the DOM shows
    what `GET /sessions/{id}?at=` says, within 1 px, for the insets, the offset and the keyboard."""
    page.use_interruption(mode)
    page.scroll_to_end()
    page.click("interrupt")
    page.click("field")
    page.wait_for(lambda: page.phone("data-keyboard-state") == "hiding", "the interrupting hide")
    assert page.freeze() > 0
    session_id = page.phone("data-session-id")
    exchanges = page.exchanges()
    hide = last(exchanges, "POST", "/keyboard/hide").shown["animation"]
    show = last(exchanges, "POST", "/keyboard/show").shown["animation"]
    t1 = hide["startTime"]
    assert hide["composition"] == ("additive" if mode == "additive" else "replace")
    assert show["startTime"] + 100 < t1 < show["startTime"] + 300, "the hide must come while the show moves"

    rows = []
    for after in SAMPLES_AFTER:
        time = t1 + after
        dom = page.seek(time)
        status, _, state = page.server.call("GET", f"/sessions/{session_id}?at={time!r}")
        assert status == 200, state
        presentation = state["presentation"]
        expected = {
            "paddingBottom": presentation["contentInset"]["bottom"] + phone.safe["bottom"],
            "scrollTop": presentation["contentOffset"]["y"] + state["target"]["adjustedContentInset"]["top"],
            "keyboardTop": presentation["keyboardFrame"]["y"],
        }
        rows.append({"after_ms": after, "dom": {k: dom[k] for k in [*expected, "maxScrollTop"]}, "service": expected})
        # Scrolled to the end, the offset rides on the bottom of the scroll range, which the browser clamps
        # scrollTop to: that bottom follows the padding as drawn (checked below within a pixel), so scrollTop is
        # held to the service's offset or the range's bottom, whichever is higher up.
        expected_top = {**expected, "scrollTop": min(expected["scrollTop"], dom["maxScrollTop"])}
        for key, value in expected_top.items():
            # The replay's linear() easings keep the sum of two additive animations within a pixel of the service's
            # (LinearEasing.defaultMaxError); the DOM's scrollTop is a whole pixel besides, half a pixel more.
            tolerance = 1.5 if key == "scrollTop" else 1
            assert dom[key] == pytest.approx(value, abs=tolerance), (mode, after, key, dom, expected)
        if after == 25:
            page.screenshot(artifacts, f"5-{mode}-25ms-after-the-hide")
    (artifacts / f"interruption-{mode}.json").write_text(json.dumps(rows, indent=2) + "\n")
    print(f"\n[browser] {mode}: " + json.dumps([(r["after_ms"], r["dom"]["paddingBottom"]) for r in rows]))

    padding = [row["dom"]["paddingBottom"] for row in rows]
    if mode == "additive":
        # The show's velocity carries on: the inset keeps growing for a moment after the hide, judged 10 ms after it.
        # By 25 ms a hide sent later into the show than the page's 125 ms (its timer on a loaded machine; the check
        # above allows up to 300) has turned the sum around: 261.8 px at the hide, 266.5 at 10 ms, 259.3 at 25.
        assert padding[1] > padding[0] + 1, (t1 - show["startTime"], padding)
    else:
        # Replaced at rest: from the interruption on it only comes down.
        assert all(later <= earlier + 0.05 for earlier, later in zip(padding, padding[1:]))

    # The timeline under the phone was redrawn from the service after the hide, with both events on it.
    page.wait_for(lambda: page.driver.find_element("id", "timeline").get_attribute("data-ready") == "true", "the plot")
    plot = page.driver.execute_script(
        """
        const svg = document.querySelector('#timeline-plot svg');
        const box = svg.getBoundingClientRect();
        return {
          width: box.width, height: box.height,
          lines: [...svg.querySelectorAll('polyline.value')].map((line) => ({
            value: line.dataset.value, length: line.getTotalLength(),
          })),
          events: svg.querySelectorAll('line.event').length,
          legend: [...svg.querySelectorAll('.legend text:not(.start)')].map((text) => text.textContent),
        };
        """
    )
    assert plot["width"] > 300 and plot["height"] > 150, plot
    drawn = {line["value"] for line in plot["lines"] if line["length"] > 100}
    assert {"contentInset.bottom", "keyboardFrame.y"} <= drawn, plot
    assert plot["events"] == 2, plot
    assert set(plot["legend"]) == {line["value"] for line in plot["lines"]}
    page.driver.find_element("id", "timeline").screenshot(str(artifacts / f"6-{mode}-timeline.png"))


def assert_chat_shows(page: Playground, answer: dict, what: str) -> dict:
    """The chat's composer, list inset and offset, and keyboard are where `answer` (a show, drag or release
    answer, or a session's target with its keyboard frame) puts them, within 1 px."""
    dom = chat_state(page)
    composer = answer["pinnedViews"][0]["frame"]
    expected = {
        "composerTop": composer["y"],
        "paddingBottom": answer["adjustedContentInset"]["bottom"],
        "scrollTop": answer["contentOffset"]["y"] + answer["adjustedContentInset"]["top"],
    }
    if answer.get("keyboardFrame"):
        expected["keyboardTop"] = answer["keyboardFrame"]["y"]
    for key, value in expected.items():
        assert dom[key] == pytest.approx(value, abs=1), (what, key, dom[key], value, dom)
    assert dom["composerHeight"] == pytest.approx(50, abs=0.01)
    return dom


def gesture(page: Playground, slow, fast) -> None:
    """One pointer gesture over the phone's screen: down at the first of `slow`, a move to each next one taking
    120 ms, a hold, then `fast` moves of 16 ms each (a flick) and up."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.mouse_button import MouseButton

    actions = ActionChains(page.driver, duration=120)
    pointer = actions.w3c_actions.pointer_action
    first, *rest = slow
    pointer.move_to_location(*viewport_point(page, *first))
    pointer.pointer_down(MouseButton.LEFT)
    for point in rest:
        pointer.move_to_location(*viewport_point(page, *point))
    pointer.pause(0.4)
    for point in fast:
        x, y = viewport_point(page, *point)
        pointer.source.create_pointer_move(duration=16, x=x, y=y, origin="viewport")
    pointer.pointer_up(MouseButton.LEFT)
    actions.perform()


def test_a_chat_drag_moves_the_keyboard_and_the_composer_and_a_flick_dismisses(
    page: Playground, artifacts, phone: Scene
) -> None:
    """The chat screen: the composer rides on the keyboard as the service says; a pointer drag over the list
    moves the keyboard, the composer and the list's inset at once, exactly as each POST /keyboard/drag answered;
    a flick down dismisses with the release's spring, and the page settles where the service says."""
    use_chat(page)
    resting = page.exchanges()
    created = [e for e in resting if e.method == "PATCH"][-1].shown["target"]
    page.wait_for(lambda: page.dom()["running"] == 0, "the page to settle")
    assert_chat_shows(page, created, "at rest")
    assert created["pinnedViews"][0]["frame"]["y"] == phone.height - phone.safe["bottom"] - 50

    page.click("chat-field")
    page.wait_for_state("shown")
    shown = last(page.exchanges(), "POST", "/keyboard/show").shown
    assert shown["pinnedViews"][0]["frame"]["y"] == phone.keyboard["y"] - 50
    assert_chat_shows(page, shown, "shown")
    page.screenshot(artifacts, "chat-1-shown")

    # A slow drag from the middle of the list into the keyboard, held, then a flick down and up.
    page.driver.execute_script(DRAG_RECORDER)
    gesture(page, [(200, 400), (200, 500), (200, 600), (200, 650)], [(200, 700), (200, 760)])
    page.wait_for(lambda: any(e.path == "/keyboard/release" for e in page.exchanges()), "the release")
    drags = [e.shown for e in page.exchanges() if e.path == "/keyboard/drag"]
    seen = page.driver.execute_script("return window.__drags;")
    assert len(seen) == len(drags) >= 3, (len(seen), len(drags))
    held = [(answer, dom) for answer, dom in zip(drags, seen) if answer["keyboardFrame"]["y"] == pytest.approx(650, abs=1)]
    assert held, [answer["keyboardFrame"]["y"] for answer in drags]
    for answer, dom in zip(drags, seen):
        assert answer["animation"] is None
        assert answer["pinnedViews"][0]["frame"]["y"] == pytest.approx(answer["keyboardFrame"]["y"] - 50, abs=1e-9)
        expected = {
            "composerTop": answer["pinnedViews"][0]["frame"]["y"],
            "paddingBottom": answer["adjustedContentInset"]["bottom"],
            "scrollTop": answer["contentOffset"]["y"] + answer["adjustedContentInset"]["top"],
            "keyboardTop": answer["keyboardFrame"]["y"],
        }
        for key, value in expected.items():
            assert dom[key] == pytest.approx(value, abs=1), ("dragged", key, dom[key], value)
    (artifacts / "chat-drags.json").write_text(json.dumps([{"answer": a["keyboardFrame"]["y"], "dom": d} for a, d in zip(drags, seen)], indent=2) + "\n")
    released = last(page.exchanges(), "POST", "/keyboard/release").shown
    velocity = last(page.exchanges(), "POST", "/keyboard/release").request["velocity"]["y"]
    assert velocity > 300, velocity
    assert released["session"]["keyboardState"] == "hiding"
    animation = released["animation"]
    assert animation["curveName"] == "spring"
    start = released["keyboardFrame"]
    last_drag = drags[-1]["keyboardFrame"]["y"]
    assert animation["spring"]["initialVelocity"] == pytest.approx(velocity / (phone.height - last_drag), rel=1e-9)
    assert start["y"] == phone.height
    page.wait_for_state("hidden")
    assert_chat_shows(page, released, "dismissed")
    page.screenshot(artifacts, "chat-3-dismissed")
    session_id = page.phone("data-session-id")
    status, _, state = page.server.call("GET", f"/sessions/{session_id}")
    assert status == 200 and state["keyboardState"] == "hidden"
    assert chat_state(page)["composerTop"] == pytest.approx(state["presentation"]["keyboardLayoutGuide"]["y"] - 50, abs=1)

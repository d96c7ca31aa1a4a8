"""The playground's notification log panel in headless Chromium against a real inset-server.

The panel (docs/playground.md) sends the console text as pasted to `POST /sessions/{id}/notifications` as
`text/plain`, unchanged, with `start` (where the log starts on the session's clock) and `plot=svg` in the query;
a pasted JSON log goes as JSON. It lists each notification's outcome and how the service read it, and points at
the line and column of a value the service could not read.

Tolerances are the other browser tests': padding exactly (0.01 px), scrollTop within 1 px.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver.common.by import By

from playground_page import (
    Exchange,
    Playground,
    catalogue_scene,
    last,
    paste_log,
    replay_errors,
    replay_results,
    use_form,
)

# iPhone 15, the page's default, as the catalogue gives it: 393x852 portrait, a 335-pt keyboard with the
# predictive bar, 208 pt in landscape (the sample's test checks these against GET /devices/iphone-15).
WIDTH, HEIGHT = 393, 852
KEYBOARD, LANDSCAPE_KEYBOARD = 335, 208
TOOLBAR = 44
TEXT_PLAIN = "text/plain; charset=utf-8"
LEGACY_KEYS = ["UIKeyboardBoundsUserInfoKey", "UIKeyboardCenterBeginUserInfoKey", "UIKeyboardCenterEndUserInfoKey"]

# The sample console's notifications (docs/playground.md) and what the service does with each, keyboard hidden
# first: name, outcome, reason, where the name came from.
SAMPLE_OUTCOMES = [
    ("UIKeyboardWillShowNotification", "applied", None, "nearby"),
    ("UIKeyboardDidShowNotification", "ignored", "did-notification", "nearby"),
    ("UIKeyboardWillChangeFrameNotification", "applied", None, "nearby"),  # a third-party keyboard, short first
    ("UIKeyboardWillShowNotification", "ignored", "same-frame", "nearby"),
    ("UIKeyboardDidChangeFrameNotification", "ignored", "did-notification", "nearby"),
    ("UIKeyboardWillShowNotification", "applied", None, "nearby"),  # then its real height
    ("UIKeyboardWillShowNotification", "applied", None, "nearby"),  # the system keyboard again
    ("UIKeyboardWillShowNotification", "ignored", "same-frame", "nearby"),  # then that again
    ("UIKeyboardDidShowNotification", "ignored", "did-notification", "nearby"),
    ("UIKeyboardWillChangeFrameNotification", "ignored", "not-local", "assumed"),  # a bare "userInfo:" line
    ("UIKeyboardWillChangeFrameNotification", "ignored", "empty-frame", "nearby"),
    ("UIKeyboardWillHideNotification", "jumped", "zero-duration-hide", "nearby"),  # the password manager's
    ("UIKeyboardDidHideNotification", "ignored", "did-notification", "nearby"),
]
# The milliseconds after the first notification that the sample's NSLog prefixes print.
SAMPLE_OFFSETS = [0, 500.52, 900.188, 900.411, 1401.007, 2000.3, 2040.126, 2045.872, 2500.64, 3000.05, 3400.733,
                  3800.207, 3810.918]


def session_state(page: Playground) -> dict:
    status, _, state = page.server.call("GET", f"/sessions/{page.phone('data-session-id')}")
    assert status == 200, state
    return state


def log_text(page: Playground) -> str:
    return page.driver.find_element(By.ID, "notification-log").get_attribute("value")


def replay(page: Playground, ready: str = "true") -> None:
    page.click("replay-log")
    page.wait_for(lambda: page.driver.find_element(By.ID, "notifications").get_attribute("data-ready") == ready,
                  f"the replay ({ready})")


def log_exchange(page: Playground, session_id: str) -> Exchange:
    """The page's last POST /sessions/{id}/notifications, whatever its query."""
    prefix = f"/sessions/{session_id}/notifications"
    sent = [e for e in page.exchanges() if e.method == "POST" and e.path.split("?")[0] == prefix]
    assert sent, "the page sent no log"
    return sent[-1]


def query(exchange: Exchange) -> dict:
    return {name: values[-1] for name, values in parse_qs(urlsplit(exchange.path).query).items()}


def rect(frame: dict) -> str:
    return "{{%g, %g}, {%g, %g}}" % (frame["x"], frame["y"], frame["width"], frame["height"])


def summary(page: Playground) -> dict:
    element = page.driver.find_element(By.ID, "replay-summary")
    return {"text": element.text, "format": element.get_attribute("data-format"),
            "skipped": element.get_attribute("data-skipped-lines")}


def assert_phone_shows(page: Playground, state: dict) -> None:
    """The phone at the session the log left, settled."""
    page.wait_for(lambda: page.dom()["running"] == 0, "the page to settle")
    dom = page.dom()
    target = state["target"]
    assert page.phone("data-keyboard-state") == state["keyboardState"]
    assert dom["paddingBottom"] == pytest.approx(target["adjustedContentInset"]["bottom"], abs=0.01)
    assert dom["paddingTop"] == pytest.approx(target["adjustedContentInset"]["top"], abs=0.01)
    assert dom["scrollTop"] == pytest.approx(target["contentOffset"]["y"] + target["adjustedContentInset"]["top"],
                                             abs=1)


@pytest.mark.parametrize("screen", ["form", "table"])
def test_the_sample_console_replays_as_pasted(page: Playground, artifacts, screen: str) -> None:
    """The panel's sample, an Xcode console of NSLog'ged userInfo dictionaries with the system's own lines between
    them and numbers that fit the scene, goes as text/plain exactly as shown, placed by `start` after the session's
    last event; each notification's outcome and reading is listed as the service answered, the plot it returned is
    under the phone, and the phone is at the session the log left."""
    phone = catalogue_scene(page.server)
    assert (phone.width, phone.height, phone.keyboard["height"]) == (WIDTH, HEIGHT, KEYBOARD)
    assert catalogue_scene(page.server, orientation="landscape").keyboard["height"] == LANDSCAPE_KEYBOARD
    if screen == "form":
        use_form(page)
    before = session_state(page)
    sample = log_text(page)
    # The console of this scene: the catalogue's keyboard (with the form's toolbar) at the screen's bottom.
    system = KEYBOARD + (TOOLBAR if screen == "form" else 0)
    assert f'UIKeyboardFrameEndUserInfoKey = "NSRect: {{{{0, {HEIGHT - system}}}, {{{WIDTH}, {system}}}}}";' in sample
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}\+0100 Notes\[\d+:\d+\] Can't find keyplane", sample)
    with pytest.raises(json.JSONDecodeError):
        json.loads(sample)

    replay(page)
    exchange = log_exchange(page, before["id"])
    assert exchange.status == 200
    assert exchange.content_type == TEXT_PLAIN
    assert exchange.request == sample, "the text goes as it was pasted"
    arguments = query(exchange)
    assert set(arguments) == {"start", "plot"} and arguments["plot"] == "svg", exchange.path
    start = float(arguments["start"])
    assert start >= before["lastEventTime"]
    assert float(page.driver.find_element(By.ID, "notifications").get_attribute("data-base")) == start

    answer = exchange.shown
    assert answer["format"] == "text" and answer["skippedLines"] == 2
    results = answer["results"]
    assert [(r["name"], r["outcome"], r["reason"], r["read"]["name"]) for r in results] == SAMPLE_OUTCOMES
    # Timed by the NSLog prefixes, the first at `start`.
    assert [r["timestamp"] - start for r in results] == pytest.approx(SAMPLE_OFFSETS, abs=0.01)
    assert all(r["read"]["timestamp"] == "logged" and r["read"]["form"] == "objc-userinfo" for r in results)
    assert results[0]["read"]["ignoredKeys"] == LEGACY_KEYS
    assert results[0]["read"]["userInfo"]["frameEnd"] == {"x": 0, "y": HEIGHT - system, "width": WIDTH,
                                                           "height": system}

    # The panel lists what each did and how it was read.
    listed = replay_results(page)
    assert [(r["name"], r["outcome"], r["reason"], r["nameSource"]) for r in listed] == SAMPLE_OUTCOMES
    assert [r["index"] for r in listed] == list(range(len(SAMPLE_OUTCOMES)))
    for shown, result in zip(listed, results):
        read = result["read"]
        lines = read["lines"]
        assert shown["lines"] == f"{lines['first']}-{lines['last']}"
        assert shown["outcome"] in shown["head"] and (result["reason"] or "") in shown["head"]
        assert f"L{lines['first']}–{lines['last']}" in shown["source"], shown
        assert "objc-userinfo" in shown["source"] and f"name {read['name']}" in shown["source"], shown
        assert "time logged" in shown["source"], shown
        end = read["userInfo"]["frameEnd"]
        assert f"end {rect(end)}" in shown["values"], shown
        assert shown["ignoredKeys"] == read["ignoredKeys"]
        assert shown["converted"] is None
    assert listed[0]["ignored"] == "ignored Bounds, CenterBegin, CenterEnd"
    assert "+500.52 ms" in listed[1]["head"]
    assert "not local" in listed[9]["values"] and "name assumed" in listed[9]["source"]
    assert "end {{0, 0}, {0, 0}}" in listed[10]["values"]
    assert summary(page) == {"format": "text", "skipped": "2", "text": "Console text: 13 notifications read, "
                             "2 lines skipped (not part of a notification)."}
    # A line link selects the notification's lines in the log.
    page.driver.find_elements(By.CSS_SELECTOR, "#replay-results .lines")[1].click()
    selected = page.driver.execute_script(
        "const a = document.getElementById('notification-log'); return a.value.slice(a.selectionStart, a.selectionEnd);")
    first, last_line = results[1]["read"]["lines"]["first"], results[1]["read"]["lines"]["last"]
    assert selected == "\n".join(sample.split("\n")[first - 1:last_line])
    assert "keyboardDidShow:" in selected.split("\n")[0]

    # The plot the service returned is what the timeline area shows: four applied events and one jump.
    timeline = page.driver.find_element(By.ID, "timeline")
    assert timeline.get_attribute("data-source") == "notifications"
    assert int(timeline.get_attribute("data-events")) == len(answer["timeline"]["events"]) == 5

    # The phone shows the session the log left: hidden at once by the zero-duration hide.
    state = answer["session"]
    assert state["keyboardState"] == "hidden" and state["animations"] == []
    assert_phone_shows(page, state)
    assert page.dom()["keyboardTop"] == pytest.approx(HEIGHT, abs=0.01)
    assert session_state(page)["lastEventTime"] == results[-1]["timestamp"]
    page.screenshot(artifacts, f"log-{screen}-console-replayed")
    page.driver.find_element(By.ID, "notifications").screenshot(str(artifacts / f"log-{screen}-console-panel.png"))

    # Replayed on a session of the test's own, the same text gets the answer the panel shows (plot included).
    page.replay()

    # The page goes on after the log: its next event is stamped after the log's last notification.
    if screen == "table":
        page.scroll_to_end()
    page.click("form-first" if screen == "form" else "field")
    page.wait_for_state("shown")
    show = last(page.exchanges(), "POST", "/keyboard/show")
    assert show.status == 200 and show.request["timestamp"] >= results[-1]["timestamp"]


def json_log() -> list[dict]:
    """The iPhone 15 table's log as JSON, relative timestamps: a show, its Did, a move (an accessory view
    arriving), another app's keyboard, a hide with a key iOS 5 to 7 added."""
    def info(height: int, y: int | None = None, **more) -> dict:
        frame = "{{0, %d}, {%d, %d}}" % (HEIGHT - height if y is None else y, WIDTH, height)
        return {"UIKeyboardFrameEndUserInfoKey": frame, "UIKeyboardAnimationDurationUserInfoKey": 0.25,
                "UIKeyboardAnimationCurveUserInfoKey": 7, "UIKeyboardIsLocalUserInfoKey": 1, **more}

    return [
        {"name": "UIKeyboardWillShowNotification", "timestamp": 0, "userInfo": info(KEYBOARD)},
        {"name": "UIKeyboardDidShowNotification", "timestamp": 500, "userInfo": info(KEYBOARD)},
        {"name": "UIKeyboardWillChangeFrameNotification", "timestamp": 900, "userInfo": info(KEYBOARD + TOOLBAR)},
        {"name": "UIKeyboardWillChangeFrameNotification", "timestamp": 1500,
         "userInfo": info(KEYBOARD, UIKeyboardIsLocalUserInfoKey=0)},
        {"name": "UIKeyboardWillHideNotification", "timestamp": 2000,
         "userInfo": info(KEYBOARD + TOOLBAR, y=HEIGHT, UIKeyboardFrameChangedByUserInteraction=0)},
    ]


def test_a_pasted_json_log_goes_as_json(page: Playground, artifacts) -> None:
    """JSON pasted in the panel is sent as JSON, as before: its relative timestamps shifted onto the session's
    clock after its last event, includeNonLocal in the body; the readings say `json`."""
    before = session_state(page)
    log = json_log()
    paste_log(page, "[\n" + ",\n".join(json.dumps(n) for n in log) + "\n]\n")
    page.click("include-non-local")
    replay(page)
    exchange = log_exchange(page, before["id"])
    assert exchange.status == 200 and exchange.content_type == "application/json"
    assert query(exchange) == {"plot": "svg"}
    sent = exchange.request["notifications"]
    assert exchange.request["includeNonLocal"] is True and "start" not in exchange.request
    assert [(n["name"], n["userInfo"]) for n in sent] == [(n["name"], n["userInfo"]) for n in log]
    shift = sent[0]["timestamp"]
    assert shift >= before["lastEventTime"]
    assert [n["timestamp"] - shift for n in sent] == pytest.approx([n["timestamp"] for n in log], abs=1e-6)

    answer = exchange.shown
    assert answer["format"] == "json" and answer["skippedLines"] == 0
    expected = [("applied", None), ("ignored", "did-notification"), ("applied", None), ("applied", None),
                ("applied", None)]
    assert [(r["outcome"], r["reason"]) for r in answer["results"]] == expected
    listed = replay_results(page)
    assert [(r["outcome"], r["reason"]) for r in listed] == expected
    assert all(r["form"] == "json" and r["lines"] is None and r["timeSource"] == "logged" for r in listed)
    assert listed[4]["ignored"] == "ignored FrameChangedByUserInteraction"
    assert listed[0]["source"].startswith("json · name logged")
    assert summary(page)["format"] == "json"
    page.wait_for_state("hidden")
    assert_phone_shows(page, session_state(page))
    page.driver.find_element(By.ID, "notifications").screenshot(str(artifacts / "log-json-panel.png"))
    page.replay()


def test_a_value_the_service_cannot_read_is_shown_at_its_line(page: Playground, artifacts) -> None:
    """A stray character in a rect: the service refuses the whole log with the line and column, the panel shows
    that line with a caret under the column and leaves the session as it was; text without any notification is
    refused as such."""
    before = session_state(page)
    lines = log_text(page).split("\n")
    # The second notification's end frame, with a stray letter in its y.
    number = next(i for i, line in enumerate(lines) if "keyboardDidShow:" in line) + 1
    number += next(i for i, line in enumerate(lines[number:]) if "UIKeyboardFrameEndUserInfoKey" in line) + 1
    broken = re.sub(r"\{\{0, (\d+)\}", r"{{0, \1x}", lines[number - 1], count=1)
    column = broken.index("x}") + 1
    lines[number - 1] = broken
    paste_log(page, "\n".join(lines))
    replay(page, "error")

    exchange = log_exchange(page, before["id"])
    assert exchange.status == 400 and exchange.content_type == TEXT_PLAIN
    problem = exchange.shown
    assert problem["type"].endswith("/validation-failed")
    assert problem["errors"] == [{"line": number, "column": column, "message": problem["errors"][0]["message"]}]
    shown = replay_errors(page)
    assert shown["problem"] == problem["type"]
    assert len(shown["errors"]) == 1
    error = shown["errors"][0]
    assert (error["line"], error["column"]) == (number, column)
    assert error["head"].startswith(f"line {number}, column {column}: ")
    assert problem["errors"][0]["message"] in error["head"]
    # The line is shown with a caret under the column (cut at the start to keep it in view).
    text_line, caret_line = error["excerpt"].split("\n")
    assert text_line.startswith(f"{number} | ")
    assert text_line[caret_line.index("^")] == "x", error["excerpt"]
    assert page.driver.find_elements(By.CSS_SELECTOR, "#replay-results li") == []
    assert "400" in page.driver.find_element(By.ID, "status").text
    # Nothing is half applied.
    after = session_state(page)
    assert after["keyboardState"] == "hidden" and after["lastEventTime"] == before["lastEventTime"]
    page.driver.find_element(By.ID, "notifications").screenshot(str(artifacts / "log-error-panel.png"))
    # The line's link selects it in the log.
    page.driver.find_element(By.CSS_SELECTOR, "#replay-errors .lines").click()
    selected = page.driver.execute_script(
        "const a = document.getElementById('notification-log'); return a.value.slice(a.selectionStart, a.selectionEnd);")
    assert selected == broken

    paste_log(page, "2024-03-18 09:41:02.117482+0100 Notes[4182:1204567] Saved draft 3\n")
    replay(page, "error")
    problem = log_exchange(page, before["id"]).shown
    assert problem["type"].endswith("/no-notification")
    shown = replay_errors(page)
    assert shown["problem"] == problem["type"]
    assert [e["head"] for e in shown["errors"]] == [problem["detail"]]
    page.replay()
    # The browser reports the two refusals as failed loads: nothing else.
    refused = page.console_errors()
    assert len(refused) == 2 and all("/notifications?" in e["message"] and "400" in e["message"] for e in refused), (
        refused)


# The iPhone 15's landscape keyboard as iOS 7 logged it, in the portrait screen's coordinates.
IOS7_LANDSCAPE = """\
NSConcreteNotification 0x17d4b2f0 {name = UIKeyboardWillShowNotification; userInfo = {
    UIKeyboardAnimationCurveUserInfoKey = 7;
    UIKeyboardAnimationDurationUserInfoKey = "0.25";
    UIKeyboardBoundsUserInfoKey = "NSRect: {{0, 0}, {852, 208}}";
    UIKeyboardCenterBeginUserInfoKey = "NSPoint: {-104, 426}";
    UIKeyboardCenterEndUserInfoKey = "NSPoint: {104, 426}";
    UIKeyboardFrameBeginUserInfoKey = "NSRect: {{-208, 0}, {208, 852}}";
    UIKeyboardFrameChangedByUserInteraction = 0;
    UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 0}, {208, 852}}";
}}
NSConcreteNotification 0x17d4c1a0 {name = UIKeyboardDidShowNotification; userInfo = {
    UIKeyboardAnimationCurveUserInfoKey = 7;
    UIKeyboardAnimationDurationUserInfoKey = "0.25";
    UIKeyboardFrameBeginUserInfoKey = "NSRect: {{-208, 0}, {208, 852}}";
    UIKeyboardFrameChangedByUserInteraction = 0;
    UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 0}, {208, 852}}";
}}
"""


def test_an_ios7_landscape_console_is_converted_and_timed_by_rule(page: Playground, artifacts) -> None:
    """`po notification` output from iOS 7 in landscape, without NSLog prefixes: its frames, in the portrait
    screen's coordinates, are converted (the panel says so and shows the converted end frame), its times follow
    the service's rule from `start`, and the phone shows the keyboard the log left."""
    page.click("landscape")
    page.wait_for(lambda: page.phone("data-orientation") == "landscape", "landscape")
    paste_log(page, IOS7_LANDSCAPE)
    replay(page)
    session_id = page.phone("data-session-id")
    exchange = log_exchange(page, session_id)
    assert exchange.status == 200 and exchange.request == IOS7_LANDSCAPE
    answer = exchange.shown
    start = float(query(exchange)["start"])
    results = answer["results"]
    assert [(r["outcome"], r["reason"]) for r in results] == [("applied", None), ("ignored", "did-notification")]
    assert [r["timestamp"] - start for r in results] == pytest.approx([0, 250])
    converted = {"x": 0, "y": WIDTH - LANDSCAPE_KEYBOARD, "width": HEIGHT, "height": LANDSCAPE_KEYBOARD}
    assert all(r["read"]["coordinates"] == "portrait" for r in results)
    assert results[0]["read"]["userInfo"]["frameEnd"] == converted
    listed = replay_results(page)
    for shown in listed:
        assert shown["coordinates"] == "portrait" and shown["timeSource"] == "rule" and shown["nameSource"] == "logged"
        assert "objc-notification" in shown["source"] and "time by rule" in shown["source"]
        assert shown["converted"] == "frames converted from the portrait screen's coordinates (iOS 7)"
        assert f"end {rect(converted)}" in shown["values"]
    assert "FrameChangedByUserInteraction" in listed[0]["ignored"]
    assert summary(page)["skipped"] == "0"
    page.wait_for_state("shown")
    assert page.dom()["keyboardTop"] == pytest.approx(converted["y"], abs=0.01)
    assert_phone_shows(page, session_state(page))
    page.screenshot(artifacts, "log-ios7-landscape")
    page.replay()


SWIFT_DID_ONLY = """\
keyboardDidShow(_:)
[AnyHashable("UIKeyboardIsLocalUserInfoKey"): 1, AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 517}, {393, 335}}, AnyHashable("UIKeyboardAnimationDurationUserInfoKey"): 0.25, AnyHashable("UIKeyboardAnimationCurveUserInfoKey"): 7, AnyHashable("UIKeyboardFrameBeginUserInfoKey"): NSRect: {{0, 852}, {393, 335}}]
Saved draft 3
"""


def test_a_did_only_swift_console_jumps(page: Playground, artifacts) -> None:
    """An app that observes only keyboardDidShow, printing userInfo with Swift's print: the Did is applied at
    once (`jumped`, `did-without-will`), its name taken from the handler's line."""
    paste_log(page, SWIFT_DID_ONLY)
    replay(page)
    answer = log_exchange(page, page.phone("data-session-id")).shown
    [result] = answer["results"]
    assert (result["outcome"], result["reason"]) == ("jumped", "did-without-will")
    [shown] = replay_results(page)
    assert (shown["outcome"], shown["reason"], shown["form"], shown["nameSource"]) == (
        "jumped", "did-without-will", "swift-userinfo", "nearby")
    # The handler's line named it, so it is part of the notification; only the last line is skipped.
    assert "L1–2" in shown["source"] and "time by rule" in shown["source"]
    assert answer["skippedLines"] == 1
    assert summary(page)["skipped"] == str(answer["skippedLines"])
    page.wait_for_state("shown")
    assert page.dom()["keyboardTop"] == pytest.approx(HEIGHT - KEYBOARD, abs=0.01)
    page.replay()

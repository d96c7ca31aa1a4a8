#!/usr/bin/env python3
"""Writes the seed corpus in fuzz/corpus/ (run from anywhere; rewrites the files it owns).

Each file is one fuzz input: segments separated by 0xFF, each a route selector byte then a body
(see fuzz/README.md). The geometry is a 390x844 iPhone in portrait (the iPhone 14's screen): safe area 47/34,
keyboard frameEnd {0, 508, 390, 336}; the device seeds name devices of the catalogue instead.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts", "generator"))
from spec import Spec  # noqa: E402  (needs PyYAML: scripts/ensure-pyyaml)

SPEC = Spec(os.path.join(HERE, ".."))
CORPUS = os.path.join(HERE, "corpus")

SHOW, HIDE, CREATE, PATCH, GET, ANY, JSON_ONLY, MERGE_PATCH = range(8)
DRAG, RELEASE, FOCUS, NOTIFICATIONS, CONSOLE_LOG = ord("d"), ord("r"), ord("f"), ord("n"), ord("t")
# The console logs the tests replay, each a text seed.
CONSOLE_LOGS = os.path.join(HERE, "..", "Tests", "InsetServiceTests", "ConsoleLogs")
METHODS = ["GET", "POST", "PATCH", "DELETE", "OPTIONS", "HEAD", "PUT", "TRACE"]

scroll_view = {
    "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
    "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0},
    "contentSize": {"width": 390, "height": 2000},
}
screen = {"width": 390, "height": 844}
keyboard = {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}, "animationDuration": 0.25,
            "animationCurve": 7}
focused = {"x": 16, "y": 700, "width": 358, "height": 44}
# keyboardWillShow's userInfo as that iPhone logs it, replayed as keyboard.userInfo.
user_info = {"UIKeyboardAnimationCurveUserInfoKey": 7, "UIKeyboardAnimationDurationUserInfoKey": 0.25,
             "UIKeyboardBoundsUserInfoKey": "NSRect: {{0, 0}, {390, 336}}",
             "UIKeyboardCenterBeginUserInfoKey": "NSPoint: {195, 1012}",
             "UIKeyboardCenterEndUserInfoKey": "NSPoint: {195, 676}",
             "UIKeyboardFrameBeginUserInfoKey": "NSRect: {{0, 844}, {390, 336}}",
             "UIKeyboardFrameEndUserInfoKey": "NSRect: {{0, 508}, {390, 336}}", "UIKeyboardIsLocalUserInfoKey": 1}


def segment(selector, body):
    if not isinstance(body, (bytes, bytearray)):
        body = body.encode() if isinstance(body, str) else json.dumps(body, separators=(",", ":")).encode()
    return bytes([ord("0") + selector if selector < 8 else selector]) + body


def path(operation_id, value=None):
    """The path of the operation `operation_id` names in openapi.yaml, its parameter replaced by `value`."""
    _, template = SPEC.route(operation_id)
    return re.sub(r"\{[^}]+\}", value, template) if value is not None else template


def any_route(method, path):
    return bytes([ANY | (METHODS.index(method) << 3)]) + path.encode()


def write(name, *segments):
    with open(os.path.join(CORPUS, name), "wb") as f:
        f.write(b"\xff".join(segments))


def main():
    os.makedirs(CORPUS, exist_ok=True)
    # Stateless show and hide.
    write("show-iphone15", segment(SHOW, {"scrollView": scroll_view, "screen": screen, "keyboard": keyboard,
                                           "focusedRect": focused}))
    write("show-minimal", segment(SHOW, {"scrollView": {"frame": scroll_view["frame"]}, "keyboard":
                                         {"frameEnd": keyboard["frameEnd"]}}))
    write("show-pretty", segment(SHOW, json.dumps({"scrollView": scroll_view, "screen": screen,
                                                   "keyboard": keyboard}, indent=2)))
    write("show-undocked-ipad", segment(SHOW, {
        "scrollView": {"frame": {"x": 0, "y": 0, "width": 1024, "height": 1366}, "contentSize":
                       {"width": 1024, "height": 3000}},
        "screen": {"width": 1024, "height": 1366},
        "window": {"x": 100, "y": 0, "width": 700, "height": 1366},
        "followsUndockedKeyboard": True, "baseInsetMode": "max", "keyboardDistance": 20,
        "keyboard": {"frameEnd": {"x": 200, "y": 600, "width": 320, "height": 250}, "isLocal": False}}))
    write("show-full-scrollview", segment(SHOW, {
        "scrollView": {**scroll_view, "contentInset": {"top": 10, "left": 0, "bottom": 20, "right": 0},
                       "scrollIndicatorInsets": {"top": 0, "left": 0, "bottom": 5, "right": 0},
                       "contentInsetAdjustmentBehavior": "always",
                       "automaticallyAdjustsScrollIndicatorInsets": False,
                       "contentOffset": {"x": 0, "y": 300}, "alwaysBounceVertical": True},
        "screen": screen, "keyboard": {**keyboard, "animationCurve": 0}, "focusedRect": focused,
        "timestamp": 1000}))
    write("show-never-behaviour", segment(SHOW, {
        "scrollView": {**scroll_view, "contentInsetAdjustmentBehavior": "never"}, "screen": screen,
        "keyboard": keyboard, "focusedRect": {"x": 0, "y": 1990, "width": 390, "height": 900}}))
    write("hide-iphone15", segment(HIDE, {"scrollView": scroll_view, "screen": screen, "keyboard": {
        "frameBegin": keyboard["frameEnd"], "frameEnd": {"x": 0, "y": 844, "width": 390, "height": 336}}}))
    write("hide-minimal", segment(HIDE, {"scrollView": {"frame": scroll_view["frame"]}}))
    write("show-userinfo-iphone15", segment(SHOW, {"scrollView": scroll_view, "screen": screen,
                                                    "keyboard": {"userInfo": user_info}, "focusedRect": focused}))
    write("hide-userinfo", segment(HIDE, {"scrollView": scroll_view, "screen": screen, "keyboard": {"userInfo": {
        "UIKeyboardFrameBeginUserInfoKey": "{{0,508},{390,336}}", "UIKeyboardFrameEndUserInfoKey":
        "{{0, 844.5}, {390, -0}}", "UIKeyboardIsLocalUserInfoKey": False}}}))
    # Sessions.
    write("session-create", segment(CREATE, {"scrollView": scroll_view, "screen": screen, "timestamp": 0}))
    write("session-show-get-hide",
          segment(SHOW, {"sessionId": "$SID", "timestamp": 1000, "keyboard": keyboard}),
          segment(GET, "at=1100"),
          segment(HIDE, {"sessionId": "$SID", "timestamp": 1100}),
          segment(GET, "at=1700"))
    write("session-show-no-timestamp",
          segment(SHOW, {"sessionId": "$SID", "keyboard": keyboard, "focusedRect": focused}),
          segment(GET, ""))
    write("session-stale", segment(PATCH, {"timestamp": 2000}),
          segment(SHOW, {"sessionId": "$SID", "timestamp": 500, "keyboard": keyboard}))
    write("session-rotate",
          segment(SHOW, {"sessionId": "$SID", "timestamp": 1000, "keyboard": keyboard}),
          segment(PATCH, {"timestamp": 2000, "scrollView": {"frame": {"x": 0, "y": 0, "width": 844, "height": 390},
                                                           "safeAreaInsets": {"top": 0, "left": 47, "bottom": 21,
                                                                              "right": 47}},
                          "screen": {"width": 844, "height": 390}}),
          segment(GET, "at=2000"))
    write("session-height-change",
          segment(SHOW, {"sessionId": "$SID", "timestamp": 1000, "keyboard": keyboard}),
          segment(SHOW, {"sessionId": "$SID", "timestamp": 1200, "keyboard": {
              "frameEnd": {"x": 0, "y": 464, "width": 390, "height": 380}}}),
          segment(MERGE_PATCH, {"scrollView": {"contentOffset": {"x": 0, "y": 120}}}),
          segment(GET, "at=1250&at=9"))
    fields = [{"id": "name", "rect": {"x": 16, "y": 100, "width": 358, "height": 44}},
              {"id": "phone", "rect": {"x": 16, "y": 700, "width": 358, "height": 44}, "order": 1}]
    write("form-focus-walk",
          segment(PATCH, {"timestamp": 500, "fields": fields, "focus": "name", "scrollPosition": "center"}),
          segment(SHOW, {"sessionId": "$SID", "timestamp": 1000, "keyboard": keyboard}),
          segment(FOCUS, {"timestamp": 1100, "field": "next"}),
          segment(FOCUS, {"timestamp": 1200, "field": "previous"}),
          segment(PATCH, {"timestamp": 1300, "focusedRect": {"x": 20, "y": 720, "width": 2, "height": 22}}))
    write("form-notification-log", segment(NOTIFICATIONS, {"notifications": [
        {"name": "UIKeyboardWillShowNotification", "timestamp": 1000,
         "userInfo": {"UIKeyboardFrameEndUserInfoKey": "{{0, 508}, {390, 336}}", "UIKeyboardIsLocalUserInfoKey": 1}},
        {"name": "UIKeyboardDidShowNotification", "timestamp": 1400,
         "userInfo": {"UIKeyboardFrameEndUserInfoKey": "{{0, 508}, {390, 336}}"}},
        {"name": "UIKeyboardWillChangeFrameNotification", "timestamp": 1500,
         "userInfo": {"UIKeyboardFrameEndUserInfoKey": "{{0, 0}, {0, 0}}"}},
        {"name": "UIKeyboardWillHideNotification", "timestamp": 1510,
         "userInfo": {"UIKeyboardFrameEndUserInfoKey": "{{0, 844}, {390, 336}}",
                      "UIKeyboardAnimationDurationUserInfoKey": 0}}]}))
    write("form-focus-by-id",
          segment(PATCH, {"timestamp": 500, "fields": fields}),
          segment(FOCUS, {"timestamp": 600, "field": "name"}),
          segment(SHOW, {"sessionId": "$SID", "timestamp": 1000, "keyboard": keyboard}),
          segment(FOCUS, {"timestamp": 1100, "field": "phone"}),
          segment(FOCUS, {"timestamp": 1200, "field": "next"}),
          segment(FOCUS, {"timestamp": 1300, "field": "nobody"}),
          segment(FOCUS, {"field": "previous"}),
          segment(FOCUS, {"timestamp": 1400}))
    # Gestures: a show first, so that a drag and a release get past keyboardNotShown, in each dismiss mode.
    show = segment(SHOW, {"sessionId": "$SID", "timestamp": 1000, "keyboard": keyboard, "focusedRect": focused})
    write("gesture-interactive-dismiss",
          segment(PATCH, {"timestamp": 500, "scrollView": {"keyboardDismissMode": "interactive"}}),
          show,
          segment(DRAG, {"sessionId": "$SID", "timestamp": 1400, "touch": {"x": 195, "y": 480}}),
          segment(DRAG, {"sessionId": "$SID", "timestamp": 1420, "touch": {"x": 195, "y": 700}}),
          segment(RELEASE, {"sessionId": "$SID", "timestamp": 1440, "velocity": {"y": 1500}}),
          segment(GET, "at=1500"))
    write("gesture-interactive-restore",
          segment(PATCH, {"timestamp": 500, "keyboardDismissPadding": 20,
                          "window": {"x": 0, "y": 40, "width": 390, "height": 804},
                          "scrollView": {"keyboardDismissMode": "interactive"}}),
          show,
          segment(DRAG, {"sessionId": "$SID", "timestamp": 1400, "touch": {"x": 10, "y": 600}}),
          segment(RELEASE, {"sessionId": "$SID", "timestamp": 1410, "velocity": {"y": -800}}),
          segment(DRAG, {"sessionId": "$SID", "touch": {"x": 10, "y": 560}}),
          segment(RELEASE, {"sessionId": "$SID", "velocity": {"y": 0}}),
          segment(GET, "at=1700"))
    write("gesture-on-drag",
          segment(PATCH, {"timestamp": 500, "scrollView": {"keyboardDismissMode": "onDrag"}}),
          show,
          segment(DRAG, {"sessionId": "$SID", "timestamp": 1400, "touch": {"x": 195, "y": 300}}),
          segment(RELEASE, {"sessionId": "$SID", "timestamp": 1410, "velocity": {"y": 100}}))
    write("gesture-none", show,
          segment(DRAG, {"sessionId": "$SID", "timestamp": 1400, "touch": {"x": 195, "y": 700}}),
          segment(RELEASE, {"sessionId": "$SID", "timestamp": 1410, "velocity": {"y": 2000}}),
          segment(HIDE, {"sessionId": "$SID", "timestamp": 1500}),
          segment(DRAG, {"sessionId": "$SID", "timestamp": 1600, "touch": {"x": 195, "y": 700}}))
    write("gesture-not-shown",
          segment(DRAG, {"sessionId": "$SID", "touch": {"x": 0, "y": 600}}),
          segment(RELEASE, {"sessionId": "$SID", "velocity": {"y": 0}}))
    write("gesture-invalid", show,
          segment(DRAG, {"sessionId": "$SID", "timestamp": 900, "touch": {"x": 0, "y": 600}}),
          segment(DRAG, {}),
          segment(DRAG, {"sessionId": "$SID", "touch": {"x": "1", "y": -1e7}, "keyboard": keyboard}),
          segment(RELEASE, {"sessionId": "$SID", "velocity": {"y": 100001, "x": 0}}),
          segment(RELEASE, {"sessionId": "$SID", "velocity": 5}),
          segment(RELEASE, {"sessionId": "AAAAAAAAAAAAAAAAAAAAAA", "velocity": {"y": 0}}),
          segment(DRAG, b'{"sessionId":"$SID","touch":{"y":600,"x":0},"touch":{"x":0,"y":1}}'))
    write("session-get-query", segment(GET, "at=1e3&x&=&at"))
    write("session-get-bad-query", segment(GET, "at=-0.5e+2"))
    write("session-unknown", segment(SHOW, {"sessionId": "AAAAAAAAAAAAAAAAAAAAAA", "keyboard": keyboard}))
    write("session-delete-then-get", any_route("DELETE", path("deleteSession", "$SID")), segment(GET, "at=1"))
    # Devices by name: the catalogue fills the numbers, a session keeps its device and rotates.
    write("device-show", segment(SHOW, {"device": {"id": "iphone-16", "orientation": "landscape"},
                                        "keyboard": {"predictive": True, "type": "standard", "mode": "docked"},
                                        "focusedRect": focused}))
    write("device-hide-release", segment(HIDE, {"device": {"id": "ipad-pro-13-m4", "system": "26"}}))
    write("device-refused", segment(SHOW, {"device": {"id": "ipad-mini-7"}, "keyboard": {"mode": "split"}}),
          segment(SHOW, {"device": {"id": "iphone-1"}}), segment(SHOW, {"keyboard": {"predictive": False}}))
    write("device-session-rotate", segment(PATCH, {"timestamp": 10, "device": {"id": "iphone-se-3"}}),
          segment(SHOW, {"sessionId": "$SID", "timestamp": 20}),
          segment(PATCH, {"timestamp": 30, "device": {"orientation": "landscape"}}),
          segment(HIDE, {"sessionId": "$SID", "timestamp": 40}))
    write("device-routes", any_route("GET", path("listDevices")), any_route("GET", path("getDevice", "iphone-17-pro-max")),
          any_route("GET", path("getDevice", "%00")))
    # Routes and methods.
    write("route-options", any_route("OPTIONS", path("showKeyboard")))
    write("route-head", any_route("HEAD", path("getSession", "$SID")))
    write("route-put", any_route("PUT", path("createSession")))
    write("route-health", any_route("GET", path("getHealth")))
    write("route-metrics", any_route("GET", path("getMetrics")))
    write("route-problem", any_route("GET", path("getProblemType", "validation-failed")), any_route("HEAD", path("getProblemType", "nope")),
          any_route("GET", path("getProblemType", "")))
    write("route-unknown", any_route("GET", "/sessions/x/y//%00\u00e9"))
    write("route-drag-get", any_route("GET", path("dragKeyboard")))
    write("route-release-options", any_route("OPTIONS", path("releaseKeyboard")))
    write("route-timeline", any_route("GET", path("getTimeline", "$SID")),
          any_route("GET", path("getTimelinePlot", "$SID")))
    # Validation failures.
    write("invalid-types", segment(SHOW, {"scrollView": {"frame": {"x": "0", "y": None, "width": -1,
                                                                   "height": 1e7}},
                                          "keyboard": {"animationDuration": 20, "animationCurve": 1.5}}))
    write("invalid-unknown-keys", segment(SHOW, {"scrollview": {}, "keyboard": {"frameend": {}}, "x~/y": 1}))
    write("invalid-userinfo", segment(SHOW, {"scrollView": scroll_view, "keyboard": {"animationCurve": 7, "userInfo": {
        "UIKeyboardFrameEndUserInfoKey": "{{0,508},{390}}", "UIKeyboardFrameBeginUserInfoKey":
        "{{0, 1e400}, {-1, 1.0000000000000001e-05}} ", "UIKeyboardCenterEndUserInfoKey": "{nan, 01}",
        "UIKeyboardIsLocalUserInfoKey": 2}}}))
    write("invalid-not-object", segment(HIDE, "[1,2,3]"))
    write("invalid-empty", segment(SHOW, b""))
    write("invalid-truncated", segment(SHOW, b'{"scrollView":{"frame":{"x":0,"y":0,"width":390,"hei'))
    write("invalid-duplicate-key", segment(CREATE, b'{"timestamp":1,"timestamp":2}'))
    # JSON only: tricky texts for the parser and writer.
    tricky = {
        "json-numbers": b'[0,-0,1e308,-1e-308,4.9e-324,1.7976931348623157e308,123456789012345678901234567890,'
                        b'0.1,1E+2,1e-7,9007199254740993,2.2250738585072011e-308]',
        "json-overflow": b'[1e400,-1e400,1e-400]',
        "json-strings": '["\\u0000\\u001f\\"\\\\\\/\\b\\f\\n\\r\\t","\\ud83d\\ude00","é","\u2028\u2029",'
                        '"\\u00e9","e\\u0301"]'.encode(),
        "json-lone-surrogate": b'["\\ud800","\\udc00x"]',
        "json-deep": b"[" * 64 + b"]" * 64,
        "json-too-deep": b"[" * 65 + b"]" * 65,
        "json-objects": b'{"a":{"b":[{"c":null},true,false],"":{}},"\\u0061b":1}',
        "json-whitespace": b' \t\r\n{ "a" : [ 1 , 2 ] } \n',
        "json-bad-utf8": b'["\xc0\xaf","\xed\xa0\x80","\xf4\x90\x80\x80"]',
        "json-bom": b'\xef\xbb\xbf{}',
        "json-literals": b'[true,false,null,tru,nul]',
    }
    for name, body in tricky.items():
        write(name, segment(JSON_ONLY, body))
    for name in sorted(os.listdir(CONSOLE_LOGS)):
        if name.endswith(".txt"):
            with open(os.path.join(CONSOLE_LOGS, name), "rb") as f:
                write("console-" + name[:-4], segment(CONSOLE_LOG, f.read()))


if __name__ == "__main__":
    main()

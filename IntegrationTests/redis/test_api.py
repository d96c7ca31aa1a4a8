"""The HTTP API with sessions in Redis answers what it answers with sessions in memory."""

from __future__ import annotations

import json
import time

from redis_env import CEILING_S, SESSION, Replica


def test_every_answer_equals_the_memory_stores(redis, replicas):
    """The same sequence of requests, timestamps on every event, against memory and Redis: identical bodies."""
    (shared,) = replicas(redis)
    memory = Replica()
    try:
        answers = []
        for server in (memory, shared):
            steps = []
            session = server.create(timestamp=500)
            steps.append(server.show(session, 1000))
            steps.append(server.call("GET", f"/sessions/{session}?at=1100"))
            steps.append(server.hide(session, 1100))
            steps.append(server.call("PATCH", f"/sessions/{session}", {"timestamp": 1200, "screen": {"width": 844, "height": 390}}))
            steps.append(server.show(session, 1150))  # older than the last event: 409
            steps.append(server.show(session, 1300))
            steps.append(server.call("GET", f"/sessions/{session}?at=1400"))
            steps.append(server.call("DELETE", f"/sessions/{session}"))
            steps.append(server.call("GET", f"/sessions/{session}"))
            text = json.dumps([(status, body) for status, _, body, _ in steps])
            answers.append(text.replace(session, "ID"))
        assert answers[0] == answers[1]
        statuses = [status for status, _ in json.loads(answers[1])]
        assert statuses == [200, 200, 200, 200, 409, 200, 200, 204, 404]
    finally:
        memory.close()


FIELDS = [
    {"id": "name", "rect": {"x": 16, "y": 100, "width": 358, "height": 44}, "order": 1},
    {"id": "phone", "rect": {"x": 16, "y": 700, "width": 358, "height": 44}, "order": 2},
    {"id": "notes", "rect": {"x": 16, "y": 1500, "width": 358, "height": 120}, "order": 3},
]


def frame(y: float, height: float) -> str:
    return "{{0, %g}, {390, %g}}" % (y, height)


def test_a_form_and_a_notification_log_answer_as_in_memory(redis, replicas):
    """Fields, focus moves, a caret PATCH and a replayed log are kept in the record as in memory."""
    (shared,) = replicas(redis)
    memory = Replica()
    log = [
        {"name": name, "timestamp": time, "userInfo": {"UIKeyboardFrameEndUserInfoKey": end, "UIKeyboardAnimationDurationUserInfoKey": duration}}
        for name, time, end, duration in [
            ("UIKeyboardWillChangeFrameNotification", 5000, frame(464, 380), 0.25),
            ("UIKeyboardWillShowNotification", 5000, frame(464, 380), 0.25),
            ("UIKeyboardDidShowNotification", 5400, frame(464, 380), 0.25),
            ("UIKeyboardWillHideNotification", 6000, frame(844, 380), 0.25),
        ]
    ]
    try:
        answers = []
        for server in (memory, shared):
            steps = []
            session = server.create(timestamp=500, fields=FIELDS, focus="name", scrollPosition="middle")
            steps.append(server.show(session, 1000))
            steps.append(server.call("POST", f"/sessions/{session}/focus", {"timestamp": 1100, "field": "next"}))
            steps.append(server.call("POST", f"/sessions/{session}/focus", {"timestamp": 1200, "field": "next"}))
            steps.append(server.call("POST", f"/sessions/{session}/focus", {"timestamp": 1300, "field": "next"}))
            steps.append(server.call("PATCH", f"/sessions/{session}", {"timestamp": 2000, "focusedRect": {"x": 20, "y": 1590, "width": 2, "height": 22}}))
            steps.append(server.call("POST", f"/sessions/{session}/notifications", {"notifications": log}))
            steps.append(server.call("GET", f"/sessions/{session}?at=6100"))
            text = json.dumps([(status, body) for status, _, body, _ in steps])
            answers.append(text.replace(session, "ID"))
        assert answers[0] == answers[1]
        statuses = [status for status, _ in json.loads(answers[1])]
        assert statuses == [200, 200, 200, 400, 200, 200, 200]
        final = json.loads(answers[1])[-1][1]
        assert final["focus"] == "notes" and final["keyboardState"] == "hiding"
        assert final["navigation"] == {"previous": "phone", "next": None}
    finally:
        memory.close()


def test_hide_begins_from_the_on_screen_value(redis, replicas):
    (server,) = replicas(redis)
    session = server.create()
    assert server.show(session, 1000)[0] == 200
    status, _, state, _ = server.call("GET", f"/sessions/{session}?at=1100")
    assert status == 200 and state["keyboardState"] == "showing"
    status, _, hide, _ = server.hide(session, 1100)
    assert status == 200
    # The descriptor's `from` is what is on screen: the scroll view's three values and the keyboard layout guide
    # (the presentation also has the keyboard's frame, `from` the pinned views).
    shared = hide["animation"]["from"].keys() & state["presentation"].keys()
    assert shared == {"contentInset", "scrollIndicatorInsets", "contentOffset", "keyboardLayoutGuide"}
    assert {key: hide["animation"]["from"][key] for key in shared} == {key: state["presentation"][key] for key in shared}
    assert 0 < hide["animation"]["from"]["contentInset"]["bottom"] < 302


def test_stale_timestamp_is_409(redis, replicas):
    (server,) = replicas(redis)
    session = server.create()
    assert server.show(session, 2000)[0] == 200
    status, _, problem, _ = server.show(session, 1999)
    assert status == 409 and problem["type"] == "/problems/stale-timestamp"


def test_events_without_timestamps_carry_the_clock_forward(redis, replicas):
    (server,) = replicas(redis)
    session = server.create()
    sent = time.monotonic()
    _, _, first, _ = server.show(session)
    time.sleep(0.05)
    _, _, second, _ = server.hide(session)
    answered = time.monotonic()
    elapsed = second["session"]["time"] - first["session"]["time"]
    # Both readings of the server's clock fall between the first request and the second answer, and 50 ms apart
    # at least: bounded by this test's own clock, however slow the machine is.
    assert 50 - 1 <= elapsed <= (answered - sent) * 1000 + 1, (elapsed, answered - sent)


def test_ttl_is_the_keys_expiry_renewed_on_use(redis, replicas):
    """--session-ttl is the key's expiry, a use puts it back to the whole TTL, and a key Redis expired is a session
    not found. Time is not waited for: the expiry is shortened by hand (PEXPIRE), as if the session had gone
    unused; how a read renews it is RedisStoreTests.aReadIsOneEvalshaThatRenewsTheTTL's."""
    (server,) = replicas(redis, 1, "--session-ttl", "30")
    session = server.create()
    key = f"inset:session:{session}"
    assert 0 < int(redis.command("PTTL", key)) <= 30_000  # the flag's 30 s, not the default 30 min
    # As if it had gone 25 s unused: 5 s left. A use renews it to 30 s from the moment of the use, which lies
    # between the request and the PTTL read after it; unrenewed, it would be under 5 s.
    assert redis.command("PEXPIRE", key, "5000") == "1"
    asked = time.monotonic()
    assert server.call("GET", f"/sessions/{session}")[0] == 200
    renewed = int(redis.command("PTTL", key))
    assert renewed >= 30_000 - (time.monotonic() - asked) * 1000 - 1, renewed
    # Expired: Redis drops the key once its expiry has passed (1 ms here), and the replica finds no session.
    assert redis.command("PEXPIRE", key, "1") == "1"
    deadline = time.monotonic() + CEILING_S
    while redis.command("EXISTS", key) != "0":
        assert time.monotonic() < deadline, f"{key} still exists {CEILING_S} s after it expired"
        time.sleep(0.01)
    status, _, problem, _ = server.call("GET", f"/sessions/{session}")
    assert status == 404 and problem["type"] == "/problems/session-not-found"


def test_the_stored_value_is_versioned_json(redis, replicas):
    (server,) = replicas(redis)
    session = server.create()
    server.show(session, 1000)
    record = json.loads(redis.command("GET", f"inset:session:{session}"))
    assert record["v"] == 1 and record["id"] == session and record["r"] == 1
    assert record["g"]["f"] == [0, 0, 390, 844]


def test_unknown_and_malformed_ids(redis, replicas):
    (server,) = replicas(redis)
    assert server.call("GET", "/sessions/AAAAAAAAAAAAAAAAAAAAAA")[0] == 404
    assert server.call("GET", "/sessions/nope")[0] == 404
    assert server.call("DELETE", "/sessions/AAAAAAAAAAAAAAAAAAAAAA")[0] == 404
    assert server.call("POST", "/keyboard/show", {**SESSION, "keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}}})[0] == 200
    status, _, ready, _ = server.call("GET", "/readyz")
    assert status == 200 and ready == {"status": "ready"}

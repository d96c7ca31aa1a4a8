"""Two inset-server replicas sharing one Redis: any replica serves any session, and no update is lost."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time

# Fields a PATCH merges one by one: client k only ever writes field k, with the values 1, 2, 3… in turn.
OWNED_FIELDS = [
    (lambda n: {"scrollView": {"contentInset": {"top": n, "left": 0, "bottom": 0, "right": 0}}},
     lambda s: s["scrollView"]["contentInset"]["top"]),
    (lambda n: {"scrollView": {"scrollIndicatorInsets": {"top": n, "left": 0, "bottom": 0, "right": 0}}},
     lambda s: s["scrollView"]["scrollIndicatorInsets"]["top"]),
    (lambda n: {"scrollView": {"safeAreaInsets": {"top": n, "left": 0, "bottom": 34, "right": 0}}},
     lambda s: s["scrollView"]["safeAreaInsets"]["top"]),
    (lambda n: {"scrollView": {"contentSize": {"width": 390, "height": 2000 + n}}},
     lambda s: s["scrollView"]["contentSize"]["height"] - 2000),
    (lambda n: {"scrollView": {"frame": {"x": 0, "y": n, "width": 390, "height": 844}}},
     lambda s: s["scrollView"]["frame"]["y"]),
    (lambda n: {"window": {"x": n, "y": 0, "width": 390, "height": 844}},
     lambda s: s["window"]["x"]),
    (lambda n: {"keyboardDistance": n},
     lambda s: s["keyboardDistance"]),
    (lambda n: {"screen": {"width": 390 + n, "height": 844}},
     lambda s: s["screen"]["width"] - 390),
]


def test_show_on_one_hide_on_the_other(redis, replicas):
    first, second = replicas(redis, 2)
    session = first.create()
    assert first.show(session, 1000)[0] == 200
    status, _, state, _ = second.call("GET", f"/sessions/{session}?at=1100")
    assert status == 200 and state["keyboardState"] == "showing"
    status, _, hide, _ = second.hide(session, 1100)
    assert status == 200
    # The descriptor's `from` is what is on screen: the scroll view's three values and the keyboard layout guide
    # (the presentation also has the keyboard's frame, `from` the pinned views).
    shared = hide["animation"]["from"].keys() & state["presentation"].keys()
    assert shared == {"contentInset", "scrollIndicatorInsets", "contentOffset", "keyboardLayoutGuide"}
    assert {key: hide["animation"]["from"][key] for key in shared} == {key: state["presentation"][key] for key in shared}
    assert 0 < hide["animation"]["from"]["contentInset"]["bottom"] < 302
    status, _, seen, _ = first.call("GET", f"/sessions/{session}?at=1200")
    assert status == 200 and seen["keyboardState"] == "hiding" and seen["lastEventTime"] == 1100


# A chat page in Safari 18.4 (docs/web.md): its composer held to the bottom, scrolled to 300 of a 2 400-px document.
WEB_PAGE = {
    "platform": "web",
    "browser": {"engine": "webkit", "os": "ios", "version": "18.4"},
    "viewport": {"width": 390, "height": 664},
    "documentHeight": 2400,
    "scroll": {"x": 0, "y": 300},
    "fixedElements": [{"id": "composer", "bottom": 0, "height": 56}],
}


def test_a_web_page_shown_on_one_replica_is_hidden_from_where_it_was_on_the_other(redis, replicas):
    """The page's state (the keyboard, the two viewports' places) goes through the shared record: a show on one
    replica, a focus moved on the other, and a hide back on the first, each as a single server answers them."""
    first, second = replicas(redis, 2)
    status, _, created, _ = first.call("POST", "/sessions", {**WEB_PAGE, "timestamp": 0})
    assert status == 201, created
    session = created["id"]
    low = {"x": 16, "y": 900, "width": 358, "height": 44}
    status, _, shown, _ = first.call(
        "POST", "/keyboard/show", {"sessionId": session, "timestamp": 10, "keyboard": {"height": 336},
                                   "focusedRect": low})
    assert status == 200, shown
    status, _, stateless, _ = second.call(
        "POST", "/keyboard/show", {**WEB_PAGE, "keyboard": {"height": 336}, "focusedRect": low})
    assert status == 200 and {k: v for k, v in shown.items() if k != "session"} == stateless
    status, _, seen, _ = second.call("GET", f"/sessions/{session}")
    assert status == 200 and seen["keyboardState"] == "shown" and seen["keyboard"] == {"height": 336}
    assert seen["page"]["visualViewport"] == shown["visualViewport"]
    # A focus moved to the top of the document while the keyboard is up: no resize, the page goes to its top.
    status, _, moved, _ = second.call(
        "POST", "/keyboard/show", {"sessionId": session, "timestamp": 20,
                                   "focusedRect": {"x": 16, "y": 40, "width": 358, "height": 44}})
    assert status == 200, moved
    assert moved["visualViewport"]["pageTop"] == 0
    assert [event["type"] for event in moved["events"]] == ["scroll", "scroll"]
    status, _, hidden, _ = first.call("POST", "/keyboard/hide", {"sessionId": session, "timestamp": 30})
    assert status == 200, hidden
    assert hidden["visualViewport"] == {"width": 390, "height": 664, "offsetTop": 0, "offsetLeft": 0,
                                        "pageTop": 0, "pageLeft": 0}
    assert hidden["session"]["keyboardState"] == "hidden"


def test_concurrent_clients_on_both_replicas_lose_no_update(redis, replicas):
    """Events with random timestamps race on a few sessions through both replicas. Each accepted event moved the
    session's clock to its timestamp at least, so if every read-modify-write is atomic, each session ends at the
    largest timestamp accepted; an update lost to a concurrent one would leave it lower (or accept an older one)."""
    servers = replicas(redis, 2)
    sessions = [servers[0].create(timestamp=0) for _ in range(4)]
    accepted = {session: [] for session in sessions}
    counts = {"200": 0, "409": 0, "other": []}
    lock = threading.Lock()

    def client(index: int) -> None:
        rng = random.Random(index)
        server = servers[index % 2]
        for step in range(60):
            session = rng.choice(sessions)
            timestamp = step * 10 + rng.randint(0, 400)
            send = server.show if rng.random() < 0.5 else server.hide
            status, _, _, _ = send(session, timestamp)
            with lock:
                if status == 200:
                    counts["200"] += 1
                    accepted[session].append(timestamp)
                elif status == 409:
                    counts["409"] += 1
                else:
                    counts["other"].append(status)

    threads = [threading.Thread(target=client, args=(index,)) for index in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counts["other"] == []
    assert counts["200"] > 0 and counts["409"] > 0
    for session in sessions:
        for server in servers:
            status, _, state, _ = server.call("GET", f"/sessions/{session}")
            assert status == 200
            assert state["lastEventTime"] == max(accepted[session]), (session, state["lastEventTime"])
    print(f"accepted {counts['200']}, refused as stale {counts['409']}")


def test_a_replica_killed_mid_load_loses_no_session(redis, replicas):
    first, second = replicas(redis, 2)
    sessions = [(first if index % 2 else second).create() for index in range(40)]
    stop = threading.Event()
    errors: list[str] = []

    def load(server, seed: int) -> None:
        rng = random.Random(seed)
        while not stop.is_set():
            session = rng.choice(sessions)
            try:
                status, _, _, _ = (server.show if rng.random() < 0.5 else server.hide)(session)
            except OSError:
                continue  # the killed replica's clients fail; that is expected
            if server is second and status != 200:
                errors.append(f"{status} from the surviving replica")

    threads = [threading.Thread(target=load, args=(server, seed)) for seed, server in enumerate([first, second] * 2)]
    for thread in threads:
        thread.start()
    time.sleep(1.0)
    first.kill()
    time.sleep(1.0)
    stop.set()
    for thread in threads:
        thread.join()
    assert errors == []
    for session in sessions:
        status, _, state, _ = second.call("GET", f"/sessions/{session}")
        assert status == 200 and state["id"] == session
        assert second.show(session)[0] == 200


def test_concurrent_patches_of_different_fields_all_stick(redis, replicas):
    """Eight clients, four on each replica, each PATCH one field of the same session with 1, 2, 3…. Every answer
    shows the whole session; with atomic read-modify-writes no field ever goes back in what any client sees, and
    the session ends with each field at its writer's last value. A write computed from a stale read would undo
    another client's field, which the next answer or the final state shows."""
    servers = replicas(redis, 2)
    # Every owned field starts at 0.
    scroll_view = {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "contentSize": {"width": 390, "height": 2000}}
    session = servers[0].create(scrollView=scroll_view, keyboardDistance=0)
    rounds = 150
    regressions: list[str] = []
    failures: list[int] = []

    def client(index: int) -> None:
        server = servers[index % 2]
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        write, _ = OWNED_FIELDS[index]
        seen = [0] * len(OWNED_FIELDS)
        try:
            for n in range(1, rounds + 1):
                connection.request(
                    "PATCH", f"/sessions/{session}", body=json.dumps(write(n)),
                    headers={"Content-Type": "application/json"})
                response = connection.getresponse()
                body = response.read()
                if response.status != 200:
                    failures.append(response.status)
                    continue
                state = json.loads(body)
                for field, (_, read) in enumerate(OWNED_FIELDS):
                    value = read(state)
                    if value < seen[field]:
                        regressions.append(f"client {index} saw field {field} go from {seen[field]} to {value}")
                    seen[field] = max(seen[field], value)
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(index,)) for index in range(len(OWNED_FIELDS))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert regressions == []
    for server in servers:
        status, _, state, _ = server.call("GET", f"/sessions/{session}")
        assert status == 200
        assert [read(state) for _, read in OWNED_FIELDS] == [rounds] * len(OWNED_FIELDS)

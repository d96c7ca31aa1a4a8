"""Redis frozen (SIGSTOP) past the command timeout: a change answered 503 was not made and one answered 2xx was, a
request whose head arrived is answered however long the workers are held, and answers whose clients left are
neither kept nor waited for at exit."""

from __future__ import annotations

import collections
import http.client
import signal
import socket
import struct
import subprocess
import threading
import time

from redis_env import CEILING_S, KEYBOARD, one_answer, read_to_end, request_bytes, rss_kib

# Longer than the service's Redis command timeout (RedisTimeouts.command, 1 s) and a second try on a fresh
# connection after it.
FREEZE = 2.6

FIELDS = [
    {"id": "name", "rect": {"x": 16, "y": 100, "width": 358, "height": 44}, "order": 1},
    {"id": "phone", "rect": {"x": 16, "y": 700, "width": 358, "height": 44}, "order": 2},
]

# Per kind of change sent during the freeze, at timestamp 2000: the request, and whether a session shows it (its
# lastEventTime moves to 2000 as well, which is checked with it).
CHANGES = {
    "PATCH": (
        lambda s: ("PATCH", f"/sessions/{s}",
                   {"timestamp": 2000, "scrollView": {"contentSize": {"width": 390, "height": 3333}}}),
        lambda state: state["scrollView"]["contentSize"]["height"] == 3333,
    ),
    "hide": (
        lambda s: ("POST", "/keyboard/hide", {"sessionId": s, "timestamp": 2000}),
        lambda state: state["keyboardState"] in ("hiding", "hidden"),
    ),
    "show": (
        lambda s: ("POST", "/keyboard/show", {"sessionId": s, "keyboard": KEYBOARD, "timestamp": 2000}),
        lambda state: state["keyboardState"] in ("showing", "shown"),
    ),
    "focus": (
        lambda s: ("POST", f"/sessions/{s}/focus", {"timestamp": 2000, "field": "next"}),
        lambda state: state["focus"] == "phone",
    ),
}


def test_a_lost_reply_is_never_answered_as_undone(own_redis, replicas):
    """Three sessions per kind of change (PATCH, hide, show, focus), each changed while Redis is frozen past the
    command timeout. Redis runs what reached it once it wakes, so a reply that did not come is no proof of a change
    not made: after Redis resumes, a session answered 503 is as it was, one answered 2xx shows the change."""
    (server,) = replicas(own_redis)
    sessions = []
    for kind in CHANGES:
        for _ in range(3):
            session = server.create(timestamp=500, fields=FIELDS, focus="name")
            if kind != "show":  # hide and focus need the keyboard up; a PATCH does not care
                assert server.show(session, 1000)[0] == 200
            sessions.append((kind, session))
    answers: dict[str, object] = {}

    def change(kind: str, session: str) -> None:
        try:
            answers[session] = server.call(*CHANGES[kind][0](session), timeout=15)[0]
        except OSError as error:
            answers[session] = repr(error)

    threads = [threading.Thread(target=change, args=pair) for pair in sessions]
    with own_redis.frozen():
        for thread in threads:
            thread.start()
        time.sleep(FREEZE)
    for thread in threads:
        thread.join(timeout=20)
    assert not any(thread.is_alive() for thread in threads), "a change still waits 20 s after Redis resumed"
    time.sleep(0.3)  # what reached Redis during the freeze has run by now
    wrong = []
    deadline = time.monotonic() + CEILING_S
    for kind, session in sessions:
        while (read := server.call("GET", f"/sessions/{session}"))[0] == 503 and time.monotonic() < deadline:
            time.sleep(0.1)  # reconnecting
        status, _, state, _ = read
        assert status == 200, (kind, status, state)
        made = state["lastEventTime"] == 2000
        assert CHANGES[kind][1](state) == made, (kind, state)
        answer = answers[session]
        if answer == 503 and made:
            wrong.append(f"{kind} answered 503, made")
        elif isinstance(answer, int) and 200 <= answer < 300 and not made:
            wrong.append(f"{kind} answered {answer}, not made")
        elif answer != 503 and not (isinstance(answer, int) and 200 <= answer < 300):
            wrong.append(f"{kind} answered {answer}")
    assert wrong == [], f"{len(wrong)} of {len(sessions)}: " + "; ".join(wrong)


def test_heads_that_arrived_are_answered_while_redis_holds_the_workers(own_redis, replicas):
    """--header-timeout 2, four workers, Redis frozen for 5 s: 40 clients' GETs and PATCHes hold the workers, and
    10 /healthz heads sent 0.3 s later on fresh connections wait for one. A head that arrived whole is not the slow
    client the deadline is for: each of the 50 gets its answer (a GET or PATCH may be a 503), every /healthz a 200,
    once Redis resumes. All connections are open before any head is sent, so that each worker has its share of
    them: a connection a held worker has not accepted waits in the listen backlog, where no deadline runs."""
    (server,) = replicas(own_redis, 1, "--header-timeout", "2", "--threads", "4")
    sessions = [server.create() for _ in range(40)]
    requests = [
        request_bytes("GET", f"/sessions/{session}") if index % 2 == 0
        else request_bytes("PATCH", f"/sessions/{session}", {"keyboardDistance": index})
        for index, session in enumerate(sessions)
    ] + [request_bytes("GET", "/healthz")] * 10
    received: dict[int, bytes] = {}
    connections: list[socket.socket] = []

    def read(index: int) -> None:
        received[index] = read_to_end(connections[index], timeout=30)

    readers = [threading.Thread(target=read, args=(index,)) for index in range(len(requests))]
    try:
        with own_redis.frozen():
            started = time.monotonic()
            connections = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in requests]
            time.sleep(0.1)
            for index, (connection, request) in enumerate(zip(connections, requests)):
                if index == 40:
                    time.sleep(0.3)  # the GETs and PATCHes hold the workers by now
                connection.sendall(request)
            for reader in readers:
                reader.start()
            time.sleep(max(0.0, started + 5 - time.monotonic()))
        for reader in readers:
            reader.join(timeout=35)
    finally:
        for connection in connections:
            connection.close()
    answers = [one_answer(received.get(index, b"")) for index in range(len(requests))]
    cut = collections.Counter(
        ("GET", "PATCH")[index % 2] if index < 40 else "/healthz"
        for index, answer in enumerate(answers) if answer is None
    )
    assert not cut, f"closed without an answer: {dict(cut)} (of 20 GETs, 20 PATCHes, 10 /healthz)"
    assert {answer[0] for answer in answers[:40]} <= {200, 503}, [answer[0] for answer in answers[:40]]
    assert [answer[0] for answer in answers[40:]] == [200] * 10


def metric(server, name: str) -> float | None:
    """One sample of `name` in /metrics; None when there is none."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    try:
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
    finally:
        connection.close()
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return None


def abandon(server, sessions: list[str], count: int) -> None:
    """`count` shows whose clients reset their connection (SO_LINGER 0) once the server has read them, before
    their answers come: the caller freezes Redis around this."""
    connections = []
    try:
        for index in range(count):
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            connections.append(connection)
            body = {"sessionId": sessions[index % len(sessions)], "keyboard": KEYBOARD}
            connection.sendall(request_bytes("POST", "/keyboard/show", body))
        time.sleep(0.15)
    finally:
        for connection in connections:
            connection.close()


def test_answers_whose_clients_left_are_not_kept(own_redis, replicas):
    """200 shows reset by their clients while Redis is frozen: once it resumes, no answer waits for a connection
    that is gone (inset_answers_pending falls to 0, within CEILING_S), and SIGTERM has none to wait for (exit 0,
    within CEILING_S, where --shutdown-timeout 120 would hold a server that waited)."""
    (server,) = replicas(own_redis, 1, "--shutdown-timeout", "120")
    sessions = [server.create() for _ in range(20)]
    with own_redis.frozen():
        abandon(server, sessions, 200)
    deadline = time.monotonic() + CEILING_S
    pending = metric(server, "inset_answers_pending")
    while pending not in (0, None) and time.monotonic() < deadline:
        time.sleep(0.1)
        pending = metric(server, "inset_answers_pending")
    assert server.call("GET", "/healthz")[0] == 200
    started = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    try:
        code = server.proc.wait(timeout=CEILING_S)
    except subprocess.TimeoutExpired:
        code = None
    seconds = time.monotonic() - started
    # Both said at once: the gauge, then what SIGTERM took.
    assert pending == 0, (
        f"inset_answers_pending {pending} {CEILING_S} s after Redis resumed; SIGTERM then took {seconds:.2f} s"
    )
    assert code == 0, f"SIGTERM: exit {code} after {seconds:.2f} s"


def test_answers_whose_clients_left_do_not_grow_the_memory(own_redis, replicas):
    """Ten rounds of 400 such shows (four of 100, each while Redis is frozen for a moment); the first rounds warm
    the allocator up. From the end of round 1 to the end of round 9 the resident set grows by less than 5 MB: an
    answer kept for each abandoned request is about 3.5 KB, 1.4 MB a round, 11 MB over those eight rounds. Seen
    without a leak: 2.4 MB (warming up, then flat at about 21.7 MB); over five rounds on a loaded machine the
    warm-up alone passed the 2 MB this test once allowed for four."""
    (server,) = replicas(own_redis)
    sessions = [server.create() for _ in range(50)]
    sizes = []
    for _ in range(10):
        for _ in range(4):
            with own_redis.frozen():
                abandon(server, sessions, 100)
            time.sleep(0.05)
        time.sleep(0.2)
        assert server.call("GET", "/healthz")[0] == 200
        sizes.append(rss_kib(server.proc.pid))
    assert sizes[9] - sizes[1] < 5 * 1024, f"resident set after each round, KiB: {sizes}"

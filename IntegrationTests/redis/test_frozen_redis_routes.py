"""Redis frozen (SIGSTOP) while every session route is in use: no worker waits for Redis, so `/healthz` and a
stateless show are answered throughout; and SIGTERM then answers each request still waiting with what its route
chose (a change whose outcome is unknown: `store-outcome-unknown` without `Retry-After`; a read: 503 with
`Retry-After`), and the process exits within its shutdown timeout."""

from __future__ import annotations

import collections
import json
import signal
import socket
import subprocess
import threading
import time

from redis_env import KEYBOARD, SESSION, one_answer, read_to_end, request_bytes

FIELDS = [
    {"id": "name", "rect": {"x": 16, "y": 100, "width": 358, "height": 44}, "order": 1},
    {"id": "phone", "rect": {"x": 16, "y": 700, "width": 358, "height": 44}, "order": 2},
]
LOG = {"notifications": [{
    "name": "UIKeyboardWillShowNotification",
    "userInfo": {"UIKeyboardFrameEndUserInfoKey": "{{0, 508}, {390, 336}}",
                 "UIKeyboardAnimationDurationUserInfoKey": 0.25},
}]}
MISSING_ID = "AAAAAAAAAAAAAAAAAAAAAA"  # well-formed, never issued: its DELETE still asks Redis
STATELESS_SHOW = {**SESSION, "keyboard": KEYBOARD}

# Every route that waits for Redis, as (label, request for session s).
ROUTES = [
    ("PATCH", lambda s: ("PATCH", f"/sessions/{s}", {"keyboardDistance": 8})),
    ("GET", lambda s: ("GET", f"/sessions/{s}", None)),
    ("DELETE", lambda s: ("DELETE", f"/sessions/{MISSING_ID}", None)),
    ("create", lambda s: ("POST", "/sessions", SESSION)),
    ("focus", lambda s: ("POST", f"/sessions/{s}/focus", {"field": "phone"})),
    ("notifications", lambda s: ("POST", f"/sessions/{s}/notifications", LOG)),
    ("timeline", lambda s: ("GET", f"/sessions/{s}/timeline", None)),
    ("show", lambda s: ("POST", "/keyboard/show", {"sessionId": s, "keyboard": KEYBOARD})),
]
CLIENTS = 32
# Probes of each kind, and how long each may take: an answer that no Redis reply holds up takes milliseconds;
# one queued behind workers that wait for Redis takes as long as they do (a command timeout of 1 s and more).
# Three, a second apart from 1.5 s: past the first command timeout, and through the sends again of a lost reply
# (up to three more timeouts), which wait on the Redis thread, never on a worker.
PROBES = 3
PROBE_DEADLINE = 3.0
SHUTDOWN_TIMEOUT = 0.5


def test_a_frozen_redis_holds_no_worker(own_redis, replicas):
    """--threads 4, 32 clients sending every session route (PATCH, GET, DELETE, create, focus, notifications,
    timeline, a session's show) while Redis is frozen: three /healthz and three stateless shows, sent one after the
    other over 3 s meanwhile, are each answered 200 within 3 s; each client's requests are answered (none cut
    off, a 503 at worst). That no worker waits, with one worker and every route, is SilentRedisTests'."""
    (server,) = replicas(own_redis, 1, "--threads", "4")
    sessions = []
    for _ in range(8):
        session = server.create(fields=FIELDS, focus="name")
        assert server.show(session)[0] == 200
        sessions.append(session)
    stop = threading.Event()
    sent: collections.Counter = collections.Counter()
    answered: collections.Counter = collections.Counter()
    failures: list[str] = []

    def hammer(index: int) -> None:
        for round_ in range(200):  # bounded in count; `stop` ends it sooner
            if stop.is_set():
                return
            label, make = ROUTES[(index + round_) % len(ROUTES)]
            method, path, body = make(sessions[index % len(sessions)])
            sent[label] += 1
            try:
                status = server.call(method, path, body, timeout=30)[0]
                answered[(label, status)] += 1
            except OSError as error:
                failures.append(f"{label}: {error!r}")

    probes: list[tuple[str, object, float]] = []

    def probe(label: str, method: str, path: str, body: dict | None) -> None:
        started = time.monotonic()
        try:
            status = server.call(method, path, body, timeout=PROBE_DEADLINE)[0]
        except OSError as error:
            status = repr(error)
        probes.append((label, status, time.monotonic() - started))

    clients = [threading.Thread(target=hammer, args=(index,)) for index in range(CLIENTS)]
    with own_redis.frozen():
        frozen = time.monotonic()
        for client in clients:
            client.start()
        for round_ in range(PROBES):
            # The first after 1.5 s, when every worker has had session requests, then one a second: Redis stays
            # frozen for at least 3.5 s, while the session requests go on failing and being sent again.
            time.sleep(max(0.0, frozen + 1.5 + round_ - time.monotonic()))
            for args in (("/healthz", "GET", "/healthz", None), ("show", "POST", "/keyboard/show", STATELESS_SHOW)):
                thread = threading.Thread(target=probe, args=args)
                thread.start()
                thread.join(timeout=PROBE_DEADLINE + 5)
        stop.set()
    for client in clients:
        client.join(timeout=60)
    assert not any(client.is_alive() for client in clients), "a client still waits 60 s after Redis resumed"
    late = [(label, status, round(seconds, 2)) for label, status, seconds in probes
            if status != 200 or seconds > PROBE_DEADLINE]
    assert len(probes) == 2 * PROBES and not late, (
        f"{len(late)} of {2 * PROBES} probes not answered 200 within {PROBE_DEADLINE} s: {late}")
    assert failures == [], failures[:5]
    assert {label for label, _ in ROUTES} <= set(sent), sent
    assert {status for _, status in answered} <= {200, 201, 204, 404, 409, 503}, answered
    assert server.call("GET", "/healthz", None, timeout=5)[0] == 200


def test_sigterm_answers_waiting_changes_as_outcome_unknown(own_redis, replicas):
    """--shutdown-timeout 0.5, Redis frozen: changes (PATCH, create, DELETE, focus, notifications, a show) and reads
    (GET, timeline) wait for it when SIGTERM comes. Each gets one whole answer: every change a 503
    `store-outcome-unknown` problem without `Retry-After`, every read a 503 with `Retry-After`; and the process
    exits 0 within the timeout and a 2.5-s margin (a worker that waited for Redis held it for the command timeout
    and the outcome wait, 1 + 3 s)."""
    (server,) = replicas(own_redis, 1, "--shutdown-timeout", str(SHUTDOWN_TIMEOUT), "--threads", "2")
    sessions = []
    for _ in range(len(ROUTES)):
        session = server.create(fields=FIELDS, focus="name")
        assert server.show(session)[0] == 200
        sessions.append(session)
    received: dict[str, bytes] = {}
    connections: list[tuple[str, socket.socket]] = []
    try:
        with own_redis.frozen():
            # One session per request: a change queued behind another of its session was never sent, and is
            # rightly answered "retry" when the one before it fails.
            for (label, make), session in zip(ROUTES, sessions):
                connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                connection.sendall(request_bytes(*make(session)))
                connections.append((label, connection))
            time.sleep(0.3)  # each has reached the server, and waits for Redis
            started = time.monotonic()
            server.proc.send_signal(signal.SIGTERM)
            readers = [threading.Thread(target=lambda l=label, c=connection: received.__setitem__(
                l, read_to_end(c, timeout=20))) for label, connection in connections]
            for reader in readers:
                reader.start()
            try:
                code = server.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                code = None
            seconds = time.monotonic() - started
            for reader in readers:
                reader.join(timeout=25)
    finally:
        for _, connection in connections:
            connection.close()
    wrong = []
    for label, _ in ROUTES:
        answer = one_answer(received.get(label, b""))
        if answer is None:
            wrong.append(f"{label}: no whole answer ({received.get(label, b'')[:80]!r})")
            continue
        status, headers, body = answer
        problem = json.loads(body) if body else {}
        if label in ("GET", "timeline"):
            if status != 503 or headers.get("retry-after") != "1":
                wrong.append(f"{label}: {status} retry-after={headers.get('retry-after')} {problem.get('type')}")
        elif (status, problem.get("type"), "retry-after" in headers) != (503, "/problems/store-outcome-unknown", False):
            wrong.append(f"{label}: {status} {problem.get('type')} retry-after={headers.get('retry-after')}")
    # Both said at once: the answers, then what SIGTERM took.
    assert wrong == [] and code == 0 and seconds < SHUTDOWN_TIMEOUT + 2.5, (
        f"{wrong}; SIGTERM: exit {code} after {seconds:.2f} s")

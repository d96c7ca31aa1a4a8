"""7. Security over the wire: session isolation (no reading or changing a session not named), and ids no one was
given are not found.

The token and CORS are tested in process: the token on every operation of openapi.yaml by its `security`
(Tests/ContractTests/SpecRouteTests.swift), its header's parser in BearerAuthorizationTests, CORS in
CrossCuttingTests and OptionsTests (`--cors-origin`)."""

from __future__ import annotations

import random
import string

import pytest

from robust_http import KeepAliveClient
from robust_server import IPHONE15_SESSION, IPHONE15_SHOW, KEYBOARD_336, Server, record

ALPHABET = string.ascii_letters + string.digits + "-_"
FIGURES: dict = {}


@pytest.fixture(scope="module")
def open_server():
    with Server() as server:
        yield server
        assert server.alive()
        code, _ = server.terminate()
        assert code == 0, server.stderr()


# ---- session isolation ------------------------------------------------------------------------------------------

FAR_INSTANT = 10_000_000  # ?at= after everything, so GET B is deterministic


def snapshot(client: KeepAliveClient, session_id: str) -> bytes:
    response = client.request("GET", f"/sessions/{session_id}?at={FAR_INSTANT}")
    assert response.status == 200, response
    return response.body


@pytest.mark.sessions
def test_operations_on_a_leave_b_byte_identical(open_server: Server) -> None:
    client = KeepAliveClient(open_server.port)
    a = client.request("POST", "/sessions", IPHONE15_SESSION).json()["id"]
    b_body = dict(IPHONE15_SESSION, scrollView=dict(IPHONE15_SESSION["scrollView"], contentOffset={"x": 0, "y": 77}))
    b = client.request("POST", "/sessions", b_body).json()["id"]
    before = snapshot(client, b)
    operations = [
        ("POST", "/keyboard/show", {"sessionId": a, "timestamp": 1000, "keyboard": KEYBOARD_336}),
        ("GET", f"/sessions/{a}?at=1100", None),
        ("POST", "/keyboard/hide", {"sessionId": a, "timestamp": 1100}),
        ("PATCH", f"/sessions/{a}", {"timestamp": 2000, "scrollView": {"contentOffset": {"x": 0, "y": 400}}}),
        ("PATCH", f"/sessions/{a}", {"timestamp": 2100, "screen": {"width": 844, "height": 390},
                                     "scrollView": {"frame": {"x": 0, "y": 0, "width": 844, "height": 390}}}),
        ("PATCH", f"/sessions/{a}", {"timestamp": 2200, "baseInsetMode": "max", "keyboardDistance": 50,
                                     "followsUndockedKeyboard": True}),
        # attempts to reach B through A's requests: unknown fields, stale times, a second sessionId
        ("PATCH", f"/sessions/{a}", {"id": b, "timestamp": 3000}),
        ("PATCH", f"/sessions/{a}", {"sessionId": b, "timestamp": 3000}),
        ("POST", "/keyboard/show", {"sessionId": a, "session": b, "keyboard": KEYBOARD_336}),
        ("POST", "/keyboard/show", {"sessionId": a, "timestamp": 1, "keyboard": KEYBOARD_336}),
        ("GET", f"/sessions/{a}?at=0", None),
        ("GET", f"/sessions/{a}?at=9999999&id={b}", None),
        ("POST", "/keyboard/show", {"sessionId": a, "timestamp": 4000, "keyboard": KEYBOARD_336,
                                    "scrollView": {"contentSize": {"width": 390, "height": 5000}}}),
        ("POST", "/keyboard/show", dict(IPHONE15_SHOW, timestamp=5000)),  # stateless: touches nobody
        ("DELETE", f"/sessions/{a}", None),
        ("GET", f"/sessions/{a}", None),
        ("POST", "/keyboard/hide", {"sessionId": a, "timestamp": 6000}),
    ]
    statuses = []
    for method, path, body in operations:
        response = client.request(method, path, body)
        statuses.append(response.status)
        assert response.status < 500, response
        assert snapshot(client, b) == before, f"{method} {path} {body} changed session B"
    after = snapshot(client, b)
    client.close()
    assert after == before
    assert statuses[-2:] == [404, 404], statuses
    FIGURES["isolation_operations_on_a"] = len(operations)


@pytest.mark.sessions
def test_guessed_ids_are_404(open_server: Server) -> None:
    client = KeepAliveClient(open_server.port)
    a = client.request("POST", "/sessions", IPHONE15_SESSION).json()["id"]
    deleted = client.request("POST", "/sessions", IPHONE15_SESSION).json()["id"]
    assert client.request("DELETE", f"/sessions/{deleted}").status == 204
    rng = random.Random(20261129)
    guesses = ["".join(rng.choice(ALPHABET) for _ in range(22)) for _ in range(300)]
    for position in range(22):  # A's id with one character changed, at every position
        replacement = ALPHABET[(ALPHABET.index(a[position]) + 1) % len(ALPHABET)]
        guesses.append(a[:position] + replacement + a[position + 1 :])
    guesses += [deleted, a[:-1], a + "A", a.swapcase(), a[::-1], a + "/", "%s" % a.lower()]
    guesses = [guess for guess in guesses if guess != a]
    requests = 0
    for guess in guesses:
        for method, path, body in (
            ("GET", f"/sessions/{guess}", None),
            ("PATCH", f"/sessions/{guess}", {"timestamp": 99}),
            ("POST", "/keyboard/show", {"sessionId": guess, "keyboard": KEYBOARD_336}),
            ("POST", "/keyboard/hide", {"sessionId": guess}),
            ("DELETE", f"/sessions/{guess}", None),
        ):
            response = client.request(method, path, body)
            requests += 1
            assert response.status == 404, f"{method} {path} {body}: {response!r}"
            assert response.problem_type in ("/problems/session-not-found", "/problems/not-found"), response
            assert guess.encode() not in response.body or guess.endswith("/"), "404 echoes the guessed id"
    # A itself is still there and untouched by all of that
    state = client.request("GET", f"/sessions/{a}").json()
    client.close()
    assert state["lastEventTime"] == 0 and state["keyboardState"] == "hidden"
    FIGURES["guessed_ids"] = len(guesses)
    FIGURES["guess_requests_all_404"] = requests
    record("security", **FIGURES)

"""7. Security over the wire: CORS, and session isolation (no reading or changing a session not named).

The token is tested in process, on every operation of openapi.yaml by its `security`
(Tests/ContractTests/SpecRouteTests.swift), and its header's parser in BearerAuthorizationTests."""

from __future__ import annotations

import json
import random
import string

import pytest

from robust_http import KeepAliveClient, exchange, request_bytes
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


def send(port: int, method: str, path: str, body=None, headers: dict | None = None):
    payload = json.dumps(body) if body is not None else None
    return exchange(port, request_bytes(method, path, payload, headers or {}), timeout=10)


# ---- CORS ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path,method",
    [("/keyboard/show", "POST"), ("/keyboard/hide", "POST"), ("/sessions", "POST"), ("/sessions/abc", "PATCH")],
)
def test_cors_preflight(open_server: Server, path: str, method: str) -> None:
    response = send(
        open_server.port,
        "OPTIONS",
        path,
        headers={
            "Origin": "https://app.example",
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": "content-type, authorization, x-request-id",
        },
    )
    assert response.status == 204, response
    assert response.body == b""
    methods = [m.strip() for m in (response.header("Access-Control-Allow-Methods") or "").split(",")]
    assert method in methods, response
    allowed_headers = (response.header("Access-Control-Allow-Headers") or "").lower()
    for name in ("content-type", "authorization", "x-request-id"):
        assert name in allowed_headers, response
    assert response.header("Access-Control-Allow-Origin") == "*", response
    assert response.header("Access-Control-Max-Age") == "600", response
    assert response.header("Allow"), response


def test_cors_headers_on_normal_and_error_responses(open_server: Server) -> None:
    for response in (
        send(open_server.port, "POST", "/keyboard/show", IPHONE15_SHOW, {"Origin": "https://app.example"}),
        send(open_server.port, "GET", "/sessions/nope", headers={"Origin": "https://app.example"}),
        send(open_server.port, "GET", "/healthz", headers={"Origin": "https://app.example"}),
    ):
        assert response.header("Access-Control-Allow-Origin") == "*", response
        exposed = response.header("Access-Control-Expose-Headers") or ""
        assert "X-Request-Id" in exposed and "Location" in exposed, response


def test_cors_headers_only_for_browsers(open_server: Server) -> None:
    # Without Origin (curl, an app) there is nothing for CORS to grant; a GET says Vary: Origin so that a
    # shared cache never gives a browser the answer made without it.
    show = send(open_server.port, "POST", "/keyboard/show", IPHONE15_SHOW)
    health = send(open_server.port, "GET", "/healthz")
    for response in (show, health):
        assert response.status == 200, response
        assert response.header("Access-Control-Allow-Origin") is None, response
        assert response.header("Access-Control-Expose-Headers") is None, response
    assert show.header("Vary") is None, show
    assert health.header("Vary") == "Origin", health


def test_cors_specific_origin_and_off() -> None:
    with Server("--cors-origin", "https://app.example") as server:
        response = send(server.port, "GET", "/healthz", headers={"Origin": "https://evil.example"})
        assert response.header("Access-Control-Allow-Origin") == "https://app.example", response
        assert response.header("Vary") == "Origin", response
        server.terminate()
    with Server("--cors-origin", "off") as server:
        response = send(server.port, "GET", "/healthz", headers={"Origin": "https://app.example"})
        assert response.status == 200
        assert response.header("Access-Control-Allow-Origin") is None, response
        assert response.header("Access-Control-Expose-Headers") is None, response
        preflight = send(
            server.port,
            "OPTIONS",
            "/keyboard/show",
            headers={"Origin": "https://app.example", "Access-Control-Request-Method": "POST"},
        )
        assert preflight.status == 204 and preflight.header("Access-Control-Allow-Methods") is None, preflight
        server.terminate()


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

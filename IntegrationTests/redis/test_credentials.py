"""Redis with a password: `redis://:PASSWORD@…` and `redis://USER:PASSWORD@…` authenticate every connection; a
refused password stops the server at startup with exit code 3 and a message without it; a password changed while
running makes session routes answer 503 with Retry-After, like any store fault; and the password never shows on
stdout, stderr, /version, /metrics, /readyz, in problem bodies or in option errors."""

from __future__ import annotations

import os
import subprocess
import time
import urllib.parse

import pytest
from redis_env import CEILING_S, COMMAND_CEILING_S, SESSION, Redis, Replica, server_binary

# Characters a URL must percent-encode, so that the decoding is exercised too.
PASSWORD = "Pw-7f3@k:q/x%z"
NEW_PASSWORD = "Other-91c2e4d0"
ENCODED = urllib.parse.quote(PASSWORD, safe="")


@pytest.fixture
def secured():
    server = Redis(password=PASSWORD)
    yield server
    server.close()


def url(redis: Redis, userinfo: str) -> str:
    return f"redis://{userinfo}@127.0.0.1:{redis.port}/0"


def leaks(text: str) -> list[str]:
    """The forms of either password found in `text`."""
    forms = [PASSWORD, ENCODED, NEW_PASSWORD, PASSWORD.split("@")[0]]
    return [form for form in forms if form in text]


def exercise(replica: Replica) -> str:
    """Every route that could show configuration or a store fault, with all the bodies they answered."""
    seen = []
    session = replica.create()
    for method, path, body in [
        ("POST", "/keyboard/show", {"sessionId": session, "keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}}}),
        ("GET", f"/sessions/{session}", None),
        ("GET", "/sessions/AAAAAAAAAAAAAAAAAAAAAA", None),
        ("POST", "/sessions", {"scrollView": "no"}),
        ("GET", "/version", None),
        ("GET", "/metrics", None),
        ("GET", "/readyz", None),
    ]:
        status, headers, parsed, _ = replica.call(method, path, body)
        seen.append(f"{method} {path} {status} {headers} {parsed}")
    metrics = replica.call("GET", "/metrics")
    seen.append(str(metrics))
    return "\n".join(seen)


def output_of(replica: Replica) -> str:
    replica._stdout.flush()
    with open(replica.stdout_path, "rb") as handle:
        stdout = handle.read().decode("utf-8", "replace")
    return stdout + replica.stderr()


def test_a_password_and_an_acl_user_authenticate(secured):
    assert secured.command("ACL", "SETUSER", "inset", "on", f">{PASSWORD}", "~inset:*", "+@all") == "OK"
    by_password = Replica("--session-store", url(secured, f":{ENCODED}"), "--access-log", "on")
    by_user = Replica("--session-store", url(secured, f"inset:{ENCODED}"), "--access-log", "on")
    try:
        seen = exercise(by_password) + exercise(by_user)
        session = by_password.create()
        assert by_user.call("GET", f"/sessions/{session}")[0] == 200
        assert int(secured.command("DBSIZE")) >= 3
        assert leaks(seen) == [] and leaks(output_of(by_password)) == [] and leaks(output_of(by_user)) == []
        assert '"status":200' in output_of(by_password).replace(" ", "")  # the access log was on
    finally:
        by_password.close()
        by_user.close()


def run_to_exit(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("INSET_")}
    return subprocess.run(
        [server_binary(), "--port", "0", *args], capture_output=True, text=True, timeout=CEILING_S, env={**clean, **(env or {})}
    )


def test_a_refused_password_stops_the_server_at_startup(secured):
    started = time.monotonic()
    wrong = run_to_exit("--session-store", url(secured, f":{urllib.parse.quote(NEW_PASSWORD)}"))
    assert wrong.returncode == 3, (wrong.returncode, wrong.stderr)
    assert wrong.stdout == ""  # it never listened
    assert f"Redis at 127.0.0.1:{secured.port}/0 refused the credentials: WRONGPASS" in wrong.stderr
    assert time.monotonic() - started < CEILING_S  # refused at once, not retried: three such runs fit in it
    # No password at all against a Redis that wants one; and an ACL user that does not exist; and the
    # environment variable instead of the flag.
    none = run_to_exit("--session-store", f"redis://127.0.0.1:{secured.port}")
    assert none.returncode == 3 and "NOAUTH" in none.stderr
    nobody = run_to_exit(env={"INSET_SESSION_STORE": url(secured, f"nobody:{ENCODED}")})
    assert nobody.returncode == 3 and "WRONGPASS" in nobody.stderr
    for done in (wrong, none, nobody):
        assert leaks(done.stdout + done.stderr) == []


def test_option_errors_never_echo_the_password():
    for args, env in [
        (["--session-store", f"redis://:{ENCODED}@127.0.0.1:99999"], None),
        ([f"--session-stor=redis://app:{ENCODED}@127.0.0.1"], None),
        ([], {"INSET_SESSION_STORE": f"redis://:{ENCODED}@host:x"}),
    ]:
        done = run_to_exit(*args, env=env)
        assert done.returncode == 2, done.stderr
        assert "***@" in done.stderr and leaks(done.stderr + done.stdout) == []
    assert leaks(run_to_exit("--help").stdout) == []


def test_a_password_changed_while_running_is_503_then_recovers(secured):
    replica = Replica("--session-store", url(secured, f":{ENCODED}"), "--access-log", "on")
    try:
        session = replica.create()
        assert secured.command("CONFIG", "SET", "requirepass", NEW_PASSWORD) == "OK"
        secured.password = NEW_PASSWORD
        # Connections that logged in stay logged in; once Redis drops them, every new one is refused.
        assert secured.command("CLIENT", "KILL", "TYPE", "normal") is not None
        seen = []
        for method, path, body in [
            ("GET", f"/sessions/{session}", None),
            ("POST", "/keyboard/hide", {"sessionId": session}),
            ("POST", "/sessions", SESSION),
        ]:
            status, headers, problem, seconds = replica.call(method, path, body)
            assert status == 503, (method, path, status, problem)
            assert headers["retry-after"] == "1" and problem["type"] == "/problems/store-unavailable"
            assert seconds < COMMAND_CEILING_S
            seen.append(str(problem))
        # The first says why; those within the reconnect backoff after it say when it tries again.
        assert "refused the credentials: WRONGPASS" in seen[0]
        status, _, ready, _ = replica.call("GET", "/readyz")
        assert status == 503 and ready == {"status": "store-unavailable"}
        assert replica.proc.poll() is None  # a refusal at run time is a fault to wait out, not an exit
        assert secured.command("CONFIG", "SET", "requirepass", PASSWORD) == "OK"
        secured.password = PASSWORD
        deadline = time.monotonic() + CEILING_S
        while replica.call("GET", f"/sessions/{session}")[0] != 200:
            assert time.monotonic() < deadline, f"no recovery within {CEILING_S} s of the password coming back"
            time.sleep(0.1)
        seen.append(exercise(replica))
        assert leaks("\n".join(seen)) == [] and leaks(output_of(replica)) == []
    finally:
        replica.close()


def test_noauth_at_run_time_is_503(own_redis):
    """A replica without credentials, and Redis starts wanting a password: each new connection gets NOAUTH."""
    replica = Replica("--session-store", own_redis.url)
    try:
        session = replica.create()
        assert own_redis.command("CONFIG", "SET", "requirepass", NEW_PASSWORD) == "OK"
        own_redis.password = NEW_PASSWORD
        own_redis.command("CLIENT", "KILL", "TYPE", "normal")
        status, headers, problem, _ = replica.call("GET", f"/sessions/{session}")
        assert status == 503 and headers["retry-after"] == "1", problem
        assert "NOAUTH" in problem["detail"]
        assert replica.call("GET", "/readyz")[0] == 503
        assert leaks(output_of(replica)) == []
    finally:
        replica.close()

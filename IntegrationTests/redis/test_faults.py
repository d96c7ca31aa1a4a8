"""Redis restarted, stopped, started: sessions survive with AOF, outages are 503s with Retry-After, recovery is
automatic, and nothing waits longer than the timeouts."""

from __future__ import annotations

import signal
import time

from redis_env import CEILING_S, COMMAND_CEILING_S


def test_sessions_survive_a_redis_restart_with_aof(own_redis, replicas):
    (server,) = replicas(own_redis)
    sessions = [server.create() for _ in range(20)]
    before = {}
    for index, session in enumerate(sessions):
        assert server.show(session, 1000 + index)[0] == 200
        before[session] = server.call("GET", f"/sessions/{session}?at=5000")[2]
    own_redis.stop(signal.SIGKILL)  # no shutdown save: only the fsynced AOF holds them
    own_redis.start()
    deadline = time.monotonic() + 5
    while server.call("GET", "/readyz")[0] != 200 and time.monotonic() < deadline:
        time.sleep(0.1)
    for session in sessions:
        status, _, after, _ = server.call("GET", f"/sessions/{session}?at=5000")
        assert status == 200
        assert after == before[session]


def test_redis_down_is_503_with_retry_after_then_recovers(own_redis, replicas):
    """Redis stopped: a session route on each replica answers 503 with Retry-After within the command timeouts, and
    /readyz says so while /healthz does not; Redis started again: both replicas serve the session again, by
    themselves. Every route's 503, its problem and headers, is RedisUnavailableTests' (in process)."""
    first, second = replicas(own_redis, 2)
    session = first.create()
    own_redis.stop()
    for server in (first, second):
        status, headers, problem, seconds = server.call("GET", f"/sessions/{session}")
        assert status == 503 and headers["retry-after"] == "1", (status, headers)
        assert problem["type"] == "/problems/store-unavailable" and seconds < COMMAND_CEILING_S, (problem, seconds)
        status, headers, ready, seconds = server.call("GET", "/readyz")
        assert status == 503 and ready == {"status": "store-unavailable"} and seconds < COMMAND_CEILING_S
        assert server.call("GET", "/healthz")[0] == 200
    own_redis.start()
    deadline = time.monotonic() + CEILING_S
    for server in (first, second):
        while server.call("GET", "/readyz")[0] != 200:
            assert time.monotonic() < deadline, f"no recovery within {CEILING_S} s of Redis coming back"
            time.sleep(0.1)
        assert server.call("GET", f"/sessions/{session}")[0] == 200
        assert server.hide(session)[0] == 200


def test_the_first_request_after_a_redis_restart_succeeds(own_redis, replicas):
    """The replica's connection dies with Redis; a read on it is retried once on a fresh connection, so a client
    whose request comes after Redis is back never sees the outage."""
    (server,) = replicas(own_redis)
    session = server.create()
    for _ in range(4):  # the connection has served before Redis stops
        assert server.call("GET", f"/sessions/{session}")[0] == 200
    own_redis.stop()
    own_redis.start()
    status, _, state, _ = server.call("GET", f"/sessions/{session}")
    assert status == 200, state
    assert server.call("GET", "/readyz")[0] == 200

"""The session's key in Redis: its expiry is --session-ttl, renewed on use, and its value versioned JSON.

That the HTTP API answers with sessions in Redis what it answers with them in memory is RedisStoreTests' (in
process, against a real redis-server: Tests/RedisIntegrationTests/RedisStoreTests+AsInMemory.swift); a hide on one
replica beginning from a show on another is test_replicas.py's."""

from __future__ import annotations

import json
import time

from redis_env import CEILING_S


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

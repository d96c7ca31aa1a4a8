"""Redis frozen (SIGSTOP): `/readyz` and `/metrics` answer within the readiness probe's 2 s timeout
(deploy/kubernetes/deployment.yaml) while Redis says nothing; they used to wait for the command timeout and the
retry on a fresh connection, 2.03 s, so the probe itself timed out. `/readyz` is 503 during the freeze and 200
again once Redis resumes."""

from __future__ import annotations

import time

# deploy/kubernetes/deployment.yaml's readinessProbe.timeoutSeconds.
PROBE_TIMEOUT = 2.0
FREEZE = 4.0


def test_readiness_and_metrics_answer_in_time_during_a_freeze(own_redis, replicas):
    (server,) = replicas(own_redis)
    server.create()
    assert server.call("GET", "/readyz")[0] == 200
    slow = []
    seen = []
    with own_redis.frozen():
        frozen_at = time.monotonic()
        while time.monotonic() - frozen_at < FREEZE - 1:
            for path in ("/readyz", "/metrics"):
                status, _, body, seconds = server.call("GET", path, timeout=10)
                seen.append((path, status, round(seconds, 2)))
                if seconds >= PROBE_TIMEOUT:
                    slow.append((path, round(seconds, 2)))
                if path == "/readyz":
                    assert (status, body) == (503, {"status": "store-unavailable"}), (status, body)
                else:
                    assert status == 200
        time.sleep(max(0.0, frozen_at + FREEZE - time.monotonic()))
    assert slow == [], f"answers past the probe's {PROBE_TIMEOUT} s timeout: {slow} (all: {seen})"
    assert len(seen) >= 4, seen
    deadline = time.monotonic() + 5
    while server.call("GET", "/readyz")[0] != 200:
        assert time.monotonic() < deadline, "not ready within 5 s of Redis resuming"
        time.sleep(0.1)

"""A peer at the Redis address that misbehaves (fake_redis.py): a reply trickled a byte at a time must fail at the
command timeout measured from its send, and a reply past the client's cap must drop the connection before it is
held in memory. At startup either one stops the server (exit 3, with a message) rather than leaving it waiting
for ever (here the huge reply, whose memory only the process shows; a trickled first reply's refusal is
RedisProbeTests', and every refusal's exit 3 is main.swift's one path, which test_credentials.py runs too); at run
time it is a 503 like any lost reply, and the resident memory stays small."""

from __future__ import annotations

import os
import subprocess
import time

import pytest
from fake_redis import Bulk, FakeRedis, Trickle, pong
from redis_env import Replica, server_binary

# RedisTimeouts' defaults: 0.5 s to connect, 1 s for a command. Bounds are generous past them: what is checked is
# that the server gives up, not how fast this machine is.
GIVES_UP_WITHIN = 10.0
HUGE = 300_000_000


@pytest.fixture
def fake():
    started: list[FakeRedis] = []

    def start(answer) -> FakeRedis:
        started.append(FakeRedis(answer))
        return started[-1]

    yield start
    for peer in started:
        peer.close()


def start_against(url: str) -> tuple[int | None, str, str, float]:
    """The server started against `url`: (exit code or None if it still ran after GIVES_UP_WITHIN, stdout,
    stderr, seconds)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("INSET_")}
    started = time.monotonic()
    process = subprocess.Popen(
        [server_binary(), "--port", "0", "--access-log", "off", "--session-store", url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=clean,
    )
    try:
        code = process.wait(timeout=GIVES_UP_WITHIN)
    except subprocess.TimeoutExpired:
        code = None
        process.kill()
    stdout, stderr = process.communicate(timeout=10)
    return code, stdout, stderr, time.monotonic() - started


def test_a_huge_reply_at_startup_stops_the_server(fake):
    """A 300 MB bulk string for PING: the server read all of it (935 MB resident), took it for no refusal and
    listened."""
    peer = fake(lambda arguments: Bulk(HUGE))
    code, stdout, stderr, seconds = start_against(peer.url)
    assert code == 3, f"exit {code} after {seconds:.1f} s; stdout {stdout!r}; stderr {stderr!r}"
    assert "listening" not in stdout
    assert "larger than" in stderr, stderr
    assert peer.written < HUGE // 10, f"the peer wrote {peer.written} bytes before the server closed"


def peak_rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmHWM for {pid}")


def test_huge_replies_at_run_time_keep_the_memory_small(fake):
    """PING answered, every other command a 300 MB bulk string: each read of a session is a 503 within the
    bounds, the peak resident set stays far below one such reply, and the server still answers."""
    peer = fake(lambda arguments: pong(arguments) if arguments[0].upper() == b"PING" else Bulk(HUGE))
    replica = Replica("--session-store", peer.url)
    try:
        answers = []
        for _ in range(3):
            status, _, problem, seconds = replica.call("GET", "/sessions/AAAAAAAAAAAAAAAAAAAAAA", timeout=60)
            answers.append((status, (problem or {}).get("type"), round(seconds, 1)))
        peak = peak_rss_kib(replica.proc.pid)
        assert peak < 150_000, f"peak resident set {peak} KiB after three 300 MB replies; answers {answers}"
        for status, kind, seconds in answers:
            assert status == 503 and kind == "/problems/store-unavailable", answers
            assert seconds < GIVES_UP_WITHIN, answers
        assert peer.written < HUGE, f"the peer wrote {peer.written} bytes for three replies"
        assert replica.call("GET", "/healthz")[0] == 200
    finally:
        replica.close()


def test_a_trickled_reply_at_run_time_is_a_503_at_the_deadline(fake):
    """PING answered, every other command trickled: a session read is a 503 after the command timeout from its
    send (and the lost-reply retries' own), not a wait for ever."""
    peer = fake(lambda arguments: pong(arguments) if arguments[0].upper() == b"PING" else Trickle(0.1))
    replica = Replica("--session-store", peer.url)
    try:
        status, _, problem, seconds = replica.call("GET", "/sessions/AAAAAAAAAAAAAAAAAAAAAA", timeout=30)
        assert status == 503, (status, problem)
        assert 1.0 <= seconds < GIVES_UP_WITHIN, seconds
        assert "within the 1 s command timeout" in problem["detail"], problem
    finally:
        replica.close()

"""The access log never stalls the server: with a stdout that nobody reads, requests are still answered and the
lines that do not fit the queue are dropped and counted; with a reader that keeps up, no line is lost."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time

from robust_server import CEILING_S, Server, is_short, record, server_binary

import inset_process

HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
HEALTHZ_ANSWER_END = b'{"status":"ok"}'


def pipelined_healthz(sock: socket.socket, count: int, deadline: float) -> int:
    """Sends `count` GET /healthz at once on a keep-alive connection and reads until every answer is in (or the
    deadline passes); returns how many arrived."""
    sock.sendall(HEALTHZ * count)
    received = b""
    answers = 0
    while answers < count and time.monotonic() < deadline:
        sock.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            data = sock.recv(1 << 16)
        except socket.timeout:
            break
        if not data:
            break
        received += data
        answers = received.count(HEALTHZ_ANSWER_END)
    return answers


def metric(text: str, name: str) -> int:
    match = re.search(rf"^{name} (\d+)$", text, re.MULTILINE)
    assert match, f"{name} missing from /metrics"
    return int(match.group(1))


def get(port: int, path: str, timeout: float = CEILING_S) -> tuple[int, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while True:
            chunk = sock.recv(1 << 16)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body


def test_a_stdout_nobody_reads_never_stalls_the_server() -> None:
    total = 20_000 if is_short() else 60_000
    env = {k: v for k, v in os.environ.items() if not k.startswith("INSET_")}
    # stdout is a pipe whose reader reads the listening line and then never again: after about 64 KiB the
    # writer thread blocks in write(2), as behind a stalled log shipper.
    proc = subprocess.Popen(
        [server_binary(), "--port", "0", "--access-log", "on", "--threads", "2", "--shutdown-timeout", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        env=env,
        preexec_fn=inset_process.die_with_parent,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline().decode()
        match = inset_process.LISTENING.match(first.strip())
        assert match, first
        port = int(match.group(2))
        started = time.monotonic()
        deadline = started + 60
        answered = 0
        # The 60 s bound the load (a slower machine answers fewer); each batch may take up to the ceiling.
        with socket.create_connection(("127.0.0.1", port), timeout=CEILING_S) as sock:
            while answered < total and time.monotonic() < deadline:
                batch = min(200, total - answered)
                got = pipelined_healthz(sock, batch, time.monotonic() + CEILING_S)
                assert got == batch, f"only {got} of {batch} answers after {answered} requests: the server stalled"
                answered += got
        seconds = time.monotonic() - started
        status, body = get(port, "/healthz")
        assert status == 200 and json.loads(body) == {"status": "ok"}
        status, metrics = get(port, "/metrics")
        assert status == 200
        dropped = metric(metrics.decode(), "inset_access_log_dropped_total")
        assert dropped > 0, "the pipe was never read, yet no line was dropped"
        # Shutdown flushes within the timeout, and a writer stuck in write(2) cannot hold the exit past it: it
        # exits, within a ceiling of 15 shutdown timeouts (one held by the writer never would).
        stop = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=CEILING_S)
        exit_seconds = time.monotonic() - stop
        assert code == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=5)
    record(
        "access_log_stalled_stdout",
        requests_answered=answered,
        seconds=round(seconds, 2),
        requests_per_second=round(answered / seconds),
        lines_dropped=dropped,
        exit_seconds_after_sigterm=round(exit_seconds, 2),
    )


def test_no_line_is_lost_when_the_reader_keeps_up() -> None:
    total = 5_000 if is_short() else 20_000
    with Server("--threads", "2", access_log=True) as server:
        ids = [f"line-{index:06d}" for index in range(total)]
        with socket.create_connection(("127.0.0.1", server.port), timeout=CEILING_S) as sock:
            for start in range(0, total, 100):
                batch = ids[start : start + 100]
                sock.sendall(
                    b"".join(
                        f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: {rid}\r\n\r\n".encode()
                        for rid in batch
                    )
                )
                received = b""
                while received.count(HEALTHZ_ANSWER_END) < len(batch):
                    chunk = sock.recv(1 << 16)
                    assert chunk, "connection closed"
                    received += chunk
        status, metrics = get(server.port, "/metrics")
        dropped = metric(metrics.decode(), "inset_access_log_dropped_total")
        code, _ = server.terminate()
        assert code == 0, server.stderr()
        lines = server.stdout_lines()[1:]
    logged = [json.loads(line) for line in lines]
    seen = [entry["requestId"] for entry in logged if entry["path"] == "/healthz"]
    record("access_log_keeps_up", requests=total, lines=len(logged), dropped=dropped)
    assert dropped == 0
    assert sorted(seen) == ids, f"{len(seen)} /healthz lines for {total} requests"
    assert all(entry["status"] == 200 for entry in logged)

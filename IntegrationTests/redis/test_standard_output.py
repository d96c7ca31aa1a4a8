"""inset-server started with standard output closed: the access log reaches neither a client nor Redis, though the
next socket opened takes descriptor 1."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import threading
import time

from inset_process import die_with_parent
from redis_env import CEILING_S, SESSION, Replica, exchange, free_port, one_answer, request_bytes, server_binary

CLIENTS = 50


class ClosedStdout(Replica):
    """An inset-server exec'd by `sh` with descriptor 1 closed: its `listening on` line is lost, so it listens on a
    port picked here and is up once /healthz answers."""

    def __init__(self, *args: str) -> None:
        # Not Replica's __init__, which waits for that line.
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.workdir = tempfile.mkdtemp(prefix="inset-closed-stdout-")
        self.stdout_path = os.devnull
        self.stderr_path = os.path.join(self.workdir, "stderr")
        self._stdout = open(os.devnull, "wb")
        self._stderr = open(self.stderr_path, "wb")
        self.proc = subprocess.Popen(
            ["sh", "-c", 'exec "$0" "$@" >&-', server_binary(), "--port", str(self.port), *args],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self._stderr,
            env={k: v for k, v in os.environ.items() if not k.startswith("INSET_")}, preexec_fn=die_with_parent,
        )
        deadline = time.monotonic() + CEILING_S
        while True:
            assert self.proc.poll() is None, f"exited {self.proc.returncode}: {self.stderr()}"
            assert time.monotonic() < deadline, f"no /healthz within {CEILING_S} s"
            try:
                if self.call("GET", "/healthz", timeout=1)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)


def shown(raw: bytes) -> str:
    """An answer for a failure message: the status line and the body, or all of it when it is not one answer."""
    answer = one_answer(raw)
    if answer is None:
        return repr(raw[:400])
    return f"{answer[0]} {answer[2][:200]!r}"


def test_a_closed_stdout_reaches_neither_clients_nor_redis(own_redis):
    """Descriptor 1 closed and the access log on: 50 concurrent clients each create a session and read it back.
    Each gets exactly its own answer (never a log line before or after it), each session is a key in Redis, and
    Redis never saw a byte it could not parse (a log line there is an unknown command)."""
    server = ClosedStdout("--session-store", own_redis.url, "--access-log", "on")
    failures: list[str] = []
    created: list[str] = []
    lock = threading.Lock()

    def client(index: int) -> None:
        try:
            raw = exchange(server.port, request_bytes("POST", "/sessions", SESSION))
            answer = one_answer(raw)
            if answer is None or answer[0] != 201:
                raise AssertionError(f"create answered {shown(raw)}")
            session = json.loads(answer[2])["id"]
            raw = exchange(server.port, request_bytes("GET", f"/sessions/{session}"))
            answer = one_answer(raw)
            if answer is None or answer[0] != 200 or json.loads(answer[2]).get("id") != session:
                raise AssertionError(f"GET of {session} answered {shown(raw)}")
            with lock:
                created.append(session)
        except (AssertionError, OSError, ValueError) as error:
            with lock:
                failures.append(f"client {index}: {error}")

    try:
        threads = [threading.Thread(target=client, args=(index,)) for index in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert not any(thread.is_alive() for thread in threads), "a client still waits after 30 s"
        # A script loaded again after NOSCRIPT is the store's own doing; any other error reply is for bytes Redis
        # could not take for a command of ours.
        errors = {name: count for name, count in own_redis.info("errorstats").items() if name != "errorstat_NOSCRIPT"}
        assert failures == [], f"{len(failures)} of {CLIENTS} clients failed (Redis errors: {errors}): {failures[:4]}"
        missing = [session for session in created if own_redis.command("EXISTS", f"inset:session:{session}") != "1"]
        assert missing == [], f"{len(missing)} created sessions are no key in Redis"
        assert errors == {}, f"Redis answered errors (stray bytes on its connection): {errors}"
        assert server.proc.poll() is None
    finally:
        server.close()

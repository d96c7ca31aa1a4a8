"""Standard descriptors: started with 1 (or 0, 1 and 2) closed, the server puts /dev/null there, so no socket it
opens later takes that number and no access-log line is ever written into a client's connection."""

from __future__ import annotations

import os
import socket
import subprocess
import threading
import time

import pytest

from robust_http import KeepAliveClient, exchange, request_bytes
from robust_server import IPHONE15_SESSION, record, server_binary

import inset_process

CLIENTS = 64


def free_port() -> int:
    """A loopback port free right now (the listening line cannot be read with descriptor 1 closed)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_with_closed(closed: tuple[int, ...], port: int, stderr_path: str) -> subprocess.Popen:
    """inset-server --access-log on, with the descriptors in `closed` closed before exec."""

    def before_exec() -> None:
        inset_process.die_with_parent()
        for fd in closed:
            os.close(fd)

    env = {k: v for k, v in os.environ.items() if not k.startswith("INSET_")}
    with open(stderr_path, "wb") as stderr:
        return subprocess.Popen(
            [server_binary(), "--port", str(port), "--access-log", "on", "--shutdown-timeout", "2"],
            stdin=subprocess.DEVNULL,
            stdout=None,
            stderr=stderr,
            env=env,
            preexec_fn=before_exec,
        )


def wait_healthy(proc: subprocess.Popen, port: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"inset-server exited {proc.returncode} at start"
        try:
            if exchange(port, request_bytes("GET", "/healthz"), timeout=2).status == 200:
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"GET /healthz on port {port} never answered 200 in {timeout} s")


def standard_fds(pid: int) -> dict[int, str]:
    return {fd: os.readlink(f"/proc/{pid}/fd/{fd}") for fd in (0, 1, 2) if os.path.lexists(f"/proc/{pid}/fd/{fd}")}


def create_and_read(port: int, failures: list[str], lock: threading.Lock) -> None:
    """One client: creates a session and reads it back; anything but 201 then 200 with the same id is a failure."""
    client = KeepAliveClient(port, timeout=10)
    try:
        created = client.request("POST", "/sessions", IPHONE15_SESSION)
        assert created.status == 201, created
        session_id = created.json()["id"]
        assert created.header("Location") == f"/sessions/{session_id}", created
        fetched = client.request("GET", f"/sessions/{session_id}")
        assert fetched.status == 200, fetched
        assert fetched.json()["id"] == session_id, fetched
        for response in (created, fetched):
            assert b'"durationMs"' not in response.raw_head + response.body, f"an access-log line: {response!r}"
    except Exception as error:  # noqa: BLE001 - an access-log line in the stream shows up as any of these
        with lock:
            failures.append(repr(error)[:300])
    finally:
        client.close()


@pytest.mark.parametrize("closed", [(1,), (0, 1, 2)], ids=["stdout-closed", "stdin-stdout-stderr-closed"])
def test_closed_standard_descriptors_are_dev_null_and_clients_get_their_own_answers(tmp_path, closed) -> None:
    port = free_port()
    proc = start_with_closed(closed, port, str(tmp_path / "stderr"))
    try:
        wait_healthy(proc, port)
        fds_at_start = standard_fds(proc.pid)
        failures: list[str] = []
        lock = threading.Lock()
        threads = [threading.Thread(target=create_and_read, args=(port, failures, lock)) for _ in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        hung = sum(thread.is_alive() for thread in threads)
        fds_after = standard_fds(proc.pid)
        alive = proc.poll() is None
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
    record(
        f"fd_hygiene_closed_{'_'.join(map(str, closed))}",
        closed=list(closed),
        clients=CLIENTS,
        fds_at_start=fds_at_start,
        fds_after=fds_after,
        failures=len(failures),
        exit_code=proc.returncode,
    )
    assert alive, "inset-server died under the clients"
    assert hung == 0, f"{hung} of {CLIENTS} clients still waiting after 30 s"
    assert not failures, f"{len(failures)} of {CLIENTS} clients got a wrong answer: {failures[:5]}"
    for fd in closed:
        assert fds_at_start.get(fd) == "/dev/null", f"descriptor {fd} closed at start is {fds_at_start.get(fd)!r}"
        assert fds_after.get(fd) == "/dev/null", f"descriptor {fd} closed at start is {fds_after.get(fd)!r} after"

"""Real processes for the Redis suite: a redis-server on a free loopback port with its own temp dir, inset-server
replicas sharing it, a small JSON-over-HTTP client, and raw requests on sockets for checking that what came back is
exactly one answer."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import inset_process
from inset_process import die_with_parent

SCRATCH = os.environ.get("REDIS_SUITE_SCRATCH", "/tmp/build-redis")
# The timing checks bound what the service promises, never this machine's speed: a wait for an answer, a
# recovery or an exit ends as soon as it happens and fails only past CEILING_S; a wait for Redis is held to
# COMMAND_CEILING_S, ten of the service's command timeouts (RedisTimeouts.command, 1 s), which a request that
# waits for Redis to come back, instead of giving up at its timeout, misses.
CEILING_S = 30.0
COMMAND_CEILING_S = 10.0

SESSION = {
    "scrollView": {
        "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
        "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0},
        "contentSize": {"width": 390, "height": 2000},
    },
    "screen": {"width": 390, "height": 844},
}
KEYBOARD = {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}, "animationDuration": 0.25, "animationCurve": 7}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_binary() -> str:
    """INSET_SERVER_BIN, or a release build into REDIS_SUITE_SCRATCH."""
    return inset_process.server_binary(SCRATCH)


class Redis:
    """redis-server on a free loopback port, AOF on with an fsync per write, data in a temp dir it keeps across
    restarts."""

    def __init__(self, password: str | None = None) -> None:
        self.password = password
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="inset-redis-")
        self.proc: subprocess.Popen | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def start(self) -> None:
        log = open(os.path.join(self.dir, "redis.log"), "ab")
        self.proc = subprocess.Popen(
            [
                os.environ.get("REDIS_SERVER", "redis-server"),
                "--bind", "127.0.0.1", "--port", str(self.port), "--dir", self.dir,
                "--appendonly", "yes", "--appendfsync", "always", "--save", "",
                "--protected-mode", "yes", "--daemonize", "no",
                *(["--requirepass", self.password] if self.password else []),
            ],
            stdout=log, stderr=log, stdin=subprocess.DEVNULL, preexec_fn=die_with_parent,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.command("PING") == "PONG":
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited {self.proc.returncode}; see {self.dir}/redis.log")
            time.sleep(0.05)
        raise RuntimeError("redis-server did not answer PING")

    def command(self, *args: str) -> str | None:
        """One command through redis-cli; None when it cannot connect."""
        done = subprocess.run(
            ["redis-cli", "-h", "127.0.0.1", "-p", str(self.port), *args],
            capture_output=True, text=True, timeout=10,
            # The password through the environment, not argv, and without redis-cli's warning about -a.
            env={**os.environ, **({"REDISCLI_AUTH": self.password} if self.password else {})},
        )
        out = done.stdout.strip()
        if done.returncode != 0 or out.startswith("Could not connect"):
            return None
        return out

    @contextlib.contextmanager
    def frozen(self):
        """Redis stopped (SIGSTOP) inside the block: connections open, nothing read or answered until it ends."""
        self.proc.send_signal(signal.SIGSTOP)
        try:
            yield
        finally:
            self.proc.send_signal(signal.SIGCONT)

    def info(self, section: str) -> dict[str, str]:
        """One `INFO` section as its fields."""
        fields = {}
        for line in (self.command("INFO", section) or "").splitlines():
            name, colon, value = line.strip().partition(":")
            if colon and not name.startswith("#"):
                fields[name] = value
        return fields

    def stop(self, signum: int = signal.SIGTERM) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signum)
            self.proc.wait(timeout=15)

    def close(self) -> None:
        self.stop(signal.SIGKILL)
        shutil.rmtree(self.dir, ignore_errors=True)


class Replica(inset_process.ServerProcess):
    """One inset-server on a free loopback port."""

    def __init__(self, *args: str) -> None:
        super().__init__(
            server_binary(), ["--port", "0", "--access-log", "off", *args], workdir_prefix="inset-replica-"
        )

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=5)

    def close(self) -> None:
        self.kill()
        self.close_logs()
        shutil.rmtree(self.workdir, ignore_errors=True)

    def call(self, method: str, path: str, body: dict | None = None, timeout: float = CEILING_S):
        """(status, headers as a lower-cased dict, parsed JSON body or None, seconds taken)."""
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            payload = None if body is None else json.dumps(body).encode()
            headers = {"Content-Type": "application/json"} if body is not None else {}
            connection.request(method, path, body=payload, headers=headers)
            response = connection.getresponse()
            data = response.read()
            parsed = json.loads(data) if data and "json" in (response.getheader("Content-Type") or "") else None
            return (
                response.status,
                {k.lower(): v for k, v in response.getheaders()},
                parsed,
                time.monotonic() - started,
            )
        finally:
            connection.close()

    def create(self, **extra) -> str:
        status, headers, body, _ = self.call("POST", "/sessions", {**SESSION, **extra})
        assert status == 201, (status, body)
        return body["id"]

    def show(self, session: str, timestamp: float | None = None):
        body = {"sessionId": session, "keyboard": KEYBOARD}
        if timestamp is not None:
            body["timestamp"] = timestamp
        return self.call("POST", "/keyboard/show", body)

    def hide(self, session: str, timestamp: float | None = None):
        body = {"sessionId": session}
        if timestamp is not None:
            body["timestamp"] = timestamp
        return self.call("POST", "/keyboard/hide", body)


# One HTTP/1.1 answer's status line and head.
ANSWER_HEAD = re.compile(rb"^HTTP/1\.1 (\d{3}) [^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n")


def request_bytes(method: str, path: str, body: dict | None = None) -> bytes:
    """A request that asks the server to close the connection after its answer."""
    payload = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
    return head.encode() + b"\r\n" + payload


def read_to_end(sock: socket.socket, timeout: float) -> bytes:
    """Every byte the server sends until it closes the connection, or until `timeout` seconds have passed."""
    deadline = time.monotonic() + timeout
    received = b""
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            break
        except OSError:  # reset
            break
        if not chunk:
            break
        received += chunk
    return received


def one_answer(raw: bytes) -> tuple[int, dict[str, str], bytes] | None:
    """(status, lower-cased headers, body) when `raw` is exactly one HTTP/1.1 answer, its body as long as its
    Content-Length says and nothing after it; None otherwise (nothing, a cut answer, or bytes that are not ours)."""
    match = ANSWER_HEAD.match(raw)
    if not match:
        return None
    headers = {}
    for line in match.group(2).decode("latin-1").split("\r\n"):
        if line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    body = raw[match.end():]
    if "content-length" not in headers or len(body) != int(headers["content-length"]):
        return None
    return int(match.group(1)), headers, body


def exchange(port: int, request: bytes, timeout: float = 10.0) -> bytes:
    """`request` on a fresh connection; what came back until the server closed it."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        return read_to_end(sock, timeout)


def rss_kib(pid: int) -> int:
    """The process's resident set, in KiB."""
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")

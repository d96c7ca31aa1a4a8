"""Real processes for the Redis suite: a redis-server on a free loopback port with its own temp dir, inset-server
replicas sharing it, and a small JSON-over-HTTP client."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import inset_process
from inset_process import LISTENING, die_with_parent

SCRATCH = os.environ.get("REDIS_SUITE_SCRATCH", "/tmp/build-redis")

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

    def __init__(self) -> None:
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
        )
        out = done.stdout.strip()
        if done.returncode != 0 or out.startswith("Could not connect"):
            return None
        return out

    def stop(self, signum: int = signal.SIGTERM) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signum)
            self.proc.wait(timeout=15)

    def close(self) -> None:
        self.stop(signal.SIGKILL)
        shutil.rmtree(self.dir, ignore_errors=True)


class Replica:
    """One inset-server on a free loopback port."""

    def __init__(self, *args: str) -> None:
        self.workdir = tempfile.mkdtemp(prefix="inset-replica-")
        self.stdout_path = os.path.join(self.workdir, "stdout")
        self._stdout = open(self.stdout_path, "wb")
        self._stderr = open(os.path.join(self.workdir, "stderr"), "wb")
        env = {k: v for k, v in os.environ.items() if not k.startswith("INSET_")}
        self.proc = subprocess.Popen(
            [server_binary(), "--port", "0", "--access-log", "off", *args],
            stdout=self._stdout, stderr=self._stderr, stdin=subprocess.DEVNULL, env=env,
            preexec_fn=die_with_parent,
        )
        self.port = self._wait_for_port()

    def _wait_for_port(self) -> int:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            with open(self.stdout_path, "rb") as handle:
                data = handle.read()
            if b"\n" in data:
                match = LISTENING.match(data.split(b"\n", 1)[0].decode())
                if not match:
                    raise RuntimeError(f"unexpected first line {data!r}")
                return int(match.group(2))
            if self.proc.poll() is not None:
                raise RuntimeError(f"inset-server exited {self.proc.returncode} at start")
            time.sleep(0.02)
        raise RuntimeError("inset-server printed no listening line in time")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=5)

    def close(self) -> None:
        self.kill()
        self._stdout.close()
        self._stderr.close()
        shutil.rmtree(self.workdir, ignore_errors=True)

    def call(self, method: str, path: str, body: dict | None = None, timeout: float = 5.0):
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

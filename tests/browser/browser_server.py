"""Starting the built inset-server on a free port, as tests/robustness does, and calling its API from Python."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import inset_process
from inset_process import LISTENING, die_with_parent

SCRATCH = os.environ.get("BROWSER_SCRATCH", "/tmp/browser-build")
# The token of the server started with --api-token.
TOKEN = "pl4yground-Token"


def server_binary() -> str:
    """INSET_SERVER_BIN, or a release build into BROWSER_SCRATCH (never the shared .build)."""
    return inset_process.server_binary(SCRATCH)


class Server:
    """One inset-server process on a free loopback port; `base` is its URL."""

    def __init__(self, *args: str, startup_timeout: float = 15.0):
        self.workdir = tempfile.mkdtemp(prefix="inset-browser-")
        self.stdout_path = os.path.join(self.workdir, "stdout")
        self._stdout = open(self.stdout_path, "wb")
        self._stderr = open(os.path.join(self.workdir, "stderr"), "wb")
        env = {k: v for k, v in os.environ.items() if not k.startswith("INSET_")}
        self.proc = subprocess.Popen(
            [server_binary(), "--port", "0", "--access-log", "off", *args],
            stdout=self._stdout,
            stderr=self._stderr,
            stdin=subprocess.DEVNULL,
            env=env,
            preexec_fn=die_with_parent,
        )
        self.base = self._wait_for_base(startup_timeout)

    def _wait_for_base(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(self.stdout_path, "rb") as handle:
                data = handle.read()
            if b"\n" in data:
                first = data.split(b"\n", 1)[0].decode("utf-8", "replace")
                match = LISTENING.match(first)
                if not match:
                    raise RuntimeError(f"unexpected first stdout line: {first!r}")
                return match.group(1)
            if self.proc.poll() is not None:
                raise RuntimeError(f"inset-server exited {self.proc.returncode} at start")
            time.sleep(0.02)
        self.proc.kill()
        raise RuntimeError("inset-server printed no listening line in time")

    def call(self, method: str, path: str, body=None, token: str | None = None) -> tuple[int, dict, object]:
        """One request; returns (status, headers, parsed JSON body or None)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, headers, raw = response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            status, headers, raw = error.code, dict(error.headers), error.read()
        payload = json.loads(raw) if raw and "json" in headers.get("Content-Type", "") else None
        return status, headers, payload

    def stop(self) -> int:
        """SIGTERM and wait; returns the exit code (the server drains and exits 0)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self._stdout.close()
        self._stderr.close()
        return self.proc.returncode

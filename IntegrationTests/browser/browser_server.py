"""Starting the built inset-server on a free port, as IntegrationTests/robustness does, and calling its API
from Python."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import urllib.error
import urllib.request

import inset_process

SCRATCH = os.environ.get("BROWSER_SCRATCH", "/tmp/browser-build")
# The token of the server started with --api-token.
TOKEN = "pl4yground-Token"


def server_binary() -> str:
    """INSET_SERVER_BIN, or a release build into BROWSER_SCRATCH (never the shared .build)."""
    return inset_process.server_binary(SCRATCH)


class Server(inset_process.ServerProcess):
    """One inset-server process on a free loopback port; `base` is its URL."""

    def __init__(self, *args: str, startup_timeout: float = 15.0):
        super().__init__(
            server_binary(),
            ["--port", "0", "--access-log", "off", *args],
            workdir_prefix="inset-browser-",
            startup_timeout=startup_timeout,
        )

    def call(self, method: str, path: str, body=None, token: str | None = None) -> tuple[int, dict, object]:
        """One request; returns (status, headers, parsed JSON body or None). A `str` body goes as `text/plain`
        (a pasted console), any other as JSON."""
        text = isinstance(body, str)
        data = None if body is None else body.encode() if text else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "text/plain; charset=utf-8" if text else "application/json")
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
        self.close_logs()
        return self.proc.returncode

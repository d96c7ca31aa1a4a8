"""What the black-box suites (IntegrationTests/robustness, IntegrationTests/browser, IntegrationTests/redis)
share about the inset-server process: the binary (INSET_SERVER_BIN or a release build of the suite's own), the
line it prints once it listens, and dying with the test process. Each suite's conftest.py puts this folder on
sys.path."""

from __future__ import annotations

import ctypes
import os
import re
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# The first line inset-server prints: group 1 is the base URL, group 2 the port (`--port 0` picks it).
LISTENING = re.compile(r"^listening on (http://127\.0\.0\.1:(\d+))$")

_build_lock = threading.Lock()
_built: dict[str, str] = {}


def die_with_parent() -> None:
    """In the child before exec: SIGKILL when the test process dies, so a killed run leaves nothing behind."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def server_binary(scratch: str) -> str:
    """INSET_SERVER_BIN, or a release build into `scratch` (never the shared .build), made once per process."""
    configured = os.environ.get("INSET_SERVER_BIN")
    if configured:
        if not os.access(configured, os.X_OK):
            raise RuntimeError(f"INSET_SERVER_BIN={configured} is not an executable")
        return configured
    with _build_lock:
        if scratch not in _built:
            subprocess.run(
                ["swift", "build", "-c", "release", "--product", "inset-server", "--scratch-path", scratch],
                cwd=REPO,
                check=True,
            )
            _built[scratch] = os.path.join(scratch, "release", "inset-server")
    return _built[scratch]


class ServerProcess:
    """One inset-server started on a free loopback port (`--port 0` among `args`), with its stdout and stderr in
    files under its own temp dir and no INSET_ variable of ours leaking into it; `base` and `port` say where it
    listens, read from its first stdout line."""

    def __init__(
        self,
        binary: str,
        args: list[str],
        *,
        workdir_prefix: str,
        env: dict[str, str] | None = None,
        startup_timeout: float = 15.0,
    ):
        self.workdir = tempfile.mkdtemp(prefix=workdir_prefix)
        self.stdout_path = os.path.join(self.workdir, "stdout")
        self.stderr_path = os.path.join(self.workdir, "stderr")
        self._stdout = open(self.stdout_path, "wb")
        self._stderr = open(self.stderr_path, "wb")
        full_env = {k: v for k, v in os.environ.items() if not k.startswith("INSET_")}
        full_env.update(env or {})
        self.proc = subprocess.Popen(
            [binary, *args],
            stdout=self._stdout,
            stderr=self._stderr,
            stdin=subprocess.DEVNULL,
            env=full_env,
            preexec_fn=die_with_parent,
        )
        self.base, self.port = self._wait_for_listening(startup_timeout)

    def _wait_for_listening(self, timeout: float) -> tuple[str, int]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(self.stdout_path, "rb") as handle:
                data = handle.read()
            if b"\n" in data:
                first = data.split(b"\n", 1)[0].decode("utf-8", "replace")
                match = LISTENING.match(first)
                if not match:
                    raise RuntimeError(f"unexpected first stdout line: {first!r}")
                return match.group(1), int(match.group(2))
            if self.proc.poll() is not None:
                raise RuntimeError(f"inset-server exited {self.proc.returncode} at start: {self.stderr()}")
            time.sleep(0.02)
        self.proc.kill()
        raise RuntimeError("inset-server printed no listening line in time")

    def stderr(self) -> str:
        """What the server wrote to stderr so far."""
        self._stderr.flush()
        with open(self.stderr_path, "rb") as handle:
            return handle.read().decode("utf-8", "replace")

    def close_logs(self) -> None:
        self._stdout.close()
        self._stderr.close()

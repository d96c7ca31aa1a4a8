"""What the black-box suites (tests/robustness, tests/browser, tests/redis) share about the inset-server
process: the binary (INSET_SERVER_BIN or a release build of the suite's own), the line it prints once it
listens, and dying with the test process. Each suite's conftest.py puts this folder on sys.path."""

from __future__ import annotations

import ctypes
import os
import re
import signal
import subprocess
import threading
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

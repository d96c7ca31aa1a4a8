"""Starting the built inset-server, reading its port and RSS, stopping it, and recording figures."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import inset_process
from robust_http import KeepAliveClient, exchange, request_bytes

SCRATCH = os.environ.get("ROBUST_SCRATCH", "/tmp/rob-build")

# Words that must never reach a client in an error body: stack traces, source paths, Swift type names.
FORBIDDEN_IN_ERRORS = [
    "Swift",
    ".swift",
    "JSONValue",
    "Optional(",
    "/work/",
    "Fatal",
    "Problem(",
    "HTTPServer",
    "InsetService",
    "InsetJSON",
    "InsetCore",
    "RequestState",
    "Thread ",
    "backtrace",
    "0x0000",
]

def is_short() -> bool:
    return os.environ.get("ROBUST_SHORT", "") not in ("", "0")


def server_binary() -> str:
    """INSET_SERVER_BIN, or a release build into ROBUST_SCRATCH (never the shared .build)."""
    return inset_process.server_binary(SCRATCH)


class Server(inset_process.ServerProcess):
    """One inset-server process on a free loopback port."""

    def __init__(
        self, *args: str, env: dict[str, str] | None = None, startup_timeout: float = 15.0, access_log: bool = False
    ):
        # ROBUST_SERVER_ARGS adds flags to every server, e.g. scripts/check-redis runs suites with
        # --session-store redis://… to hold the Redis store to the same answers as the memory one.
        extra = shlex.split(os.environ.get("ROBUST_SERVER_ARGS", ""))
        self.args = ["--port", "0", "--access-log", "on" if access_log else "off", *extra, *args]
        super().__init__(
            server_binary(), self.args, workdir_prefix="inset-robust-", env=env, startup_timeout=startup_timeout
        )
        self.pid = self.proc.pid
        self.exit_code: int | None = None
        self.exit_seconds: float | None = None

    def alive(self) -> bool:
        return self.proc.poll() is None

    def rss_kb(self) -> int:
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def threads(self) -> int:
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
        return -1

    def open_fds(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def stdout_lines(self) -> list[str]:
        self._stdout.flush()
        with open(self.stdout_path, "rb") as handle:
            return handle.read().decode("utf-8", "replace").splitlines()

    def signal(self, signum: int = signal.SIGTERM) -> None:
        os.kill(self.pid, signum)

    def terminate(self, timeout: float = 15.0) -> tuple[int, float]:
        """SIGTERM, then wait; returns (exit code, seconds). Kills it if it does not exit in `timeout`."""
        if self.proc.poll() is not None:
            self.exit_code = self.proc.returncode
            return self.exit_code, 0.0
        started = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.exit_code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
            self.exit_code = -9
        self.exit_seconds = time.monotonic() - started
        return self.exit_code, self.exit_seconds

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=5)
        self.close_logs()

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# The reference iPhone 15 show (README's first example, without a focused rect).
IPHONE15_SHOW = {
    "scrollView": {
        "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
        "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0},
        "contentSize": {"width": 390, "height": 2000},
    },
    "screen": {"width": 390, "height": 844},
    "keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}},
}

IPHONE15_SESSION = {
    "scrollView": {
        "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
        "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0},
        "contentSize": {"width": 390, "height": 2000},
    },
    "screen": {"width": 390, "height": 844},
    "timestamp": 0,
}

KEYBOARD_336 = {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}}



def spawn_bare(args: list[str], env_extra: dict[str, str] | None = None) -> subprocess.Popen:
    """inset-server on a free port with `args`, no access log, and only `env_extra` among INSET_ variables; its
    standard streams are pipes (stdin closed) for the caller to read, and it dies with the test process."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("INSET_")}
    env.update(env_extra or {})
    return subprocess.Popen(
        [server_binary(), "--port", "0", "--access-log", "off", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=inset_process.die_with_parent,
    )

def check_show_numbers(payload: dict) -> None:
    """The iPhone 15 show: 336 pt keyboard over a full-screen scroll view with a 34 pt home indicator."""
    assert payload["contentInset"] == {"top": 0, "left": 0, "bottom": 302, "right": 0}, payload
    assert payload["scrollIndicatorInsets"]["bottom"] == 302, payload
    assert payload["adjustedContentInset"] == {"top": 47, "left": 0, "bottom": 336, "right": 0}, payload
    assert payload["keyboardOverlap"] == 336, payload
    assert payload["keyboardDocked"] is True, payload
    assert payload["animation"]["to"]["contentInset"]["bottom"] == 302, payload


# What the suite's timing checks bound is what the server promises, never how fast this machine is: a connection
# cut at a deadline is closed not before the deadline (less TOLERANCE_S, the kernel's and the watchdog's clock
# granularity) and before CEILING_S, which only a server that never closes it misses; a client that must be
# served is waited for up to CEILING_S. A passing run waits only as long as the event takes.
TOLERANCE_S = 0.1
CEILING_S = 30.0


def assert_normal_show(port: int, timeout: float = CEILING_S) -> float:
    """A fresh connection gets a correct show (within `timeout`, a ceiling); returns the seconds it took."""
    started = time.monotonic()
    response = exchange(port, request_bytes("POST", "/keyboard/show", json.dumps(IPHONE15_SHOW)), timeout=timeout)
    elapsed = time.monotonic() - started
    assert response.status == 200, response
    check_show_numbers(response.json())
    return elapsed


def assert_clean_error_body(body: bytes, context: str = "") -> None:
    text = body.decode("utf-8", "replace")
    for word in FORBIDDEN_IN_ERRORS:
        assert word not in text, f"{context}: error body leaks {word!r}: {text[:400]!r}"


def metrics(port: int, token: str | None = None) -> dict[str, float]:
    """The /metrics sample lines as {'name{labels}': value}."""
    client = KeepAliveClient(port, token=token)
    try:
        response = client.request("GET", "/metrics")
    finally:
        client.close()
    assert response.status == 200, response
    samples: dict[str, float] = {}
    for line in response.body.decode().splitlines():
        if not line or line.startswith("#"):
            continue
        name, _, value = line.rpartition(" ")
        samples[name] = float(value)
    return samples


def results_dir() -> Path:
    path = Path(os.environ.get("ROBUST_RESULTS") or os.path.join(tempfile.gettempdir(), "inset-robustness"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def record(name: str, **figures) -> None:
    """Writes one test's figures to $ROBUST_RESULTS/<name>.json (default /tmp/inset-robustness) and prints them."""
    figures = {"test": name, "mode": "short" if is_short() else "full", **figures}
    (results_dir() / f"{name}.json").write_text(json.dumps(figures, indent=2, sort_keys=False) + "\n")
    print(f"\n[robustness] {name}: " + json.dumps(figures))

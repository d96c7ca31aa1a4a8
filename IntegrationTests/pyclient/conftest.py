"""Fixtures for the generated-client suite (scripts/check-python-client): one inset-server with a token, the
generated package's clients for it, and the check that the suite sent every operation of openapi.yaml through
them. The package `inset_client` is the one scripts/check-python-client generates from openapi.yaml and installs;
the suite never builds its own requests."""

from __future__ import annotations

import os
import re
import secrets
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import yaml

sys.path.insert(0, os.path.dirname(__file__))
# The process helpers the black-box suites share (IntegrationTests/common/inset_process.py).
sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, "common"))

from inset_client import AuthenticatedClient, Client  # noqa: E402
from inset_process import REPO, ServerProcess, server_binary  # noqa: E402

SPEC = REPO / "openapi.yaml"
METHODS = ("get", "put", "post", "patch", "delete", "head", "options")


def spec_operations() -> dict[tuple[str, str], str]:
    """(METHOD, path template) -> operationId, for every operation of openapi.yaml."""
    spec = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    return {
        (method.upper(), path): operation["operationId"]
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    }


OPERATIONS = spec_operations()
# Each path template as a pattern over request paths; `{id}` is one segment.
TEMPLATES = [
    (method, path, re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"))
    for method, path in OPERATIONS
]
sent: set[tuple[str, str]] = set()


def record(request) -> None:
    """httpx's request hook: the operation a request of the generated client is, by method and path."""
    for method, path, pattern in TEMPLATES:
        if request.method == method and pattern.match(request.url.path):
            sent.add((method, path))
            return


@pytest.fixture(scope="session")
def token() -> str:
    return secrets.token_urlsafe(24)


@pytest.fixture(scope="session")
def server(token):
    """One inset-server for the suite, on a free loopback port, with --api-token so the token is exercised."""
    process = ServerProcess(
        server_binary("/tmp/pyclient-build"),
        ["--port", "0", "--access-log", "off", "--api-token", token],
        workdir_prefix="inset-pyclient-",
    )
    yield process
    process.proc.send_signal(signal.SIGTERM)
    try:
        process.proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.proc.kill()
        process.proc.wait(timeout=5)
    process.close_logs()


def hooks() -> dict:
    return {"event_hooks": {"request": [record]}}


@pytest.fixture(scope="session")
def client(server, token):
    """The generated AuthenticatedClient with the server's token; an unexpected status raises."""
    with AuthenticatedClient(
        base_url=server.base,
        token=token,
        timeout=httpx.Timeout(10.0),
        raise_on_unexpected_status=True,
        httpx_args=hooks(),
    ) as authenticated:
        yield authenticated


@pytest.fixture(scope="session")
def anonymous(server):
    """The generated Client without a token: the routes open to everyone, and the 401 of the others."""
    with Client(
        base_url=server.base, timeout=httpx.Timeout(10.0), raise_on_unexpected_status=True, httpx_args=hooks()
    ) as plain:
        yield plain


def pytest_sessionfinish(session, exitstatus):
    """With the whole suite run, every operation of openapi.yaml went through the generated client."""
    if exitstatus != 0 or session.config.option.keyword or session.config.option.markexpr:
        return
    if session.testscollected == 0 or any(not Path(arg.split("::")[0]).is_dir() for arg in session.config.args):
        return
    missing = sorted(f"{OPERATIONS[key]} ({key[0]} {key[1]})" for key in OPERATIONS.keys() - sent)
    if missing:
        print("\npyclient: operations of openapi.yaml the suite never sent:\n  " + "\n  ".join(missing))
        session.exitstatus = 1
    else:
        print(f"\npyclient: all {len(OPERATIONS)} operations of openapi.yaml sent through the generated client")

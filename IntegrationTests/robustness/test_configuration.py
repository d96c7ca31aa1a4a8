"""Options that would weaken the server refuse to start: an empty API token (from the flag or the environment) is
a mistake, not a way to turn auth off; so is one with whitespace around it or made only of it (a secret file's
final newline, a template that expands to a space), which no client sends as it is. The process exits 2 with a
message that names the problem, never the token, and never listens."""

from __future__ import annotations

import subprocess

import pytest

from robust_server import CEILING_S, record, spawn_bare


EMPTY_TOKEN_STARTS = [
    pytest.param(["--api-token="], {}, id="flag-equals-empty"),
    pytest.param(["--api-token", ""], {}, id="flag-empty-argument"),
    pytest.param([], {"INSET_API_TOKEN": ""}, id="env-empty"),
    pytest.param(["--api-token="], {"INSET_API_TOKEN": "secret"}, id="env-secret-flag-empty"),
]

# A token with whitespace around it or only whitespace: `--api-token ' '` opened every route to
# `Authorization: Bearer  `; `INSET_API_TOKEN=$'s3cret\n'` (a Kubernetes Secret made from a file ending in a
# newline) answered 401 to every request and reported ready.
WHITESPACE_TOKEN_STARTS = [
    pytest.param(["--api-token", " "], {}, "only whitespace", id="flag-space"),
    pytest.param(["--api-token=\t\t"], {}, "only whitespace", id="flag-equals-tabs"),
    pytest.param([], {"INSET_API_TOKEN": "\n"}, "only whitespace", id="env-newline"),
    pytest.param([], {"INSET_API_TOKEN": "s3cret\n"}, "ends with whitespace", id="env-trailing-newline"),
    pytest.param([], {"INSET_API_TOKEN": "s3cret\r\n"}, "ends with whitespace", id="env-trailing-crlf"),
    pytest.param(["--api-token", "s3cret "], {}, "ends with whitespace", id="flag-trailing-space"),
    pytest.param(["--api-token", " s3cret"], {}, "begins with whitespace", id="flag-leading-space"),
    pytest.param(["--api-token=\ts3cret"], {}, "begins with whitespace", id="flag-equals-leading-tab"),
    pytest.param(["--api-token", "s3\x01cret"], {}, "control character", id="flag-control-character"),
    pytest.param(["--api-token", " "], {"INSET_API_TOKEN": "s3cret"}, "only whitespace", id="env-right-flag-space"),
]


def run_briefly(args: list[str], env_extra: dict[str, str], timeout: float = CEILING_S) -> tuple[int | None, str, str]:
    """Starts inset-server with `args` and only `env_extra` among INSET_ variables; returns (exit code or None when
    it still ran after `timeout` s, stdout, stderr)."""
    proc = spawn_bare(args, env_extra)
    try:
        out, err = proc.communicate(timeout=timeout)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate(timeout=5)
        code = None
    return code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


@pytest.mark.parametrize("args,env", EMPTY_TOKEN_STARTS)
def test_empty_api_token_refuses_to_start(request, args: list[str], env: dict[str, str]) -> None:
    code, out, err = run_briefly(args, env)
    record(f"config_{request.node.callspec.id}", args=args, env=env, exit_code=code, stderr=err[-300:])
    assert "listening on" not in out, f"started with an empty token: {out[:200]!r}"
    assert code is not None, f"still running {CEILING_S} s after start with an empty token"
    assert code == 2, f"exit code {code}; stderr: {err!r}"
    assert "--api-token" in err or "INSET_API_TOKEN" in err, f"the message does not name the token: {err!r}"
    assert "empty" in err.lower(), f"the message does not say the token is empty: {err!r}"


@pytest.mark.parametrize("args,env,problem", WHITESPACE_TOKEN_STARTS)
def test_api_token_with_whitespace_refuses_to_start(request, args: list[str], env: dict[str, str], problem: str):
    code, out, err = run_briefly(args, env)
    record(f"config_{request.node.callspec.id}", args=args, env=env, exit_code=code, stderr=err[-300:])
    assert "listening on" not in out, f"started with a token {problem!r}: {out[:200]!r}"
    assert code is not None, f"still running 5 s after start with a token {problem!r}"
    assert code == 2, f"exit code {code}; stderr: {err!r}"
    named = "--api-token" if args else "INSET_API_TOKEN"
    assert named in err, f"the message does not name {named}: {err!r}"
    assert problem in err, f"the message does not say the token {problem}: {err!r}"
    assert "s3" not in err and "cret" not in err, f"the message shows the token: {err!r}"

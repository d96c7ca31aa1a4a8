#!/usr/bin/env python3
"""Runs every program in docs/clients.md against a live inset-server and compares what each prints with the
lines the page says every program prints, so the page cannot rot.

A program is a fenced block right after an HTML comment `<!-- run: KIND -->`; the expected output is the fenced
block right after `<!-- output -->`. KIND says how it runs, in a fresh temporary folder with INSET_URL set to the
server's address:
  sh      bash (curl and jq)
  node    an ES module (`.mjs`) beside the server's own /client.js, run by node
  ts      TypeScript beside /client.js and /client.d.ts, saved as program.ts: the page's own commands, the
          fenced block after `<!-- build: ts -->`, compile it with `tsc --strict` and run what it emits with
          node (bash runs them; what they print is the program's output), so the page shows the exact command
  python  this interpreter, which must import the generated client (`inset_client`: scripts/check-clients runs
          this script with the Python of the environment scripts/check-python-client --install-only made)
  swift   swiftc compiles it, the binary runs
  browser a module run in the playground's page, by IntegrationTests/browser (skipped here)

usage: scripts/check-clients.py --server BINARY [--only KIND ...] [docs/clients.md]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "IntegrationTests" / "common"))
from inset_process import ServerProcess  # noqa: E402

BLOCK = re.compile(r"<!-- (run: (\w+)|build: (\w+)|output) -->\n```[^\n]*\n(.*?)\n```", re.S)
# Each program is bounded: a compile and a handful of requests.
TIMEOUT = 180


def blocks(text: str) -> tuple[list[tuple[str, str]], dict[str, str], str]:
    """The page's programs as (kind, source), the commands that build and run a kind (by kind), and the output
    every program prints."""
    programs, builds, outputs = [], {}, []
    for match in BLOCK.finditer(text):
        if match.group(1) == "output":
            outputs.append(match.group(4))
        elif match.group(3):
            builds[match.group(3)] = match.group(4) + "\n"
        else:
            programs.append((match.group(2), match.group(4) + "\n"))
    if len(outputs) != 1:
        sys.exit(f"check-clients: expected one <!-- output --> block, found {len(outputs)}")
    if "ts" not in builds:
        sys.exit("check-clients: the page shows no <!-- build: ts --> commands")
    return programs, builds, outputs[0] + "\n"


def run(kind: str, source: str, folder: Path, base: str, builds: dict[str, str]) -> str:
    """Runs one program in `folder` and returns its standard output."""
    env = {**os.environ, "INSET_URL": base}

    def fetch(name: str) -> None:
        with urllib.request.urlopen(f"{base}/{name}", timeout=10) as answer:
            (folder / name).write_bytes(answer.read())

    def execute(command: list[str], **extra) -> str:
        done = subprocess.run(
            command, cwd=folder, env={**env, **extra}, capture_output=True, text=True, timeout=TIMEOUT
        )
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
        return done.stdout

    if kind == "sh":
        (folder / "program.sh").write_text(source)
        return execute(["bash", "-euo", "pipefail", "program.sh"])
    if kind == "node":
        fetch("client.js")
        (folder / "program.mjs").write_text(source)
        return execute(["node", "program.mjs"])
    if kind == "ts":
        fetch("client.js")
        fetch("client.d.ts")
        (folder / "program.ts").write_text(source)
        return execute(["bash", "-euo", "pipefail", "-c", builds["ts"]])
    if kind == "python":
        (folder / "program.py").write_text(source)
        return execute([sys.executable, "program.py"])
    if kind == "swift":
        (folder / "main.swift").write_text(source)
        execute(["swiftc", "-o", "program", "main.swift"])
        return execute(["./program"])
    raise RuntimeError(f"unknown kind {kind!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", nargs="?", default=str(REPO / "docs" / "clients.md"))
    parser.add_argument("--server", required=True, help="the inset-server binary")
    parser.add_argument("--only", nargs="*", help="run only these kinds")
    options = parser.parse_args()
    programs, builds, expected = blocks(Path(options.page).read_text())
    kinds = [kind for kind, _ in programs]
    for needed in options.only or ("sh", "node", "ts", "python", "swift", "browser"):
        if needed not in kinds:
            sys.exit(f"check-clients: the page has no {needed} program")
    server = ServerProcess(options.server, ["--port", "0", "--access-log", "off"], workdir_prefix="inset-clients-")
    failures = 0
    try:
        for kind, source in programs:
            if kind == "browser" or (options.only and kind not in options.only):
                continue
            with tempfile.TemporaryDirectory(prefix=f"inset-client-{kind}-") as folder:
                try:
                    printed = run(kind, source, Path(folder), server.base, builds)
                except (RuntimeError, subprocess.TimeoutExpired) as error:
                    print(f"check-clients: {kind}: FAILED\n{error}")
                    failures += 1
                    continue
            if printed == expected:
                print(f"check-clients: {kind}: ok")
            else:
                print(f"check-clients: {kind}: printed\n{printed}instead of\n{expected}")
                failures += 1
    finally:
        server.proc.terminate()
        server.proc.wait(timeout=10)
        server.close_logs()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

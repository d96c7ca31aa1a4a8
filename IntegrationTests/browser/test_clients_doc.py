"""docs/clients.md's browser program, run as a user runs it: its page served from a second loopback origin (with the
live server's address in place of `http://localhost:8080`), importing `/client.js` from the service across origins.
What it logs must be the lines the page says every program prints (scripts/check-clients.py runs the page's other
programs and reads the page the same way)."""

from __future__ import annotations

import importlib.util
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

_spec = importlib.util.spec_from_file_location("check_clients", REPO / "scripts" / "check-clients.py")
check_clients = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_clients)

# Before the page's own script: its console.log lines and any error it throws, kept for the test to read.
CAPTURE = """<script>
window.__lines = []; window.__errors = [];
const log = console.log;
console.log = (...parts) => { window.__lines.push(parts.join(' ')); log(...parts); };
addEventListener('error', (event) => window.__errors.push(String(event.message)));
addEventListener('unhandledrejection', (event) => window.__errors.push(String(event.reason)));
</script>
"""

WAIT = """
const done = arguments[arguments.length - 1];
const started = performance.now();
(function poll() {
  if (window.__errors.length || window.__lines.includes('deleted') || performance.now() - started > 20000) {
    done({ lines: window.__lines, errors: window.__errors });
  } else {
    setTimeout(poll, 20);
  }
})();
"""


def serve(page: bytes) -> ThreadingHTTPServer:
    class Page(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *_):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_the_browser_program_prints_the_pages_lines(driver, server):
    programs, _, expected = check_clients.blocks((REPO / "docs" / "clients.md").read_text())
    sources = [source for kind, source in programs if kind == "browser"]
    assert len(sources) == 1, "docs/clients.md has one browser program"
    assert "http://localhost:8080" in sources[0]
    page = sources[0].replace("http://localhost:8080", server.base).replace("<!doctype html>\n", "")
    origin = serve(("<!doctype html>\n" + CAPTURE + page).encode())
    try:
        driver.get(f"http://127.0.0.1:{origin.server_address[1]}/")
        result = driver.execute_async_script(WAIT)
    finally:
        origin.shutdown()
    assert result["errors"] == [], result
    assert "\n".join(result["lines"]) + "\n" == expected

"""A small HTTP/1.1 client over raw sockets: it sends exactly the bytes it is given, so it can send what is not
valid HTTP, and it parses whatever comes back without trusting it."""

from __future__ import annotations

import json
import select
import socket
import struct
import time
from dataclasses import dataclass, field

HOST = "127.0.0.1"


class ConnectionClosed(Exception):
    """The peer closed (or reset) before a complete response; `started` says whether any byte had come."""

    def __init__(self, message: str, started: bool):
        super().__init__(message)
        self.started = started


@dataclass
class Response:
    status: int
    reason: str
    version: str
    headers: list[tuple[str, str]]
    body: bytes
    raw_head: bytes = b""
    elapsed: float = 0.0
    closed: bool = False  # the server closed the connection after this response
    extra: dict = field(default_factory=dict)

    def header(self, name: str) -> str | None:
        lowered = name.lower()
        for key, value in self.headers:
            if key.lower() == lowered:
                return value
        return None

    def header_all(self, name: str) -> list[str]:
        lowered = name.lower()
        return [value for key, value in self.headers if key.lower() == lowered]

    def json(self):
        return json.loads(self.body.decode("utf-8"))

    @property
    def problem_type(self) -> str | None:
        ctype = (self.header("Content-Type") or "").lower()
        if "json" not in ctype or not self.body:
            return None
        try:
            return self.json().get("type")
        except (ValueError, AttributeError):
            return None

    def __repr__(self) -> str:  # short, for assertion messages
        body = self.body[:300]
        return f"<Response {self.status} {self.reason!r} headers={self.headers!r} body={body!r}>"


def connect(port: int, timeout: float = 10.0) -> socket.socket:
    sock = socket.create_connection((HOST, port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def set_linger_reset(sock: socket.socket) -> None:
    """SO_LINGER with a zero timeout: close() then sends RST instead of FIN."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


class Reader:
    """Reads responses off one socket, keeping what was read past the current response."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.buffer = b""
        self.eof = False

    def _fill(self, deadline: float) -> bool:
        if self.eof:
            return False
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("timed out waiting for the response")
        self.sock.settimeout(remaining)
        try:
            chunk = self.sock.recv(65536)
        except (ConnectionResetError, BrokenPipeError) as error:
            self.eof = True
            raise ConnectionClosed(f"reset: {error}", started=bool(self.buffer)) from error
        except socket.timeout as error:
            raise TimeoutError("timed out waiting for the response") from error
        if not chunk:
            self.eof = True
            return False
        self.buffer += chunk
        return True

    def read_response(self, timeout: float = 10.0, head_request: bool = False) -> Response:
        """Reads one final response (interim 1xx responses such as 100 Continue are skipped)."""
        while True:
            response = self._read_one(timeout, head_request)
            if not (100 <= response.status < 200 and response.status != 101):
                return response

    def _read_one(self, timeout: float, head_request: bool) -> Response:
        started_at = time.monotonic()
        deadline = started_at + timeout
        had_bytes = bool(self.buffer)
        while b"\r\n\r\n" not in self.buffer:
            if not self._fill(deadline):
                raise ConnectionClosed(
                    f"closed before a complete head ({len(self.buffer)} bytes: {self.buffer[:120]!r})",
                    started=bool(self.buffer) or had_bytes,
                )
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status_line = lines[0].decode("latin-1")
        parts = status_line.split(" ", 2)
        if len(parts) < 2 or not parts[0].startswith("HTTP/"):
            raise ValueError(f"not an HTTP status line: {status_line!r}")
        version, status = parts[0], int(parts[1])
        reason = parts[2] if len(parts) > 2 else ""
        headers: list[tuple[str, str]] = []
        for line in lines[1:]:
            name, _, value = line.decode("latin-1").partition(":")
            headers.append((name.strip(), value.strip()))
        self.buffer = rest
        response = Response(status, reason, version, headers, b"", raw_head=head)
        lower = {k.lower(): v for k, v in headers}
        no_body = head_request or status in (204, 304) or 100 <= status < 200
        if no_body:
            body = b""
        elif "chunked" in lower.get("transfer-encoding", "").lower():
            body = self._read_chunked(deadline)
        elif "content-length" in lower:
            length = int(lower["content-length"])
            while len(self.buffer) < length:
                if not self._fill(deadline):
                    raise ConnectionClosed(
                        f"closed mid-body ({len(self.buffer)}/{length} bytes)", started=True
                    )
            body, self.buffer = self.buffer[:length], self.buffer[length:]
        else:
            while self._fill(deadline):
                pass
            body, self.buffer = self.buffer, b""
        response.body = body
        response.elapsed = time.monotonic() - started_at
        connection = lower.get("connection", "").lower()
        response.closed = connection == "close" or (version == "HTTP/1.0" and connection != "keep-alive")
        return response

    def _read_chunked(self, deadline: float) -> bytes:
        body = b""
        while True:
            while b"\r\n" not in self.buffer:
                if not self._fill(deadline):
                    raise ConnectionClosed("closed mid-chunk", started=True)
            size_line, _, self.buffer = self.buffer.partition(b"\r\n")
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while b"\r\n" not in self.buffer:
                    if not self._fill(deadline):
                        return body
                # trailers are not expected; skip up to the blank line
                while not self.buffer.startswith(b"\r\n"):
                    _, _, self.buffer = self.buffer.partition(b"\r\n")
                    while b"\r\n" not in self.buffer:
                        if not self._fill(deadline):
                            return body
                self.buffer = self.buffer[2:]
                return body
            while len(self.buffer) < size + 2:
                if not self._fill(deadline):
                    raise ConnectionClosed("closed mid-chunk", started=True)
            body += self.buffer[:size]
            self.buffer = self.buffer[size + 2 :]

    def wait_closed(self, timeout: float) -> bool:
        """True when the peer closes (EOF or reset) within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        try:
            while True:
                if not self._fill(deadline):
                    return True
        except ConnectionClosed:
            return True
        except TimeoutError:
            return False


def exchange(
    port: int,
    data: bytes,
    timeout: float = 15.0,
    head_request: bool = False,
    stream_after_head: bytes | None = None,
) -> Response:
    """Opens a connection, sends `data`, reads one response, closes.

    `stream_after_head`: bytes sent after `data` only while the server has not answered yet (a large body the
    server may refuse early); sending stops as soon as a response starts or the server stops reading.
    """
    sock = connect(port, timeout)
    try:
        try:
            sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may refuse early; its answer is still in our receive buffer
        if stream_after_head:
            _stream_until_answered(sock, stream_after_head, timeout)
        reader = Reader(sock)
        return reader.read_response(timeout=timeout, head_request=head_request)
    finally:
        sock.close()


def _stream_until_answered(sock: socket.socket, payload: bytes, timeout: float) -> None:
    sock.setblocking(False)
    deadline = time.monotonic() + timeout
    view = memoryview(payload)
    sent = 0
    try:
        while sent < len(view) and time.monotonic() < deadline:
            readable, writable, _ = select.select([sock], [sock], [], 0.5)
            if readable:
                return  # the server answered (or closed): stop sending
            if writable:
                try:
                    sent += sock.send(view[sent : sent + 65536])
                except BlockingIOError:
                    continue
                except (BrokenPipeError, ConnectionResetError):
                    return
            elif not readable:
                # neither readable nor writable: the server is not reading; give it a moment to answer
                continue
    finally:
        sock.setblocking(True)


def request_bytes(
    method: str,
    path: str,
    body: bytes | str | None = None,
    headers: dict[str, str] | list[tuple[str, str]] | None = None,
    content_type: str | None = "application/json",
    version: str = "HTTP/1.1",
    host: str | None = "127.0.0.1",
    connection: str | None = "close",
) -> bytes:
    """Builds request bytes; every default can be turned off (None) to make a hostile variant."""
    if isinstance(body, str):
        body = body.encode("utf-8")
    lines = [f"{method} {path} {version}".encode("latin-1")]
    if host is not None:
        lines.append(f"Host: {host}".encode("latin-1"))
    items = list(headers.items()) if isinstance(headers, dict) else list(headers or [])
    names = {k.lower() for k, _ in items}
    if body is not None and content_type is not None and "content-type" not in names:
        items.append(("Content-Type", content_type))
    if body is not None and "content-length" not in names and "transfer-encoding" not in names:
        items.append(("Content-Length", str(len(body))))
    if connection is not None and "connection" not in names:
        items.append(("Connection", connection))
    for name, value in items:
        lines.append(name.encode("latin-1") + b": " + value.encode("latin-1"))
    return b"\r\n".join(lines) + b"\r\n\r\n" + (body or b"")


class KeepAliveClient:
    """One persistent connection for load tests: send a request, read its response, reconnect on close."""

    def __init__(self, port: int, timeout: float = 10.0, token: str | None = None):
        self.port = port
        self.timeout = timeout
        self.token = token
        self.sock: socket.socket | None = None
        self.reader: Reader | None = None

    def _ensure(self) -> None:
        if self.sock is None:
            self.sock = connect(self.port, self.timeout)
            self.reader = Reader(self.sock)

    def close(self) -> None:
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None
                self.reader = None

    def request(
        self,
        method: str,
        path: str,
        body: object | None = None,
        headers: dict[str, str] | None = None,
        content_type: str = "application/json",
        reconnect: bool = True,
    ) -> Response:
        payload = None
        if body is not None:
            payload = body if isinstance(body, bytes) else json.dumps(body).encode()
        all_headers = dict(headers or {})
        if self.token is not None:
            all_headers.setdefault("Authorization", f"Bearer {self.token}")
        data = request_bytes(method, path, payload, all_headers, content_type=content_type, connection=None)
        if reconnect:
            self._ensure()
        elif self.sock is None:
            raise ConnectionClosed("not connected", started=False)
        assert self.sock is not None and self.reader is not None
        try:
            self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError) as error:
            self.close()
            raise ConnectionClosed(f"send failed: {error}", started=False) from error
        try:
            response = self.reader.read_response(timeout=self.timeout, head_request=(method == "HEAD"))
        except (ConnectionClosed, TimeoutError, ValueError):
            self.close()
            raise
        if response.closed:
            self.close()
        return response

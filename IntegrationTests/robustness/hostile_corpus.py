"""Hostile requests, as raw bytes, each with the answer it must get.

Every case is sent on its own connection by test_hostile_inputs.py; after each one the server must still answer
a normal iPhone 15 show with contentInset.bottom 302.

A case is here for what only a raw socket to the release binary shows: framing, bytes and sizes libmicrohttpd
and the transport meet before the service does, the service's work limits at the binary's build, and a few
bodies as a smoke test of the whole path. What the service answers to a request it was handed (the JSON
grammar, members and their ranges, content types, methods and routes, request ids) is tested in process, once:
InsetJSONTests, InsetSchemaTests, ErrorTests, MissingMemberTests, RouterTests, CrossCuttingTests (issue 46).

Fields of a case:
  id        a short name (the pytest id)
  data      the exact bytes written to the socket
  status    the status expected: one int, or a tuple of acceptable ones
  type      the problem `type` expected for a service answer (`/problems/...`), a tuple of acceptable ones, or
            None when the answer is not a problem (2xx) or comes from libmicrohttpd itself
  layer     "service": our handler answers, so status, problem type, problem+json and X-Request-Id are checked;
            "mhd": libmicrohttpd answers before our handler, so only "4xx (or the listed status), never 5xx,
            server alive" is checked
  close_ok  (mhd) closing the connection without an answer is acceptable
  silence_ok (mhd) no answer within 3 s is acceptable (libmicrohttpd waits for the rest of a request line)
  stream    bytes the client keeps sending after `data` until the server answers (a body the server refuses early)
  check     an extra check by name: "show" (the iPhone 15 numbers), "allow" (405 carries Allow),
            "closed" (the server closes the connection after answering),
            "two_responses" (pipelined: both answered), "one_response" (the server closes the connection after
            answering and sends not one byte more: no second head, no answer to a request pipelined behind),
            "page" (an HTML page that names the problem type the path ends in)
  head      the request is HEAD: the response has no body
  Every other answer is waited for up to robust_server.CEILING_S, a ceiling, not a speed: a case refused "at
  once" whose refusal instead waited for the rest of the request is cut by a deadline and fails as closed.
  bug       when set, the case documents a server bug: expected is what the server SHOULD answer, the test is
            xfail(strict=True) with this text as the reason
"""

from __future__ import annotations

import json
from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------------------------
# Building blocks

SHOW = (
    '{"scrollView": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}, '
    '"safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0}, '
    '"contentSize": {"width": 390, "height": 2000}}, '
    '"screen": {"width": 390, "height": 844}, '
    '"keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}}}'
)
FRAME_END = '"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}'
KEYBOARD = '"keyboard": {' + FRAME_END + "}"
MISSING_ID = "AAAAAAAAAAAAAAAAAAAAAA"  # well-formed (22 base64url characters), never issued


def req(
    method: str,
    path: str,
    body: bytes | str | None = None,
    content_type: str | None = "application/json",
    headers: list[tuple[str, str]] | None = None,
    version: str = "HTTP/1.1",
    host: str | None = "127.0.0.1",
) -> bytes:
    """A request with Host, Content-Type and Content-Length as a client would send them, and Connection: close."""
    if isinstance(body, str):
        body = body.encode("utf-8")
    lines = [f"{method} {path} {version}".encode("latin-1")]
    if host is not None:
        lines.append(b"Host: " + host.encode())
    for name, value in headers or []:
        lines.append(name.encode("latin-1") + b": " + value.encode("latin-1"))
    names = {name.lower() for name, _ in headers or []}
    if body is not None:
        if content_type is not None and "content-type" not in names:
            lines.append(b"Content-Type: " + content_type.encode("latin-1"))
        if "content-length" not in names and "transfer-encoding" not in names:
            lines.append(b"Content-Length: " + str(len(body)).encode())
    if "connection" not in names:
        lines.append(b"Connection: close")
    return b"\r\n".join(lines) + b"\r\n\r\n" + (body or b"")


def show(body: bytes | str, **kw) -> bytes:
    return req("POST", "/keyboard/show", body, **kw)


def chunked(chunks: list[bytes], headers: bytes = b"") -> bytes:
    head = (
        b"POST /keyboard/show HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n" + headers + b"\r\n"
    )
    return head + b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in chunks) + b"0\r\n\r\n"


def with_transfer_encoding(value: bytes, body: bytes, extra: bytes = b"", close: bool = True) -> bytes:
    """A show whose Transfer-Encoding header is `value` verbatim (b"" leaves it empty), then `extra` header lines."""
    return (
        b"POST /keyboard/show HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding:" + (b" " + value if value else b"") + b"\r\n" + extra
        + (b"Connection: close\r\n" if close else b"") + b"\r\n" + body
    )


def chunked_body(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n0\r\n\r\n" % (len(data), data)


def chunk_extension(length: int) -> bytes:
    """A chunked show whose first chunk-size line carries a `length`-byte extension (`5;aaa...`)."""
    data = SHOW.encode()
    head = (
        b"POST /keyboard/show HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    return head + b"5;" + b"a" * length + b"\r\n" + data[:5] + b"\r\n" + chunked_body(data[5:])


def head_only(method: str, path: str, extra: bytes) -> bytes:
    """Request line and Host, then `extra` raw header lines (each ending CRLF), then the blank line."""
    return f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode() + extra + b"Connection: close\r\n\r\n"


@dataclass
class Case:
    id: str
    data: bytes
    status: int | tuple[int, ...]
    type: str | tuple[str, ...] | None = None
    layer: str = "service"
    close_ok: bool = False
    silence_ok: bool = False
    stream: bytes | None = None
    check: str | None = None
    head: bool = False
    bug: str | None = None

    @property
    def statuses(self) -> tuple[int, ...]:
        return self.status if isinstance(self.status, tuple) else (self.status,)

    @property
    def types(self) -> tuple[str, ...] | None:
        if self.type is None:
            return None
        return self.type if isinstance(self.type, tuple) else (self.type,)


MALFORMED = "/problems/malformed-json"
URI_TOO_LONG = "/problems/uri-too-long"
HEADER_TOO_LARGE = "/problems/header-too-large"
INVALID = "/problems/validation-failed"
TOO_LARGE = "/problems/body-too-large"
NOT_FOUND = "/problems/not-found"
NO_SESSION = "/problems/session-not-found"
ANY_404 = (NOT_FOUND, NO_SESSION)
METHOD = "/problems/method-not-allowed"
QUERY = "/problems/invalid-query"
NO_NOTIFICATION = "/problems/no-notification"
FRAMING = "/problems/malformed-request"

TEN_MB = 10 * 1024 * 1024
# A valid request pipelined behind a hostile one: it must never be read as part of the first one's body.
HEALTHZ_BEHIND = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
ONE_MB = 1024 * 1024

CASES: list[Case] = [
    # ---- JSON over the wire: one malformed body, and nesting as deep as the release binary's workers take --------
    Case("json-truncated-half", show(SHOW[: len(SHOW) // 2]), 400, MALFORMED),
    Case("json-nesting-60000-arrays", show("[" * 60000), 400, MALFORMED),
    Case("json-nesting-100000-arrays", show("[" * 100000), 413, TOO_LARGE, check="closed"),
    Case("json-nesting-10000-objects", show('{"a":' * 10000), 400, MALFORMED),
    Case("json-nesting-deep-in-known-field", show('{"keyboard": ' + "[" * 5000), 400, MALFORMED),
    # ---- Bytes a C string would cut or a text conversion would replace, in a body ---------------------------------
    Case("utf8-invalid-byte", show(b'{"sessionId": "\xff\xfe"}'), 400, MALFORMED),
    Case("nul-raw-in-string", show(b'{"sessionId": "a\x00b"}'), 400, MALFORMED),
    Case("nul-after-document", show(SHOW.encode() + b"\x00"), 400, MALFORMED),
    Case("nul-only-body", show(b"\x00" * 64), 400, MALFORMED),
    # ---- Big strings and many fields --------------------------------------------------------------------------
    Case(
        "string-1mb",
        req("POST", "/keyboard/show", None, headers=[("Content-Type", "application/json"), ("Content-Length", str(ONE_MB + 17))]),
        413,
        TOO_LARGE,
        stream=b'{"sessionId": "' + b"A" * ONE_MB + b'"}',
        check="closed",
    ),
    Case("string-60kb-unknown-field", show(SHOW[:-1] + ', "junk": "' + "A" * 60000 + '"}'), 400, INVALID),
    Case("string-60kb-session-id", show('{"sessionId": "' + "A" * 60000 + '", ' + KEYBOARD + "}"), 400, INVALID),
    Case("unknown-5000-fields", show(SHOW[:-1] + "".join(f', "u{i}": 0' for i in range(5000)) + "}"), 400, INVALID),
    # Answered by the session store: scripts/check-redis runs these again with the sessions in Redis.
    Case("focus-unknown-session", req("POST", f"/sessions/{MISSING_ID}/focus", '{"field": "next"}'), 404, NO_SESSION),
    # ---- A console pasted as text/plain (read before the session is looked up) ------------------------------
    # The attacker's lines: each `[` is a dictionary while `\"],z:w\"` is a string and an array when it is not, so
    # a reader that tries both doubles its work per line (50 lines took 29 s; 100 never ended, and two such
    # requests held both workers of a 2-core server). Read within a budget: refused at once.
    *[
        Case(
            f"notifications-text-tangled-arrays-{name}",
            req("POST", f"/sessions/{MISSING_ID}/notifications", opening + 'k:[j:\\"],z:w\\",\n' * lines, "text/plain"),
            400,
            (INVALID, NO_NOTIFICATION),
        )
        for name, opening, lines in [
            ("100-lines", "[", 100),
            ("64kb", "[", 4000),
            ("in-swift-notification", "name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([", 100),
            (
                "after-a-member",
                'keyboardWillShow [AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 508}, {390, 336}},\n',
                100,
            ),
        ]
    ],
    # One failed start per byte: each once cost a substring search.
    Case(
        "notifications-text-65000-open-braces",
        req("POST", f"/sessions/{MISSING_ID}/notifications", "{" * 65000, "text/plain"),
        400,
        NO_NOTIFICATION,
    ),
    # 4 000 unused userInfo keys: each was compared with every one listed before it.
    Case(
        "notifications-json-4000-unused-keys",
        req(
            "POST",
            f"/sessions/{MISSING_ID}/notifications",
            '{"notifications": [{"name": "UIKeyboardWillShowNotification", "userInfo": {'
            + ",".join(f'"k{i}": 0' for i in range(4000))
            + "}}]}",
        ),
        404,
        NO_SESSION,
    ),
    # ---- Body size and framing --------------------------------------------------------------------------------
    Case(
        "body-10mb-content-length",
        req("POST", "/keyboard/show", None, headers=[("Content-Type", "application/json"), ("Content-Length", str(TEN_MB))]),
        413,
        TOO_LARGE,
        stream=b" " * TEN_MB,
        check="closed",
    ),
    Case("body-65537-bytes", show(b" " * 65537), 413, TOO_LARGE, check="closed"),
    # The release binary's default limit; every operation's limit is ServerTests' (declared and chunked).
    Case(
        "body-chunked-huge-chunk-size",
        b"POST /keyboard/show HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nffffffff\r\n",
        413,
        layer="mhd",
        stream=b" " * (200 * 1024),
        # libmicrohttpd cannot answer while a body arrives: past twice the limit the connection is cut at once.
        close_ok=True,
    ),
    Case("body-chunked-valid-show", chunked([SHOW.encode()[:100], SHOW.encode()[100:]]), 200, check="show"),
    Case("body-expect-100-continue", show(SHOW.encode(), headers=[("Expect", "100-continue")]), 200, check="show"),
    Case(
        "body-chunked-bad-size",
        b"POST /keyboard/show HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        400,
        layer="mhd",
    ),
    # A Content-Length libmicrohttpd refuses gets one answer from the service (it sent its own head twice).
    Case(
        "body-content-length-not-a-number",
        show(b"{}", headers=[("Content-Length", "abc")]),
        400,
        FRAMING,
        check="one_response",
    ),
    Case(
        "body-content-length-negative",
        show(b"{}", headers=[("Content-Length", "-5")]),
        400,
        FRAMING,
        check="one_response",
    ),
    Case(
        "body-content-length-list",
        show(b"{}   ", headers=[("Content-Length", "5, 5")]),
        400,
        FRAMING,
        check="one_response",
    ),
    Case(
        "body-content-length-20-digits",
        show(b"{}", headers=[("Content-Length", "9" * 20)]),
        413,
        TOO_LARGE,
        check="one_response",
    ),
    # Declared, never sent: refused at once (19 digits fit in 64 bits, and libmicrohttpd waited for the body).
    Case(
        "body-content-length-19-digits-no-body",
        req("POST", "/keyboard/show", None, headers=[("Content-Type", "application/json"), ("Content-Length", "1" + "0" * 18)]),
        413,
        TOO_LARGE,
        check="one_response",
    ),
    Case(
        "body-content-length-25-digits-no-body",
        req("POST", "/keyboard/show", None, headers=[("Content-Type", "application/json"), ("Content-Length", "1" * 25)]),
        413,
        TOO_LARGE,
        check="one_response",
    ),
    Case(
        "body-content-length-duplicate-differing",
        show(SHOW, headers=[("Content-Length", str(len(SHOW))), ("Content-Length", str(len(SHOW) + 1))]),
        400,
        FRAMING,
        check="closed",
    ),
    Case(
        "body-content-length-and-chunked",
        b"POST /keyboard/show HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n"
        + b"%x\r\n%s\r\n0\r\n\r\n" % (len(SHOW), SHOW.encode()),
        400,
        FRAMING,
        check="closed",
    ),
    Case(
        "body-transfer-encoding-not-chunked",
        b"POST /keyboard/show HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: gzip\r\nConnection: close\r\n\r\n{}",
        400,
        FRAMING,
        check="closed",
    ),
    # Transfer-Encoding values libmicrohttpd does not take as chunked (it then waited for the close).
    Case(
        "body-transfer-encoding-chunked-trailing-space",
        with_transfer_encoding(b"chunked ", chunked_body(SHOW.encode())),
        400,
        FRAMING,
        check="closed",
    ),
    Case(
        "body-transfer-encoding-chunked-trailing-space-pipelined",
        with_transfer_encoding(b"chunked ", chunked_body(SHOW.encode()), close=False) + HEALTHZ_BEHIND,
        400,
        FRAMING,
        check="one_response",
    ),
    Case(
        "body-transfer-encoding-chunked-trailing-tab",
        with_transfer_encoding(b"chunked\t", chunked_body(SHOW.encode())),
        400,
        FRAMING,
        check="closed",
    ),
    Case(
        "body-transfer-encoding-chunked-trailing-tab-pipelined",
        with_transfer_encoding(b"chunked\t", chunked_body(SHOW.encode()), close=False) + HEALTHZ_BEHIND,
        400,
        FRAMING,
        check="one_response",
    ),
    Case(
        "body-transfer-encoding-chunked-trailing-comma",
        with_transfer_encoding(b"chunked,", chunked_body(SHOW.encode())),
        400,
        FRAMING,
        check="closed",
    ),
    Case(
        "body-transfer-encoding-chunked-trailing-comma-pipelined",
        with_transfer_encoding(b"chunked,", chunked_body(SHOW.encode()), close=False) + HEALTHZ_BEHIND,
        400,
        FRAMING,
        check="one_response",
    ),
    Case(
        "body-transfer-encoding-empty-with-content-length",
        with_transfer_encoding(b"", b"{}   ", extra=b"Content-Length: 5\r\n"),
        400,
        FRAMING,
        check="closed",
    ),
    Case(
        "body-transfer-encoding-empty-with-content-length-pipelined",
        with_transfer_encoding(b"", b"{}   ", extra=b"Content-Length: 5\r\n", close=False) + HEALTHZ_BEHIND,
        400,
        FRAMING,
        check="one_response",
    ),
    # A chunk extension longer than libmicrohttpd's read buffer (it answered its own 500 page); one that fits
    # is ignored, as libmicrohttpd ignores every extension.
    Case("body-chunk-extension-40000-bytes", chunk_extension(40_000), (400, 413), (FRAMING, TOO_LARGE)),
    Case("body-chunk-extension-2000-bytes", chunk_extension(2_000), 200, check="show"),
    # ---- Header floods and odd headers ------------------------------------------------------------------------
    Case("hdr-5000-headers", req("GET", "/healthz", headers=[(f"X-H{i}", "v") for i in range(5000)]), (400, 413, 431), layer="mhd"),
    Case("hdr-one-200kb-header", req("GET", "/healthz", headers=[("X-Big", "v" * 200_000)]), (400, 413, 431), layer="mhd"),
    Case("hdr-one-60kb-cookie", req("GET", "/healthz", headers=[("Cookie", "c=" + "v" * 60_000)]), (400, 413, 431), layer="mhd"),
    Case("hdr-line-without-colon", head_only("GET", "/healthz", b"NoColonHere\r\n"), 400, layer="mhd"),
    Case(
        "hdr-space-before-colon",
        head_only("GET", "/healthz", b"X-Forwarded-For : 1.2.3.4\r\n"),
        400,
        layer="mhd",
    ),
    Case("hdr-obs-fold", head_only("GET", "/healthz", b"X-A: a\r\n  folded\r\n"), (200, 400), None, layer="mhd"),
    Case("hdr-nul-in-value", head_only("GET", "/healthz", b"X-A: a\x00b\r\n"), (200, 400), None, layer="mhd"),
    Case("hdr-authorization-garbage", req("GET", "/healthz", headers=[("Authorization", "Bearer " + "x" * 4000)]), 200),
    # ---- Long URLs and query strings -------------------------------------------------------------------------
    Case("url-8kb", req("GET", "/" + "a" * 8000), 404, NOT_FOUND),
    Case("url-100kb", req("GET", "/" + "a" * 100_000), (404, 414, 431), layer="mhd"),
    Case("url-query-80kb", req("GET", "/healthz?" + "a=b&" * 20_000), (414, 431), layer="mhd"),
    # libmicrohttpd keeps each query argument in the connection's 32 KiB pool and answered nothing once it was
    # full (600 short arguments did it); the transport now reads at most 128 and refuses more with 414.
    Case("url-query-128-params", req("GET", "/healthz?" + "&".join(f"p{i}={i}" for i in range(128))), 200),
    Case("url-query-129-params", req("GET", "/healthz?" + "&".join(f"p{i}={i}" for i in range(129))), 414, URI_TOO_LONG),
    # Arguments that do not fit the pool beside a long target: libmicrohttpd refuses the query with 431 while
    # splitting it. Told its answer could not be queued, it freed the pool and went on parsing in it, and the
    # worker thread answered nobody after that (fixed 2026-12-05; docs/reliability.md, section 10).
    Case("url-query-20-params-in-31kb", req("GET", "/healthz?" + "&".join(f"p{i}={'v' * 1_570}" for i in range(20))), 431, HEADER_TOO_LARGE),
    Case("url-session-id-8kb", req("GET", "/sessions/" + "A" * 8000), 404, NO_SESSION),
    Case("query-at-empty", req("GET", f"/sessions/{MISSING_ID}?at="), 400, QUERY),
    # ---- Path traversal in session ids ---------------------------------------------------------------------------
    Case("trav-dotdot", req("GET", "/sessions/../../etc/passwd"), 404, ANY_404),
    Case("trav-encoded-dots-and-slashes", req("GET", "/sessions/%2e%2e%2f%2e%2e%2fetc%2fpasswd"), 404, ANY_404),
    Case("trav-encoded-slashes", req("GET", "/sessions/..%2F..%2Fetc%2Fpasswd"), 404, ANY_404),
    Case("trav-double-encoded", req("GET", "/sessions/%252e%252e%252fetc%252fpasswd"), 404, ANY_404),
    Case("trav-backslashes", req("GET", "/sessions/..\\..\\etc\\passwd"), 404, ANY_404),
    Case("trav-session-dotdot", req("GET", "/sessions/.."), 404, ANY_404),
    Case("trav-session-encoded-dotdot", req("GET", "/sessions/%2e%2e"), 404, ANY_404),
    Case("trav-delete-dotdot", req("DELETE", "/sessions/%2e%2e%2f%2e%2e%2fsessions"), 404, ANY_404),
    Case("trav-patch-dotdot", req("PATCH", "/sessions/..%2F..%2Fetc%2Fpasswd", "{}"), 404, ANY_404),
    # %00 decodes to NUL: refused anywhere in the path or query (it cut C strings short: /metrics%00.css was /metrics).
    Case("trav-nul-in-id", req("GET", "/sessions/%00"), 400, FRAMING),
    Case("nul-encoded-in-path-before-suffix", req("GET", "/metrics%00.css"), 400, FRAMING),
    Case("nul-encoded-at-path-end", req("GET", "/healthz%00"), 400, FRAMING),
    Case("nul-encoded-in-query-value", req("GET", "/healthz?x=a%00b"), 400, FRAMING),
    Case("nul-encoded-in-session-id", req("GET", f"/sessions/{MISSING_ID}%00x"), 400, FRAMING),
    Case("nul-encoded-in-session-id-delete", req("DELETE", f"/sessions/{MISSING_ID}%00x"), 400, FRAMING),
    Case("trav-invalid-utf8-id", req("GET", "/sessions/%ff%fe"), 404, ANY_404),
    Case("trav-show-session-dotdot", show('{"sessionId": "../../etc/passwd", ' + KEYBOARD + "}"), 404, NO_SESSION),
    Case("path-session-unknown-id", req("GET", f"/sessions/{MISSING_ID}"), 404, NO_SESSION),
    Case("path-double-slash", req("GET", "//healthz"), 404, NOT_FOUND),
    Case("path-problem-type", req("GET", INVALID), 200, check="page"),
    Case("path-problem-type-nul", req("GET", "/problems/validation-failed%00"), 400, FRAMING),
    Case("path-problem-type-escaped", req("GET", "/problems/%2e%2e%2fhealthz"), 404, NOT_FOUND),
    # ---- Methods ----------------------------------------------------------------------------------------------
    Case("method-head-on-show", req("HEAD", "/keyboard/show"), 405, None, check="allow", head=True),
    Case("method-brew", req("BREW", "/sessions"), 405, METHOD, check="allow"),
    Case("method-lowercase-get", req("get", "/healthz"), 405, METHOD, check="allow"),
    Case("method-1000-chars", req("X" * 1000, "/healthz"), 405, METHOD),
    Case("method-trace", req("TRACE", "/healthz"), 405, METHOD, check="allow"),
    Case("method-connect", b"CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\nConnection: close\r\n\r\n", (400, 404, 405), ANY_404 + (METHOD,)),
    Case("method-options-asterisk", req("OPTIONS", "*"), (200, 204, 404), None),
    # ---- Protocol versions, Host, garbage -----------------------------------------------------------------------
    Case("http10-show", show(SHOW, version="HTTP/1.0"), 200, check="show"),
    Case("http10-show-without-host", show(SHOW, version="HTTP/1.0", host=None), 200, check="show"),
    Case(
        "http11-without-host",
        show(SHOW, host=None),
        400,
        layer="mhd",
    ),
    Case(
        "http11-two-host-headers",
        req("GET", "/healthz", headers=[("Host", "a.example")]),
        400,
        FRAMING,
        check="closed",
    ),
    Case(
        "http-absolute-form-target",
        req("GET", "http://127.0.0.1/healthz"),
        200,
        None,
    ),
    Case("http-version-1.2", b"GET /healthz HTTP/1.2\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 200),
    Case("http2-preface", b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", (400, 505), layer="mhd"),  # 505 is the right answer
    Case("http09-request", b"GET /healthz\r\n\r\n", 400, layer="mhd", close_ok=True),
    Case("http-version-garbage", b"GET /healthz HTTP/1.1x\r\nHost: 127.0.0.1\r\n\r\n", 400, layer="mhd", close_ok=True),
    Case("http-empty-version", b"GET /healthz \r\nHost: 127.0.0.1\r\n\r\n", 400, layer="mhd", close_ok=True),
    Case("garbage-text-line", b"HELLO\r\n\r\n", 400, layer="mhd", close_ok=True),
    Case("garbage-binary-with-nul", b"\x00\x01\x02garbage\r\n\r\n", 400, layer="mhd", close_ok=True, silence_ok=True),
    Case("garbage-tls-client-hello", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256)), 400, layer="mhd", close_ok=True, silence_ok=True),
    Case("garbage-only-crlf", b"\r\n" * 100, 400, layer="mhd", close_ok=True, silence_ok=True),
    Case("garbage-tabs-as-separators", b"GET\t/healthz\tHTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400, layer="mhd", close_ok=True),
    Case("garbage-64kb-no-newline", b"G" * 65536, (400, 414, 431), layer="mhd", close_ok=True),
    Case("line-endings-lf-only", b"GET /healthz HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n", (200, 400), None, layer="mhd"),
    Case(
        "pipelined-two-shows",
        show(SHOW).replace(b"Connection: close\r\n", b"") + show(SHOW),
        200,
        check="two_responses",
    ),
]


def validate() -> None:
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    assert len(CASES) >= 60, len(CASES)


validate()

if __name__ == "__main__":  # a listing, for docs
    for case in CASES:
        print(f"{case.id:45} {len(case.data) + len(case.stream or b''):>9} bytes  -> {case.status} {case.type or ''}")
    print(len(CASES), "cases")
    # keep json importable for tools that read the corpus
    json.dumps([case.id for case in CASES])

"""A loopback peer that speaks just enough of Redis's protocol to misbehave, for the tests of what the client does
with a reply that never ends or never stops growing. It reads each command whole (RESP arrays of bulk strings) and
answers it through `answer(arguments) -> bytes | Trickle | Bulk`; it counts what it wrote, and stops when the
client closes the connection or the peer is closed."""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass


@dataclass
class Trickle:
    """`+` and then one more byte every `interval` seconds, never a line end: a reply that never ends."""

    interval: float = 0.1


@dataclass
class Bulk:
    """A bulk string of `size` bytes, written as fast as the client reads it."""

    size: int


def pong(_arguments: list[bytes]):
    return b"+PONG\r\n"


class FakeRedis:
    def __init__(self, answer) -> None:
        self.answer = answer
        self.written = 0
        self.commands: list[list[bytes]] = []
        self._closed = threading.Event()
        self._lock = threading.Lock()
        self._listener = socket.socket()
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(16)
        self.port = self._listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def close(self) -> None:
        self._closed.set()
        try:
            self._listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._listener.close()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = client.makefile("rb")
        try:
            while not self._closed.is_set():
                arguments = self._read_command(reader)
                if arguments is None:
                    return
                with self._lock:
                    self.commands.append(arguments)
                if not self._send(client, self.answer(arguments)):
                    return
        except OSError:
            return
        finally:
            client.close()

    @staticmethod
    def _read_command(reader) -> list[bytes] | None:
        header = reader.readline()
        if not header.startswith(b"*"):
            return None
        arguments = []
        for _ in range(int(header[1:])):
            size = int(reader.readline()[1:])
            arguments.append(reader.read(size + 2)[:-2])
        return arguments

    def _write(self, client: socket.socket, data: bytes) -> bool:
        if self._closed.is_set():
            return False
        try:
            client.sendall(data)
        except OSError:
            return False
        with self._lock:
            self.written += len(data)
        return True

    def _send(self, client: socket.socket, reply) -> bool:
        if isinstance(reply, Trickle):
            if not self._write(client, b"+"):
                return False
            while self._write(client, b"P"):
                time.sleep(reply.interval)
            return False
        if isinstance(reply, Bulk):
            if not self._write(client, b"$%d\r\n" % reply.size):
                return False
            chunk = b"x" * 65536
            left = reply.size
            while left > 0:
                if not self._write(client, chunk[: min(left, len(chunk))]):
                    return False
                left -= min(left, len(chunk))
            return self._write(client, b"\r\n")
        return self._write(client, reply)

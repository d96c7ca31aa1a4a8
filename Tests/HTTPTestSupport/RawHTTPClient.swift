import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response as it came off the socket.
public struct RawResponse: Sendable {
    /// Status code from the status line.
    public var status: Int
    /// Header fields in order.
    public var headers: [(name: String, value: String)]
    /// Body bytes.
    public var body: [UInt8]

    /// The first value of header `name`, case-insensitive.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed by Foundation, so tests check the service's JSON with an independent parser.
    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) as? [String: Any] ?? [:]
    }
}

/// Why a raw exchange failed.
public struct RawHTTPError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// Creates an error.
    public init(description: String) { self.description = description }
}

/// A deliberately small HTTP/1.1 client over a blocking socket: it can send anything, malformed bytes included,
/// and reuses its connection the way a keep-alive client does.
public final class RawHTTPClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `host:port` with a receive timeout so a hung server fails the test instead of hanging it.
    public init(port: Int, host: String = "127.0.0.1", timeoutSeconds: Int = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawHTTPError(description: "socket failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close here: a class whose initializer throws after setting every property still runs its deinit,
        // so closing here too closed the number twice. When another test's thread had reused it in between
        // (a server's listening socket, or the event descriptor libmicrohttpd stops its threads with), that
        // test's connects failed or libmicrohttpd aborted ("Failed to signal shutdown via inter-thread
        // communication channel"), as a CI run under ThreadSanitizer did.
        guard connected == 0 else {
            throw RawHTTPError(description: "connect to \(host):\(port) failed")
        }
    }

    deinit { close(fd) }

    /// Makes the close that comes with this client's end a reset (`SO_LINGER` 0): the peer sees `ECONNRESET`.
    public func resetOnClose() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Sends raw bytes.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw RawHTTPError(description: "send failed") }
            offset += sent
        }
    }

    /// Sends text as UTF-8.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends one request and reads its response.
    public func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) throws -> RawResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + (body ?? []))
        return try readResponse(expectBody: method != "HEAD")
    }

    /// Sends a JSON body with `Content-Type: application/json`.
    public func json(_ method: String, _ path: String, _ body: String, headers: [(String, String)] = []) throws
        -> RawResponse
    {
        try request(method, path, headers: [("Content-Type", "application/json")] + headers, body: Array(body.utf8))
    }

    /// Reads one response: status line, headers, then a `Content-Length` body.
    public func readResponse(expectBody: Bool = true) throws -> RawResponse {
        let headerEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw RawHTTPError(description: "bad status line \(statusLine)")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length =
            expectBody ? Int(headers.first { $0.name.lowercased() == "content-length" }?.value ?? "0") ?? 0 : 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// True when the server has closed or reset the connection, without waiting: a read that would block is
    /// an open connection.
    public func isClosedNow() -> Bool {
        var byte: UInt8 = 0
        let read = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
        return read == 0 || (read < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// True when bytes the server sent wait to be read, without waiting or consuming them.
    public func hasBytesNow() -> Bool {
        guard buffer.isEmpty else { return true }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) > 0
    }

    /// Everything the server sends after what was read, until it closes (or the receive timeout passes): empty
    /// when a response was the only one.
    public func readToEnd() -> [UInt8] {
        var rest = buffer
        buffer = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { return rest }
            rest.append(contentsOf: chunk[..<received])
        }
    }

    /// True when the server has closed its side (a read returns end of file).
    public func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if buffer.count >= marker.count {
                for start in 0...(buffer.count - marker.count)
                where Array(buffer[start..<start + marker.count]) == marker {
                    return start
                }
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard received > 0 else {
            throw RawHTTPError(description: received == 0 ? "connection closed" : "receive timed out")
        }
        buffer.append(contentsOf: chunk[..<received])
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback peer that speaks just enough of Redis's protocol to misbehave: on every connection it waits for a
/// command's first bytes, then answers it the way `answer` says, until the client closes the connection or the
/// peer is closed. Counts the bytes it managed to write, which is what a client that does not cut a reply short
/// would end up holding.
final class FakeRedisPeer: @unchecked Sendable {
    /// How the peer answers a command.
    enum Answer: Sendable {
        /// `+` and then one more byte (`P`) every `interval` seconds, never a line end: a reply that never ends.
        case trickle(interval: Double)
        /// A bulk string of `bytes` bytes, written as fast as the client reads it.
        case bulk(bytes: Int)
        /// Nothing at all, as a frozen Redis.
        case silence
    }

    let port: Int
    private let listener: Int32
    private let answer: Answer
    private let lock = NSLock()
    private var written = 0
    private var closed = false

    /// A peer listening on a free loopback port, answering every command with `answer`.
    init(_ answer: Answer) throws {
        self.answer = answer
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = listener
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Bytes written to clients so far, over every connection.
    var bytesWritten: Int { lock.withLock { written } }

    /// Stops accepting and stops every answer at its next write.
    func close() {
        lock.withLock { closed = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private var isClosed: Bool { lock.withLock { closed } }

    private func acceptLoop() {
        while !isClosed {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { break }
            Thread.detachNewThread { [self] in serve(client) }
        }
        Glibc.close(listener)
    }

    private func serve(_ client: Int32) {
        defer { Glibc.close(client) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var one: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        while !isClosed {
            // One read is a command, near enough: the client's commands here are tiny.
            guard read(client, &buffer, buffer.count) > 0 else { return }
            switch answer {
            case .trickle(let interval):
                guard send(client, Array("+".utf8)) else { return }
                while !isClosed {
                    Thread.sleep(forTimeInterval: interval)
                    guard send(client, Array("P".utf8)) else { return }
                }
            case .bulk(let bytes):
                guard send(client, Array("$\(bytes)\r\n".utf8)) else { return }
                let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65536)
                var left = bytes
                while left > 0 {
                    guard send(client, Array(chunk.prefix(left))) else { return }
                    left -= min(left, chunk.count)
                }
                guard send(client, Array("\r\n".utf8)) else { return }
            case .silence:
                while !isClosed { Thread.sleep(forTimeInterval: 0.05) }
            }
        }
    }

    /// Writes all of `bytes`; false once the client has gone (or the peer is closed).
    private func send(_ bytes: [UInt8], to client: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard !isClosed else { return false }
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return false }
            offset += sent
            lock.withLock { written += sent }
        }
        return true
    }

    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool { send(bytes, to: client) }
}

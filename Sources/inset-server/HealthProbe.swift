#if canImport(Glibc)
    import Glibc
#endif

/// `inset-server healthcheck`: the container's HEALTHCHECK without curl. One GET /healthz over a raw socket.
enum HealthProbe {
    static func run(host: String, port: Int) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        // A wildcard bind address is reachable on loopback.
        let target = host == "0.0.0.0" ? "127.0.0.1" : (host == "::" ? "::1" : host)
        guard getaddrinfo(target, String(port), &hints, &found) == 0, let address = found else { return 1 }
        defer { freeaddrinfo(found) }
        let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, 0)
        guard fd >= 0 else { return 1 }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else { return 1 }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: \(target)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { return 1 }
        var reply = [UInt8](repeating: 0, count: 64)
        let received = reply.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard received > 12 else { return 1 }
        let statusLine = String(decoding: reply[0..<received], as: UTF8.self)
        return statusLine.hasPrefix("HTTP/1.1 200") || statusLine.hasPrefix("HTTP/1.0 200") ? 0 : 1
    }
}

import InsetJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One JSON line per request on standard output.
struct AccessLog: Sendable {
    var enabled: Bool

    func record(method: String, path: String, status: Int, seconds: Double, requestId: String) {
        guard enabled else { return }
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        writer.field("time", Self.timestamp())
        writer.field("method", String(method.prefix(16)))
        writer.field("path", String(path.prefix(256)))
        writer.field("status", status)
        writer.field("durationMs", (seconds * 1_000_000).rounded() / 1000)
        writer.field("requestId", requestId)
        writer.endObject()
        var line = writer.bytes
        line.append(UInt8(ascii: "\n"))
        // One write(2) per line: lines from concurrent threads never interleave.
        line.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
    }

    /// UTC in RFC 3339 with milliseconds.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            + "\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}

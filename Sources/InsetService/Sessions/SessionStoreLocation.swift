/// Where a Redis server listens: `redis://HOST:PORT/DB`.
public struct RedisEndpoint: Equatable, Sendable {
    /// A host name, an IPv4 address or an IPv6 address (without brackets).
    public var host: String
    /// The TCP port; 6379 when the URL has none.
    public var port: Int
    /// The logical database (`SELECT`); 0 when the URL has none.
    public var database: Int

    /// Creates an endpoint.
    public init(host: String, port: Int = 6379, database: Int = 0) {
        self.host = host
        self.port = port
        self.database = database
    }
}

/// Which session store the service uses, as `--session-store` names it.
public enum SessionStoreLocation: Equatable, Sendable {
    /// In this process: the default; sessions are lost with the process and seen by no other replica.
    case memory
    /// In Redis, shared by every replica that names the same server and database.
    case redis(RedisEndpoint)

    /// Parses `memory` or `redis://HOST[:PORT][/DB]` (HOST may be `[IPv6]`); nil for anything else,
    /// credentials, queries and fragments included.
    public init?(parsing text: String) {
        if text == "memory" {
            self = .memory
            return
        }
        let scheme = "redis://"
        guard text.hasPrefix(scheme) else { return nil }
        var rest = Substring(text.dropFirst(scheme.count))
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let digits = rest[rest.index(after: slash)...]
            guard let number = Self.number(digits, in: 0...1_000_000) else { return nil }
            database = number
            rest = rest[..<slash]
        }
        let host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.utf8.allSatisfy({ Self.isHexDigit($0) || $0 == UInt8(ascii: ":") })
            else { return nil }
        } else {
            if let colon = rest.firstIndex(of: ":") {
                host = rest[..<colon]
                portText = rest[rest.index(after: colon)...]
            } else {
                host = rest
            }
            guard !host.isEmpty, host.utf8.count <= 253, host.utf8.allSatisfy(Self.isHostByte) else { return nil }
        }
        var port = 6379
        if let portText {
            guard let number = Self.number(portText, in: 1...65535) else { return nil }
            port = number
        }
        self = .redis(RedisEndpoint(host: String(host), port: port, database: database))
    }

    /// Decimal digits only (no sign, no spaces), within `range`.
    private static func number(_ text: Substring, in range: ClosedRange<Int>) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 7, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(text), range.contains(value)
        else { return nil }
        return value
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }

    /// Letters, digits, `.`, `-` and `_`: host names and IPv4 addresses.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}

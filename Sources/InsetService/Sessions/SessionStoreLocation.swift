/// Where a Redis server listens and how to log in to it: `redis://[[USER]:PASSWORD@]HOST:PORT/DB`.
public struct RedisEndpoint: Equatable, Sendable, CustomStringConvertible {
    /// A host name, an IPv4 address or an IPv6 address (without brackets).
    public var host: String
    /// The TCP port; 6379 when the URL has none.
    public var port: Int
    /// The logical database (`SELECT`); 0 when the URL has none.
    public var database: Int
    /// The ACL user for `AUTH USER PASSWORD`; nil for `AUTH PASSWORD` (the default user) or no `AUTH`.
    public var username: String?
    /// The password every new connection sends with `AUTH` before anything else; nil sends no `AUTH`.
    public var password: String?

    /// Creates an endpoint.
    public init(
        host: String, port: Int = 6379, database: Int = 0, username: String? = nil, password: String? = nil
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.username = username
        self.password = password
    }

    /// `HOST:PORT/DB`, with the user but never the password: what messages may show.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let user = username.map { "\($0)@" } ?? ""
        return "\(user)\(shownHost):\(port)/\(database)"
    }
}

/// Which session store the service uses, as `--session-store` names it.
public enum SessionStoreLocation: Equatable, Sendable {
    /// In this process: the default; sessions are lost with the process and seen by no other replica.
    case memory
    /// In Redis, shared by every replica that names the same server and database.
    case redis(RedisEndpoint)

    /// Parses `memory` or `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` (HOST may be `[IPv6]`; USER and
    /// PASSWORD percent-decoded, so `%40` is an `@`); nil for anything else, a user without a password, queries
    /// and fragments included.
    public init?(parsing text: String) {
        if text == "memory" {
            self = .memory
            return
        }
        let scheme = "redis://"
        guard text.hasPrefix(scheme) else { return nil }
        var rest = Substring(text.dropFirst(scheme.count))
        var username: String?
        var password: String?
        // The last `@`: a password's own must be `%40`, but one typed as it is still cannot end up in the host.
        if let at = rest.lastIndex(of: "@") {
            let userinfo = rest[..<at]
            guard let colon = userinfo.firstIndex(of: ":"),
                let user = Self.percentDecoded(userinfo[..<colon]),
                let secret = Self.percentDecoded(userinfo[userinfo.index(after: colon)...]), !secret.isEmpty
            else { return nil }
            username = user.isEmpty ? nil : user
            password = secret
            rest = rest[rest.index(after: at)...]
        }
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
            guard !host.isEmpty, host.utf8.allSatisfy({ Self.hexValue($0) != nil || $0 == UInt8(ascii: ":") })
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
        self = .redis(
            RedisEndpoint(
                host: String(host), port: port, database: database, username: username, password: password))
    }

    /// `text` with each `%XX` replaced by its byte; nil for a malformed escape or bytes that are not UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Decimal digits only (no sign, no spaces), within `range`.
    private static func number(_ text: Substring, in range: ClosedRange<Int>) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 7, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(text), range.contains(value)
        else { return nil }
        return value
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

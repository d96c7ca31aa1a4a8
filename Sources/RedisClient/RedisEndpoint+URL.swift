/// Redis URLs: `redis://…` over TCP, `redis+unix://…` over a Unix-domain socket.
extension RedisEndpoint {
    /// The scheme of a Redis reached over TCP.
    private static let tcpScheme = "redis://"
    /// The scheme of a Redis reached over a Unix-domain socket.
    private static let unixScheme = "redis+unix://"
    /// The longest socket path the system takes (`sun_path` holds 108 bytes with the terminating NUL).
    static let maxSocketPathBytes = 107

    /// Parses `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` (HOST may be `[IPv6]`) or
    /// `redis+unix://[[USER]:PASSWORD@]/PATH[?db=DB]` (USER and PASSWORD percent-decoded, so `%40` is an `@`);
    /// nil for anything else, a user without a password, other queries and fragments included.
    package init?(url text: String) {
        if text.hasPrefix(Self.unixScheme) {
            guard let endpoint = Self.unixEndpoint(text.dropFirst(Self.unixScheme.count)) else { return nil }
            self = endpoint
            return
        }
        guard text.hasPrefix(Self.tcpScheme) else { return nil }
        var rest = Substring(text.dropFirst(Self.tcpScheme.count))
        guard let login = Self.credentials(&rest) else { return nil }
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
        self.init(
            host: String(host), port: port, database: database, username: login.username, password: login.password)
    }

    /// Takes `[USER]:PASSWORD@` off the front of `rest`: (nil, nil) when there is none, nil when it is malformed.
    private static func credentials(_ rest: inout Substring) -> (username: String?, password: String?)? {
        // The last `@`: a password's own must be `%40`, but one typed as it is still cannot end up in the host.
        guard let at = rest.lastIndex(of: "@") else { return (nil, nil) }
        let userinfo = rest[..<at]
        guard let colon = userinfo.firstIndex(of: ":"),
            let user = Self.percentDecoded(userinfo[..<colon]),
            let secret = Self.percentDecoded(userinfo[userinfo.index(after: colon)...]), !secret.isEmpty
        else { return nil }
        rest = rest[rest.index(after: at)...]
        return (user.isEmpty ? nil : user, secret)
    }

    /// What follows `redis+unix://`: credentials, an absolute path of path bytes, and `?db=DB` at most.
    private static func unixEndpoint(_ text: Substring) -> RedisEndpoint? {
        var rest = text
        guard let login = credentials(&rest) else { return nil }
        var database = 0
        if let question = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: question)...]
            let key = "db="
            guard query.hasPrefix(key), let number = number(query.dropFirst(key.count), in: 0...1_000_000) else {
                return nil
            }
            database = number
            rest = rest[..<question]
        }
        guard rest.hasPrefix("/"), rest.utf8.count <= maxSocketPathBytes, rest.utf8.allSatisfy(isPathByte) else {
            return nil
        }
        return RedisEndpoint(
            socketPath: String(rest), database: database, username: login.username, password: login.password)
    }

    /// Host bytes, `/` and `~`: the paths sockets are given, nothing a shell or a URL would read otherwise.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        isHostByte(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "~")
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

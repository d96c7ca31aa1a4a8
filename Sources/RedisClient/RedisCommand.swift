/// One command in Redis's wire form (RESP: an array of bulk strings), binary-safe.
///
/// Formatted by the thread that sends it, before it joins a batch, so that the thread writing a batch only
/// appends finished bytes.
package struct RedisCommand: Sendable {
    /// The command's bytes as they go on the wire.
    let bytes: [UInt8]

    /// The command made of `arguments`, its name first.
    package init(_ arguments: [[UInt8]]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(arguments.reduce(Self.arrayOverhead) { $0 + $1.count + Self.argumentOverhead })
        Self.appendHeader(UInt8(ascii: "*"), arguments.count, to: &bytes)
        for argument in arguments {
            Self.appendHeader(UInt8(ascii: "$"), argument.count, to: &bytes)
            bytes.append(contentsOf: argument)
            bytes.append(contentsOf: Self.lineEnd)
        }
        self.bytes = bytes
    }

    /// The command made of `arguments` given as strings.
    package init(_ arguments: [String]) {
        self.init(arguments.map { Array($0.utf8) })
    }

    private static let lineEnd: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    /// Room for `*`, a count and a line end.
    private static let arrayOverhead = 16
    /// Room for `$`, a length and two line ends around each argument.
    private static let argumentOverhead = 16

    /// `*3\r\n` or `$5\r\n`: a marker, a decimal count and a line end.
    private static func appendHeader(_ marker: UInt8, _ count: Int, to bytes: inout [UInt8]) {
        bytes.append(marker)
        appendDecimal(count, to: &bytes)
        bytes.append(contentsOf: lineEnd)
    }

    /// A count's digits, without formatting a `String` for it: a command has one such count per argument.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value > 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The decimal text of a non-negative `value`, as an argument.
    package static func decimal(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        appendDecimal(value, to: &bytes)
        return bytes
    }
}

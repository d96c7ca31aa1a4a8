/// One command in Redis's wire form (RESP: an array of bulk strings), binary-safe.
///
/// Formatted by the thread that sends it, before it joins a batch, so that the thread writing a batch only
/// appends finished bytes.
package struct RedisCommand: Sendable {
    /// The command's bytes as they go on the wire.
    let bytes: [UInt8]

    /// The command made of `arguments`, its name first.
    package init(_ arguments: [[UInt8]]) {
        var size = Self.headerSize(arguments.count)
        for argument in arguments { size += Self.headerSize(argument.count) + argument.count + 2 }
        // Written in place at its exact size: one allocation, a copy per argument, no growth checks.
        bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var end = Self.writeHeader(UInt8(ascii: "*"), arguments.count, into: buffer, at: 0)
            for argument in arguments {
                end = Self.writeHeader(UInt8(ascii: "$"), argument.count, into: buffer, at: end)
                argument.withUnsafeBufferPointer { source in
                    guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
                    (to + end).initialize(from: from, count: source.count)
                }
                end += argument.count
                buffer[end] = UInt8(ascii: "\r")
                buffer[end + 1] = UInt8(ascii: "\n")
                end += 2
            }
            initialized = end
        }
    }

    /// The command made of `arguments` given as strings.
    package init(_ arguments: [String]) {
        self.init(arguments.map { Array($0.utf8) })
    }

    /// The bytes of `*3\r\n` or `$5\r\n` for a count of `count`.
    private static func headerSize(_ count: Int) -> Int {
        digitCount(count) + 3
    }

    /// Decimal digits of a non-negative `value`.
    private static func digitCount(_ value: Int) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }

    /// Writes `*3\r\n` or `$5\r\n` (a marker, a decimal count and a line end) at `start`; returns where it ends.
    private static func writeHeader(
        _ marker: UInt8, _ count: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        buffer[start] = marker
        let digits = digitCount(count)
        var rest = count
        var index = start + digits
        while index > start {
            buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
        buffer[start + digits + 1] = UInt8(ascii: "\r")
        buffer[start + digits + 2] = UInt8(ascii: "\n")
        return start + digits + 3
    }

    /// A count's digits, without formatting a `String` for it.
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

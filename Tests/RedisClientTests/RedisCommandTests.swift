import Testing

@testable import RedisClient

/// The command's wire form, written in place at its exact size, against RESP spelled out the plain way.
@Suite("Redis command")
struct RedisCommandTests {
    /// RESP as the protocol states it: `*count`, then `$length` and the bytes of each argument, each line ended.
    static func reference(_ arguments: [[UInt8]]) -> [UInt8] {
        var text = Array("*\(arguments.count)\r\n".utf8)
        for argument in arguments {
            text += Array("$\(argument.count)\r\n".utf8) + argument + Array("\r\n".utf8)
        }
        return text
    }

    @Test func writesRESPForEdgeSizes() {
        let sizes = [0, 1, 9, 10, 11, 99, 100, 999, 1000, 1023, 10_000, 100_000]
        for size in sizes {
            let argument = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let arguments = [Array("SET".utf8), [], argument, Array("\r\n".utf8)]
            #expect(RedisCommand(arguments).bytes == Self.reference(arguments), "argument of \(size) bytes")
        }
        for count in [0, 1, 9, 10, 11, 100] {
            let arguments = (0..<count).map { Array("a\($0)".utf8) }
            #expect(RedisCommand(arguments).bytes == Self.reference(arguments), "\(count) arguments")
        }
    }

    @Test func decimalSpellsNonNegativeIntegers() {
        for value in [0, 1, 9, 10, 99, 100, 12_345, Int.max] {
            #expect(RedisCommand.decimal(value) == Array(String(value).utf8))
        }
    }
}

/// The bytes the grammar names, spelled out once so that scanning loops read like RFC 8259. Inlinable
/// computed constants, so that code inlined into other modules folds them instead of calling an accessor.
@usableFromInline
enum ASCII {
    @inlinable static var tab: UInt8 { 0x09 }
    @inlinable static var lineFeed: UInt8 { 0x0A }
    @inlinable static var carriageReturn: UInt8 { 0x0D }
    @inlinable static var space: UInt8 { 0x20 }
    @inlinable static var quote: UInt8 { 0x22 }
    @inlinable static var plus: UInt8 { 0x2B }
    @inlinable static var comma: UInt8 { 0x2C }
    @inlinable static var minus: UInt8 { 0x2D }
    @inlinable static var period: UInt8 { 0x2E }
    @inlinable static var slash: UInt8 { 0x2F }
    @inlinable static var zero: UInt8 { 0x30 }
    @inlinable static var nine: UInt8 { 0x39 }
    @inlinable static var colon: UInt8 { 0x3A }
    @inlinable static var upperE: UInt8 { 0x45 }
    @inlinable static var openBracket: UInt8 { 0x5B }
    @inlinable static var backslash: UInt8 { 0x5C }
    @inlinable static var closeBracket: UInt8 { 0x5D }
    @inlinable static var lowerB: UInt8 { 0x62 }
    @inlinable static var lowerE: UInt8 { 0x65 }
    @inlinable static var lowerF: UInt8 { 0x66 }
    @inlinable static var lowerN: UInt8 { 0x6E }
    @inlinable static var lowerR: UInt8 { 0x72 }
    @inlinable static var lowerT: UInt8 { 0x74 }
    @inlinable static var lowerU: UInt8 { 0x75 }
    @inlinable static var openBrace: UInt8 { 0x7B }
    @inlinable static var closeBrace: UInt8 { 0x7D }

    @inlinable @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- zero < 10
    }

    /// The byte as it should appear in an error message: printable ASCII quoted, anything else in hex.
    static func describe(_ byte: UInt8) -> String {
        if byte > space && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}

import InsetCore
import InsetJSON

/// Where a geometry string stops following the grammar, and why.
struct NSStringGeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Offset of the offending byte in the string's UTF-8, from 0 (the string's length when it ended early).
    var offset: Int
    /// What is wrong there, e.g. `expected ','`.
    var reason: String

    /// `byte 9: expected ','`, for a problem's message.
    var description: String { "byte \(offset): \(reason)" }
}

/// Strict readers for the strings Foundation writes for geometry, as a keyboard notification's `userInfo`
/// prints in a device log: `NSStringFromCGRect` (`{{0, 508}, {390, 336}}`) and `NSStringFromCGPoint`
/// (`{195, 676}`), optionally behind the `NSRect:` / `NSPoint:` that `NSValue` descriptions put first.
///
/// The grammar, over UTF-8 bytes, where `SP*` is any number of spaces (U+0020 only):
///
///     rect   = ["NSRect:" SP*] "{" SP* pair SP* "," SP* pair SP* "}"
///     point  = ["NSPoint:" SP*] pair
///     pair   = "{" SP* number SP* "," SP* number SP* "}"
///     number = ["-"] ("0" / [1-9] [0-9]*) ["." [0-9]+] [("e" / "E") ["+" / "-"] [0-9]+]
///
/// Numbers are spelled exactly as JSON spells them and read by JSON's own reader (`JSONNumber`), which covers
/// everything `%g` writes for finite values (`844.5`, `-0`, `1.0000000000000001e-05`); `nan`, `inf`, a leading
/// `+`, `.5`, `5.` and leading zeros are refused, as are spaces before the first brace or after the last one,
/// tabs, and anything else. Values come back as the nearest Double to what is written (a huge exponent reads
/// as an infinity): ranges are the caller's business. Reading allocates nothing unless a number has over 19
/// significant digits or an exponent beyond ±22.
enum NSStringGeometry {
    /// The longest string read, in UTF-8 bytes; `NSStringFromCGRect` never writes half of it.
    static let maxLength = 256

    /// Reads `{{x, y}, {width, height}}`, with or without `NSRect: ` first.
    static func rect(_ text: String) throws(NSStringGeometryError) -> Rect {
        try scan(text) { (scanner: inout Scanner) throws(NSStringGeometryError) -> Rect in
            scanner.skipPrefix("NSRect:")
            try scanner.expect(Scanner.openBrace)
            scanner.skipSpaces()
            let origin = try scanner.pair()
            try scanner.expectAfterSpaces(Scanner.comma)
            scanner.skipSpaces()
            let size = try scanner.pair()
            try scanner.expectAfterSpaces(Scanner.closeBrace)
            return Rect(x: origin.0, y: origin.1, width: size.0, height: size.1)
        }
    }

    /// Reads `{x, y}`, with or without `NSPoint: ` first.
    static func point(_ text: String) throws(NSStringGeometryError) -> Point {
        try scan(text) { (scanner: inout Scanner) throws(NSStringGeometryError) -> Point in
            scanner.skipPrefix("NSPoint:")
            let (x, y) = try scanner.pair()
            return Point(x: x, y: y)
        }
    }

    /// Runs `read` over the string's bytes and insists that it consumed all of them.
    private static func scan<T>(
        _ text: String, _ read: (inout Scanner) throws(NSStringGeometryError) -> T
    ) throws(NSStringGeometryError) -> T {
        var text = text
        // withUTF8 only rethrows untyped errors; a Result carries the typed one across.
        let result = text.withUTF8 { bytes in
            Result { () throws(NSStringGeometryError) -> T in
                guard bytes.count <= maxLength else {
                    throw NSStringGeometryError(offset: maxLength, reason: "longer than \(maxLength) bytes")
                }
                var scanner = Scanner(bytes: bytes)
                let value = try read(&scanner)
                guard scanner.index == bytes.count else { throw scanner.failure("expected the end of the string") }
                return value
            }
        }
        return try result.get()
    }

    /// A cursor over the string's bytes; every read checks the bounds first.
    private struct Scanner {
        static let space: UInt8 = 0x20
        static let comma: UInt8 = 0x2C
        static let openBrace: UInt8 = 0x7B
        static let closeBrace: UInt8 = 0x7D

        /// The string's UTF-8.
        let bytes: UnsafeBufferPointer<UInt8>
        /// The next byte to read.
        var index = 0

        /// An error at the cursor.
        func failure(_ reason: String) -> NSStringGeometryError {
            NSStringGeometryError(offset: index, reason: reason)
        }

        private func peek(_ byte: UInt8) -> Bool {
            index < bytes.count && bytes[index] == byte
        }

        /// Skips spaces (U+0020 only).
        mutating func skipSpaces() {
            while peek(Self.space) { index += 1 }
        }

        /// Skips `prefix` and the spaces after it, when the string starts with it.
        mutating func skipPrefix(_ prefix: StaticString) {
            let count = prefix.utf8CodeUnitCount
            guard bytes.count >= count else { return }
            for offset in 0..<count where bytes[offset] != prefix.utf8Start[offset] { return }
            index = count
            skipSpaces()
        }

        /// Consumes `byte`, which must be at the cursor.
        mutating func expect(_ byte: UInt8) throws(NSStringGeometryError) {
            guard peek(byte) else {
                throw failure("expected '\(Character(Unicode.Scalar(byte)))'")
            }
            index += 1
        }

        /// Skips spaces, then consumes `byte`.
        mutating func expectAfterSpaces(_ byte: UInt8) throws(NSStringGeometryError) {
            skipSpaces()
            try expect(byte)
        }

        /// `"{" SP* number SP* "," SP* number SP* "}"`.
        mutating func pair() throws(NSStringGeometryError) -> (Double, Double) {
            try expect(Self.openBrace)
            skipSpaces()
            let first = try number()
            try expectAfterSpaces(Self.comma)
            skipSpaces()
            let second = try number()
            try expectAfterSpaces(Self.closeBrace)
            return (first, second)
        }

        /// A JSON number at the cursor, as the nearest Double (infinite when the exponent overflows).
        mutating func number() throws(NSStringGeometryError) -> Double {
            do throws(JSONNumber.Malformed) {
                let number = try JSONNumber.read(bytes, from: index)
                index = number.end
                return number.value
            } catch {
                throw NSStringGeometryError(offset: error.offset, reason: error.reason.rawValue)
            }
        }
    }
}

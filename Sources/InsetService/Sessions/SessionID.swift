/// Session ids: 128 bits from the system's cryptographic generator, base64url without padding (22 characters).
enum SessionID {
    static let length = 22
    /// A literal, not an array: a stored table is reached through a once-check, twice per request id.
    private static var alphabet: StaticString { "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_" }

    static func make() -> String {
        // SystemRandomNumberGenerator reads getrandom(2) on Linux and arc4random on Apple systems.
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        // 22 digits of 6 bits hold 132 bits; the top 4 are zero, which leaves 128 random bits.
        for position in (0..<length).reversed() {
            let shift = position * 6
            let digit: UInt64
            if shift >= 64 {
                digit = (high >> UInt64(shift - 64)) & 63
            } else if shift + 6 > 64 {
                digit = ((low >> UInt64(shift)) | (high << UInt64(64 - shift))) & 63
            } else {
                digit = (low >> UInt64(shift)) & 63
            }
            bytes.append(Self.digit(Int(digit)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `id` could be one of ours; anything else is not looked up at all.
    static func isWellFormed(_ id: String) -> Bool {
        // Over the contiguous bytes: the generic allSatisfy over the UTF-8 view allocated on every call.
        guard id.utf8.count == length else { return false }
        var id = id
        return id.withUTF8 { $0.allSatisfy(isDigit) }
    }

    /// The base64url character for a 6-bit value.
    static func digit(_ value: Int) -> UInt8 {
        precondition(value >= 0 && value < 64, "a base64url digit holds 6 bits")
        return alphabet.utf8Start[value]
    }

    /// Whether `byte` is a base64url character; a range test, not a search of the alphabet.
    private static func isDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}

import InsetSession

/// Session ids: 128 bits from the system's cryptographic generator, base64url without padding (22 characters).
@usableFromInline
package enum SessionID {
    package static let length = 22
    /// A literal, not an array: a stored table is reached through a once-check, twice per request id.
    @usableFromInline static var alphabet: StaticString {
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    }

    package static func make() -> String {
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

    /// Whether `id` could be one of ours; anything else is not looked up at all. One check for both stores:
    /// an id is well-formed exactly when it has a `SessionKey`.
    static func isWellFormed(_ id: String) -> Bool { SessionKey(id) != nil }

    /// The base64url character for a 6-bit value.
    /// Inlinable: the service writes fifteen of them into every request id, from another module.
    @inlinable
    package static func digit(_ value: Int) -> UInt8 {
        precondition(value >= 0 && value < 64, "a base64url digit holds 6 bits")
        return alphabet.utf8Start[value]
    }

    /// The 6-bit value of the base64url character `byte` (the inverse of `digit`), nil for any other byte.
    static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}

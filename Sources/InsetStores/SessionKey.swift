/// A session id as the memory store's table keys it: its 22 base64url digits as numbers, not as a string.
///
/// A `String` key of 22 bytes lives out of line, so every lookup hashes its bytes and compares them through a
/// pointer into cold memory: the largest single cost of finding a session among a thousand (docs/performance.md,
/// "Sessions in memory"). Three integers hash and compare in registers. Every well-formed id has exactly one key
/// and every key one id: the digits are packed, never folded.
@usableFromInline
struct SessionKey: Hashable, Sendable {
    /// Digits 0 to 9, 6 bits each.
    private let leading: UInt64
    /// Digits 10 to 19.
    private let middle: UInt64
    /// Digits 20 and 21.
    private let trailing: UInt16

    /// The key of `id`, or nil when `id` is not 22 base64url digits (then it is none of ours).
    @usableFromInline
    init?(_ id: String) {
        var id = id
        guard
            let digits = id.withUTF8({ bytes -> (UInt64, UInt64, UInt16)? in
                guard bytes.count == SessionID.length,
                    let leading = Self.pack(bytes, 0..<10),
                    let middle = Self.pack(bytes, 10..<20),
                    let trailing = Self.pack(bytes, 20..<SessionID.length)
                else { return nil }
                return (leading, middle, UInt16(trailing))
            })
        else { return nil }
        (leading, middle, trailing) = digits
    }

    /// The digits at `range` (at most ten) as one number, or nil when one is not a base64url digit.
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
        // One load a byte from a table reached once a call: deciding each byte by its ranges costs more than the
        // string's hash that the key replaces.
        digitValues.withUnsafeBufferPointer { values in
            var word: UInt64 = 0
            var invalid: UInt8 = 0
            for index in range {
                let value = values[Int(bytes[index])]
                invalid |= value
                word = word << 6 | UInt64(value & 63)
            }
            return invalid & notADigit == 0 ? word : nil
        }
    }

    /// Set in `digitValues` for a byte that is no base64url digit.
    private static let notADigit: UInt8 = 0x80

    /// Each byte's digit value (`SessionID.value(of:)`), or `notADigit`.
    private static let digitValues: [UInt8] = (0...255).map { SessionID.value(of: UInt8($0)) ?? notADigit }
}

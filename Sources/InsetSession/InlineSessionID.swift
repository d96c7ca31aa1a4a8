/// A session id of exactly 22 bytes, held in as many (two words, then 32 and 16 bits), nothing on the heap: how a
/// request names its session when it can. The decoder reads it straight from the body's bytes, the memory store
/// keys on it as it is, and the answer copies it back byte for byte. Every id the service makes (22 base64url
/// digits) has one.
///
/// Its bytes are printable ASCII (U+0020 to U+007E) other than the quote and the backslash, so JSON writes them
/// without escaping. It says nothing about whether the id is well-formed: an id that is not matches no session.
public struct InlineSessionID: Hashable, Sendable {
    /// How many bytes every inline id holds.
    public static var length: Int { 22 }

    /// Bytes 0 to 7, in memory order read as a little-endian number.
    @usableFromInline let first: UInt64
    /// Bytes 8 to 15.
    @usableFromInline let second: UInt64
    /// Bytes 16 to 19 and 20 to 21: 22 bytes in all, not 24, so that a table's optional key and the rest of its
    /// link take 48 bytes, not 56 (an idle session's share of the memory store: 1 026 bytes with a third whole
    /// word, 1 013 without, `InsetBench`'s `session_bytes_rss`).
    @usableFromInline let third: UInt32
    @usableFromInline let fourth: UInt16

    /// Bytes 16 to 21, then two zero bytes.
    @inlinable var last: UInt64 { UInt64(third) | UInt64(fourth) << 32 }

    /// The id whose bytes are `bytes`, or nil when they are not 22 bytes of printable ASCII without a quote or a
    /// backslash.
    @inlinable
    public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == Self.length, let base = UnsafeRawPointer(bytes.baseAddress) else { return nil }
        let first = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
        let second = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        // Bytes 14 to 21: the two already read are shifted out.
        let overlapping = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 14, as: UInt64.self))
        guard Self.isPlain(first) && Self.isPlain(second) && Self.isPlain(overlapping) else { return nil }
        self.first = first
        self.second = second
        self.third = UInt32(truncatingIfNeeded: overlapping >> 16)
        self.fourth = UInt16(truncatingIfNeeded: overlapping >> 48)
    }

    /// The id `string` spells, or nil as `init(_:)` for its UTF-8 bytes.
    public init?(_ string: String) {
        var string = string
        guard let id = string.withUTF8({ Self($0) }) else { return nil }
        self = id
    }

    /// The id as a string.
    public var string: String {
        withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the id's 22 bytes.
    @inlinable
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let words = (first.littleEndian, second.littleEndian, last.littleEndian)
        return try withUnsafeBytes(of: words) { raw in
            try raw.withMemoryRebound(to: UInt8.self) { bytes in
                try body(UnsafeBufferPointer(rebasing: bytes[..<Self.length]))
            }
        }
    }

    /// One word of the three fed to the hasher, each multiplied by an odd constant first (which loses nothing of
    /// it): a third of the hashing that three words cost. Equality still compares every byte.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(first ^ (second &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F))
    }

    /// Whether each of the eight bytes of `word` is printable ASCII other than the quote and the backslash.
    @inlinable
    static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        // Taking n from each byte sets the top bit of a byte below n; the quote and the backslash are zero after
        // their XOR, so below one. Adding one sets the top bit of 0x7F. A byte of 0x80 or more has it already. A
        // borrow or a carry only reaches the byte above one that already counts.
        let low = (word &- (ones &* 0x20)) | (quotes &- ones) | (backslashes &- ones)
        let high = word | (word &+ ones)
        return (low | high) & highs == 0
    }
}

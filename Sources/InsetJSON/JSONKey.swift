/// A member name prepared for `JSONCursor.expectKey`: its first eight bytes and its last eight as words in
/// memory order, so that a key is compared with one or two loads rather than byte by byte. The name must be
/// plain ASCII without escapes, as member names in a schema are.
public struct JSONKey: Sendable {
    @usableFromInline let name: StaticString
    /// The name's length in bytes.
    @usableFromInline let count: Int
    /// The first `min(count, 8)` bytes, as an eight-byte load from the name's start reads them.
    @usableFromInline let head: UInt64
    /// Selects `head`'s bytes from such a load.
    @usableFromInline let headMask: UInt64
    /// The last eight bytes, when there are more than eight.
    @usableFromInline let tail: UInt64

    /// Transparent, so that a literal's words fold to constants where the key is made.
    @_transparent
    public init(_ name: StaticString) {
        self.name = name
        let count = name.utf8CodeUnitCount
        let bytes = name.utf8Start
        self.count = count
        var head: UInt64 = 0
        var tail: UInt64 = 0
        for offset in 0..<min(count, 8) {
            head |= UInt64(bytes[offset]) &<< (8 &* UInt64(offset))
        }
        if count > 8 {
            for offset in 0..<8 {
                tail |= UInt64(bytes[count &- 8 &+ offset]) &<< (8 &* UInt64(offset))
            }
        }
        let mask: UInt64 = count >= 8 ? ~0 : (1 &<< (8 &* UInt64(count))) &- 1
        self.head = UInt64(littleEndian: head)
        self.headMask = UInt64(littleEndian: mask)
        self.tail = UInt64(littleEndian: tail)
    }

    /// Whether the `count` bytes at `actual` spell the name, compared byte by byte.
    @usableFromInline
    func matches(_ actual: UnsafeRawPointer) -> Bool {
        let expected = name.utf8Start
        for offset in 0..<count where actual.load(fromByteOffset: offset, as: UInt8.self) != expected[offset] {
            return false
        }
        return true
    }

    /// Whether the bytes between the first eight and the last eight at `actual` match the name's.
    @usableFromInline
    func middleMatches(_ actual: UnsafeRawPointer) -> Bool {
        let expected = name.utf8Start
        for offset in 8..<(count &- 8) where actual.load(fromByteOffset: offset, as: UInt8.self) != expected[offset] {
            return false
        }
        return true
    }
}

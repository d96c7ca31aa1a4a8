/// A member name prepared for `JSONCursor.expectKey`: its first eight bytes and its last eight as words in
/// memory order, so that a key is compared with one or two loads rather than byte by byte. The name must be
/// plain ASCII without escapes, as member names in a schema are. The same words of the name as written with
/// its quotes and colon (`"name":`) serve `JSONCursor.member`, which compares the whole token at once.
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
    /// `head`, `headMask` and `tail` of `"name":` (`count + 3` bytes).
    @usableFromInline let quotedHead: UInt64
    @usableFromInline let quotedHeadMask: UInt64
    @usableFromInline let quotedTail: UInt64

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
        // The quoted token's byte at `offset`: the quote, the name, the quote, the colon.
        let quoted = count &+ 3
        var quotedHead: UInt64 = 0
        var quotedTail: UInt64 = 0
        for offset in 0..<min(quoted, 8) {
            quotedHead |= UInt64(Self.quotedByte(bytes, count, offset)) &<< (8 &* UInt64(offset))
        }
        if quoted > 8 {
            for offset in 0..<8 {
                quotedTail |= UInt64(Self.quotedByte(bytes, count, quoted &- 8 &+ offset)) &<< (8 &* UInt64(offset))
            }
        }
        let quotedMask: UInt64 = quoted >= 8 ? ~0 : (1 &<< (8 &* UInt64(quoted))) &- 1
        self.quotedHead = UInt64(littleEndian: quotedHead)
        self.quotedHeadMask = UInt64(littleEndian: quotedMask)
        self.quotedTail = UInt64(littleEndian: quotedTail)
    }

    /// Byte `offset` of `"name":`, where `bytes` holds the name's `count` bytes.
    @_transparent @usableFromInline
    static func quotedByte(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ offset: Int) -> UInt8 {
        offset == 0 || offset == count &+ 1 ? 0x22 : offset == count &+ 2 ? 0x3A : bytes[offset &- 1]
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

    /// Whether the bytes at `token` are `"name":`, which must have at least `max(count + 3, 8)` bytes readable:
    /// one or two word compares, and bytes between the first eight and the last eight one by one.
    @inlinable @inline(__always)
    func quotedMatches(_ token: UnsafeRawPointer) -> Bool {
        guard token.loadUnaligned(as: UInt64.self) & quotedHeadMask == quotedHead else { return false }
        let quoted = count &+ 3
        guard quoted > 8 else { return true }
        guard token.loadUnaligned(fromByteOffset: quoted &- 8, as: UInt64.self) == quotedTail else { return false }
        return quoted <= 16 || quotedMiddleMatches(token)
    }

    /// Whether the bytes of `"name":` at `token` between its first eight and its last eight are the name's.
    @usableFromInline
    func quotedMiddleMatches(_ token: UnsafeRawPointer) -> Bool {
        let expected = name.utf8Start
        for offset in 8..<(count &- 5)
        where token.load(fromByteOffset: offset, as: UInt8.self) != expected[offset &- 1] {
            return false
        }
        return true
    }
}

/// Writing into room reserved once. A fixed-shape value (an answer's geometry, its animation's ends) is text fixed
/// in the source with numbers between it: one `reserve(text:numbers:)` for the whole of it replaces a capacity
/// check per piece and per number, and the `reserved…` appends then store without one.
///
/// The caller vouches that what it writes after a `reserve` fits: at most `text` bytes of text and `numbers`
/// numbers. Debug builds check every reserved append against that room, counting each number at its longest, so
/// a test that writes the longest numbers proves the count. A number that does not take the small-number path
/// reserves its own room as it goes, so only how many numbers there are matters, not their lengths.
extension JSONWriter {
    /// Makes room for `text` bytes of text and `numbers` numbers of any length.
    @inlinable @inline(__always)
    public mutating func reserve(text: Int, numbers: Int) {
        out.reserve(text &+ numbers &* Self.maxNumberLength)
        #if DEBUG
            reservedEnd = out.count + text + numbers * Self.maxNumberLength
        #endif
    }

    /// Checks, in debug builds, that `bytes` more fit the room reserved.
    @inlinable @inline(__always)
    func checkReserved(_ bytes: Int) {
        #if DEBUG
            assert(out.count + bytes <= reservedEnd, "more written than reserved")
        #endif
    }

    /// Appends text fixed in the source into reserved room.
    @inlinable @inline(__always)
    public mutating func reservedText(_ text: StaticString) {
        checkReserved(text.utf8CodeUnitCount)
        out.appendReserved(text)
    }

    /// Appends bytes into reserved room (a cached fragment; the caller vouches that it fits the JSON around it).
    @inlinable @inline(__always)
    public mutating func reservedBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        checkReserved(bytes.count)
        out.appendReserved(bytes)
    }

    /// Appends a number, as `number` writes it, into reserved room.
    @inlinable @inline(__always)
    public mutating func reservedNumber(_ d: Double) {
        checkReserved(Self.maxNumberLength)
        appendNumberReserved(d)
    }

    /// Appends `true` or `false` into reserved room.
    @inlinable @inline(__always)
    public mutating func reservedBool(_ b: Bool) {
        checkReserved(5)
        out.appendReserved(b ? "true" : "false")
    }

    /// Ends text written in reserved room or in pieces: `afterKey` when it ended with a member name and its
    /// colon (the next value takes no comma), else it ended a value (the next sibling takes one).
    @inlinable @inline(__always)
    public mutating func endReserved(afterKey: Bool) {
        needsComma = !afterKey
    }

    /// Appends bytes inside a value written in pieces, checking for room (a cached fragment; the caller vouches
    /// that it fits the JSON around it).
    @inlinable
    public mutating func pieceBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        out.append(bytes)
    }
}

/// The ends of text written in pieces or in a `ReservedRoom` (`ReservedRoom.swift`): a fixed-shape value (an
/// answer's geometry, its animation's ends) is text fixed in the source with numbers between it, written into room
/// reserved once rather than with a capacity check per piece and per number.
extension JSONWriter {
    /// Ends text written in pieces: `afterKey` when it ended with a member name and its colon (the next value
    /// takes no comma), else it ended a value (the next sibling takes one).
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

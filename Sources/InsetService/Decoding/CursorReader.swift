import InsetJSON

/// A decoder that reads through a `JSONCursor`: the fast path's reader and the template builder share its
/// walk over an object's members.
protocol CursorReader {
    var cursor: JSONCursor { get set }
}

extension CursorReader {
    /// Reads an object: calls `member` with each key, the cursor before its value; false when the object is not
    /// there, a key is unusual (escapes, non-ASCII), or `member` answers false.
    mutating func members(_ member: (inout Self, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard cursor.beginObject() else { return false }
        var first = true
        while true {
            switch cursor.nextMember(first: first) {
            case .end: return true
            case .unusual: return false
            case .key(let key):
                guard member(&self, key) else { return false }
            }
            first = false
        }
    }
}

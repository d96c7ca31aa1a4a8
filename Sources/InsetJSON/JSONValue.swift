/// A JSON value as RFC 8259 defines it.
///
/// Strings compare by Unicode scalars, not by Swift's canonical equivalence: JSON treats `"é"` and
/// `"e\u0301"` as different texts, and a codec that merged them would change what a client sent.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Every JSON number, as the nearest `Double` (RFC 8259 §6 interoperability range).
    case number(Double)
    /// A string, already unescaped.
    case string(String)
    /// An array, in document order.
    case array([JSONValue])
    /// An object, in document order.
    case object(JSONObject)

    /// Structural equality; numbers compare as `Double` (so `-0` equals `0`), strings by scalars.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let l), .bool(let r)): return l == r
        case (.number(let l), .number(let r)): return l == r
        case (.string(let l), .string(let r)): return sameScalars(l, r)
        case (.array(let l), .array(let r)): return l == r
        case (.object(let l), .object(let r)): return l == r
        default: return false
        }
    }
}

/// Whether two strings hold the same Unicode scalars (hence the same UTF-8 bytes).
///
/// The length check (constant time for native strings) settles most distinct keys at once; then the bytes
/// are compared where they lie, which `==` (canonical equivalence) and a generic `elementsEqual` both cost
/// more than.
@inline(__always)
func sameScalars(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    let contiguous = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y in
            for index in 0..<x.count where x[index] != y[index] { return false }
            return true
        }
    }
    if let contiguous, let same = contiguous { return same }
    return a.utf8.elementsEqual(b.utf8)
}

extension String {
    /// Whether `other` holds the same Unicode scalars, as JSON object keys are compared (not `==`, which
    /// also equates canonically equivalent strings).
    public func hasSameScalars(as other: String) -> Bool { sameScalars(self, other) }
}

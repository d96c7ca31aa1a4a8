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
/// The length check (constant time for native strings) settles most distinct keys at once; `==`
/// is fast and never false for identical scalars; the byte check then rejects strings that are only
/// canonically equivalent.
@inline(__always)
func sameScalars(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a == b && a.utf8.elementsEqual(b.utf8)
}

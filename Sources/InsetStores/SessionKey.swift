import InsetSession

/// A session id as the stores' tables key it: its 22 bytes as `InlineSessionID` holds them, not a string.
///
/// A `String` key of 22 bytes lives out of line, so every lookup hashes its bytes and compares them through a
/// pointer into cold memory: the largest single cost of finding a session among a thousand (docs/performance.md,
/// "Sessions in memory"). Four integers hash and compare in registers. A key holds its id's bytes, so every id has
/// exactly one key and every key one id.
@usableFromInline
struct SessionKey: Hashable, Sendable {
    @usableFromInline let id: InlineSessionID

    /// The key of `id`, or nil when `id` is not 22 base64url digits (then it is none of ours).
    @usableFromInline
    init?(_ id: String) {
        var id = id
        guard let inline = id.withUTF8({ bytes in Self.isWellFormed(bytes) ? InlineSessionID(bytes) : nil })
        else { return nil }
        self.id = inline
    }

    /// The key of an id a request sent, unchecked: one that is not 22 base64url digits is the key of no session,
    /// as every stored session's id is well-formed (`SessionStore.insert`), so looking it up finds nothing.
    @inlinable
    init(_ id: InlineSessionID) {
        self.id = id
    }

    /// Whether `bytes` are 22 base64url digits.
    private static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == SessionID.length && bytes.allSatisfy { SessionID.value(of: $0) != nil }
    }
}

/// Why an operation on a session failed, in the model or wherever the session is kept.
public enum SessionError: Error, Equatable {
    /// No session has this id: it never existed, was deleted, expired or was evicted.
    case notFound
    /// An event's instant is older than the session's last event (both in ms on the session's clock).
    case staleTimestamp(Double, last: Double)
    /// A drag, a release or a focus move on a session whose keyboard is not shown.
    case keyboardNotShown
    /// The event sets a focus (this id) that is none of the fields it leaves; nothing changed.
    case strayFocus(String)
    /// A focus move names no field it can move to (`name`: an id, `next` or `previous`); nothing changed.
    case focusMoveRefused(name: String, FocusMoveRefusal)
    /// Members of the request that cannot be used on this session (what its device has no number for);
    /// nothing changed.
    case invalidMembers([MemberProblem])
    /// The shared store cannot be reached or did not answer in time, for the reason given; nothing was changed,
    /// so the operation may be tried again.
    case storeUnavailable(String)
    /// A change of session `session` went out to the shared store, its reply was lost (`reason`), and the store
    /// could not be asked again in time whether it was applied: it may have been. Sent again blindly, it could
    /// be applied twice.
    case outcomeUnknown(session: String, reason: String)
    /// The session would hold `bytes`, more than `limit`, all that the store may hold for every session together
    /// (`--max-session-bytes`): no eviction can make room for it, so it is not kept.
    case sessionTooLarge(bytes: Int, limit: Int)
}

/// Why a focus move has no field to move to.
public enum FocusMoveRefusal: Equatable, Sendable {
    /// `next` or `previous` with no field focused.
    case nothingFocused
    /// `next` from the last field (`last` true) or `previous` from the first; `focus` is the focused field.
    case atEnd(focus: String, last: Bool)
    /// An id that is none of the session's fields.
    case unknownField
}

/// A member of a request whose value cannot be used, found where only the session knows it (a device the session
/// names that has no number for what the event asks): where, as an RFC 6901 pointer, and why.
public struct MemberProblem: Equatable, Sendable {
    /// The member's pointer in the request's body, e.g. `/keyboard/mode`.
    public var pointer: String
    /// What is wrong with it, for a person.
    public var message: String
    /// The line of a text body (a pasted console) the member was read from, when it was read from one.
    public var line: Int?

    /// The problem with the member at `pointer`, read from `line` of a text body if given.
    public init(pointer: String, message: String, line: Int? = nil) {
        self.pointer = pointer
        self.message = message
        self.line = line
    }
}

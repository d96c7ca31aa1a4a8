/// Why a session operation failed; routes answer it as a problem.
enum SessionError: Error, Equatable {
    /// No session has this id: it never existed, was deleted, expired or was evicted.
    case notFound
    /// An event's instant is older than the session's last event (both in ms on the session's clock).
    case staleTimestamp(Double, last: Double)
    /// A drag or a release on a session whose keyboard is not shown.
    case keyboardNotShown
    /// The body asks for something the session's state does not allow (a focus on no field), found before
    /// anything changed.
    case invalid([FieldError])
    /// The shared store cannot be reached or did not answer in time, for the reason given; nothing was changed,
    /// so the request may be sent again.
    case storeUnavailable(String)
    /// A change of session `session` went out to the shared store, its reply was lost (`reason`), and the store
    /// could not be asked again in time whether it was applied: it may have been. Sent again blindly, it could
    /// be applied twice.
    case outcomeUnknown(session: String, reason: String)
}

extension Problem {
    /// Why a request that waited for the session store got no answer from it: the server stopped first.
    static let stoppedReason = "the server stopped before the session store answered"

    /// A change that waited for the session store when the server stopped: it may have reached the store and been
    /// applied, so, as for a lost reply (`storeOutcomeUnknown`), no `Retry-After`; the client reads the session
    /// first (`session` is the id, also of a session being created).
    static func stoppedBeforeOutcome(session: String) -> Problem {
        Problem(
            .storeOutcomeUnknown,
            detail:
                "The server stopped before the session store told whether the change was applied: it may have "
                + "been. GET /sessions/\(session) before sending it again.")
    }
}

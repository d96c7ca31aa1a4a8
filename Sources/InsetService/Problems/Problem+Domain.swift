extension Problem {
    /// The answer to a body that could not be decoded.
    init(_ error: RequestError) {
        switch error {
        case .malformedJSON(let detail): self = .malformedJSON(detail)
        case .invalid(let errors): self = .validation(errors)
        }
    }

    /// The answer to a session operation that failed.
    init(_ error: SessionError) {
        switch error {
        case .notFound: self = .sessionNotFound
        case .staleTimestamp(let time, let last): self = .staleTimestamp(time, last: last)
        case .storeUnavailable(let reason): self = .storeUnavailable(reason)
        case .outcomeUnknown(let session, let reason): self = .storeOutcomeUnknown(session: session, reason)
        case .keyboardNotShown: self = .keyboardNotShown
        case .invalid(let errors): self = .validation(errors)
        }
    }
}

import InsetSchema
import InsetSession

extension Problem {
    /// The answer to a body that could not be decoded.
    init(_ error: RequestError) {
        switch error {
        case .malformedJSON(let detail): self = .malformedJSON(detail)
        case .invalid(let errors): self = .validation(errors)
        case .noNotification(let lines): self = .noNotification(lines: lines)
        }
    }

    /// A text body without a keyboard notification in it. The detail names no language: error bodies never say
    /// `Swift` (the robustness suite's hygiene check).
    static func noNotification(lines: Int) -> Problem {
        Problem(
            .noNotification,
            detail: (lines == 0
                ? "The text is empty: it holds no" : "None of the text's \(lines) line\(lines == 1 ? "" : "s") holds a")
                + " keyboard notification as a console prints it (a userInfo dictionary or a notification, as NSLog,"
                + " po or print prints either), nor userInfo lines without their braces, nor a keyboard key and value"
                + " on a line that names the notification.")
    }

    /// The answer to a session operation that failed.
    init(_ error: SessionError) {
        switch error {
        case .notFound: self = .sessionNotFound
        case .staleTimestamp(let time, let last): self = .staleTimestamp(time, last: last)
        case .storeUnavailable(let reason): self = .storeUnavailable(reason)
        case .outcomeUnknown(let session, let reason): self = .storeOutcomeUnknown(session: session, reason)
        case .keyboardNotShown: self = .keyboardNotShown
        case .sessionTooLarge(let bytes, let limit): self = .sessionTooLarge(bytes: bytes, limit: limit)
        case .strayFocus(let focus): self = .validation([.strayFocus(focus)])
        case .focusMoveRefused(let name, let refusal): self = .validation([.focusMove(name, refusal)])
        case .invalidMembers(let problems):
            self = .validation(
                problems.map { problem in
                    var error = FieldError(pointer: problem.pointer, message: problem.message)
                    if let line = problem.line { error.location = TextLocation(line: line, column: 1) }
                    return error
                })
        }
    }

    /// The answer to a timeline the session cannot give.
    init(_ refusal: TimelineRefusal) {
        switch refusal {
        case .historyUnavailable(let instant, let start): self = .historyUnavailable(instant, since: start)
        case .tooManySamples(let count):
            self = .invalidQuery(
                "step", "gives \(formatted(count)) samples from 'from' to 'to'; at most \(Timeline.maxSamples)")
        }
    }
}

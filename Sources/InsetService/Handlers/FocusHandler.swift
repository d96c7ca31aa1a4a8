import HTTPServer
import InsetSession

/// `POST /sessions/{id}/focus`: the focus moves to a field (by id, `next` or `previous`) while the keyboard is
/// shown, and the offset scrolls to reveal it.
final class FocusHandler: BodyOperationHandler {
    let sessions: Sessions

    init(sessions: Sessions) {
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming RequestBody
    ) throws(Problem) -> HTTPResponse {
        // Decoding guarantees the field.
        let name = body.field ?? ""
        let timestamp = body.event.timestamp
        let serverTime = sessions.now
        return try sessions.run { () throws(SessionError) in
            try sessions.store.modify(parameters["id"] ?? "", now: serverTime) {
                (session: inout Session) throws(SessionError) in
                // Refused before anything changes, as the store requires.
                let (composed, time) = try session.moveFocus(to: name, timestamp: timestamp, serverTime: serverTime)
                return EventAnswer.response(session, composed: composed, at: time)
            }
        }
    }
}

import HTTPServer
import InsetJSON
import InsetSchema
import InsetSession
import InsetStores

/// `POST /sessions/{id}/focus`: the focus moves to a field (by id, `next` or `previous`) while the keyboard is
/// shown, and the offset scrolls to reveal it.
final class FocusHandler: BodyOperationHandler {
    let sessions: Sessions

    init(sessions: Sessions) {
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming FocusBody
    ) throws(Problem) -> HTTPResponse {
        let name = try body.field
        let id = try parameters.required("id", of: request)
        let serverTime = sessions.now
        return sessions.answer(
            FocusChange(name: name, timestamp: body.timestamp, serverTime: serverTime), to: id, now: serverTime)
    }
}

/// The focus moved to field `name` (an id, `next` or `previous`) at `timestamp`, answered as an event.
struct FocusChange: AnsweredChange {
    let name: String
    let timestamp: Double?
    let serverTime: Double

    func apply(to session: inout Session) throws(SessionError) -> WrittenJSON {
        // Refused before anything changes, as the store requires.
        var composed: EventAnimation
        let time: Double
        (composed, time) = try session.moveFocus(to: name, timestamp: timestamp, serverTime: serverTime)
        return EventAnswer.text(&session, composed: &composed, at: time)
    }
}

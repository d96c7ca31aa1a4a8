import HTTPServer
import InsetJSON
import InsetSession

extension InsetApplication {
    /// `POST /sessions/{id}/focus`: the focus moves to a field (by id, `next` or `previous`) while the keyboard
    /// is shown, and the offset scrolls to reveal it.
    func moveFocus(_ request: RouteRequest) throws(Problem) -> HTTPResponse {
        try checkJSONBody(request.http)
        let body: RequestBody
        do {
            body = try RequestBody.decode(request.http.body, kind: .focus)
        } catch {
            throw Problem(error)
        }
        // Decoding guarantees the field.
        let name = body.field ?? ""
        let serverTime = now
        let outcome = try sessions { () throws(SessionError) in
            try store.modify(request.parameters["id"] ?? "", now: serverTime) {
                (session: inout Session) throws(SessionError) -> EventOutcome in
                // Refused before anything changes, as the store requires.
                let (composed, time) = try session.moveFocus(
                    to: name, timestamp: body.event.timestamp, serverTime: serverTime)
                return EventOutcome(
                    result: session.target, animation: composed.animation, session: session.reference(at: time),
                    layout: composed.layout, composed: composed, navigation: session.scene.navigation)
            }
        }
        return Self.eventResponse(outcome)
    }
}

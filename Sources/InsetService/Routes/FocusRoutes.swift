import HTTPServer
import InsetJSON

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
                guard session.shownKeyboard != nil else { throw .keyboardNotShown }
                let field = try session.field(named: name)
                let time = session.instant(timestamp: body.timestamp, serverTime: serverTime)
                try session.advance(to: time, serverTime: serverTime)
                let composed = session.focus(on: field, at: time)
                return EventOutcome(
                    result: session.target, animation: composed.animation, session: session.reference(at: time),
                    layout: composed.layout, composed: composed, navigation: session.geometry.navigation)
            }
        }
        return Self.eventResponse(outcome)
    }
}

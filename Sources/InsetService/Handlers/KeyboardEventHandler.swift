import HTTPServer
import InsetJSON
import InsetSession

/// `POST /keyboard/show` and `POST /keyboard/hide`: with a `sessionId`, an event of that session, answered when
/// its store has changed it; without, the domain's stateless event on the scene the body carries whole.
final class KeyboardEventHandler: BodyOperationHandler {
    let kind: KeyboardEvent.Kind
    let sessions: Sessions

    init(kind: KeyboardEvent.Kind, sessions: Sessions) {
        self.kind = kind
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming RequestBody
    ) throws(Problem) -> HTTPResponse {
        guard let sessionId = body.sessionId else {
            let scene: Scene
            do {
                scene = try body.event.scene.sceneToCreate()
            } catch {
                throw Problem(error)
            }
            let outcome = body.event.stateless(kind, in: scene)
            return EventAnswer.response(outcome)
        }
        let serverTime = sessions.now
        return sessions.store.answer(
            KeyboardEventChange(kind: kind, event: consume body, serverTime: serverTime), to: sessionId, now: serverTime
        )
    }
}

/// A show or a hide on a session at `serverTime`, answered as `EventAnswer` writes it.
struct KeyboardEventChange: SessionChange {
    let kind: KeyboardEvent.Kind
    let event: RequestBody
    let serverTime: Double

    func apply(to session: inout Session) throws(SessionError) -> HTTPResponse {
        let (composed, time) = try session.receive(kind, event.event, serverTime: serverTime)
        // Written here, from the session where it lies, rather than copied out to be written after the change
        // (docs/performance.md). A change that runs again (a Redis record changed meanwhile) writes again.
        return EventAnswer.response(session, composed: composed, at: time)
    }
}

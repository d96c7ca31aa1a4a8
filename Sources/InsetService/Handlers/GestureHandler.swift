import HTTPServer
import InsetCore
import InsetJSON
import InsetSchema
import InsetSession
import InsetStores

/// The spec's `dragKeyboard` and `releaseKeyboard`: a touch on a session's shown keyboard.
final class GestureHandler: BodyOperationHandler {
    let kind: RequestBody.Kind
    let sessions: Sessions

    init(kind: RequestBody.Kind, sessions: Sessions) {
        self.kind = kind
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming RequestBody
    ) throws(Problem) -> HTTPResponse {
        // The edge decodes every gesture, and decoding guarantees its session id and value.
        let event = consume body
        let serverTime = sessions.now
        return sessions.answer(
            GestureChange(kind: kind, event: event, serverTime: serverTime), to: event.sessionId ?? "",
            now: serverTime)
    }
}

/// A drag or a release on a session at `serverTime`: what the scroll view and the keyboard became, the
/// animation it started (null when the values moved at once or not at all) and the session.
struct GestureChange: AnsweredChange {
    let kind: RequestBody.Kind
    let event: RequestBody
    let serverTime: Double

    func apply(to session: inout Session) throws(SessionError) -> WrittenJSON {
        // Decoding guarantees the gesture's value.
        let gesture: KeyboardGesture = kind == .drag ? .drag(event.touch ?? .zero) : .release(event.velocityY ?? 0)
        let (composed, time) = try session.touch(gesture, timestamp: event.event.timestamp, serverTime: serverTime)
        var writer = JSONWriter(reservingCapacity: 3072)
        writer.beginObject()
        writer.resultMembers(session.target)
        if let navigation = session.scene.navigation { writer.navigation(navigation) }
        writer.key(static: "keyboardFrame")
        if let frame = session.keyboardFrame { writer.rect(frame) } else { writer.null() }
        writer.key(static: "animation")
        if let composed {
            AnimationDescriptor.write(composed.animation, layout: composed.layout, composed: composed, into: &writer)
        } else {
            writer.null()
        }
        writer.key(static: "session")
        session.reference(at: time).write(into: &writer)
        writer.endObject()
        return WrittenJSON(writer)
    }
}

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
        _ request: HTTPRequest, parameters: [String: String], body: consuming GestureBody
    ) throws(Problem) -> HTTPResponse {
        // Read before the store is asked: a body without them (which decoding refuses) changes nothing.
        let gesture = try body.gesture(kind)
        let sessionId = try body.sessionId
        let serverTime = sessions.now
        return sessions.answer(
            GestureChange(gesture: gesture, timestamp: body.timestamp, serverTime: serverTime), to: sessionId,
            now: serverTime)
    }
}

/// A drag or a release at `timestamp` on a session at `serverTime`: what the scroll view and the keyboard became,
/// the animation it started (null when the values moved at once or not at all) and the session.
struct GestureChange: AnsweredChange {
    let gesture: KeyboardGesture
    let timestamp: Double?
    let serverTime: Double

    func apply(to session: inout Session) throws(SessionError) -> WrittenJSON {
        let (composed, time) = try session.touch(gesture, timestamp: timestamp, serverTime: serverTime)
        var writer = JSONWriter(reservingCapacity: 3072)
        writer.beginObject()
        let written = writer.resultMembers(session.target)
        if let navigation = session.scene.navigation { writer.navigation(navigation) }
        writer.key(static: "keyboardFrame")
        if let frame = session.keyboardFrame { writer.rect(frame) } else { writer.null() }
        writer.key(static: "animation")
        if let composed {
            AnimationDescriptor.write(
                composed.animation, layout: composed.layout, composed: composed, written: written, into: &writer)
        } else {
            writer.null()
        }
        writer.key(static: "session")
        session.reference(at: time).write(into: &writer)
        writer.endObject()
        return WrittenJSON(writer)
    }
}

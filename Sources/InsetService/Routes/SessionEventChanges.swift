import HTTPServer
import InsetCore
import InsetJSON
import InsetSession

/// A show or a hide on a session at `serverTime`, answered as `eventResponse` writes it.
struct KeyboardEventChange: SessionChange {
    let kind: RequestBody.Kind
    let event: RequestBody
    let serverTime: Double

    func apply(to session: inout Session) throws(SessionError) -> HTTPResponse {
        // Decoding guarantees a show or a hide here.
        let (composed, time) = try session.receive(kind.keyboardEvent ?? .hide, event.event, serverTime: serverTime)
        // Written here, from the session where it lies: an outcome copied out to be written after the change is
        // about 1 KB, and it was copied at each step of the way (docs/performance.md). A change that runs again
        // (a Redis record changed meanwhile) writes again, which is rare.
        return InsetApplication.eventResponse(
            session.target, animation: composed.animation, layout: composed.layout, composed: composed,
            session: session.reference(at: time), navigation: session.scene.navigation)
    }
}

/// A drag or a release on a session at `serverTime`: what the scroll view and the keyboard became, the
/// animation it started (null when the values moved at once or not at all) and the session.
struct GestureChange: SessionChange {
    let kind: RequestBody.Kind
    let event: RequestBody
    let serverTime: Double

    func apply(to session: inout Session) throws(SessionError) -> HTTPResponse {
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
        return InsetApplication.json(writer)
    }
}

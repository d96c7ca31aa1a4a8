import HTTPServer
import InsetCore
import InsetJSON
import InsetSession

extension InsetApplication {
    /// What a stateless show or hide or a focus move computed, to be written as the answer (a session's show or
    /// hide is written inside the store's `modify` instead, in memory and in Redis). A session event carries only the session's
    /// reference: the whole session is large, and copying it out cost more than the answer's reference needs.
    struct EventOutcome: Sendable {
        var result: InsetResult
        var animation: KeyboardAnimation
        var session: SessionReference?
        /// Where the guide and the pinned views go.
        var layout: LayoutMotion
        /// A session event's composition, which its descriptor reports.
        var composed: EventAnimation?
        /// The toolbar's previous and next fields, when the form has fields.
        var navigation: FocusNeighbours?
    }

    /// A JSON body of `kind` decoded into `event` (empty), or the problem with it. Into, not returned: a request
    /// body is large, and the show path copies it no more than it must.
    private func decodeEvent(
        _ kind: RequestBody.Kind, _ request: HTTPRequest, into event: inout RequestBody
    ) throws(Problem) {
        try checkJSONBody(request)
        do {
            try RequestBody.decode(request.body, kind: kind, into: &event)
        } catch {
            throw Problem(error)
        }
    }

    /// `POST /keyboard/show` and `POST /keyboard/hide`, with or without a session.
    func keyboardEvent(_ kind: RequestBody.Kind, _ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        var event = RequestBody()
        try decodeEvent(kind, request, into: &event)
        // Moved on, not copied: a body is 521 bytes.
        let decoded = consume event
        guard let sessionId = decoded.sessionId else {
            return Self.eventResponse(try statelessEvent(kind, decoded.event))
        }
        if case .redis(let redis) = store { return laterSessionEvent(kind, decoded, sessionId: sessionId, in: redis) }
        return try sessionEvent(kind, decoded, sessionId: sessionId)
    }

    /// The answer to an event: what the scroll view becomes, the navigation, the animation and the session.
    static func eventResponse(_ outcome: EventOutcome) -> HTTPResponse {
        eventResponse(
            outcome.result, animation: outcome.animation, layout: outcome.layout, composed: outcome.composed,
            session: outcome.session, navigation: outcome.navigation)
    }

    /// The answer to an event, from its parts where they lie.
    static func eventResponse(
        _ result: InsetResult, animation: KeyboardAnimation, layout: LayoutMotion, composed: EventAnimation?,
        session: SessionReference?, navigation: FocusNeighbours?
    ) -> HTTPResponse {
        // Sized to hold a usual answer without growing; a stateless answer fits glibc's per-thread cache of
        // small blocks, a session's (longer by its reference, its composition and the animations in flight,
        // 1.6 to 2.4 KB with one or two of them) does not.
        var writer = JSONWriter(reservingCapacity: session == nil ? 1024 : 3072)
        writer.beginObject()
        writer.resultMembers(result)
        if let navigation { writer.navigation(navigation) }
        writer.key(static: "animation")
        AnimationDescriptor.write(animation, layout: layout, composed: composed, into: &writer)
        if let session {
            writer.key(static: "session")
            session.write(into: &writer)
        }
        writer.endObject()
        return Self.json(writer)
    }

    private func sessionEvent(
        _ kind: RequestBody.Kind, _ event: RequestBody, sessionId: String
    ) throws(Problem) -> HTTPResponse {
        let serverTime = now
        return try sessions { () throws(SessionError) in
            try store.modify(sessionId, now: serverTime) { (session: inout Session) throws(SessionError) in
                let (composed, time) = try Self.apply(kind, event, to: &session, serverTime: serverTime)
                // Written here, from the session where it lies: an outcome copied out to be written after the
                // lock is about 1 KB, and it was copied five times on its way (callgrind, docs/performance.md).
                return Self.eventResponse(
                    session.target, animation: composed.animation, layout: composed.layout, composed: composed,
                    session: session.reference(at: time), navigation: session.scene.navigation)
            }
        }
    }

    /// A session event with the sessions in Redis, answered once Redis has.
    private func laterSessionEvent(
        _ kind: RequestBody.Kind, _ event: RequestBody, sessionId: String, in redis: RedisSessionStore
    ) -> HTTPResponse {
        let serverTime = now
        return Self.later(
            sessionId, in: redis, now: serverTime,
            { (session: inout Session) throws(SessionError) in
                // Written here, as in memory: an outcome carried to the answer's writer was copied at each step
                // of the update and destroyed at the end, about 15 000 instructions an event (callgrind,
                // docs/performance.md), where the answer's bytes are one buffer. A change that runs again (a
                // record changed meanwhile) writes again, which is rare.
                let (composed, time) = try Self.apply(kind, event, to: &session, serverTime: serverTime)
                return Self.eventResponse(
                    session.target, animation: composed.animation, layout: composed.layout, composed: composed,
                    session: session.reference(at: time), navigation: session.scene.navigation)
            }, answer: { $0 })
    }

    /// A show or hide on a session at `serverTime`: its composition and the session-clock instant it happened at.
    /// Inlined into each closure that calls it: called through the in-memory store's, the captured event was
    /// copied, all of it, on every event.
    @inline(__always)
    private static func apply(
        _ kind: RequestBody.Kind, _ event: borrowing RequestBody, to session: inout Session, serverTime: Double
    ) throws(SessionError) -> (composed: EventAnimation, time: Double) {
        // Decoding guarantees a show or a hide here.
        let (composed, time) = try session.receive(kind.keyboardEvent ?? .hide, event.event, serverTime: serverTime)
        return (composed, time)
    }

    /// A call that carries the whole scene: the domain's stateless event.
    private func statelessEvent(
        _ kind: RequestBody.Kind, _ event: KeyboardEvent
    ) throws(Problem) -> EventOutcome {
        let scene: Scene
        do {
            scene = try event.scene.sceneToCreate()
        } catch {
            throw Problem(error)
        }
        let outcome = event.stateless(kind.keyboardEvent ?? .hide, in: scene)
        return EventOutcome(
            result: outcome.result, animation: outcome.animation, session: nil, layout: outcome.layout,
            navigation: outcome.navigation)
    }

    /// What a drag or a release did to a session.
    private struct GestureOutcome: Sendable {
        var result: InsetResult
        var keyboardFrame: Rect?
        var composed: EventAnimation?
        var session: SessionReference
        var navigation: FocusNeighbours?
    }

    /// `POST /keyboard/drag` and `POST /keyboard/release`: a touch on a session's shown keyboard.
    func keyboardGesture(_ kind: RequestBody.Kind, _ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        var event = RequestBody()
        try decodeEvent(kind, request, into: &event)
        // Decoding guarantees both a session id and the gesture's value.
        let sessionId = event.sessionId ?? ""
        let serverTime = now
        if case .redis(let redis) = store {
            return Self.later(
                sessionId, in: redis, now: serverTime,
                { [event] (session: inout Session) throws(SessionError) in
                    // Written here, as a show's answer is (laterSessionEvent).
                    Self.gestureResponse(try Self.applyGesture(kind, event, to: &session, serverTime: serverTime))
                }, answer: { $0 })
        }
        let outcome = try sessions { () throws(SessionError) in
            try store.modify(sessionId, now: serverTime) { (session: inout Session) throws(SessionError) in
                try Self.applyGesture(kind, event, to: &session, serverTime: serverTime)
            }
        }
        return Self.gestureResponse(outcome)
    }

    /// A drag or a release on a session at `serverTime`; inlined as `apply` is.
    @inline(__always)
    private static func applyGesture(
        _ kind: RequestBody.Kind, _ event: borrowing RequestBody, to session: inout Session, serverTime: Double
    ) throws(SessionError) -> GestureOutcome {
        // Decoding guarantees the gesture's value.
        let gesture: KeyboardGesture =
            kind == .drag ? .drag(event.touch ?? .zero) : .release(event.velocityY ?? 0)
        let (composed, time) = try session.touch(gesture, timestamp: event.event.timestamp, serverTime: serverTime)
        return GestureOutcome(
            result: session.target, keyboardFrame: session.keyboardFrame, composed: composed,
            session: session.reference(at: time), navigation: session.scene.navigation)
    }

    /// The answer to a drag or a release.
    private static func gestureResponse(_ outcome: GestureOutcome) -> HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 3072)
        writer.beginObject()
        writer.resultMembers(outcome.result)
        if let navigation = outcome.navigation { writer.navigation(navigation) }
        writer.key(static: "keyboardFrame")
        if let frame = outcome.keyboardFrame { writer.rect(frame) } else { writer.null() }
        writer.key(static: "animation")
        if let composed = outcome.composed {
            AnimationDescriptor.write(composed.animation, layout: composed.layout, composed: composed, into: &writer)
        } else {
            writer.null()
        }
        writer.key(static: "session")
        outcome.session.write(into: &writer)
        writer.endObject()
        return Self.json(writer)
    }
}

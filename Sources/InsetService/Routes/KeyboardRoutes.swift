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
        return store.answer(KeyboardEventChange(kind: kind, event: decoded, serverTime: now), to: sessionId, now: now)
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

    /// `POST /keyboard/drag` and `POST /keyboard/release`: a touch on a session's shown keyboard.
    func keyboardGesture(_ kind: RequestBody.Kind, _ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        var event = RequestBody()
        try decodeEvent(kind, request, into: &event)
        // Decoding guarantees both a session id and the gesture's value.
        let sessionId = event.sessionId ?? ""
        let serverTime = now
        return store.answer(
            GestureChange(kind: kind, event: event, serverTime: serverTime), to: sessionId, now: serverTime)
    }
}

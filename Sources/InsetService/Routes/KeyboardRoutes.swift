import HTTPServer
import InsetCore
import InsetJSON

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
        guard let sessionId = decoded.sessionId else { return Self.eventResponse(try statelessEvent(kind, decoded)) }
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
                    session: session.reference(at: time), navigation: session.geometry.navigation)
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
                    session: session.reference(at: time), navigation: session.geometry.navigation)
            }, answer: { $0 })
    }

    /// A show or hide on a session at `serverTime`: its composition and the session-clock instant it happened at.
    /// Inlined into each closure that calls it: called through the in-memory store's, the captured event was
    /// copied, all of it, on every event.
    @inline(__always)
    private static func apply(
        _ kind: RequestBody.Kind, _ event: borrowing RequestBody, to session: inout Session, serverTime: Double
    ) throws(SessionError) -> (composed: EventAnimation, time: Double) {
        if let problem = event.geometry.focusProblem(over: session.geometry) { throw .invalid([problem]) }
        let time = session.instant(timestamp: event.timestamp, serverTime: serverTime)
        try session.advance(to: time, serverTime: serverTime)
        // Decoding guarantees a show carries frameEnd. Assigned, not chosen by `?:`, which copied it.
        let composed: EventAnimation
        if kind == .show {
            composed = session.show(event, frameEnd: event.keyboard.frameEnd ?? .zero, at: time)
        } else {
            composed = session.hide(event, at: time)
        }
        return (composed, time)
    }

    /// A call that carries the whole geometry: a show starts from the base state, a hide from its `frameBegin`.
    private func statelessEvent(
        _ kind: RequestBody.Kind, _ event: RequestBody
    ) throws(Problem) -> EventOutcome {
        let geometry: StoredGeometry
        do {
            geometry = try event.geometry.created()
        } catch {
            throw Problem(error)
        }
        if let problem = event.geometry.focusProblem(over: geometry) { throw .validation([problem]) }
        let base = ScrollState(
            contentInset: geometry.scrollView.contentInset,
            scrollIndicatorInsets: geometry.scrollView.scrollIndicatorInsets,
            contentOffset: geometry.scrollView.contentOffset)
        let result: InsetResult
        var from = base
        // The keyboard was hidden before a stateless show; before a hide, it was at frameBegin when sent.
        let resting = KeyboardAvoidance.hidden(
            scrollView: geometry.scrollView, space: geometry.space, options: geometry.options,
            pinnedViews: geometry.pinnedViews)
        var guideFrom = resting.keyboardLayoutGuide
        if kind == .show {
            result = KeyboardAvoidance.shown(
                scrollView: geometry.scrollView, space: geometry.space,
                keyboardFrameEnd: event.keyboard.frameEnd ?? .zero, focusedRect: geometry.revealRect,
                options: geometry.options,
                previousAdjustedBottom: resting.keyboardSideAdjustedInset(inverted: geometry.scrollView.inverted),
                pinnedViews: geometry.pinnedViews)
        } else {
            var previousAdjustedBottom = resting.keyboardSideAdjustedInset(inverted: geometry.scrollView.inverted)
            if let frameBegin = event.keyboard.frameBegin {
                let shown = KeyboardAvoidance.shown(
                    scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: frameBegin,
                    options: geometry.options, pinnedViews: geometry.pinnedViews)
                from = shown.state
                // The request's offset is what is on screen now; only the insets come from frameBegin.
                from.contentOffset = geometry.scrollView.contentOffset
                guideFrom = shown.keyboardLayoutGuide
                previousAdjustedBottom = shown.keyboardSideAdjustedInset(inverted: geometry.scrollView.inverted)
            }
            result = KeyboardAvoidance.hidden(
                scrollView: geometry.scrollView, space: geometry.space, keyboardFrameEnd: event.keyboard.frameEnd,
                options: geometry.options, previousAdjustedBottom: previousAdjustedBottom,
                pinnedViews: geometry.pinnedViews)
        }
        let time = event.timestamp ?? 0
        let animation = event.keyboard.animation(from: from, to: result.state, startTime: time)
        let layout = LayoutMotion(from: guideFrom, to: result.keyboardLayoutGuide, pinnedViews: geometry.pinnedViews)
        return EventOutcome(
            result: result, animation: animation, session: nil, layout: layout, navigation: geometry.navigation)
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
        // Refused before anything changes, as the store requires.
        guard session.shownKeyboard != nil else { throw .keyboardNotShown }
        let time = session.instant(timestamp: event.timestamp, serverTime: serverTime)
        try session.advance(to: time, serverTime: serverTime)
        let composed =
            kind == .drag
            ? session.drag(touch: event.touch ?? .zero, at: time)
            : session.release(velocityY: event.velocityY ?? 0, at: time)
        return GestureOutcome(
            result: session.target, keyboardFrame: session.keyboardFrame, composed: composed,
            session: session.reference(at: time), navigation: session.geometry.navigation)
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

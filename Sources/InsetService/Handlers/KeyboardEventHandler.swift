import HTTPServer
import InsetDevices
import InsetJSON
import InsetSchema
import InsetSession
import InsetStores

/// `POST /keyboard/show` and `POST /keyboard/hide`: with a `sessionId`, an event of that session, answered when
/// its store has changed it; without, the domain's stateless event on the scene the body carries whole.
final class KeyboardEventHandler: BodyOperationHandler {
    let kind: KeyboardEvent.Kind
    let sessions: Sessions
    let devices: DeviceCatalogue

    init(kind: KeyboardEvent.Kind, sessions: Sessions, devices: DeviceCatalogue) {
        self.kind = kind
        self.sessions = sessions
        self.devices = devices
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming KeyboardEventBody
    ) throws(Problem) -> HTTPResponse {
        if let sessionId = body.decoded.inlineSessionId {
            let serverTime = sessions.now
            return sessions.answer(
                KeyboardEventChange(handler: self, body: consume body, serverTime: serverTime),
                to: sessionId, now: serverTime)
        }
        guard let sessionId = body.decoded.otherSessionId else {
            let platform = RequestSchema.platform(of: body.decoded)
            let problems = RequestSchema.platformProblems(body.decoded, platform: platform)
            guard problems.isEmpty else { throw Problem(RequestError.invalid(problems)) }
            if platform == .android { return try AndroidEvents.stateless(kind, &body.event, devices: devices) }
            if platform == .web { return try WebEvents.stateless(kind, body.event, devices: devices) }
            if DeviceRequest.involved(body.event.scene.given, base: nil) { return try byDevice(body) }
            // The body's scene values become the scene where they lie: the body is this call's to change. A show
            // without its keyboard's end frame is told so with whatever the scene lacks.
            let noFrameEnd = kind == .show && body.event.keyboard.frameEnd == nil
            do {
                try body.event.scene.settleToCreate(alsoMissing: noFrameEnd ? [DeviceRequest.noFrameEndProblem] : [])
            } catch {
                throw Problem(error)
            }
            return EventAnswer.response(body.event.stateless(kind, in: body.event.scene.values))
        }
        let serverTime = sessions.now
        return sessions.answer(
            KeyboardEventChange(handler: self, body: consume body, serverTime: serverTime),
            to: sessionId, now: serverTime)
    }

    /// A stateless event on a device or in a container: the catalogue's numbers and the container's layout
    /// written in, then answered as if sent.
    private func byDevice(_ body: consuming KeyboardEventBody) throws(Problem) -> HTTPResponse {
        var event = body.event
        let resolution: DeviceResolution?
        do {
            resolution = try DeviceRequest.resolve(&event, for: kind.deviceUse, over: nil, in: devices)
        } catch {
            throw Problem(error)
        }
        do {
            try event.scene.settleToCreate()
        } catch {
            throw Problem(error)
        }
        let scene = event.scene.values
        return EventAnswer.response(
            event.stateless(kind, in: scene), catalogue: resolution, containers: scene.containers, shown: kind == .show)
    }
}

/// A show or a hide on a session at `serverTime`, answered as `EventAnswer` writes it.
struct KeyboardEventChange: AnsweredChange {
    /// The handler it came from, for its kind and its catalogue: one reference, where the catalogue itself is four,
    /// each retained when the change is made and released when it is dropped, on every event.
    let handler: KeyboardEventHandler
    let body: KeyboardEventBody
    let serverTime: Double

    var kind: KeyboardEvent.Kind { handler.kind }

    func apply(to session: inout Session) throws(SessionError) -> WrittenJSON {
        switch try RequestSchema.checkPlatform(body.decoded, session: session.scene.platform) {
        case .android: return try android(&session)
        case .web:
            return try WebSessionEvents.receive(
                kind, body.event, on: &session, devices: handler.devices, serverTime: serverTime)
        case .ios: break
        }
        if DeviceRequest.involved(body.event.scene.given, base: session.scene) { return try byDevice(&session) }
        try DeviceRequest.requireFrameEnd(body.event, for: kind.deviceUse)
        var composed: EventAnimation
        let time: Double
        (composed, time) = try session.receive(kind, body.event, serverTime: serverTime)
        // Written here, from the session where it lies, rather than copied out to be written after the change
        // (docs/performance.md). A change that runs again (a Redis record changed meanwhile) writes again.
        return EventAnswer.text(&session, composed: &composed, at: time, sent: body.decoded.inlineSessionId)
    }

    /// An IME event on an Android session, by device when the session or the event names one.
    private func android(_ session: inout Session) throws(SessionError) -> WrittenJSON {
        var event = body.event
        try AndroidDeviceRequest.resolve(&event, showing: kind == .show, over: session.scene, in: handler.devices)
        try AndroidEvents.requireWindow(event, kind: kind, over: session.scene)
        let (outcome, time) = try session.receiveAndroid(kind, event, serverTime: serverTime)
        return AndroidAnswer.text(
            outcome, at: time, session: session.reference(at: time), containers: session.scene.containers)
    }

    /// The event on a session on a device: the catalogue's numbers written in over the session's scene.
    private func byDevice(_ session: inout Session) throws(SessionError) -> WrittenJSON {
        var event = body.event
        let resolution = try DeviceRequest.resolve(
            &event, for: kind.deviceUse, over: session.scene, in: handler.devices)
        var composed: EventAnimation
        let time: Double
        (composed, time) = try session.receive(kind, event, serverTime: serverTime)
        return EventAnswer.text(&session, composed: &composed, at: time, catalogue: resolution)
    }
}

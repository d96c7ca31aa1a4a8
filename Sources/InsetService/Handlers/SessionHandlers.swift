import HTTPServer
import InsetCore
import InsetDevices
import InsetJSON
import InsetSchema
import InsetSession
import InsetStores

/// `POST /sessions`: 201 with `Location` and the new session.
final class CreateSessionHandler: BodyOperationHandler {
    let sessions: Sessions
    let devices: DeviceCatalogue

    init(sessions: Sessions, devices: DeviceCatalogue) {
        self.sessions = sessions
        self.devices = devices
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming SessionBody
    ) throws(Problem) -> HTTPResponse {
        var event = body.event
        var resolution: DeviceResolution?
        // What the window lacks, told with what the scene lacks.
        var alsoMissing: [MemberProblem] = []
        var page: (WebPage, WebRule)?
        do throws(SessionError) {
            let platform = try RequestSchema.checkPlatform(body.decoded, session: nil)
            if platform == .web {
                // docs/web.md, "Sessions": the page, checked as a show checks it but for its keyboard, which a show
                // brings (or the device names).
                _ = try WebDeviceKeyboard.resolve(&event.scene, over: nil, in: devices, heightRequired: false)
                page = try WebEvents.page(event.scene.values, keyboard: false)
            } else if platform == .android {
                try AndroidDeviceRequest.resolve(&event, showing: false, over: nil, in: devices)
                alsoMissing = AndroidEvents.missingWindow(event, kind: .hide, over: nil)
            } else {
                resolution = try DeviceRequest.resolve(&event, for: .scene, over: nil, in: devices)
            }
        } catch {
            throw Problem(error)
        }
        let scene: Scene
        do {
            // A page has no scroll view: what the web requires, `WebEvents.page` checked.
            scene =
                event.scene.values.platform == .web
                ? event.scene.created : try event.scene.sceneToCreate(alsoMissing: alsoMissing)
        } catch {
            throw Problem(error)
        }
        let serverTime = sessions.now
        var made = Session(id: SessionID.make(), scene: scene, time: event.timestamp, serverTime: serverTime)
        // A page sent scrolled past its document's end rests at the end, as the browser keeps it.
        if let (page, rule) = page { made.settleWeb(page, behaviour: rule.behaviour) }
        let session = made
        return sessions.answer(creating: session, now: serverTime) { [resolution] in
            var response = SessionAnswer.response(session, at: session.lastTime, status: 201, catalogue: resolution)
            response.headers.add(name: "Location", value: "/sessions/\(session.id)")
            return response
        }
    }
}

/// `GET /sessions/{id}?at=`: the session as seen at `at` (default: now on the session's clock).
final class GetSessionHandler: OperationHandler {
    let sessions: Sessions

    init(sessions: Sessions) {
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        let at = try Query.milliseconds(request, "at")
        let id = try parameters.required("id", of: request)
        let serverTime = sessions.now
        return sessions.answer(SessionRead(at: at, serverTime: serverTime), to: id, now: serverTime)
    }
}

/// The session as seen at `at` (nil: now on its clock), read at `serverTime`.
struct SessionRead: AnsweredChange {
    let at: Double?
    let serverTime: Double

    static var onlyReads: Bool { true }

    func apply(to session: inout Session) throws(SessionError) -> (Session, Double) {
        (session, try session.instant(lookingAt: at, serverTime: serverTime))
    }

    func respond(_ outcome: consuming (Session, Double)) -> HTTPResponse {
        SessionAnswer.response(outcome.0, at: outcome.1)
    }
}

/// `PATCH /sessions/{id}`: merges scene changes and recomputes at once.
final class PatchSessionHandler: BodyOperationHandler {
    let sessions: Sessions
    let devices: DeviceCatalogue

    init(sessions: Sessions, devices: DeviceCatalogue) {
        self.sessions = sessions
        self.devices = devices
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming SessionBody
    ) throws(Problem) -> HTTPResponse {
        let id = try parameters.required("id", of: request)
        let serverTime = sessions.now
        return sessions.answer(
            SceneChange(devices: devices, body: body, serverTime: serverTime), to: id, now: serverTime)
    }
}

/// A PATCH's scene changes merged into a session at `serverTime`, answered with the whole session.
struct SceneChange: AnsweredChange {
    let devices: DeviceCatalogue
    let body: SessionBody
    let serverTime: Double

    func apply(to session: inout Session) throws(SessionError) -> (Session, Double, DeviceResolution?) {
        var event = body.event
        let platform = try RequestSchema.checkPlatform(body.decoded, session: session.scene.platform)
        if platform == .web {
            let time = try WebSessionEvents.patch(event, on: &session, devices: devices, serverTime: serverTime)
            return (session, time, nil)
        }
        if platform == .android {
            // A turn, or another device, while the IME shows takes the device's IME held the new way.
            let turning = !event.scene.given.isDisjoint(with: [SceneValues(.id), SceneValues(.orientation)])
            let moved = try AndroidDeviceRequest.resolve(
                &event, showing: session.keyboardVisible && turning, over: session.scene, in: devices)
            let time = try session.change(
                event.scene, timestamp: event.timestamp, serverTime: serverTime, keyboardFrame: moved)
            return (session, time, nil)
        }
        // A change that turns the device turns a shown keyboard with it.
        let resolution = try DeviceRequest.resolve(
            &event, for: .scene, over: session.scene,
            shownKeyboard: session.keyboardVisible ? session.keyboardFrame : nil, in: devices)
        let time = try session.change(
            event.scene, timestamp: event.timestamp, serverTime: serverTime, keyboardFrame: resolution?.movedKeyboard)
        return (session, time, resolution)
    }

    func respond(_ outcome: consuming (Session, Double, DeviceResolution?)) -> HTTPResponse {
        SessionAnswer.response(outcome.0, at: outcome.1, catalogue: outcome.2)
    }
}

/// `DELETE /sessions/{id}`: 204, or 404 when there is no such session.
final class DeleteSessionHandler: OperationHandler {
    let sessions: Sessions

    init(sessions: Sessions) {
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        try sessions.answer(deleting: parameters.required("id", of: request)) { deleted throws(Problem) in
            guard deleted else { throw .sessionNotFound }
            return HTTPResponse(status: 204)
        }
    }
}

/// A session as its routes answer it: all of it, as seen at an instant.
enum SessionAnswer {
    /// The session at `time`; after a request by device, with what it took from the catalogue.
    static func response(
        _ session: Session, at time: Double, status: Int = 200, catalogue: DeviceResolution? = nil
    ) -> HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 4096)
        session.write(at: time, catalogue: catalogue, into: &writer)
        return .json(writer, status: status)
    }
}

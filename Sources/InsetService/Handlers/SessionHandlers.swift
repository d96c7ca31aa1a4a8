import HTTPServer
import InsetJSON
import InsetSession

/// `POST /sessions`: 201 with `Location` and the new session.
final class CreateSessionHandler: BodyOperationHandler {
    let sessions: Sessions

    init(sessions: Sessions) {
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming RequestBody
    ) throws(Problem) -> HTTPResponse {
        let scene: Scene
        do {
            scene = try body.event.scene.sceneToCreate()
        } catch {
            throw Problem(error)
        }
        let serverTime = sessions.now
        let session = Session(id: SessionID.make(), scene: scene, time: body.event.timestamp, serverTime: serverTime)
        try sessions.run { () throws(SessionError) in try sessions.store.insert(session, now: serverTime) }
        var response = SessionAnswer.response(session, at: session.lastTime, status: 201)
        response.headers.add(name: "Location", value: "/sessions/\(session.id)")
        return response
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
        let serverTime = sessions.now
        let (session, time) = try sessions.run { () throws(SessionError) in
            try sessions.store.modify(parameters["id"] ?? "", now: serverTime) {
                (session: inout Session) throws(SessionError) in
                (session, try session.instant(lookingAt: at, serverTime: serverTime))
            }
        }
        return SessionAnswer.response(session, at: time)
    }
}

/// `PATCH /sessions/{id}`: merges scene changes and recomputes at once.
final class PatchSessionHandler: BodyOperationHandler {
    let sessions: Sessions

    init(sessions: Sessions) {
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming RequestBody
    ) throws(Problem) -> HTTPResponse {
        let serverTime = sessions.now
        let (session, time) = try sessions.run { () throws(SessionError) in
            try sessions.store.modify(parameters["id"] ?? "", now: serverTime) {
                (session: inout Session) throws(SessionError) in
                let time = try session.change(body.event.scene, timestamp: body.event.timestamp, serverTime: serverTime)
                return (session, time)
            }
        }
        return SessionAnswer.response(session, at: time)
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
        guard try sessions.run({ () throws(SessionError) in try sessions.store.remove(parameters["id"] ?? "") })
        else { throw .sessionNotFound }
        return HTTPResponse(status: 204)
    }
}

/// A session as its routes answer it: all of it, as seen at an instant.
enum SessionAnswer {
    static func response(_ session: Session, at time: Double, status: Int = 200) -> HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 4096)
        session.write(at: time, into: &writer)
        return .json(writer, status: status)
    }
}

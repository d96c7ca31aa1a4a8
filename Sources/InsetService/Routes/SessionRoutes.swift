import HTTPServer
import InsetJSON
import InsetSession

extension InsetApplication {
    /// `POST /sessions`: 201 with `Location` and the new session.
    func createSession(_ request: RouteRequest) throws(Problem) -> HTTPResponse {
        let body = try sessionBody(request.http)
        let scene: Scene
        do {
            scene = try body.event.scene.sceneToCreate()
        } catch {
            throw Problem(error)
        }
        let serverTime = now
        let session = Session(id: SessionID.make(), scene: scene, time: body.event.timestamp, serverTime: serverTime)
        try sessions { () throws(SessionError) in try store.insert(session, now: serverTime) }
        var response = Self.sessionResponse(session, at: session.lastTime, status: 201)
        response.headers.add(name: "Location", value: "/sessions/\(session.id)")
        return response
    }

    /// `GET /sessions/{id}?at=`: the session as seen at `at` (default: now on the session's clock).
    func getSession(_ request: RouteRequest) throws(Problem) -> HTTPResponse {
        let at = try Self.instantQuery(request.http)
        let serverTime = now
        let (session, time) = try sessions { () throws(SessionError) in
            try store.modify(request.parameters["id"] ?? "", now: serverTime) {
                (session: inout Session) throws(SessionError) in
                (session, try session.instant(lookingAt: at, serverTime: serverTime))
            }
        }
        return Self.sessionResponse(session, at: time)
    }

    /// `PATCH /sessions/{id}`: merges geometry changes and recomputes at once.
    func patchSession(_ request: RouteRequest) throws(Problem) -> HTTPResponse {
        let body = try sessionBody(request.http)
        let serverTime = now
        let (session, time) = try sessions { () throws(SessionError) in
            try store.modify(request.parameters["id"] ?? "", now: serverTime) {
                (session: inout Session) throws(SessionError) in
                let time = try session.change(body.event.scene, timestamp: body.event.timestamp, serverTime: serverTime)
                return (session, time)
            }
        }
        return Self.sessionResponse(session, at: time)
    }

    /// `DELETE /sessions/{id}`: 204, or 404 when there is no such session.
    func deleteSession(_ request: RouteRequest) throws(Problem) -> HTTPResponse {
        guard try sessions({ () throws(SessionError) in try store.remove(request.parameters["id"] ?? "") }) else {
            throw .sessionNotFound
        }
        return HTTPResponse(status: 204)
    }

    /// A `POST /sessions` or `PATCH` body.
    private func sessionBody(_ request: HTTPRequest) throws(Problem) -> RequestBody {
        try checkJSONBody(request)
        do {
            return try RequestBody.decode(request.body, kind: .session)
        } catch {
            throw Problem(error)
        }
    }

    /// Runs a session operation, answering its failure as a problem.
    func sessions<T>(_ operation: () throws(SessionError) -> T) throws(Problem) -> T {
        do {
            return try operation()
        } catch {
            throw Problem(error)
        }
    }

    private static func sessionResponse(_ session: Session, at time: Double, status: Int = 200) -> HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 4096)
        session.write(at: time, into: &writer)
        return json(writer, status: status)
    }

    /// Bytes the JSON grammar allows around a value, which a query argument must not carry.
    private static let jsonWhitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]

    private static func instantQuery(_ request: HTTPRequest) throws(Problem) -> Double? {
        guard let text = request.queryValue("at") else { return nil }
        guard let value = jsonNumber(text), Limits.timestamp.contains(value) else {
            throw .invalidQuery("at", "must be a number of milliseconds between 0 and 1e15")
        }
        return value
    }

    /// A query argument's number, when it is written as the JSON grammar has it: no hex, no "inf", no "nan",
    /// no leading "+" that Double(String) would take, no blanks around it.
    static func jsonNumber(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 32, bytes.allSatisfy({ !Self.jsonWhitespace.contains($0) }),
            case .number(let value)? = try? JSONParser.parse(bytes)
        else { return nil }
        return value
    }
}

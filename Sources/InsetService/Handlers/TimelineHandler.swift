import HTTPServer
import InsetJSON
import InsetSession
import InsetStores

/// `GET /sessions/{id}/timeline?from=&to=&step=`: the sampled presentation of every value, as JSON, or as SVG
/// for `Accept: image/svg+xml`; `GET /sessions/{id}/timeline.svg`: the same plot, whatever `Accept` says.
final class TimelineHandler: OperationHandler {
    /// How the answer's format is chosen.
    enum Format: Sendable {
        /// By `Accept`, answered with `Vary: Accept`.
        case negotiated
        /// Always SVG.
        case svg
    }

    let sessions: Sessions
    let format: Format

    init(sessions: Sessions, format: Format) {
        self.sessions = sessions
        self.format = format
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        let svg: Bool
        switch format {
        case .svg:
            svg = true
        case .negotiated:
            let accept = request.headers["Accept"] ?? ""
            svg = accept.contains("image/svg+xml") && !accept.contains("application/json")
        }
        let from = try Query.milliseconds(request, "from")
        let to = try Query.milliseconds(request, "to")
        let givenStep = try Query.milliseconds(request, "step")
        if let step = givenStep, step <= 0 { throw .invalidQuery("step", "must be more than 0 ms") }
        if let from, let to, to < from { throw .invalidQuery("to", "must not be before 'from'") }
        let id = try parameters.required("id", of: request)
        let serverTime = sessions.now
        return sessions.answer(
            TimelineRead(from: from, to: to, step: givenStep, svg: svg, format: format, serverTime: serverTime),
            to: id, now: serverTime)
    }
}

/// A session's timeline from `from` to `to` every `step`, as JSON or SVG: the session is read in the store, and
/// its timeline sampled and written once the store is done.
struct TimelineRead: AnsweredChange {
    let from: Double?
    let to: Double?
    let step: Double?
    let svg: Bool
    let format: TimelineHandler.Format
    let serverTime: Double

    static var onlyReads: Bool { true }

    func apply(to session: inout Session) throws(SessionError) -> Session {
        guard session.scene.platform != .web else {
            // docs/web.md, "Sessions": the viewports change in one step, and only the scroll is animated.
            let message =
                "asks for a timeline, which a web session has none of: its viewports change in one step; GET the session, or read a show's animation"
            throw .invalidMembers([MemberProblem(pointer: "", message: message)])
        }
        return session
    }

    func respond(_ session: consuming Session) throws(Problem) -> HTTPResponse {
        var plot = ""
        var writer = JSONWriter(reservingCapacity: svg ? 0 : 64 * 1024)
        do {
            if let android = try session.androidTimeline(from: from, to: to, step: step) {
                if svg { plot = android.svg() } else { android.write(into: &writer) }
            } else {
                let timeline = try session.timeline(from: from, to: to, step: step)
                if svg { plot = timeline.svg() } else { timeline.write(into: &writer) }
            }
        } catch {
            throw Problem(error)
        }
        var response: HTTPResponse
        if svg {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "image/svg+xml")
            response = HTTPResponse(status: 200, headers: headers, body: Array(plot.utf8))
        } else {
            response = .json(writer)
        }
        if format == .negotiated { response.headers.add(name: "Vary", value: "Accept") }
        return response
    }
}

import HTTPServer
import InsetJSON
import InsetSession

extension InsetApplication {
    /// `GET /sessions/{id}/timeline?from=&to=&step=`: the sampled presentation of every value, as JSON, or as
    /// SVG for `Accept: image/svg+xml`.
    func getTimeline(_ request: RouteRequest) throws(Problem) -> HTTPResponse {
        let accept = request.http.headers["Accept"] ?? ""
        let svg = accept.contains("image/svg+xml") && !accept.contains("application/json")
        return try timeline(request, svg: svg, negotiated: true)
    }

    /// `GET /sessions/{id}/timeline.svg`: the same plot, whatever `Accept` says.
    func getTimelineSVG(_ request: RouteRequest) throws(Problem) -> HTTPResponse {
        try timeline(request, svg: true, negotiated: false)
    }

    private func timeline(_ request: RouteRequest, svg: Bool, negotiated: Bool) throws(Problem) -> HTTPResponse {
        let from = try Self.millisecondsQuery(request.http, "from")
        let to = try Self.millisecondsQuery(request.http, "to")
        let givenStep = try Self.millisecondsQuery(request.http, "step")
        if let step = givenStep, step <= 0 { throw .invalidQuery("step", "must be more than 0 ms") }
        if let from, let to, to < from { throw .invalidQuery("to", "must not be before 'from'") }
        let serverTime = now
        let session = try sessions { () throws(SessionError) in
            try store.modify(request.parameters["id"] ?? "", now: serverTime) {
                (session: inout Session) throws(SessionError) in session
            }
        }
        let timeline: Timeline
        do {
            timeline = try session.timeline(from: from, to: to, step: givenStep)
        } catch {
            throw Problem(error)
        }
        var response: HTTPResponse
        if svg {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "image/svg+xml")
            response = HTTPResponse(status: 200, headers: headers, body: Array(timeline.svg().utf8))
        } else {
            var writer = JSONWriter(reservingCapacity: 64 * 1024)
            timeline.write(into: &writer)
            response = Self.json(writer)
        }
        if negotiated { response.headers.add(name: "Vary", value: "Accept") }
        return response
    }

    /// A query argument in milliseconds on the session's clock, written as a JSON number; nil when absent.
    private static func millisecondsQuery(_ request: HTTPRequest, _ name: String) throws(Problem) -> Double? {
        guard let text = request.queryValue(name) else { return nil }
        guard let value = Self.jsonNumber(text), Limits.timestamp.contains(value) else {
            throw .invalidQuery(name, "must be a number of milliseconds between 0 and 1e15")
        }
        return value
    }
}

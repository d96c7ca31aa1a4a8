import HTTPServer
import InsetJSON

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
        let span = Timeline.defaultSpan(session)
        // The animations a session keeps describe what was on screen exactly from `historyStart` on only: a
        // span that begins (or, without `from`, ends) before it cannot be answered truthfully.
        let history = session.animations.historyStart
        if let early = from ?? to, early < history { throw .historyUnavailable(early, since: history) }
        let start = from ?? span.from
        let end = to ?? max(span.to, start)
        // Without a step, one that fits the span, as the notification route derives it: a fixed default
        // refused a span longer than its samples could cover, although the client asked for no step at all.
        let step = givenStep ?? Timeline.step(from: start, to: end)
        let count = Timeline.sampleCount(from: start, to: end, step: step)
        guard count <= Double(Timeline.maxSamples) else {
            throw .invalidQuery(
                "step", "gives \(formatted(count)) samples from 'from' to 'to'; at most \(Timeline.maxSamples)")
        }
        let timeline = Timeline(session, from: start, to: end, step: step)
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

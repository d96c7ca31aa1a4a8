import HTTPServer
import InsetCore
import InsetJSON

extension InsetApplication {
    /// `POST /sessions/{id}/notifications[?plot=svg]`: replays a logged notification sequence on the session and
    /// answers what each notification did, the session after it, and the timeline of the whole log (with
    /// `plot=svg`, also drawn). A log that is refused changes nothing.
    func replayNotifications(_ request: RouteRequest) throws(Problem) -> HTTPResponse {
        let plot = try Self.plotQuery(request.http)
        try checkJSONBody(request.http)
        let log: NotificationLog
        do {
            log = try NotificationLog.decode(request.http.body)
        } catch {
            throw Problem(error)
        }
        let serverTime = now
        let (session, replay) = try sessions { () throws(SessionError) in
            try store.modify(request.parameters["id"] ?? "", now: serverTime) {
                (session: inout Session) throws(SessionError) in
                let replay = try session.replay(log, serverTime: serverTime)
                return (session, replay)
            }
        }
        let time = session.lastTime
        let start = replay.states[0].from
        let end = max(Timeline.defaultSpan(session).to, log.notifications.last?.timestamp ?? start)
        let timeline = Timeline(
            states: replay.states, jumps: replay.jumps, from: start, to: end, step: Timeline.step(from: start, to: end))
        var writer = JSONWriter(reservingCapacity: 64 * 1024)
        writer.beginObject()
        writer.key(static: "results")
        writer.beginArray()
        for (index, outcome) in replay.outcomes.enumerated() { writer.outcome(outcome, index: index) }
        writer.endArray()
        writer.key(static: "session")
        session.write(at: time, into: &writer)
        writer.key(static: "timeline")
        timeline.write(into: &writer)
        if plot { writer.field("plot", timeline.svg()) }
        writer.endObject()
        return Self.json(writer)
    }

    /// `plot=svg` asks for the drawn timeline as well.
    private static func plotQuery(_ request: HTTPRequest) throws(Problem) -> Bool {
        guard let value = request.queryValue("plot") else { return false }
        guard value == "svg" else { throw .invalidQuery("plot", "must be 'svg'") }
        return true
    }
}

extension Timeline {
    /// The default step, or a coarser whole number of milliseconds when the span would pass `maxSamples`.
    static func step(from: Double, to: Double) -> Double {
        let step = defaultStep
        guard sampleCount(from: from, to: to, step: step) > Double(maxSamples) else { return step }
        return ((to - from) / Double(maxSamples - 1)).rounded(.up)
    }
}

extension JSONWriter {
    /// One notification's outcome: `applied`, `jumped` (a hide applied at once) or `ignored`, and why.
    fileprivate mutating func outcome(_ outcome: NotificationOutcome, index: Int) {
        beginObject()
        key(static: "index")
        int(index)
        field("name", outcome.notification.name.rawValue)
        field("timestamp", outcome.notification.timestamp)
        let (kind, reason): (String, String?) =
            switch outcome.decision {
            case .show, .hide: ("applied", nil)
            case .jumpHide: ("jumped", "zero-duration-hide")
            case .ignore(let why): ("ignored", why.rawValue)
            }
        field("outcome", kind)
        key(static: "reason")
        if let reason { string(reason) } else { null() }
        endObject()
    }
}

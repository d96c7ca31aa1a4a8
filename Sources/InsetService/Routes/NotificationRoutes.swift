import HTTPServer
import InsetCore
import InsetJSON
import InsetSession

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
        let timeline = replay.timeline(after: session, log: log)
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

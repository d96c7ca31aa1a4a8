import HTTPServer
import InsetCore
import InsetJSON
import InsetSession

/// `POST /sessions/{id}/notifications[?plot=svg]`: replays a logged notification sequence on the session and
/// answers what each notification did, the session after it, and the timeline of the whole log (with
/// `plot=svg`, also drawn). A log that is refused changes nothing. It reads its body itself: a log, not a
/// `RequestBody`, and after the query.
final class NotificationsHandler: OperationHandler {
    let sessions: Sessions

    init(sessions: Sessions) {
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        let plot = try Query.plot(request)
        try JSONBody.check(request)
        let log: NotificationLog
        do {
            log = try NotificationLog.decode(request.body)
        } catch {
            throw Problem(error)
        }
        let serverTime = sessions.now
        let (session, replay) = try sessions.run { () throws(SessionError) in
            try sessions.store.modify(parameters["id"] ?? "", now: serverTime) {
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
        return .json(writer)
    }
}

import HTTPServer
import InsetCore
import InsetJSON
import InsetSchema
import InsetSession
import InsetStores

/// `POST /sessions/{id}/notifications[?plot=svg]`: replays a logged notification sequence on the session and
/// answers what each notification did and how it was read, the session after it, and the timeline of the whole
/// log (with `plot=svg`, also drawn). The body is JSON, or a console pasted as `text/plain`, whose options come
/// from the query. A log that is refused changes nothing. It reads its body itself: a log, not a `RequestBody`,
/// and after the query.
final class NotificationsHandler: OperationHandler {
    let sessions: Sessions

    init(sessions: Sessions) {
        self.sessions = sessions
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        let plot = try Query.plot(request)
        let decoded = try Self.decode(request)
        let id = try parameters.required("id", of: request)
        let serverTime = sessions.now
        return sessions.answer(
            ReplayChange(decoded: decoded, plot: plot, serverTime: serverTime), to: id, now: serverTime)
    }

    /// The first notification `times` places past the latest timestamp (1e15 ms), which would leave the
    /// session's clock where no timed event can follow: refused as a JSON `timestamp` past it is, at its
    /// pointer, and in a text at the notification's first line. Printed times keep their distances from `start`
    /// (or the session's present), and the timing rule adds durations, so either can pass it.
    static func pastLatest(_ times: [NotificationTime], _ decoded: DecodedLog) -> MemberProblem? {
        let latest = Limits.timestamp.upperBound
        guard let index = times.firstIndex(where: { $0.time > latest }) else { return nil }
        let past = times[index].time - latest
        return MemberProblem(
            pointer: "/notifications/\(index)/timestamp",
            message:
                "is placed \(formatted(past)) ms past 1e15 on the session's clock; a time must be between 0 and 1e15",
            line: decoded.readings[index].lines?.lowerBound)
    }

    /// The query arguments a text body's options come in; a JSON body carries them as members.
    static let optionArguments = ["includeNonLocal", "coordinates", "start"]

    /// The body, JSON or text, as a log.
    static func decode(_ request: HTTPRequest) throws(Problem) -> DecodedLog {
        if let contentType = request.headers["Content-Type"], TextBody.isPlainText(contentType) {
            let options = try options(request)
            do {
                return try NotificationLog.decodeText(request.body, options: options)
            } catch {
                throw Problem(error)
            }
        }
        try JSONBody.check(request, alsoAccepted: "text/plain")
        for name in optionArguments where request.queryValue(name) != nil {
            throw .invalidQuery(name, "is for a text/plain body; a JSON body carries '\(name)' as a member")
        }
        do {
            return try NotificationLog.decode(request.body)
        } catch {
            throw Problem(error)
        }
    }

    /// A text body's options.
    static func options(_ request: HTTPRequest) throws(Problem) -> LogOptions {
        var options = LogOptions()
        if let value = request.queryValue("includeNonLocal") {
            guard value == "true" || value == "false" else {
                throw .invalidQuery("includeNonLocal", "must be 'true' or 'false'")
            }
            options.includesNonLocal = value == "true"
        }
        if let value = request.queryValue("coordinates") {
            guard let coordinates = FrameCoordinates(rawValue: value) else {
                let names = FrameCoordinates.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                throw .invalidQuery("coordinates", "must be one of \(names)")
            }
            options.coordinates = coordinates
        }
        options.start = try Query.milliseconds(request, "start")
        return options
    }
}

/// A decoded notification log replayed on a session at `serverTime`; answered, once the store is done, with
/// what each notification did and how it was read, the session after it, and the log's timeline (drawn too with
/// `plot`).
struct ReplayChange: AnsweredChange {
    let decoded: DecodedLog
    let plot: Bool
    let serverTime: Double

    func apply(to session: inout Session) throws(SessionError) -> (Session, NotificationReplay) {
        // Thrown before the replay changes anything, as the store requires.
        let times = session.times(of: decoded.log, serverTime: serverTime)
        if let refusal = NotificationsHandler.pastLatest(times, decoded) { throw .invalidMembers([refusal]) }
        let replay = try session.replay(decoded.log, serverTime: serverTime)
        return (session, replay)
    }

    func respond(_ outcome: consuming (Session, NotificationReplay)) -> HTTPResponse {
        let (session, replay) = outcome
        let time = session.lastTime
        let timeline = replay.timeline(after: session)
        var writer = JSONWriter(reservingCapacity: 64 * 1024)
        writer.beginObject()
        writer.field("format", decoded.format.rawValue)
        writer.key(static: "skippedLines")
        writer.int(decoded.skippedLines)
        writer.key(static: "results")
        writer.beginArray()
        for (index, outcome) in replay.outcomes.enumerated() {
            writer.outcome(outcome, reading: decoded.readings[index], index: index)
        }
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

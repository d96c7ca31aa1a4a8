import HTTPServer
import InsetJSON
import InsetSchema
import InsetSession

/// An RFC 9457 problem: every error the service answers is one of these.
struct Problem: Error, Equatable, Sendable {
    /// The problem kind (`ProblemType`'s); `type` is `/problems/<slug>`.
    var slug: String
    /// A short summary that is the same for every occurrence of this kind.
    var title: String
    /// The HTTP status.
    var status: Int
    /// What went wrong this time.
    var detail: String
    /// For validation failures, each offending field.
    var errors: [FieldError]
    /// Extra headers the status calls for (`Allow`, `WWW-Authenticate`).
    var headers: [(name: String, value: String)]

    /// A problem of `kind` (one of `ProblemType.all`), this time for `detail`.
    init(
        _ kind: ProblemType, detail: String, errors: [FieldError] = [],
        headers: [(name: String, value: String)] = []
    ) {
        self.slug = kind.slug
        self.title = kind.title
        self.status = kind.status
        self.detail = detail
        self.errors = errors
        self.headers = headers
    }

    /// The `type` URI, relative to the service so it needs no outside host.
    var type: String { "/problems/\(slug)" }

    /// Problems compare by what a client sees in the body.
    static func == (lhs: Problem, rhs: Problem) -> Bool {
        lhs.slug == rhs.slug && lhs.status == rhs.status && lhs.detail == rhs.detail && lhs.errors == rhs.errors
    }

    /// The `application/problem+json` response.
    var response: HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        writer.key(static: "type")
        writer.string(type)
        writer.key(static: "title")
        writer.string(title)
        writer.key(static: "status")
        writer.int(status)
        writer.key(static: "detail")
        writer.string(detail)
        if !errors.isEmpty {
            writer.key(static: "errors")
            writer.beginArray()
            for error in errors {
                writer.beginObject()
                if let location = error.location {
                    writer.key(static: "line")
                    writer.int(location.line)
                    writer.key(static: "column")
                    writer.int(location.column)
                } else {
                    writer.key(static: "pointer")
                    writer.string(error.pointer)
                }
                writer.key(static: "message")
                writer.string(error.message)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        var responseHeaders = HTTPHeaders([("Content-Type", "application/problem+json")])
        for header in headers { responseHeaders.add(name: header.name, value: header.value) }
        return HTTPResponse(status: status, headers: responseHeaders, body: writer.bytes)
    }
}

extension Problem {
    /// The body is not JSON at all.
    static func malformedJSON(_ detail: String) -> Problem {
        Problem(.malformedJSON, detail: detail)
    }

    /// The request's framing (lengths, transfer codings, Host) cannot be trusted; the connection is closed.
    static func malformedRequest(_ reason: String) -> Problem {
        Problem(
            .malformedRequest, detail: "The request has \(reason); the connection is closed.")
    }

    /// The body is JSON but some fields are wrong.
    static func validation(_ errors: [FieldError]) -> Problem {
        let detail =
            errors.count == 1
            ? "\(errors[0].place): \(errors[0].message)"
            : "\(errors.count) fields are invalid"
        return Problem(.validationFailed, detail: detail, errors: errors)
    }

    /// A query argument is wrong.
    static func invalidQuery(_ name: String, _ message: String) -> Problem {
        Problem(
            .invalidQuery, detail: "Query argument '\(name)' \(message)")
    }

    /// The body is over `--max-body-bytes`.
    static func bodyTooLarge(limit: Int) -> Problem {
        Problem(
            .bodyTooLarge, detail: "The body must be at most \(limit) bytes.")
    }

    /// The session a request makes or changes would hold more than `--max-session-bytes` alone.
    static func sessionTooLarge(bytes: Int, limit: Int) -> Problem {
        Problem(
            .sessionTooLarge,
            detail:
                "The session would hold \(bytes) bytes, more than the \(limit) that --max-session-bytes allows all "
                + "sessions together; it is not kept.")
    }

    /// The query has more arguments than the transport reads.
    static func tooManyQueryArguments(count: Int, limit: Int) -> Problem {
        Problem(
            .uriTooLong, detail: "The query has \(count) arguments; at most \(limit) are read.")
    }

    /// What the transport refused before any route ran, as a problem.
    static func refused(_ refusal: HTTPRefusal) -> Problem {
        switch refusal {
        case .bodyTooLarge(let limit): .bodyTooLarge(limit: limit)
        case .malformedFraming(let reason): .malformedRequest(reason)
        case .tooManyQueryArguments(let count, let limit): .tooManyQueryArguments(count: count, limit: limit)
        case .nulInTarget: .malformedRequest(refusal.reason)
        case .unreadable(let status): .unreadable(status: status, reason: refusal.reason)
        }
    }

    /// A request libmicrohttpd could not read, in the service's words: the problem type its status names.
    static func unreadable(status: Int, reason: String) -> Problem {
        let detail = "The request has \(reason); the connection is closed."
        return switch status {
        case 413:
            Problem(.bodyTooLarge, detail: detail)
        case 414:
            Problem(.uriTooLong, detail: detail)
        case 431:
            Problem(.headerTooLarge, detail: detail)
        case 505:
            Problem(.httpVersionNotSupported, detail: detail)
        default: .malformedRequest(reason)
        }
    }

    /// The body is not `application/json`.
    static func unsupportedMediaType(_ got: String?, alsoAccepted: String? = nil) -> Problem {
        let types = "application/json" + (alsoAccepted.map { " or \($0)" } ?? "")
        return Problem(
            .unsupportedMediaType,
            detail: got.map { "Content-Type '\($0)' is not supported; send \(types)." }
                ?? "Send the body with Content-Type: \(types).")
    }

    /// No route has this path.
    static func routeNotFound(_ path: String) -> Problem {
        Problem(
            .notFound, detail: "No resource at \(String(path.prefix(200))).")
    }

    /// The session does not exist, expired, or was evicted.
    static let sessionNotFound = Problem(
        .sessionNotFound, detail: "No session has this id: it never existed, was deleted, expired or was evicted.")

    /// The catalogue has no device with this id.
    static func deviceNotFound(_ id: String) -> Problem {
        Problem(
            .deviceNotFound,
            detail: "The catalogue has no device '\(String(id.prefix(64)))'; GET /devices lists those it has.")
    }

    /// The path exists but not with this method.
    static func methodNotAllowed(_ method: String, allow: [String]) -> Problem {
        Problem(
            .methodNotAllowed,
            detail: "\(String(method.prefix(20))) is not allowed here; use \(allow.joined(separator: ", ")).",
            headers: [("Allow", allow.joined(separator: ", "))])
    }

    /// The event's timestamp is older than the session's last one.
    static func staleTimestamp(_ timestamp: Double, last: Double) -> Problem {
        Problem(
            .staleTimestamp,
            detail:
                "timestamp \(formatted(timestamp)) ms is older than the session's last event at \(formatted(last)) ms.")
    }

    /// A drag or a release with no keyboard on screen to move.
    static var keyboardNotShown: Problem {
        Problem(
            .keyboardNotShown,
            detail: "The session's keyboard is not shown: a drag, a release or a focus move needs a show first.")
    }

    /// A timeline from before the instant the session's kept animations describe exactly.
    static func historyUnavailable(_ instant: Double, since start: Double) -> Problem {
        Problem(
            .staleTimestamp,
            detail:
                "\(formatted(instant)) ms is before \(formatted(start)) ms, the earliest instant the session's "
                + "kept animations describe exactly.")
    }

    /// A bearer token is required and was missing or wrong.
    static let unauthorized = Problem(
        .unauthorized, detail: "Send Authorization: Bearer <token>.",
        headers: [("WWW-Authenticate", "Bearer realm=\"inset\"")])
}

extension Problem {
    /// Seconds a client should wait before retrying when the session store is unreachable.
    static let storeRetryAfterSeconds = 1

    /// The shared session store (Redis) cannot be reached or did not answer in time; retry shortly.
    static func storeUnavailable(_ reason: String) -> Problem {
        Problem(
            .storeUnavailable,
            detail: "The session store is unavailable (\(reason)); retry in \(storeRetryAfterSeconds) s.",
            headers: [("Retry-After", String(storeRetryAfterSeconds))])
    }

    /// A change went out to the session store and its reply was lost, and the store could not be asked again
    /// in time whether it was applied: it may have been. No `Retry-After`: sent again as it is, the change could
    /// be applied twice, so the client reads the session first (`session` is the id, also of a session being
    /// created).
    static func storeOutcomeUnknown(session: String, _ reason: String) -> Problem {
        Problem(
            .storeOutcomeUnknown,
            detail:
                "The change went to the session store but its answer was lost (\(reason)), and the store could "
                + "not be asked again in time whether it was applied: it may have been. GET /sessions/\(session) "
                + "before sending it again.")
    }
}

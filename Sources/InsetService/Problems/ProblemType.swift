/// A kind of problem the service answers: its `type` (`/problems/<slug>`), its title and status, and what it
/// means. Every problem the service answers is of one of `all`, declared here once: a `Problem` is made from one
/// of these, and `GET /problems/{slug}` serves each one's page (`ProblemPage`), so a client that dereferences a
/// problem's `type` reads what the problem means (RFC 9457 §3.1.1).
struct ProblemType: Sendable {
    /// The last segment of `type`.
    let slug: String
    /// A short summary that is the same for every occurrence.
    let title: String
    /// The HTTP status it is answered with.
    let status: Int
    /// What it means and what a client does about it: plain sentences, with `code` in backquotes.
    let about: String

    /// The `type` URI, relative to the service so it needs no outside host.
    var type: String { "/problems/\(slug)" }

    /// Every kind of problem the service answers, in the order its pages list them.
    static let all: [ProblemType] = [
        .malformedJSON, .malformedRequest, .validationFailed, .invalidQuery, .noNotification, .unauthorized,
        .notFound, .sessionNotFound, .deviceNotFound, .methodNotAllowed, .staleTimestamp, .keyboardNotShown,
        .bodyTooLarge, .sessionTooLarge, .uriTooLong, .unsupportedMediaType, .headerTooLarge, .storeUnavailable,
        .storeOutcomeUnknown,
        .httpVersionNotSupported,
    ]

    static let malformedJSON = ProblemType(
        slug: "malformed-json", title: "Malformed JSON", status: 400,
        about: "The body is not JSON, or is empty. `detail` says at which byte and why (a trailing comma, an "
            + "unclosed string, a number out of range, nesting too deep). Correct the body and send it again.")

    static let malformedRequest = ProblemType(
        slug: "malformed-request", title: "Malformed request", status: 400,
        about: "The request's framing cannot be trusted (its lengths, its transfer coding, its `Host`, a NUL in its "
            + "target), so the server answers this and closes the connection. Send a well-formed HTTP/1.1 request "
            + "on a new connection.")

    static let validationFailed = ProblemType(
        slug: "validation-failed", title: "Invalid request", status: 400,
        about: "The body is JSON, but some members are wrong: missing, unknown (so that typos surface), of the "
            + "wrong type or out of range, or naming a device the catalogue cannot answer for. `errors` lists every "
            + "one at once, each with a `message` and an RFC 6901 `pointer` into the body (a text body's errors "
            + "carry its `line` and `column` instead); a missing member's message says what could stand for it, "
            + "such as a `device`. Correct those members and send the request again.")

    static let invalidQuery = ProblemType(
        slug: "invalid-query", title: "Invalid query argument", status: 400,
        about: "A query argument is malformed, out of range, or does not go with the others or with the body "
            + "sent; `detail` names it. Correct it and send the request again.")

    static let noNotification = ProblemType(
        slug: "no-notification", title: "No keyboard notification in the text", status: 400,
        about: "A `text/plain` notification log (`POST /sessions/{id}/notifications`) holds no keyboard "
            + "notification as a console prints it: no `userInfo` dictionary, no `NSConcreteNotification`, no "
            + "Swift `print` of either; nor a fragment of one: no `KEY = VALUE;` or `AnyHashable(\"KEY\"): VALUE,` "
            + "lines (commented out or not), no `UIKeyboard…Key` and value in a line that names the notification. "
            + "An empty text is one too. Paste the console's lines around the notifications, as the console "
            + "printed them.")

    static let unauthorized = ProblemType(
        slug: "unauthorized", title: "Unauthorized", status: 401,
        about: "The server runs with an API token and the request did not carry it as `Authorization: Bearer "
            + "<token>`, or carried another. `/healthz`, `/readyz`, the playground's files and these pages need "
            + "none.")

    static let notFound = ProblemType(
        slug: "not-found", title: "Not found", status: 404,
        about: "No resource is at this path. `openapi.yaml` lists every path the service has.")

    static let sessionNotFound = ProblemType(
        slug: "session-not-found", title: "Session not found", status: 404,
        about: "No session has this id: it never existed, was deleted, expired after idling past the session "
            + "lifetime (`--session-ttl`), or was evicted when the service held its most sessions "
            + "(`--max-sessions`). Create a new one with `POST /sessions`.")

    static let deviceNotFound = ProblemType(
        slug: "device-not-found", title: "Device not found", status: 404,
        about: "The device catalogue has no device with this id. `GET /devices` lists those it has.")

    static let methodNotAllowed = ProblemType(
        slug: "method-not-allowed", title: "Method not allowed", status: 405,
        about: "The path exists, but not with this method. The `Allow` header lists the methods it has.")

    static let staleTimestamp = ProblemType(
        slug: "stale-timestamp", title: "Timestamp older than the session's last", status: 409,
        about: "The event's `timestamp` is older than the session's last event, or a timeline asks for an instant "
            + "before the earliest one the session's kept animations describe exactly. A session's events must "
            + "arrive in the order of their timestamps, taken from one clock; nothing was changed.")

    static let keyboardNotShown = ProblemType(
        slug: "keyboard-not-shown", title: "No keyboard shown", status: 409,
        about: "A drag, a release or a focus move needs the session's keyboard on screen, and it is not. Send a "
            + "show first.")

    static let bodyTooLarge = ProblemType(
        slug: "body-too-large", title: "Request body too large", status: 413,
        about: "The body is larger than the server reads (`--max-body-bytes`, 65536 bytes unless configured). "
            + "Send a smaller one: a notification log in parts, for instance.")

    static let sessionTooLarge = ProblemType(
        slug: "session-too-large", title: "Session too large", status: 413,
        about: "The session a request makes or changes would alone hold more than all sessions together may "
            + "(`--max-session-bytes`, in memory). A new session is not made; a session a change grew past it is "
            + "dropped, so a later request for it is 404. Describe a smaller scene: fewer pinned views, fields "
            + "or shorter strings.")

    static let uriTooLong = ProblemType(
        slug: "uri-too-long", title: "Request target too long", status: 414,
        about: "The request's target is longer, or its query has more arguments, than the server reads. No "
            + "operation takes that many.")

    static let unsupportedMediaType = ProblemType(
        slug: "unsupported-media-type", title: "Unsupported media type", status: 415,
        about: "The body's `Content-Type` is not one the operation reads: `application/json` (or any "
            + "`application/*+json`), and for a notification log also `text/plain`. `detail` names those it "
            + "takes.")

    static let headerTooLarge = ProblemType(
        slug: "header-too-large", title: "Request header too large", status: 431,
        about: "The request's header fields are larger than the server reads; the connection is closed. Send "
            + "fewer or shorter fields.")

    static let storeUnavailable = ProblemType(
        slug: "store-unavailable", title: "Session store unavailable", status: 503,
        about: "The shared session store (Redis) cannot be reached or did not answer in time, and nothing was "
            + "changed: send the request again after the `Retry-After` seconds. Stateless shows and hides keep "
            + "working meanwhile.")

    static let storeOutcomeUnknown = ProblemType(
        slug: "store-outcome-unknown", title: "Session store outcome unknown", status: 503,
        about: "The change went to the session store, but its answer was lost and the store could not be asked "
            + "again in time whether it was applied: it may have been. Sent again as it is, it could be applied "
            + "twice, so there is no `Retry-After`: read the session (`GET /sessions/{id}`, the id is in "
            + "`detail`) and send the change again only if it is not there.")

    static let httpVersionNotSupported = ProblemType(
        slug: "http-version-not-supported", title: "HTTP version not supported", status: 505,
        about: "The request names an HTTP version the server does not speak; the connection is closed. Send "
            + "HTTP/1.1 (or HTTP/1.0).")
}

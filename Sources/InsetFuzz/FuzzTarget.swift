import HTTPServer
import InsetJSON
import InsetSchema
import InsetService
import InsetStores
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// The libFuzzer target: every input is played against one application as requests would arrive
// (decoding, validation, sessions, the core computation, encoding), and every body is also run
// through the JSON parser and writer with a round-trip assertion, and through the fast decoder as every
// kind of body (show, hide, session, drag, release, focus), which must decline it or decode it exactly as
// the general path does.
//
// Input format (see fuzz/README.md): the input is cut at 0xFF bytes (never in UTF-8, so never in a
// valid JSON body) into at most `maxRequests` segments. Each segment's first byte picks the route
// (`selector % 8`, so the ASCII digits '0'...'7' read naturally, and the letters `NamedRoute` knows their own
// routes); the rest is the body. `$SID` in a body, path or query is replaced by the id of a session created
// afresh for this input, so show, hide, drag, release, focus, GET and PATCH reach a live session with a
// reproducible input (a drag or a release gets past `keyboardNotShown` after a show segment).

/// The application every input talks to: built once, access log off, a clock that moves 16 ms per read.
let application = buildApplication(
    ServiceConfiguration(
        maxSessions: 512, sessionTTL: 1800, maxBodyBytes: 65536, corsOrigin: "*", apiToken: nil, accessLog: false,
        clock: MonotonicClock { Double(FuzzClock.ticks.add(16, ordering: .relaxed).newValue) }))

enum FuzzClock {
    /// Milliseconds on the fuzzer's clock: deterministic, unlike the system clock.
    static let ticks = Atomic<Int>(1000)
}

/// The geometry of a 390x844 iPhone (the iPhone 14's screen) in portrait, for the session each input starts with.
let sessionBody = Array(
    """
    {"scrollView":{"frame":{"x":0,"y":0,"width":390,"height":844},\
    "safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},\
    "contentSize":{"width":390,"height":2000}},"screen":{"width":390,"height":844},"timestamp":0}
    """.utf8)

let maxRequests = 8
let placeholder = Array("$SID".utf8)
let jsonHeaders = HTTPHeaders([("Content-Type", "application/json")])
let textHeaders = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")])
let methods = ["GET", "POST", "PATCH", "DELETE", "OPTIONS", "HEAD", "PUT", "TRACE"]
/// Every status the service documents; anything else (a 500, say) is a bug.
let documentedStatuses: Set<Int> = [200, 201, 204, 400, 401, 404, 405, 409, 413, 415]
// Members that may be `null` in a successful answer are `nullableMembers` (generated from openapi.yaml); a `null`
// anywhere else is a NaN or infinity that leaked into the geometry (the writer turns those into `null`).
/// `INSET_FUZZ_VERBOSE=1` prints every request and answer (for replaying one input by hand).
let verbose = getenv("INSET_FUZZ_VERBOSE") != nil

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    // The whole input straight from libFuzzer's exactly-sized buffer, so AddressSanitizer sees any
    // read past the end.
    checkRoundTrip(input)
    let bytes = Array(input)
    var segments = bytes.split(separator: 0xFF, maxSplits: maxRequests - 1, omittingEmptySubsequences: true)
    if segments.isEmpty { segments = [bytes[...]] }
    let sessionId = createSession()
    for segment in segments {
        guard let selector = segment.first else { continue }
        let body = replacing(placeholder, with: Array(sessionId.utf8), in: Array(segment.dropFirst()))
        body.withUnsafeBytes { checkRoundTrip($0) }
        // JSON only: the round trip above is the whole test.
        if selector % 8 == 6, NamedRoute(selector) == nil { continue }
        let request = makeRequest(selector: selector, body: body, sessionId: sessionId)
        check(application.respond(to: request), for: request)
    }
    // Leaves the store as it was; a 404 means the input deleted the session itself.
    let deleted = application.respond(to: request(.deleteSession, path: Route.deleteSession.path(sessionId)))
    require(deleted.status == 204 || deleted.status == 404, "DELETE answered \(deleted.status)")
    return 0
}

/// Creates the session `$SID` stands for.
func createSession() -> String {
    let created = application.respond(
        to: request(.createSession, headers: jsonHeaders, body: sessionBody))
    require(created.status == 201, "POST /sessions answered \(created.status)")
    let prefix = Route.getSession.path("")
    guard let location = created.headers["Location"], location.hasPrefix(prefix) else {
        fail("POST /sessions answered without a Location")
    }
    return String(location.dropFirst(prefix.count))
}

/// The routes a selector byte names by its letter, whatever it is modulo 8: the gestures (`'d'` and `'r'`, taken
/// from GET and POST /sessions, which keep 31 other bytes each), the form routes (`'f'` and `'n'`, taken from
/// the JSON-only ones), and a notification log pasted as console text (`'t'`, taken from GET's). Every kind of
/// request body has a route here or in `makeRequest`'s `selector % 8`.
enum NamedRoute {
    case drag, release, focus, notifications, consoleLog

    /// The route `selector` names; nil for any other byte. Compared one by one, so that libFuzzer sees the
    /// letters it compares against.
    init?(_ selector: UInt8) {
        switch selector {
        case UInt8(ascii: "d"): self = .drag
        case UInt8(ascii: "r"): self = .release
        case UInt8(ascii: "f"): self = .focus
        case UInt8(ascii: "n"): self = .notifications
        case UInt8(ascii: "t"): self = .consoleLog
        default: return nil
        }
    }
}

/// The request a segment stands for.
func makeRequest(selector: UInt8, body: [UInt8], sessionId: String) -> HTTPRequest {
    let plot = [(name: "plot", value: Optional("svg"))]
    switch NamedRoute(selector) {
    case .drag: return request(.dragKeyboard, headers: jsonHeaders, body: body)
    case .release: return request(.releaseKeyboard, headers: jsonHeaders, body: body)
    case .focus: return request(.moveFocus, path: Route.moveFocus.path(sessionId), headers: jsonHeaders, body: body)
    case .notifications:
        return request(
            .replayNotifications, path: Route.replayNotifications.path(sessionId), query: plot, headers: jsonHeaders,
            body: body)
    case .consoleLog:
        return request(
            .replayNotifications, path: Route.replayNotifications.path(sessionId), query: plot, headers: textHeaders,
            body: body)
    case nil: break
    }
    let sessionPath = Route.getSession.path(sessionId)
    switch selector % 8 {
    case 0: return request(.showKeyboard, headers: jsonHeaders, body: body)
    case 1: return request(.hideKeyboard, headers: jsonHeaders, body: body)
    case 2: return request(.createSession, headers: jsonHeaders, body: body)
    case 3: return request(.patchSession, path: sessionPath, headers: jsonHeaders, body: body)
    case 4: return request(.getSession, path: sessionPath, query: queryArguments(body))
    case 5:
        // Any method on any path: the router and the 404/405/OPTIONS answers.
        let method = methods[Int(selector >> 3) % methods.count]
        return HTTPRequest(method: method, path: String(decoding: body, as: UTF8.self))
    default:
        // A merge-patch media type with parameters, as a browser's fetch may send it.
        let headers = HTTPHeaders([("Content-Type", "application/merge-patch+json; charset=utf-8")])
        return HTTPRequest(method: "PATCH", path: sessionPath, headers: headers, body: body)
    }
}

/// A request of `route`'s method, at its path or at `path` (the route's with its parameter filled in).
func request(
    _ route: Route, path: String? = nil, query: [(name: String, value: String?)] = [],
    headers: HTTPHeaders = HTTPHeaders(),
    body: [UInt8] = []
) -> HTTPRequest {
    HTTPRequest(method: route.method, path: path ?? route.path, query: query, headers: headers, body: body)
}

/// `a=1&b&c=` as the transport hands it over: split, not percent-decoded (the transport did that).
func queryArguments(_ body: [UInt8]) -> [(name: String, value: String?)] {
    body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { argument in
        if let equals = argument.firstIndex(of: UInt8(ascii: "=")) {
            return (
                String(decoding: argument[..<equals], as: UTF8.self),
                String(decoding: argument[(equals + 1)...], as: UTF8.self)
            )
        }
        return (String(decoding: argument, as: UTF8.self), nil)
    }
}

/// Every answer: a documented status, valid JSON when it says it is JSON, no NaN leaked into a success.
func check(_ response: HTTPResponse, for request: HTTPRequest) {
    let what = "\(request.method) \(request.path)"
    if verbose {
        print("\(what) \(text(request.body)) -> \(response.status) \(text(response.body))")
    }
    require(documentedStatuses.contains(response.status), "\(what) answered \(response.status)")
    require(response.headers["X-Request-Id"] != nil, "\(what) answered without X-Request-Id")
    guard let contentType = response.headers["Content-Type"], contentType.contains("json") else { return }
    let value: JSONValue
    do {
        value = try JSONParser.parse(response.body)
    } catch {
        fail("\(what) answered invalid JSON (\(error.message) at \(error.offset)): \(text(response.body))")
    }
    if (200..<300).contains(response.status) {
        requireNoStrayNull(value, member: nil, in: response.body)
    }
}

func requireNoStrayNull(_ value: JSONValue, member: String?, in body: [UInt8]) {
    switch value {
    case .null:
        require(member.map(nullableMembers.contains) ?? false, "null at \(member ?? "top level") in \(text(body))")
    case .array(let elements):
        for element in elements { requireNoStrayNull(element, member: member, in: body) }
    case .object(let object):
        for (key, member) in object.members { requireNoStrayNull(member, member: key, in: body) }
    case .bool, .number, .string:
        break
    }
}

/// When the bytes are JSON, writing them back and parsing again must give the same value, and
/// writing that again the same bytes.
func checkRoundTrip(_ bytes: UnsafeRawBufferPointer) {
    let agrees = bytes.withMemoryRebound(to: UInt8.self) { FastPathAgreement.holds(for: $0) }
    require(agrees, "the fast decoder disagrees with the general one on: \(text(Array(bytes)))")
    guard let value = try? JSONParser.parse(bytes) else { return }
    let written = value.serialized()
    let reparsed: JSONValue
    do {
        reparsed = try JSONParser.parse(written)
    } catch {
        fail("the writer's output does not parse (\(error.message) at \(error.offset)): \(text(written))")
    }
    require(reparsed == value, "round trip changed the value: \(text(written))")
    require(reparsed.serialized() == written, "writing twice changed the bytes: \(text(written))")
}

func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= pattern.count else { return bytes }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 32)
    var index = 0
    while index < bytes.count {
        if index + pattern.count <= bytes.count, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
            result.append(contentsOf: replacement)
            index += pattern.count
        } else {
            result.append(bytes[index])
            index += 1
        }
    }
    return result
}

func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.prefix(2000), as: UTF8.self)
}

/// A broken invariant: traps, so libFuzzer saves the input.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
    fatalError("InsetFuzz: \(message)")
}

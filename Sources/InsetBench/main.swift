import HTTPServer
import InsetCore
import InsetService

#if canImport(Glibc)
    import Glibc
#endif

// Core micro-benchmark for bench/run: ns per inset computation, ns per CSS `linear()` easing string, and
// resident memory per idle session, and the service layer without a socket (ns per `respond(to:)`).
// `InsetBench [--smoke] [--handlers]`: --smoke uses fewer iterations and 10 000 sessions; --handlers prints only
// the service-layer figures, for quick comparisons while optimising.

/// Whether to run the short variant.
let smoke = CommandLine.arguments.contains("--smoke")
/// Whether to measure the service layer only.
let handlersOnly = CommandLine.arguments.contains("--handlers")
/// Timed batches per figure; the median is reported.
let batches = smoke ? 3 : 7

/// The body of `POST /sessions`: the iPhone 15 geometry.
let sessionBody = """
    {"scrollView": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844},
     "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0},
     "contentSize": {"width": 390, "height": 2000}},
     "screen": {"width": 390, "height": 844}}
    """

/// Formats `value` with one decimal.
func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
}

/// Monotonic time in nanoseconds.
func nowNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// The median of `values` (which must not be empty).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Runs `body(iterations)` `batches` times and returns the median ns per iteration.
func nanosecondsPerIteration(iterations: Int, _ body: (Int) -> Double) -> (ns: Double, checksum: Double) {
    var samples: [Double] = []
    var checksum = 0.0
    _ = body(max(1, iterations / 10))  // warm-up
    for _ in 0..<batches {
        let start = nowNanoseconds()
        checksum += body(iterations)
        samples.append(Double(nowNanoseconds() - start) / Double(iterations))
    }
    return (median(samples), checksum)
}

/// This process's VmRSS in KiB, read from /proc/self/status; 0 when unavailable.
func residentKiB() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmRSS:") {
            return Int(text.dropFirst(6).filter { $0.isNumber }) ?? 0
        }
    }
    return 0
}

// (a) The inset computation on the iPhone 15 geometry with a focused rect.
/// The iPhone 15 scroll view of the README example.
let scrollView = ScrollViewGeometry(
    frame: Rect(x: 0, y: 0, width: 390, height: 844),
    safeAreaInsets: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
    contentSize: Size(width: 390, height: 2000))
/// The screen the keyboard frame is in.
let space = ScreenSpace(window: Rect(x: 0, y: 0, width: 390, height: 844), screen: Size(width: 390, height: 844))
/// The docked keyboard's end frame.
let keyboardFrame = Rect(x: 0, y: 508, width: 390, height: 336)
/// Inset computations per batch.
let insetIterations = handlersOnly ? 10 : smoke ? 200_000 : 5_000_000
/// The inset figure: median ns per `KeyboardAvoidance.shown`.
let inset = nanosecondsPerIteration(iterations: insetIterations) { count in
    var sum = 0.0
    for index in 0..<count {
        // The field's y varies so the call cannot be hoisted out of the loop.
        let focused = Rect(x: 16, y: 700 + Double(index & 7), width: 358, height: 44)
        let result = KeyboardAvoidance.shown(
            scrollView: scrollView, space: space, keyboardFrameEnd: keyboardFrame, focusedRect: focused)
        sum += result.contentOffset.y + result.contentInset.bottom
    }
    return sum
}
blackHole(inset.checksum)

// (b) The CSS linear() easing string for the keyboard curve.
/// Easing strings per batch.
let easingIterations = handlersOnly ? 1 : smoke ? 200 : 2_000
/// The easing figure: median ns per `LinearEasing.css(for:)`.
let easing = nanosecondsPerIteration(iterations: easingIterations) { count in
    var total = 0
    for _ in 0..<count {
        total &+= LinearEasing.css(for: AnimationCurve(rawValue: 7)).utf8.count
    }
    return Double(total)
}
blackHole(easing.checksum)

// (c) The whole service layer without a socket: `respond(to:)` for the wrk scenarios' requests. The gap between
// these and the HTTP figures is the transport's share.
/// The application the handler figures use, apart from the one that holds the memory figure's sessions.
let handlerApplication = buildApplication(ServiceConfiguration(accessLog: false))
/// JSON request headers as wrk sends them.
let jsonHeaders = HTTPHeaders([("Host", "127.0.0.1"), ("Content-Type", "application/json"), ("Content-Length", "400")])
/// The body of bench/show.lua.
let showBody = Array(
    """
    {"scrollView": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}, \
    "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0}, \
    "contentSize": {"width": 390, "height": 2000}}, "screen": {"width": 390, "height": 844}, \
    "keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}, \
    "animationDuration": 0.25, "animationCurve": 7}, \
    "focusedRect": {"x": 16, "y": 700, "width": 358, "height": 44}}
    """.utf8)
/// One stateless show request.
let showRequest = HTTPRequest(method: "POST", path: "/keyboard/show", headers: jsonHeaders, body: showBody)
/// Handler calls per batch.
let handlerIterations = smoke ? 2_000 : 200_000
/// The stateless figure: median ns per `respond(to:)` of a show.
let statelessHandler = nanosecondsPerIteration(iterations: handlerIterations) { count in
    var total = 0
    for _ in 0..<count { total &+= handlerApplication.respond(to: showRequest).body.count }
    return Double(total)
}
blackHole(statelessHandler.checksum)

/// Sessions the cycle figure rotates through, as bench/cycle.lua does.
let cycleSessions: [String] = (0..<1_000).map { _ in
    let response = handlerApplication.respond(
        to: HTTPRequest(method: "POST", path: "/sessions", headers: jsonHeaders, body: Array(sessionBody.utf8)))
    let text = String(decoding: response.body, as: UTF8.self)
    // {"sessionId":"...": the id is the first string value.
    return String(text.split(separator: "\"")[3])
}
/// The cycle's phases: show, hide, then a show with a taller keyboard.
let cyclePhases = [
    ("show", #"{"x": 0, "y": 508, "width": 390, "height": 336}"#),
    ("hide", #"{"x": 0, "y": 844, "width": 390, "height": 336}"#),
    ("show", #"{"x": 0, "y": 464, "width": 390, "height": 380}"#),
]
/// Width of the timestamp's slot in a cycle body: spaces, then the digits at its end (JSON allows the spaces).
let timestampSlotWidth = 12
/// Every request of a cycle in bench/cycle.lua's order: phase by phase, each over all the sessions, with an
/// empty timestamp slot that each request fills in place.
var cycleRequestList = cyclePhases.flatMap { kind, frame in
    cycleSessions.map { id in
        let body =
            #"{"sessionId": "\#(id)", "timestamp": "# + String(repeating: " ", count: timestampSlotWidth)
            + #", "keyboard": {"frameEnd": \#(frame), "animationDuration": 0.25, "animationCurve": 7}}"#
        return HTTPRequest(method: "POST", path: "/keyboard/\(kind)", headers: jsonHeaders, body: Array(body.utf8))
    }
}
/// Where the timestamp's slot starts in every cycle body (the ids all have the same length).
let timestampSlot = Array(#"{"sessionId": "\#(cycleSessions[0])", "timestamp": "#.utf8).count
/// Requests sent so far over all batches: a session's clock moves 1 000 ms a step, as bench/cycle.lua's does.
var cycleCounter = 0
/// The session figure: median ns per `respond(to:)` over the cycle's requests.
let sessionHandler = nanosecondsPerIteration(iterations: handlerIterations) { count in
    var total = 0
    for _ in 0..<count {
        let index = cycleCounter % cycleRequestList.count
        var milliseconds = 1_000 * (cycleCounter / cycleSessions.count)
        cycleCounter += 1
        var position = timestampSlot + timestampSlotWidth - 1
        repeat {
            cycleRequestList[index].body[position] = UInt8(ascii: "0") + UInt8(milliseconds % 10)
            milliseconds /= 10
            position -= 1
        } while milliseconds > 0
        let response = handlerApplication.respond(to: cycleRequestList[index])
        total &+= response.status == 200 ? response.body.count : -1_000_000
    }
    return Double(total)
}
precondition(sessionHandler.checksum > 0, "a cycle request was not answered 200")
blackHole(sessionHandler.checksum)
if handlersOnly {
    print("handler_show_ns_per_request \(oneDecimal(statelessHandler.ns))")
    print("handler_session_cycle_ns_per_request \(oneDecimal(sessionHandler.ns))")
    exit(0)
}

// (c) Resident memory per idle session.
/// Sessions created for the memory figure.
let sessionCount = smoke ? 10_000 : 100_000
/// The application, without a socket.
let application = buildApplication(ServiceConfiguration(maxSessions: 200_000, accessLog: false))
/// The body of `POST /sessions`: the iPhone 15 geometry.
let createBody = Array(sessionBody.utf8)
/// One session-creating request.
let createRequest = HTTPRequest(
    method: "POST", path: "/sessions", headers: HTTPHeaders([("Content-Type", "application/json")]), body: createBody)
// One session first, so the store and the allocator's arenas exist before the baseline reading; it is
// counted in the total.
guard application.respond(to: createRequest).status == 201 else {
    print("InsetBench: POST /sessions did not answer 201")
    exit(1)
}
/// VmRSS before the sessions, in KiB.
let rssBefore = residentKiB()
for _ in 1..<sessionCount {
    let response = application.respond(to: createRequest)
    guard response.status == 201 else {
        print("InsetBench: POST /sessions answered \(response.status)")
        exit(1)
    }
}
/// VmRSS after the sessions, in KiB.
let rssAfter = residentKiB()
/// Bytes of resident memory per idle session.
let bytesPerSession = Double(rssAfter - rssBefore) * 1024 / Double(sessionCount - 1)

// (d) The same, for sessions left idle after an interrupted keyboard (a show, a hide 80 ms later, a taller show
// 40 ms after that): each keeps the three animations until its next event.
/// The session's id in a `POST /sessions` answer.
func sessionID(_ body: [UInt8]) -> String? {
    let marker = Array(#""id":""#.utf8)
    guard let start = body.indices.first(where: { body[$0...].starts(with: marker) })?.advanced(by: marker.count),
        let end = body[start...].firstIndex(of: UInt8(ascii: "\""))
    else { return nil }
    return String(decoding: body[start..<end], as: UTF8.self)
}
/// One event on a session.
func interruptedEvent(_ id: String, _ path: String, _ time: Int, _ frame: String) -> HTTPRequest {
    let body = #"{"sessionId":"\#(id)","timestamp":\#(time),"keyboard":{"frameEnd":\#(frame)}}"#
    return HTTPRequest(method: "POST", path: path, headers: jsonHeaders, body: Array(body.utf8))
}
/// An application of its own, so the figure counts only these sessions.
let interruptedApplication = buildApplication(ServiceConfiguration(maxSessions: 200_000, accessLog: false))
guard interruptedApplication.respond(to: createRequest).status == 201 else {
    print("InsetBench: POST /sessions did not answer 201")
    exit(1)
}
/// VmRSS before the interrupted sessions, in KiB.
let interruptedBefore = residentKiB()
for _ in 1..<sessionCount {
    guard let id = sessionID(interruptedApplication.respond(to: createRequest).body) else {
        print("InsetBench: POST /sessions answered no id")
        exit(1)
    }
    let events = [
        interruptedEvent(id, "/keyboard/show", 1000, #"{"x":0,"y":508,"width":390,"height":336}"#),
        interruptedEvent(id, "/keyboard/hide", 1080, #"{"x":0,"y":844,"width":390,"height":336}"#),
        interruptedEvent(id, "/keyboard/show", 1120, #"{"x":0,"y":464,"width":390,"height":380}"#),
    ]
    for event in events where interruptedApplication.respond(to: event).status != 200 {
        print("InsetBench: an interrupted keyboard event failed")
        exit(1)
    }
}
/// VmRSS after them, in KiB.
let interruptedAfter = residentKiB()
/// Bytes of resident memory per session idle after an interrupted keyboard.
let bytesPerInterruptedSession = Double(interruptedAfter - interruptedBefore) * 1024 / Double(sessionCount - 1)

print("inset_ns_per_call \(oneDecimal(inset.ns))")
print("linear_easing_ns_per_call \(oneDecimal(easing.ns))")
print("handler_show_ns_per_request \(oneDecimal(statelessHandler.ns))")
print("handler_session_cycle_ns_per_request \(oneDecimal(sessionHandler.ns))")
print(
    "session_bytes_rss \(oneDecimal(bytesPerSession))",
    "(\(sessionCount) sessions, VmRSS \(rssBefore) -> \(rssAfter) KiB)")
print(
    "session_bytes_rss_after_interruption \(oneDecimal(bytesPerInterruptedSession))",
    "(\(sessionCount) sessions, three live animations each, VmRSS \(interruptedBefore) -> \(interruptedAfter) KiB)")

import Foundation
import HTTPServer
import InsetService
import Locking

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let milliseconds = Locked(1000.0)
    var clock: MonotonicClock { MonotonicClock { [self] in milliseconds.withLock { $0 } } }
    func advance(by delta: Double) { milliseconds.withLock { $0 += delta } }
}

/// A response with its body parsed by Foundation, an independent JSON parser.
struct Answer {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
    var text: String { String(decoding: body, as: UTF8.self) }
}

extension InsetApplication {
    /// Calls the application directly, without a socket.
    func call(
        _ method: String, _ path: String, json body: String? = nil, contentType: String? = "application/json",
        headers: [(String, String)] = [], query: [(String, String?)] = []
    ) -> Answer {
        var requestHeaders = HTTPHeaders(headers.map { (name: $0.0, value: $0.1) })
        if body != nil, let contentType { requestHeaders.add(name: "Content-Type", value: contentType) }
        let request = HTTPRequest(
            method: method, path: path, query: query.map { (name: $0.0, value: $0.1) }, headers: requestHeaders,
            body: Array((body ?? "").utf8))
        let response = respond(to: request)
        return Answer(status: response.status, headers: response.headers, body: response.body)
    }
}

/// Quiet applications: no access log in test output.
func makeApp(
    maxSessions: Int = 100, ttl: Double = 1800, token: String? = nil, clock: ManualClock = ManualClock(),
    cors: String? = "*", assets: [StaticAsset] = []
) -> InsetApplication {
    buildApplication(
        ServiceConfiguration(
            maxSessions: maxSessions, sessionTTL: ttl, corsOrigin: cors, apiToken: token, accessLog: false,
            clock: clock.clock),
        assets: assets)
}

/// Geometry of an iPhone 15 in portrait: 390x844, safe area 47 top and 34 bottom, a 336-pt keyboard.
enum Phone {
    static let scrollView = """
        {"frame":{"x":0,"y":0,"width":390,"height":844},\
        "safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},\
        "contentSize":{"width":390,"height":2000}}
        """
    static let screen = #"{"width":390,"height":844}"#
    static let keyboard = #"{"frameEnd":{"x":0,"y":508,"width":390,"height":336}}"#
    static let showBody = """
        {"scrollView":\(scrollView),"screen":\(screen),"keyboard":\(keyboard),\
        "focusedRect":{"x":16,"y":700,"width":358,"height":44}}
        """
    static let sessionBody = #"{"scrollView":\#(scrollView),"screen":\#(screen)}"#
}

extension [String: Any] {
    func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    func number(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
    func string(_ key: String) -> String? { self[key] as? String }
    /// Follows a path of keys: `json.at("animation", "from", "contentInset").number("bottom")`.
    func at(_ keys: String...) -> [String: Any] { keys.reduce(self) { $0.object($1) } }
}

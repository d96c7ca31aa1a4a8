import Foundation
import HTTPServer
import InsetService

/// A response with its body parsed by Foundation, an independent JSON parser.
package struct Answer {
    /// The status code.
    package var status: Int
    /// The header fields, as the application set them.
    package var headers: HTTPHeaders
    /// The body bytes.
    package var body: [UInt8]

    /// The body as a JSON object, or empty when it is not one.
    package var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }
}

extension InsetApplication {
    /// Calls the application directly, without a socket.
    package func call(
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
package func makeApp(
    maxSessions: Int = 100, ttl: Double = 1800, token: String? = nil, clock: ManualClock = ManualClock(),
    cors: String? = "*", files: StaticFiles = StaticFiles()
) -> InsetApplication {
    buildApplication(
        ServiceConfiguration(
            maxSessions: maxSessions, sessionTTL: ttl, corsOrigin: cors, apiToken: token, accessLog: false,
            clock: clock.clock),
        files: files)
}

import HTTPServer
import InsetDevices
import InsetServiceTestSupport
import Testing

@testable import InsetService

/// A route's path parameter is required (`PathParameters.swift`): one the router did not bind is answered as the
/// resource not found, never read as an empty id.
@Suite("Path parameters")
struct PathParameterTests {
    static let request = HTTPRequest(method: "GET", path: "/sessions/abc")

    @Test func aBoundParameterIsItsValue() throws {
        #expect(try ["id": "abc"].required("id", of: Self.request) == "abc")
    }

    @Test func aMissingParameterIsNotFound() {
        #expect(throws: Problem.routeNotFound("/sessions/abc")) { try [:].required("id", of: Self.request) }
        #expect(throws: Problem.routeNotFound("/sessions/abc")) { try ["other": "x"].required("id", of: Self.request) }
        #expect(Problem.routeNotFound("/sessions/abc").status == 404)
        #expect(Problem.routeNotFound("/sessions/abc").slug == "not-found")
    }

    /// Every handler of a route with `{id}`, given no `id`, answers 404 not-found: not a session or a device
    /// looked up by an empty id (`session-not-found`, `device-not-found`).
    @Test func handlersGivenNoIdAnswerNotFound() {
        let app = makeApp()
        let sessions = app.sessions
        let notFound = Problem.routeNotFound("/sessions/abc")
        let handlers: [any OperationHandler] = [
            GetSessionHandler(sessions: sessions), DeleteSessionHandler(sessions: sessions),
            TimelineHandler(sessions: sessions, format: .negotiated), TimelineHandler(sessions: sessions, format: .svg),
            NotificationsHandler(sessions: sessions), DeviceHandler(catalogue: .standard),
        ]
        for handler in handlers {
            #expect(throws: notFound, "\(type(of: handler))") {
                try handler.handle(Self.notificationLog, parameters: [:])
            }
        }
        #expect(throws: notFound) {
            try PatchSessionHandler(sessions: sessions, devices: .standard).handle(
                Self.request, parameters: [:], body: SessionBody())
        }
        var focus = FocusBody()
        focus.decoded.field = "next"
        #expect(throws: notFound) {
            try FocusHandler(sessions: sessions).handle(Self.request, parameters: [:], body: focus)
        }
    }

    /// A request every handler above reads past its query and body: a notification log (which only
    /// `NotificationsHandler` reads) at the session's path.
    static let notificationLog = HTTPRequest(
        method: "GET", path: "/sessions/abc",
        headers: HTTPHeaders([("Content-Type", "application/json")]),
        body: Array(
            #"{"notifications": [{"name": "UIKeyboardWillShowNotification", "userInfo": {"UIKeyboardFrameEndUserInfoKey": "{{0, 508}, {390, 336}}"}}]}"#
                .utf8))
}

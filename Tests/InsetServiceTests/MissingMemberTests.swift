import Foundation
import InsetServiceTestSupport
import Testing

@testable import InsetSchema
@testable import InsetService

/// A body that lacks several members is told about every one in one answer (openapi.yaml: validation failures
/// list every offending field), each with what would fill it, whichever decoder read the body.
@Suite("Every missing member is told at once")
struct MissingMemberTests {
    static let frame = "is required, unless /device names a device, which gives the full screen"
    static let frameEnd = "is required, unless /device names a device whose keyboard the catalogue has"
    static let screen = "is required on Android, unless /device names an Android device"
    static let ime = "is required, unless /device names a device whose IME height the catalogue has"

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var path: String
        var kind: RequestBody.Kind
        var body: String
        /// The errors, as (pointer, message), in the order the answer lists them.
        var errors: [[String]]
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "a show without scrollView.frame or keyboard.frameEnd", path: "/keyboard/show", kind: .show,
            body: #"{"scrollView":{"contentSize":{"width":393,"height":2000}},"keyboard":{"animationDuration":0.25}}"#,
            errors: [["/scrollView/frame", frame], ["/keyboard/frameEnd", frameEnd]]),
        Case(
            name: "an empty show", path: "/keyboard/show", kind: .show, body: "{}",
            errors: [["/scrollView/frame", frame], ["/keyboard/frameEnd", frameEnd]]),
        Case(
            name: "a hide without scrollView.frame", path: "/keyboard/hide", kind: .hide,
            body: #"{"keyboard":{"frameEnd":{"x":0,"y":844,"width":390,"height":336}}}"#,
            errors: [["/scrollView/frame", frame]]),
        Case(
            name: "a new session without scrollView.frame", path: "/sessions", kind: .session,
            body: #"{"screen":{"width":390,"height":844}}"#, errors: [["/scrollView/frame", frame]]),
        Case(
            name: "an Android show without scrollView.frame, screen or IME", path: "/keyboard/show", kind: .show,
            body: #"{"platform":"android"}"#,
            errors: [["/scrollView/frame", "is required"], ["/screen", screen], ["/keyboard/frameEnd", ime]]),
        Case(
            name: "a new Android session without scrollView.frame or screen", path: "/sessions", kind: .session,
            body: #"{"platform":"android"}"#, errors: [["/scrollView/frame", "is required"], ["/screen", screen]]),
    ]

    /// The same body with its first key escaped (`\u0074` for `t` in a `timestamp` put first), which the fast
    /// decoder declines: the general decoder reads it.
    static func forTheGeneralDecoder(_ body: String) -> String {
        #"{"\u0074imestamp":0"# + (body == "{}" ? "}" : "," + body.dropFirst())
    }

    @Test(arguments: cases)
    func everyMissingMemberIsToldAtOnce(_ missing: Case) {
        let general = Self.forTheGeneralDecoder(missing.body)
        var scratch = RequestBody()
        let fast = Array(general.utf8).withUnsafeBufferPointer {
            FastDecoder.decode($0, kind: missing.kind, into: &scratch)
        }
        #expect(!fast, "the fast decoder read \(general)")
        for body in [missing.body, general] {
            let answer = makeApp().call("POST", missing.path, json: body)
            #expect(answer.status == 400, "\(body)")
            let json = answer.json
            #expect(json.string("type") == "/problems/validation-failed")
            let errors = (json["errors"] as? [[String: Any]] ?? []).map {
                [$0.string("pointer") ?? "", $0.string("message") ?? ""]
            }
            #expect(errors == missing.errors, "\(body)")
            let detail =
                missing.errors.count == 1
                ? "\(missing.errors[0][0]): \(missing.errors[0][1])" : "\(missing.errors.count) fields are invalid"
            #expect(json.string("detail") == detail)
        }
    }

    /// What the messages promise: the device named gives each member they name.
    @Test func aDeviceGivesWhatTheMessagesSayItWould() {
        let app = makeApp()
        #expect(app.call("POST", "/keyboard/show", json: #"{"device":{"id":"iphone-15"}}"#).status == 200)
        #expect(app.call("POST", "/keyboard/hide", json: #"{"device":{"id":"iphone-15"}}"#).status == 200)
        #expect(app.call("POST", "/sessions", json: #"{"device":{"id":"iphone-15"}}"#).status == 201)
        let android = #"{"platform":"android","device":{"id":"pixel-9"},"scrollView":{"frame":"#
        let window = #"{"x":0,"y":0,"width":412,"height":915}}}"#
        #expect(app.call("POST", "/keyboard/show", json: android + window).status == 200)
        #expect(app.call("POST", "/sessions", json: android + window).status == 201)
    }
}

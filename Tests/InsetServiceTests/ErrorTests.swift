import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

@Suite("Bad input gets a clear problem, never a crash")
struct ErrorTests {
    struct BadBody: CustomTestStringConvertible, Sendable {
        var name: String
        var body: String
        var status = 400
        var type = "/problems/validation-failed"
        var pointer: String?
        var testDescription: String { name }
    }

    static let frame = #"{"frame":{"x":0,"y":0,"width":390,"height":844}}"#
    static let keyboard = #"{"frameEnd":{"x":0,"y":508,"width":390,"height":336}}"#

    static let showBodies: [BadBody] = [
        BadBody(name: "not JSON", body: "{nope", type: "/problems/malformed-json"),
        BadBody(name: "truncated", body: #"{"scrollView":{"frame":"#, type: "/problems/malformed-json"),
        BadBody(name: "trailing comma", body: #"{"keyboard":{},}"#, type: "/problems/malformed-json"),
        BadBody(name: "number overflow", body: #"{"timestamp":1e400}"#, type: "/problems/malformed-json"),
        BadBody(name: "NaN literal", body: #"{"timestamp":NaN}"#, type: "/problems/malformed-json"),
        BadBody(name: "duplicate keys", body: #"{"timestamp":1,"timestamp":2}"#, type: "/problems/malformed-json"),
        BadBody(name: "deep nesting", body: String(repeating: "[", count: 100_000), type: "/problems/malformed-json"),
        BadBody(name: "an array", body: "[]", pointer: ""),
        BadBody(name: "null", body: "null", pointer: ""),
        BadBody(name: "a string", body: #""keyboard""#, pointer: ""),
        // Without a device to give it, a show must send its keyboard's end frame.
        BadBody(name: "missing keyboard", body: #"{"scrollView":\#(frame)}"#, pointer: "/keyboard/frameEnd"),
        BadBody(
            name: "missing frameEnd", body: #"{"scrollView":\#(frame),"keyboard":{}}"#, pointer: "/keyboard/frameEnd"),
        BadBody(name: "missing scroll view", body: #"{"keyboard":\#(keyboard)}"#, pointer: "/scrollView/frame"),
        BadBody(
            name: "negative height",
            body: #"{"scrollView":\#(frame),"keyboard":{"frameEnd":{"x":0,"y":508,"width":390,"height":-1}}}"#,
            pointer: "/keyboard/frameEnd/height"),
        BadBody(
            name: "string for a number",
            body: #"{"scrollView":\#(frame),"keyboard":{"frameEnd":{"x":"0","y":508,"width":390,"height":1}}}"#,
            pointer: "/keyboard/frameEnd/x"),
        BadBody(
            name: "NaN as a string",
            body:
                #"{"scrollView":\#(frame),"keyboard":{"frameEnd":{"x":0,"y":508,"width":390,"height":336},"animationDuration":"NaN"}}"#,
            pointer: "/keyboard/animationDuration"),
        BadBody(
            name: "duration out of range",
            body:
                #"{"scrollView":\#(frame),"keyboard":{"frameEnd":{"x":0,"y":508,"width":390,"height":336},"animationDuration":11}}"#,
            pointer: "/keyboard/animationDuration"),
        BadBody(
            name: "fractional curve",
            body:
                #"{"scrollView":\#(frame),"keyboard":{"frameEnd":{"x":0,"y":508,"width":390,"height":336},"animationCurve":1.5}}"#,
            pointer: "/keyboard/animationCurve"),
        BadBody(
            name: "curve out of range",
            body:
                #"{"scrollView":\#(frame),"keyboard":{"frameEnd":{"x":0,"y":508,"width":390,"height":336},"animationCurve":16}}"#,
            pointer: "/keyboard/animationCurve"),
        BadBody(
            name: "unknown field", body: #"{"scrollView":\#(frame),"keyboard":\#(keyboard),"keybaord":1}"#,
            pointer: "/keybaord"),
        BadBody(
            name: "unknown behaviour",
            body:
                #"{"scrollView":{"frame":{"x":0,"y":0,"width":1,"height":1},"contentInsetAdjustmentBehavior":"sometimes"},"keyboard":\#(keyboard)}"#,
            pointer: "/scrollView/contentInsetAdjustmentBehavior"),
        BadBody(
            name: "negative safe area",
            body:
                #"{"scrollView":{"frame":{"x":0,"y":0,"width":1,"height":1},"safeAreaInsets":{"top":0,"left":0,"bottom":-34,"right":0}},"keyboard":\#(keyboard)}"#,
            pointer: "/scrollView/safeAreaInsets/bottom"),
        BadBody(
            name: "huge coordinate",
            body: #"{"scrollView":\#(frame),"keyboard":{"frameEnd":{"x":1e300,"y":0,"width":1,"height":1}}}"#,
            pointer: "/keyboard/frameEnd/x"),
        BadBody(
            name: "sessionId not a string", body: #"{"sessionId":5,"keyboard":\#(keyboard)}"#, pointer: "/sessionId"),
        BadBody(
            name: "negative timestamp", body: #"{"sessionId":"x","timestamp":-5,"keyboard":\#(keyboard)}"#,
            pointer: "/timestamp"),
        BadBody(
            name: "bad base inset mode",
            body: #"{"scrollView":\#(frame),"keyboard":\#(keyboard),"baseInsetMode":"min"}"#,
            pointer: "/baseInsetMode"),
    ]

    @Test(arguments: showBodies)
    func rejectsABadShowBody(_ bad: BadBody) {
        let answer = makeApp().call("POST", "/keyboard/show", json: bad.body)
        #expect(answer.status == bad.status)
        #expect(answer.headers["Content-Type"] == "application/problem+json")
        let json = answer.json
        #expect(json.string("type") == bad.type)
        #expect(json.number("status") == Double(bad.status))
        #expect(json.string("title")?.isEmpty == false)
        #expect(json.string("detail")?.isEmpty == false)
        if let pointer = bad.pointer {
            let pointers = (json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
            #expect(pointers.contains(pointer), "pointers: \(pointers)")
        }
    }

    @Test func reportsEveryInvalidFieldAtOnce() {
        let body =
            #"{"scrollView":{"frame":{"x":0,"y":0,"width":-1,"height":"tall"}},"keyboard":{"animationDuration":-1}}"#
        let json = makeApp().call("POST", "/keyboard/show", json: body).json
        let pointers = Set((json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String })
        // A missing end frame is told once the values are valid: a device named with them could give it.
        #expect(pointers == ["/scrollView/frame/width", "/scrollView/frame/height", "/keyboard/animationDuration"])
    }

    @Test func anInvalidFrameEndIsReportedOnceNotAlsoAsMissing() {
        let body = #"{"sessionId":"x","keyboard":{"frameEnd":{"x":0,"y":508,"width":-1,"height":336}}}"#
        let errors = makeApp().call("POST", "/keyboard/show", json: body).json["errors"] as? [[String: Any]] ?? []
        #expect(errors.compactMap { $0["pointer"] as? String } == ["/keyboard/frameEnd/width"])
        let null = #"{"sessionId":"x","keyboard":{"frameEnd":null}}"#
        let nullErrors = makeApp().call("POST", "/keyboard/show", json: null).json["errors"] as? [[String: Any]] ?? []
        #expect(nullErrors.compactMap { $0["message"] as? String } == ["must be an object"])
    }

    @Test(
        arguments: [
            nil, "", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
            "application/jsonp", "json",
        ] as [String?])
    func rejectsAWrongContentType(_ contentType: String?) {
        let answer = makeApp().call("POST", "/keyboard/show", json: Phone.showBody, contentType: contentType)
        #expect(answer.status == 415)
        #expect(answer.json.string("type") == "/problems/unsupported-media-type")
    }

    @Test(arguments: ["application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"])
    func acceptsJSONMediaTypes(_ contentType: String) {
        #expect(makeApp().call("POST", "/keyboard/show", json: Phone.showBody, contentType: contentType).status == 200)
    }

    /// Numbers that read as zero (`-0` in any form, a value too small for a double) answer as a zero does.
    @Test func numbersThatReadAsZeroAnswerAsZero() {
        let app = makeApp()
        let zero = app.call("POST", "/keyboard/show", json: Phone.showBody)
        #expect(zero.status == 200)
        for (member, value) in [
            (#""frameEnd":{"x":0,"#, #""frameEnd":{"x":-0,"#), (#""frameEnd":{"x":0,"#, #""frameEnd":{"x":-0.0e0,"#),
            (#""frameEnd":{"x":0,"#, #""frameEnd":{"x":1e-400,"#), (#""left":0,"#, #""left":-0,"#),
        ] {
            let body = Phone.showBody.replacingOccurrences(of: member, with: value)
            #expect(body != Phone.showBody, "\(member) is not in the body")
            let answer = app.call("POST", "/keyboard/show", json: body)
            #expect(answer.status == 200, "\(value)")
            #expect(answer.text == zero.text, "\(value)")
        }
    }

    @Test func rejectsAnEmptyBody() {
        let answer = makeApp().call("POST", "/sessions", json: "")
        #expect(answer.status == 400)
        #expect(answer.json.string("type") == "/problems/malformed-json")
    }

    @Test func wordsABodyTheTransportRefused() {
        let app = makeApp()
        let answer = app.refuse(
            .bodyTooLarge(limit: 65536),
            to: .init(
                method: "POST", path: "/keyboard/show", headers: .init([("Content-Type", "application/json")])))
        #expect(answer.status == 413)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("/problems/body-too-large"))
        #expect(answer.headers["X-Request-Id"] != nil)
    }

    @Test func wordsAQueryTheTransportRefused() {
        let answer = makeApp().refuse(
            .tooManyQueryArguments(count: 600, limit: 128), to: .init(method: "GET", path: "/sessions/abc"))
        #expect(answer.status == 414)
        #expect(answer.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: answer.body, as: UTF8.self).contains("600 arguments"))
    }

    @Test func unknownRoutesAndMethods() {
        let app = makeApp()
        let missing = app.call("GET", "/keyboard")
        #expect(missing.status == 404)
        #expect(missing.json.string("type") == "/problems/not-found")
        let wrong = app.call("GET", "/keyboard/show")
        #expect(wrong.status == 405)
        #expect(wrong.headers["Allow"] == "POST, OPTIONS")
        #expect(app.call("DELETE", "/healthz").headers["Allow"] == "GET, HEAD, OPTIONS")
        for (method, path, allow) in [
            ("PUT", "/keyboard/show", "POST, OPTIONS"), ("DELETE", "/keyboard/show", "POST, OPTIONS"),
            ("POST", "/healthz", "GET, HEAD, OPTIONS"),
            ("PUT", "/sessions/AAAAAAAAAAAAAAAAAAAAAA", "GET, PATCH, DELETE, HEAD, OPTIONS"),
        ] {
            let answer = app.call(method, path, json: "{}")
            #expect(answer.status == 405, "\(method) \(path)")
            #expect(answer.json.string("type") == "/problems/method-not-allowed", "\(method) \(path)")
            #expect(answer.headers["Allow"] == allow, "\(method) \(path)")
        }
    }

    @Test func errorBodiesLeakNoInternals() {
        let app = makeApp()
        for body in showBodiesText {
            let text = app.call("POST", "/keyboard/show", json: body).text
            for leak in ["Swift", ".swift", "InsetService", "JSONValue", "Optional(", "/work/", "Fatal"] {
                #expect(!text.contains(leak), "\(text)")
            }
        }
    }

    private var showBodiesText: [String] { Self.showBodies.map(\.body) }
}

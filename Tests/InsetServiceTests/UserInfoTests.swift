import Foundation
import InsetServiceTestSupport
import Testing

@testable import InsetService

@Suite("keyboard.userInfo: a logged notification replayed")
struct UserInfoTests {
    /// The notification an iPhone 14 (390x844) logs on keyboardWillShow.
    static let deviceShow = """
        {"UIKeyboardAnimationCurveUserInfoKey":7,"UIKeyboardAnimationDurationUserInfoKey":0.25,\
        "UIKeyboardBoundsUserInfoKey":"NSRect: {{0, 0}, {390, 336}}",\
        "UIKeyboardCenterBeginUserInfoKey":"NSPoint: {195, 1012}",\
        "UIKeyboardCenterEndUserInfoKey":"NSPoint: {195, 676}",\
        "UIKeyboardFrameBeginUserInfoKey":"NSRect: {{0, 844}, {390, 336}}",\
        "UIKeyboardFrameEndUserInfoKey":"NSRect: {{0, 508}, {390, 336}}",\
        "UIKeyboardIsLocalUserInfoKey":1}
        """
    static let explicitShow = """
        {"frameBegin":{"x":0,"y":844,"width":390,"height":336},"frameEnd":{"x":0,"y":508,"width":390,"height":336},\
        "animationDuration":0.25,"animationCurve":7,"isLocal":true}
        """
    static let focused = #""focusedRect":{"x":16,"y":700,"width":358,"height":44}"#

    static func stateless(_ keyboard: String, focused: Bool = true) -> String {
        #"{"scrollView":\#(Phone.scrollView),"screen":\#(Phone.screen),"keyboard":\#(keyboard)"#
            + (focused ? "," + Self.focused : "") + "}"
    }

    static func errors(_ answer: Answer) -> [(pointer: String, message: String)] {
        (answer.json["errors"] as? [[String: Any]] ?? []).map {
            ($0["pointer"] as? String ?? "", $0["message"] as? String ?? "")
        }
    }

    @Test func theIPhone15DeviceLogShowsLikeTheExplicitFields() {
        let app = makeApp()
        let replayed = app.call("POST", "/keyboard/show", json: Self.stateless(#"{"userInfo":\#(Self.deviceShow)}"#))
        let explicit = app.call("POST", "/keyboard/show", json: Self.stateless(Self.explicitShow))
        #expect(replayed.status == 200)
        #expect(replayed.body == explicit.body, "\(replayed.text)")
        #expect(replayed.json.object("contentInset").number("bottom") == 302)
        #expect(replayed.json.object("contentOffset").number("y") == 246)
        #expect(replayed.json.object("animation").string("curveName") == "keyboard")
    }

    /// The same keyboard sent both ways: explicit fields, then the userInfo that says the same.
    static let equivalentKeyboards: [(explicit: String, userInfo: String)] = [
        (
            #"{"frameEnd":{"x":0,"y":508,"width":390,"height":336}}"#,
            #"{"UIKeyboardFrameEndUserInfoKey":"{{0, 508}, {390, 336}}"}"#
        ),
        (
            #"{"frameEnd":{"x":0,"y":458.5,"width":390,"height":385.5},"animationDuration":0.4,"animationCurve":3}"#,
            #"{"UIKeyboardFrameEndUserInfoKey":"{{0,458.5},{390,385.5}}","UIKeyboardAnimationDurationUserInfoKey":0.4,"UIKeyboardAnimationCurveUserInfoKey":3}"#
        ),
        (
            #"{"frameEnd":{"x":0,"y":789,"width":390,"height":0},"animationDuration":0,"animationCurve":0,"isLocal":false}"#,
            #"{"UIKeyboardFrameEndUserInfoKey":"NSRect: {{-0, 789}, {390, -0}}","UIKeyboardAnimationDurationUserInfoKey":0,"UIKeyboardAnimationCurveUserInfoKey":0,"UIKeyboardIsLocalUserInfoKey":false}"#
        ),
        // Only the end frame: the defaults fill in the rest alike.
        (
            #"{"frameEnd":{"x":0,"y":508,"width":390,"height":336},"animationDuration":0.25,"animationCurve":7}"#,
            #"{"UIKeyboardFrameEndUserInfoKey":"{ {0,508} , {390,336} }"}"#
        ),
    ]

    @Test(arguments: equivalentKeyboards)
    func aShowWithUserInfoAnswersExactlyAsTheExplicitFields(explicit: String, userInfo: String) {
        let app = makeApp()
        let replayed = app.call("POST", "/keyboard/show", json: Self.stateless(#"{"userInfo":\#(userInfo)}"#))
        let direct = app.call("POST", "/keyboard/show", json: Self.stateless(explicit))
        #expect(replayed.status == 200, "\(replayed.text)")
        #expect(direct.status == 200)
        #expect(replayed.body == direct.body)
    }

    @Test func aHideWithUserInfoAnswersExactlyAsTheExplicitFields() {
        let app = makeApp()
        let scrolled =
            #"{"scrollView":{"frame":{"x":0,"y":0,"width":390,"height":844},"#
            + #""safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},"#
            + #""contentSize":{"width":390,"height":2000},"contentOffset":{"x":0,"y":309}},"screen":\#(Phone.screen),"#
        let userInfo = """
            {"UIKeyboardFrameBeginUserInfoKey":"NSRect: {{0, 508}, {390, 336}}",\
            "UIKeyboardFrameEndUserInfoKey":"NSRect: {{0, 844}, {390, 336}}",\
            "UIKeyboardAnimationDurationUserInfoKey":0.25,"UIKeyboardAnimationCurveUserInfoKey":7,\
            "UIKeyboardIsLocalUserInfoKey":1,"UIKeyboardCenterBeginUserInfoKey":"NSPoint: {195, 676}",\
            "UIKeyboardCenterEndUserInfoKey":"NSPoint: {195, 1012}","UIKeyboardBoundsUserInfoKey":"NSRect: {{0, 0}, {390, 336}}"}
            """
        let explicit = """
            {"frameBegin":{"x":0,"y":508,"width":390,"height":336},"frameEnd":{"x":0,"y":844,"width":390,"height":336},\
            "animationDuration":0.25,"animationCurve":7,"isLocal":true}
            """
        let replayed = app.call("POST", "/keyboard/hide", json: scrolled + #""keyboard":{"userInfo":\#(userInfo)}}"#)
        let direct = app.call("POST", "/keyboard/hide", json: scrolled + #""keyboard":\#(explicit)}"#)
        #expect(replayed.status == 200, "\(replayed.text)")
        #expect(replayed.body == direct.body)
        // frameBegin really was read: the hide animates from the shown insets.
        #expect(replayed.json.at("animation", "from", "contentInset").number("bottom") == 302)
    }

    @Test(arguments: ["/keyboard/show", "/keyboard/hide"])
    func aSessionAnswersAndStoresTheSameEitherWay(route: String) throws {
        var texts: [String] = []
        var keyboards: [[String: Any]] = []
        for keyboard in [#"{"userInfo":\#(Self.deviceShow)}"#, Self.explicitShow] {
            let app = makeApp()
            let id = try #require(app.call("POST", "/sessions", json: Phone.sessionBody).json.string("id"))
            let answer = app.call(
                "POST", route, json: #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(keyboard)}"#)
            #expect(answer.status == 200, "\(answer.text)")
            let fetched = app.call("GET", "/sessions/\(id)", query: [("at", "1100")])
            #expect(fetched.status == 200)
            // Two sessions differ only by their ids.
            texts.append((answer.text + fetched.text).replacingOccurrences(of: id, with: "<id>"))
            keyboards.append(fetched.json.object("keyboard"))
        }
        #expect(texts[0] == texts[1])
        // The session keeps the values, not the strings they came in.
        #expect(keyboards[0]["userInfo"] == nil)
        #expect(keyboards[0]["isLocal"] as? Bool == true)
        #expect(keyboards[0].object("frameEnd").number("y") == 508)
        #expect(keyboards[0].object("frameBegin").number("y") == 844)
    }

    static let userInfoPointer = "/keyboard/userInfo/"

    /// A userInfo key, a bad value for it, and what the message must say.
    static let malformed: [(key: String, value: String, message: String)] = [
        ("UIKeyboardFrameEndUserInfoKey", #""{{0,508},{390}}""#, "byte 13: expected ','"),
        ("UIKeyboardFrameEndUserInfoKey", #""""#, "byte 0: expected '{'"),
        ("UIKeyboardFrameEndUserInfoKey", #""{{0, 508}, {390, 336}} junk""#, "byte 22: expected the end"),
        ("UIKeyboardFrameEndUserInfoKey", #""{{0, NaN}, {390, 336}}""#, "CGRect string"),
        ("UIKeyboardFrameEndUserInfoKey", #""{{0, 508}, {390, -1}}""#, "height must be between 0 and 1000000"),
        ("UIKeyboardFrameEndUserInfoKey", #""{{0, 508}, {-0.5, 336}}""#, "width must be between 0 and 1000000"),
        ("UIKeyboardFrameEndUserInfoKey", #""{{1e7, 508}, {390, 336}}""#, "x must be between -1000000 and 1000000"),
        ("UIKeyboardFrameEndUserInfoKey", #""{{0, -1e400}, {390, 336}}""#, "y must be between -1000000 and 1000000"),
        ("UIKeyboardFrameEndUserInfoKey", #"{"x":0,"y":508,"width":390,"height":336}"#, "must be a string"),
        ("UIKeyboardFrameEndUserInfoKey", "null", "must be a string"),
        ("UIKeyboardFrameBeginUserInfoKey", #""{{0, 844}, {390, 336}""#, "byte 21: expected '}'"),
        ("UIKeyboardFrameBeginUserInfoKey", #""NSRect {{0, 844}, {390, 336}}""#, "byte 0: expected '{'"),
        ("UIKeyboardAnimationDurationUserInfoKey", "11", "must be between 0 and 10"),
        ("UIKeyboardAnimationDurationUserInfoKey", "-0.25", "must be between 0 and 10"),
        ("UIKeyboardAnimationDurationUserInfoKey", #""0.25""#, "must be a number"),
        ("UIKeyboardAnimationCurveUserInfoKey", "7.5", "must be a whole number"),
        ("UIKeyboardAnimationCurveUserInfoKey", "16", "must be between 0 and 15"),
        ("UIKeyboardAnimationCurveUserInfoKey", #""7""#, "must be a number"),
        ("UIKeyboardIsLocalUserInfoKey", "2", "must be true, false, 1 or 0"),
        ("UIKeyboardIsLocalUserInfoKey", "0.5", "must be true, false, 1 or 0"),
        ("UIKeyboardIsLocalUserInfoKey", #""1""#, "must be true, false, 1 or 0"),
        ("UIKeyboardIsLocalUserInfoKey", #""YES""#, "must be true, false, 1 or 0"),
        ("UIKeyboardIsLocalUserInfoKey", "null", "must be true, false, 1 or 0"),
        ("UIKeyboardCenterEndUserInfoKey", #""{{195, 676}}""#, "CGPoint string"),
        ("UIKeyboardCenterEndUserInfoKey", #""{195, 2e6}""#, "y must be between -1000000 and 1000000"),
        ("UIKeyboardCenterBeginUserInfoKey", "195", "must be a string"),
        ("UIKeyboardBoundsUserInfoKey", #""{{0, 0}, {390, -336}}""#, "height must be between 0 and 1000000"),
    ]

    @Test(arguments: malformed)
    func aMalformedKeyIsA400AtItsPointer(key: String, value: String, message: String) {
        let app = makeApp()
        for route in ["/keyboard/show", "/keyboard/hide"] {
            var fields = [#""UIKeyboardFrameEndUserInfoKey":"{{0, 508}, {390, 336}}""#]
            if key == "UIKeyboardFrameEndUserInfoKey" { fields = [] }
            fields.append(#""\#(key)":\#(value)"#)
            let body = Self.stateless(#"{"userInfo":{\#(fields.joined(separator: ","))}}"#, focused: false)
            let answer = app.call("POST", route, json: body)
            #expect(answer.status == 400)
            #expect(answer.headers["Content-Type"] == "application/problem+json")
            #expect(answer.json.string("type") == "/problems/validation-failed")
            let errors = Self.errors(answer)
            #expect(errors.map(\.pointer) == [Self.userInfoPointer + key], "\(route): \(errors)")
            #expect(errors.first?.message.contains(message) == true, "\(route): \(errors)")
        }
    }

    /// A field of `keyboard` sent beside `userInfo`, with what `userInfo` says of the same quantity (or nothing).
    static let besideUserInfo: [(field: String, explicit: String, key: String?, value: String)] = [
        (
            "frameEnd", #"{"x":0,"y":508,"width":390,"height":336}"#,
            "UIKeyboardFrameEndUserInfoKey", #""{{0, 508}, {390, 336}}""#
        ),
        (
            "frameBegin", #"{"x":0,"y":844,"width":390,"height":336}"#,
            "UIKeyboardFrameBeginUserInfoKey", #""{{0, 844}, {390, 336}}""#
        ),
        ("animationDuration", "0.25", "UIKeyboardAnimationDurationUserInfoKey", "0.25"),
        ("animationCurve", "7", "UIKeyboardAnimationCurveUserInfoKey", "3"),
        ("isLocal", "true", "UIKeyboardIsLocalUserInfoKey", "1"),
        // A quantity userInfo leaves out is no better: the two forms never mix.
        ("animationCurve", "1", nil, ""),
        ("isLocal", "false", nil, ""),
        ("frameBegin", "null", nil, ""),
    ]

    @Test(arguments: besideUserInfo)
    func aFieldBesideUserInfoIsA400AtTheField(field: String, explicit: String, key: String?, value: String) {
        // Even when both say the same thing: which one is meant is never guessed.
        var userInfo = key.map { [#""\#($0)":\#(value)"#] } ?? []
        if key != "UIKeyboardFrameEndUserInfoKey" {
            userInfo.append(#""UIKeyboardFrameEndUserInfoKey":"{{0, 508}, {390, 336}}""#)
        }
        let keyboard = #"{"\#(field)":\#(explicit),"userInfo":{\#(userInfo.joined(separator: ","))}}"#
        let app = makeApp()
        for route in ["/keyboard/show", "/keyboard/hide"] {
            let answer = app.call("POST", route, json: Self.stateless(keyboard, focused: false))
            #expect(answer.status == 400, "\(route): \(answer.text)")
            let errors = Self.errors(answer)
            #expect(errors.map(\.pointer) == ["/keyboard/\(field)"], "\(route): \(errors)")
            #expect(errors.first?.message.contains("/keyboard/userInfo") == true)
        }
    }

    @Test(arguments: ["/keyboard/show", "/keyboard/hide"])
    func userInfoAlwaysCarriesItsEndFrame(route: String) {
        let app = makeApp()
        for userInfo in [#"{"UIKeyboardAnimationCurveUserInfoKey":7}"#, "{}"] {
            let missing = app.call(
                "POST", route, json: Self.stateless(#"{"userInfo":\#(userInfo)}"#, focused: false))
            #expect(missing.status == 400)
            #expect(Self.errors(missing).map(\.pointer) == [Self.userInfoPointer + "UIKeyboardFrameEndUserInfoKey"])
            #expect(Self.errors(missing).map(\.message) == ["is required"])
        }
        // frameEnd beside it is refused, and does not stand in for the key.
        let beside = app.call(
            "POST", route,
            json: Self.stateless(
                #"{"frameEnd":{"x":0,"y":508,"width":390,"height":336},"userInfo":{"UIKeyboardAnimationCurveUserInfoKey":7}}"#,
                focused: false))
        #expect(
            Self.errors(beside).map(\.pointer) == [
                "/keyboard/frameEnd", Self.userInfoPointer + "UIKeyboardFrameEndUserInfoKey",
            ])
    }

    @Test(arguments: ["null", "[]", #""{{0, 508}, {390, 336}}""#, "7"])
    func userInfoMustBeAnObjectAndIsReportedOnce(value: String) {
        let answer = makeApp().call("POST", "/keyboard/show", json: Self.stateless(#"{"userInfo":\#(value)}"#))
        #expect(answer.status == 400)
        #expect(Self.errors(answer).map(\.pointer) == ["/keyboard/userInfo"])
        #expect(Self.errors(answer).map(\.message) == ["must be an object"])
    }

    @Test(arguments: [
        ("UIKeyboardFrameEndUserinfoKey", "UIKeyboardFrameEndUserinfoKey"),
        ("frameEnd", "frameEnd"),
        ("UIKeyboardLayoutAlignmentViewKey", "UIKeyboardLayoutAlignmentViewKey"),
        ("a/b~c", "a~1b~0c"),
    ])
    func anUnknownKeyIsRefusedLikeEveryUnknownField(key: String, token: String) {
        let body = Self.stateless(
            #"{"userInfo":{"UIKeyboardFrameEndUserInfoKey":"{{0, 508}, {390, 336}}","\#(key)":1}}"#)
        let answer = makeApp().call("POST", "/keyboard/show", json: body)
        #expect(answer.status == 400)
        #expect(Self.errors(answer).map(\.pointer) == [Self.userInfoPointer + token])
        #expect(Self.errors(answer).map(\.message) == ["is not a known field"])
    }

    @Test(arguments: [("true", true), ("false", false), ("1", true), ("0", false), ("1.0", true), ("-0", false)])
    func isLocalTakesABooleanOrWhatNSLogPrints(value: String, expected: Bool) throws {
        let app = makeApp()
        let id = try #require(app.call("POST", "/sessions", json: Phone.sessionBody).json.string("id"))
        let keyboard = """
            {"userInfo":{"UIKeyboardFrameEndUserInfoKey":"{{0, 508}, {390, 336}}","UIKeyboardIsLocalUserInfoKey":\(value)}}
            """
        let answer = app.call("POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","keyboard":\#(keyboard)}"#)
        #expect(answer.status == 200)
        let stored = app.call("GET", "/sessions/\(id)").json.object("keyboard")
        #expect(stored["isLocal"] as? Bool == expected)
        #expect(stored["userInfo"] == nil)
    }

    @Test func everyBadKeyIsReportedAtOnce() {
        let keyboard = """
            {"animationCurve":7,"userInfo":{"UIKeyboardFrameEndUserInfoKey":"{{0, 508}, {390}}",\
            "UIKeyboardAnimationCurveUserInfoKey":7.5,"UIKeyboardIsLocalUserInfoKey":"YES","UIKeyboardBoundsUserInfoKey":""}}
            """
        let answer = makeApp().call("POST", "/keyboard/show", json: Self.stateless(keyboard))
        #expect(
            Set(Self.errors(answer).map(\.pointer)) == [
                "/keyboard/animationCurve", "/keyboard/userInfo/UIKeyboardFrameEndUserInfoKey",
                "/keyboard/userInfo/UIKeyboardAnimationCurveUserInfoKey",
                "/keyboard/userInfo/UIKeyboardIsLocalUserInfoKey", "/keyboard/userInfo/UIKeyboardBoundsUserInfoKey",
            ])
        #expect(answer.json.string("detail") == "5 fields are invalid")
    }
}

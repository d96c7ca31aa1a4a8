import Foundation
import InsetCore
import InsetServiceTestSupport
import Testing

@testable import InsetService

/// The iPhone 14 form: four fields in a 1200-pt tall content, and a 380-pt keyboard (336 and the 44-pt
/// accessory toolbar, which UIKit counts in the keyboard's frame). The visible band is 47...454.
private enum Form {
    static let fields = """
        [{"id":"name","rect":{"x":16,"y":100,"width":358,"height":44}},\
        {"id":"email","rect":{"x":16,"y":400,"width":358,"height":44}},\
        {"id":"phone","rect":{"x":16,"y":700,"width":358,"height":44}},\
        {"id":"notes","rect":{"x":16,"y":900,"width":358,"height":120}}]
        """
    static let scrollView = """
        {"frame":{"x":0,"y":0,"width":390,"height":844},\
        "safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},\
        "contentSize":{"width":390,"height":1200}}
        """
    static let keyboard = #"{"frameEnd":{"x":0,"y":464,"width":390,"height":380}}"#
}

private func formSession(_ app: InsetApplication, extra: String = "") throws -> String {
    let created = app.call(
        "POST", "/sessions",
        json:
            #"{"timestamp":0,"scrollView":\#(Form.scrollView),"screen":\#(Phone.screen),"fields":\#(Form.fields)\#(extra)}"#
    )
    #expect(created.status == 201, "\(created.text)")
    return try #require(created.json.string("id"))
}

private func show(_ app: InsetApplication, _ id: String, at time: Double, extra: String = "") -> Answer {
    app.call(
        "POST", "/keyboard/show",
        json: #"{"sessionId":"\#(id)","timestamp":\#(time),"keyboard":\#(Form.keyboard)\#(extra)}"#)
}

private func focus(_ app: InsetApplication, _ id: String, _ field: String, at time: Double) -> Answer {
    app.call("POST", "/sessions/\(id)/focus", json: #"{"timestamp":\#(time),"field":"\#(field)"}"#)
}

private func navigation(_ answer: Answer) -> [String?] {
    let navigation = answer.json.object("navigation")
    return [navigation["previous"] as? String, navigation["next"] as? String]
}

private func pointers(_ answer: Answer) -> [String] {
    (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0.string("pointer") }
}

@Suite("Forms over HTTP: fields, focus, navigation and scroll positions")
struct FormRouteTests {
    @Test func nextNextPreviousScrollsToEachFieldWithUIScrollViewsAnimation() throws {
        let app = makeApp()
        let id = try formSession(app, extra: #","focus":"name""#)
        let shown = show(app, id, at: 1000)
        #expect(shown.json.at("contentOffset").number("y") == 0)
        #expect(navigation(shown) == [nil, "email"])
        // email (400...444) is inside the band: no move. phone (744) needs 744 - 454. Back to email: visible.
        let steps: [(field: String, offset: Double, navigation: [String?])] = [
            ("next", 0, ["name", "phone"]), ("next", 290, ["email", "notes"]), ("previous", 290, ["name", "phone"]),
            ("notes", 566, ["phone", nil]),
        ]
        var time = 2000.0
        for step in steps {
            let moved = focus(app, id, step.field, at: time)
            #expect(moved.status == 200, "\(moved.text)")
            #expect(moved.json.at("contentOffset").number("y") == step.offset, "\(step.field)")
            #expect(navigation(moved) == step.navigation, "\(step.field)")
            let animation = moved.json.object("animation")
            #expect(animation.number("curve") == 0 && animation.number("duration") == 0.3)
            #expect(animation.at("to", "contentOffset").number("y") == step.offset)
            // The keyboard stays: its frame is the same at both ends.
            #expect(animation.at("from", "keyboardLayoutGuide").number("y") == 464)
            #expect(animation.at("to", "keyboardLayoutGuide").number("y") == 464)
            // Only the offset moves: the keyboard stays shown through the scroll.
            #expect(moved.json.at("session").string("keyboardState") == "shown")
            let during = app.call("GET", "/sessions/\(id)", query: [("at", String(time + 150))])
            #expect(during.json.string("keyboardState") == "shown")
            time += 1000
        }
        // The keyboard's own notification is still the last one the session saw.
        let session = app.call("GET", "/sessions/\(id)")
        #expect(session.json.at("keyboard").number("animationCurve") == 7)
        #expect(session.json.at("keyboard").number("animationDuration") == 0.25)
        #expect(session.json.string("focus") == "notes")
        #expect(navigation(session) == ["phone", nil])
    }

    @Test func aFocusMoveDuringTheShowIsComposedWithIt() throws {
        let app = makeApp()
        let id = try formSession(app, extra: #","focus":"name""#)
        _ = show(app, id, at: 1000)
        let moved = focus(app, id, "phone", at: 1100)
        let animation = moved.json.object("animation")
        #expect(animation.string("composition") == "additive")
        #expect((animation["inFlight"] as? [Any])?.count == 1)
        #expect(animation.at("delta", "contentOffset").number("y") == -290)
        // Between the two ends, the offset is the sum: the show moved nothing, the scroll is a quarter through.
        let midway = app.call("GET", "/sessions/\(id)", query: [("at", "1175")])
        let offset = try #require(midway.json.at("presentation", "contentOffset").number("y"))
        #expect(offset > 0 && offset < 290)
    }

    @Test func refusedFocusMovesChangeNothing() throws {
        let app = makeApp()
        let id = try formSession(app)
        // Hidden keyboard: 409 first.
        #expect(focus(app, id, "email", at: 500).status == 409)
        _ = show(app, id, at: 1000)
        let before = app.call("GET", "/sessions/\(id)", query: [("at", "5000")]).text
        let refused: [(String, String)] = [
            ("next", "no field is focused"), ("unknown", "must name one of the session's fields"),
        ]
        for (field, message) in refused {
            let answer = focus(app, id, field, at: 2000)
            #expect(answer.status == 400)
            #expect(pointers(answer) == ["/field"])
            #expect(answer.text.contains(message), "\(answer.text)")
        }
        #expect(focus(app, id, "notes", at: 2000).status == 200)
        let last = focus(app, id, "next", at: 2500)
        #expect(last.status == 400 && last.text.contains("'notes' is the last field"))
        #expect(focus(app, id, "name", at: 2600).status == 200)
        #expect(focus(app, id, "previous", at: 2700).text.contains("'name' is the first field"))
        // A stale timestamp is refused too.
        #expect(focus(app, id, "email", at: 100).status == 409)
        // Without a field at all.
        let empty = app.call("POST", "/sessions/\(id)/focus", json: #"{"timestamp":3000}"#)
        #expect(empty.status == 400 && pointers(empty) == ["/field"])
        let unknownMember = app.call("POST", "/sessions/\(id)/focus", json: #"{"field":"email","touch":{"x":0,"y":0}}"#)
        #expect(unknownMember.status == 400)
        // Only the two accepted moves changed the session.
        let after = app.call("GET", "/sessions/\(id)", query: [("at", "5000")]).text
        #expect(before != after)
        let again = try formSession(app)
        _ = show(app, again, at: 1000)
        let untouched = app.call("GET", "/sessions/\(again)", query: [("at", "5000")]).text
        for (field, _) in refused { _ = focus(app, again, field, at: 2000) }
        #expect(app.call("GET", "/sessions/\(again)", query: [("at", "5000")]).text == untouched)
    }

    @Test func badFieldsAndFociAreRefusedWithPointers() throws {
        let app = makeApp()
        let duplicate =
            #"[{"id":"a","rect":{"x":0,"y":0,"width":10,"height":10}},{"id":"a","rect":{"x":0,"y":50,"width":10,"height":10}}]"#
        let created = app.call(
            "POST", "/sessions", json: #"{"scrollView":\#(Form.scrollView),"fields":\#(duplicate)}"#)
        #expect(created.status == 400 && pointers(created) == ["/fields/1/id"])
        let many =
            "["
            + (0...256).map { #"{"id":"f\#($0)","rect":{"x":0,"y":\#($0),"width":10,"height":10}}"# }
            .joined(separator: ",") + "]"
        let tooMany = app.call("POST", "/sessions", json: #"{"scrollView":\#(Form.scrollView),"fields":\#(many)}"#)
        #expect(tooMany.status == 400 && pointers(tooMany) == ["/fields"])
        let stateless = app.call(
            "POST", "/keyboard/show",
            json:
                #"{"scrollView":\#(Form.scrollView),"keyboard":\#(Form.keyboard),"fields":\#(Form.fields),"focus":"nope"}"#
        )
        #expect(stateless.status == 400 && pointers(stateless) == ["/focus"])
        let id = try formSession(app)
        let before = app.call("GET", "/sessions/\(id)", query: [("at", "5000")]).text
        let session = show(app, id, at: 1000, extra: #","focus":"nope""#)
        #expect(session.status == 400 && pointers(session) == ["/focus"])
        let patch = app.call("PATCH", "/sessions/\(id)", json: #"{"focus":"nope"}"#)
        #expect(patch.status == 400 && pointers(patch) == ["/focus"])
        #expect(app.call("GET", "/sessions/\(id)", query: [("at", "5000")]).text == before)
        let badOrder = app.call(
            "PATCH", "/sessions/\(id)",
            json: #"{"fields":[{"id":"a","rect":{"x":0,"y":0,"width":1,"height":1},"order":"1"}]}"#)
        #expect(badOrder.status == 400 && pointers(badOrder) == ["/fields/0/order"])
        let badPosition = app.call("PATCH", "/sessions/\(id)", json: #"{"scrollPosition":"centre"}"#)
        #expect(badPosition.status == 400 && pointers(badPosition) == ["/scrollPosition"])
    }

    @Test func aStatelessShowRevealsTheNamedFieldAndAnswersTheNavigation() {
        let app = makeApp()
        let body =
            #"{"scrollView":\#(Form.scrollView),"screen":\#(Phone.screen),"keyboard":\#(Form.keyboard),"fields":\#(Form.fields),"focus":"phone""#
        let minimal = app.call("POST", "/keyboard/show", json: body + "}")
        #expect(minimal.status == 200)
        #expect(minimal.json.at("contentOffset").number("y") == 290)
        #expect(navigation(minimal) == ["email", "notes"])
        // The same field at the band's top, and centred with TPKeyboardAvoiding's rule.
        let top = app.call("POST", "/keyboard/show", json: body + #","scrollPosition":"top"}"#)
        #expect(top.json.at("contentOffset").number("y") == 653)
        let center = app.call("POST", "/keyboard/show", json: body + #","scrollPosition":"center"}"#)
        // 417 pt between the insets (844 - 47 - 380): padding (417 - 44) / 2.
        #expect(center.json.at("contentOffset").number("y") == 700 - 186.5 - 47)
        // A caret rect wins over the field's rect.
        let caret = app.call(
            "POST", "/keyboard/show", json: body + #","focusedRect":{"x":20,"y":1000,"width":2,"height":20}}"#)
        #expect(caret.json.at("contentOffset").number("y") == 566)
        // Without fields, no navigation member at all.
        let plain = app.call("POST", "/keyboard/show", json: Phone.showBody)
        #expect(plain.json["navigation"] == nil)
    }

    @Test func aPatchThatGrowsTheTextViewRetargetsAtOnceAndAScrollDoesNot() throws {
        let app = makeApp()
        let id = try formSession(app, extra: #","focus":"notes""#)
        let shown = show(app, id, at: 1000)
        #expect(shown.json.at("contentOffset").number("y") == 566)
        // The user scrolls up; a plain PATCH keeps that scroll.
        let scrolled = app.call(
            "PATCH", "/sessions/\(id)", json: #"{"timestamp":2000,"scrollView":{"contentOffset":{"x":0,"y":100}}}"#)
        #expect(scrolled.json.at("target", "contentOffset").number("y") == 100)
        // Typing grows the notes view by two lines and the content with it; the caret is at its end.
        let grown =
            #"[{"id":"name","rect":{"x":16,"y":100,"width":358,"height":44}},{"id":"email","rect":{"x":16,"y":400,"width":358,"height":44}},{"id":"phone","rect":{"x":16,"y":700,"width":358,"height":44}},{"id":"notes","rect":{"x":16,"y":900,"width":358,"height":164}}]"#
        let patched = app.call(
            "PATCH", "/sessions/\(id)",
            json:
                #"{"timestamp":3000,"scrollView":{"contentSize":{"width":390,"height":1244}},"fields":\#(grown),"focusedRect":{"x":20,"y":1038,"width":2,"height":22}}"#
        )
        #expect(patched.status == 200, "\(patched.text)")
        // The caret's bottom (1060) 10 pt above the keyboard's top: 1060 - 454.
        #expect(patched.json.at("target", "contentOffset").number("y") == 606)
        #expect(patched.json.object("animation").isEmpty || patched.json["animation"] is NSNull)
        #expect(patched.json.string("focus") == "notes")
        // A later focus on another field drops the caret; a show then reveals that field.
        let email = focus(app, id, "email", at: 4000)
        #expect(email.json.at("contentOffset").number("y") == 353, "\(email.text)")
        let session = app.call("GET", "/sessions/\(id)")
        #expect(session.json["focusedRect"] is NSNull)
    }

    @Test func theSessionKeepsItsFocusAcrossAHideAndTheNextShow() throws {
        let app = makeApp()
        let id = try formSession(app, extra: #","focus":"phone","scrollPosition":"bottom""#)
        #expect(show(app, id, at: 1000).json.at("contentOffset").number("y") == 290)
        let hidden = app.call(
            "POST", "/keyboard/hide", json: #"{"sessionId":"\#(id)","timestamp":2000}"#)
        // The offset stays: it is within the hidden range (-47...390) and nothing lifts.
        #expect(hidden.json.at("contentOffset").number("y") == 290)
        #expect(navigation(hidden) == ["email", "notes"])
        // A frame change (a taller keyboard) keeps the focused field revealed.
        #expect(show(app, id, at: 3000).json.at("contentOffset").number("y") == 290)
        let taller = app.call(
            "POST", "/keyboard/show",
            json:
                #"{"sessionId":"\#(id)","timestamp":4000,"keyboard":{"frameEnd":{"x":0,"y":420,"width":390,"height":424}}}"#
        )
        #expect(taller.json.at("contentOffset").number("y") == 334)
    }
}

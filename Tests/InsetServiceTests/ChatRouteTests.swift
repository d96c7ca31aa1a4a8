import Foundation
import InsetCore
import InsetServiceTestSupport
import InsetSession
import Testing

@testable import InsetSchema
@testable import InsetService
@testable import InsetStores

/// A chat session on the iPhone 14: the list over the whole window, a 50-pt composer pinned to the guide.
private func chatSession(_ app: InsetApplication, extra: String = "") throws -> String {
    let composer = #"[{"id":"composer","frame":{"x":0,"y":760,"width":390,"height":50}}]"#
    let created = app.call(
        "POST", "/sessions",
        json:
            #"{"timestamp":0,"scrollView":\#(Phone.scrollView),"screen":\#(Phone.screen),"pinnedViews":\#(composer)\#(extra)}"#
    )
    #expect(created.status == 201)
    return try #require(created.json.string("id"))
}

private func frame(_ object: [String: Any]?) -> [Double] {
    ["x", "y", "width", "height"].map { object?.number($0) ?? .nan }
}

@Suite("Chat screens: the keyboard layout guide and pinned views over HTTP")
struct ChatRouteTests {
    @Test func aShowMovesTheComposerWithTheGuideAndTheListClearsBoth() throws {
        let app = makeApp()
        let id = try chatSession(app)
        let shown = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#)
        #expect(shown.status == 200)
        #expect(frame(shown.json.at("keyboardLayoutGuide", "frame")) == [0, 508, 390, 336])
        let pinned = try #require(shown.json["pinnedViews"] as? [[String: Any]])
        #expect(pinned.count == 1 && pinned.first?.string("id") == "composer")
        #expect(frame(pinned.first?.object("frame")) == [0, 458, 390, 50])
        // 844 - 458 = 386 covered, less the 34-pt safe area.
        #expect(shown.json.at("contentInset").number("bottom") == 352)
        let animation = shown.json.object("animation")
        #expect(frame(animation.at("from", "keyboardLayoutGuide")) == [0, 810, 390, 34])
        #expect(frame(animation.at("to", "keyboardLayoutGuide")) == [0, 508, 390, 336])
        let from = try #require(animation.at("from")["pinnedViews"] as? [[String: Any]])
        #expect(frame(from.first?.object("frame")) == [0, 760, 390, 50])
        #expect(animation.at("delta", "keyboardLayoutGuide").number("y") == 302)
        #expect(animation.at("delta", "keyboardLayoutGuide").number("height") == -302)
        // Halfway through the spring the guide is where the sum of its animations puts it.
        let session = app.call("GET", "/sessions/\(id)", query: [("at", "1100")])
        let guide = session.json.at("presentation", "keyboardLayoutGuide")
        let w = (1000.0 / 3).squareRoot()
        let progress = 1 - exp(-w * 0.1) * (1 + w * 0.1)
        #expect(abs((guide.number("y") ?? 0) - (508 + 302 * (1 - progress))) < 1e-9)
        #expect(guide.number("x") == 0 && guide.number("width") == 390)
        let echoed = try #require(session.json["pinnedViews"] as? [[String: Any]])
        #expect(frame(echoed.first?.object("frame")) == [0, 760, 390, 50])
    }

    @Test func theTimelineHasTheComposersTopBesideTheGuides() throws {
        let app = makeApp()
        let id = try chatSession(app)
        _ = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#)
        let timeline = app.call(
            "GET", "/sessions/\(id)/timeline", query: [("from", "1000"), ("to", "1500"), ("step", "50")])
        #expect(timeline.status == 200)
        let values = try #require(timeline.json["values"] as? [[String: Any]])
        #expect(values.count == AnimatedValues.count + 1)
        func series(_ name: String) -> [Double] {
            (values.first { $0.string("name") == name }?["presentation"] as? [NSNumber] ?? []).map(\.doubleValue)
        }
        let guide = series("keyboardLayoutGuide.y")
        let composer = series("pinnedViews.composer.y")
        #expect(guide.count == 11 && composer.count == 11)
        #expect(zip(guide, composer).allSatisfy { abs($0 - 50 - $1) < 1e-9 })
        #expect(composer.first == 760 && composer.last == 458)
        let svg = app.call("GET", "/sessions/\(id)/timeline.svg")
        let text = String(decoding: svg.body, as: UTF8.self)
        #expect(text.contains(#"data-value="pinnedViews.composer.y""#))
        #expect(text.contains(#"data-value="keyboardLayoutGuide.y""#))
    }

    @Test func aHideRestsTheComposerOnTheSafeAreaAndTheListStillClearsIt() throws {
        let app = makeApp()
        let id = try chatSession(app)
        _ = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#)
        let hidden = app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(id)","timestamp":2000}"#)
        #expect(hidden.status == 200)
        #expect(frame(hidden.json.at("keyboardLayoutGuide", "frame")) == [0, 810, 390, 34])
        #expect(hidden.json.at("contentInset").number("bottom") == 50)
    }

    @Test func whenAtEndKeepsTheNewestMessageInSight() throws {
        let app = makeApp()
        // At the end with the composer alone: adjusted bottom 84, offset 2000 + 84 - 844 = 1240.
        let id = try chatSession(app, extra: #","keyboardLiftBehavior":"whenAtEnd""#)
        let patch = app.call(
            "PATCH", "/sessions/\(id)", json: #"{"scrollView":{"contentOffset":{"x":0,"y":1240}}}"#)
        #expect(patch.status == 200)
        let shown = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#)
        // The covered height grows from 84 to 386: the offset follows by 302.
        #expect(shown.json.at("contentOffset").number("y") == 1542)
    }

    @Test func aChatSessionsRecordReadsBackTheSame() throws {
        var geometry = Scene()
        geometry.setFrame(Rect(x: 0, y: 0, width: 390, height: 844))
        geometry.scrollView.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        geometry.setContentSize(Size(width: 390, height: 2000))
        geometry.space.screen = Size(width: 390, height: 844)
        geometry.pinnedViews = [PinnedView(id: "composer", frame: Rect(x: 0, y: 760, width: 390, height: 50))]
        geometry.options.keyboardLiftBehavior = .whenAtEnd
        geometry.scrollView.inverted = true
        geometry.settleWindow()
        var session = Session(id: SessionID.make(), scene: geometry, time: 0, serverTime: 0)
        var show = KeyboardEvent()
        show.keyboard.frameEnd = Rect(x: 0, y: 508, width: 390, height: 336)
        _ = session.show(show, at: 10)
        let record = SessionRecord.encode(session, revision: 3)
        let read = try SessionRecord.decode(record)
        #expect(read.session == session)
        #expect(read.session.target.pinnedViews.first?.frame.minY == 458)
        // A record of the previous release has no guide: it is placed again from the keyboard's frame.
        let text = String(decoding: record, as: UTF8.self)
        let withoutGuide = text.replacingOccurrences(
            of: #","kg":[0,508,390,336]"#, with: "")
        #expect(withoutGuide != text)
        #expect(try SessionRecord.decode(Array(withoutGuide.utf8)).session == session)
    }

    @Test func aChatSessionEchoesItsOptions() throws {
        let app = makeApp()
        let id = try chatSession(app, extra: #","keyboardLiftBehavior":"always","usesBottomSafeArea":false"#)
        _ = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#)
        let before = app.call("GET", "/sessions/\(id)", query: [("at", "1100")])
        #expect(before.json.string("keyboardLiftBehavior") == "always")
        #expect(before.json["usesBottomSafeArea"] as? Bool == false)
        #expect(before.json.at("scrollView")["inverted"] as? Bool == false)
    }

    @Test(arguments: [
        (
            #"[{"id":"a","frame":{"x":0,"y":0,"width":1,"height":1}},{"id":"a","frame":{"x":0,"y":0,"width":1,"height":1}}]"#,
            "/pinnedViews/1/id"
        ),
        (#"[{"frame":{"x":0,"y":0,"width":1,"height":1}}]"#, "/pinnedViews/0/id"),
        (#"[{"id":"a","frame":{"x":0,"y":0,"width":-1,"height":1}}]"#, "/pinnedViews/0/frame/width"),
        (#"[{"id":"a","frame":{"x":0,"y":0,"width":1,"height":1},"colour":"red"}]"#, "/pinnedViews/0/colour"),
        (#"{"id":"a"}"#, "/pinnedViews"),
    ])
    func badPinnedViewsAnswer400WithPointers(_ views: String, _ pointer: String) throws {
        let app = makeApp()
        let answer = app.call(
            "POST", "/sessions",
            json: #"{"scrollView":\#(Phone.scrollView),"screen":\#(Phone.screen),"pinnedViews":\#(views)}"#)
        #expect(answer.status == 400)
        let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
        #expect(pointers == [pointer])
    }

    @Test func seventeenPinnedViewsAreTooMany() throws {
        let app = makeApp()
        let views = (0...Limits.pinnedViews).map { #"{"id":"v\#($0)","frame":{"x":0,"y":0,"width":1,"height":1}}"# }
        let answer = app.call(
            "POST", "/keyboard/show",
            json:
                #"{"scrollView":\#(Phone.scrollView),"keyboard":\#(Phone.keyboard),"pinnedViews":[\#(views.joined(separator: ","))]}"#
        )
        #expect(answer.status == 400)
        #expect(answer.json.string("detail")?.isEmpty == false)
    }

    @Test func anUnknownLiftBehaviourIsRefused() {
        let app = makeApp()
        let answer = app.call(
            "POST", "/keyboard/show",
            json:
                #"{"scrollView":\#(Phone.scrollView),"keyboard":\#(Phone.keyboard),"keyboardLiftBehavior":"sometimes"}"#
        )
        #expect(answer.status == 400)
        let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
        #expect(pointers == ["/keyboardLiftBehavior"])
    }

    @Test func anInvertedStatelessShowPutsTheInsetOnTop() {
        let app = makeApp()
        let list =
            #"{"frame":{"x":0,"y":0,"width":390,"height":844},"safeAreaInsets":{"top":34,"left":0,"bottom":47,"right":0},"contentSize":{"width":390,"height":2000},"contentOffset":{"x":0,"y":-34},"inverted":true}"#
        let answer = app.call(
            "POST", "/keyboard/show",
            json:
                #"{"scrollView":\#(list),"screen":\#(Phone.screen),"keyboard":\#(Phone.keyboard),"keyboardLiftBehavior":"whenAtEnd"}"#
        )
        #expect(answer.status == 200)
        #expect(answer.json.at("contentInset").number("top") == 302)
        #expect(answer.json.at("contentInset").number("bottom") == 0)
        #expect(answer.json.at("contentOffset").number("y") == -336)
    }
}

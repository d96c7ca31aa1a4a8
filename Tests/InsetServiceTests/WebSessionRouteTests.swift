import Foundation
import InsetCore
import InsetService
import InsetServiceTestSupport
import InsetSession
import Testing

@testable import InsetStores

/// Web sessions (docs/web.md, "Sessions"): a page kept between events, a show and a hide replayed as the stateless
/// routes answer them, a focus move while the keyboard is up, and what a session refuses.
@Suite("Web sessions")
struct WebSessionRouteTests {
    let app = makeApp()

    func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A page in Chrome 131 (or `browser`): 412 × 800, a 3 000-px document scrolled to 1 000, a composer at the
    /// bottom.
    static func page(_ browser: [String: Any]? = nil) -> [String: Any] {
        [
            "platform": "web", "browser": browser ?? ["engine": "blink", "os": "android", "version": "131"],
            "viewport": ["width": 412, "height": 800], "documentHeight": 3000, "scroll": ["x": 0, "y": 1000],
            "fixedElements": [["id": "composer", "bottom": 0, "height": 56]],
        ]
    }

    func create(_ body: [String: Any]) throws -> String {
        let answer = app.call("POST", "/sessions", json: json(body))
        #expect(answer.status == 201, "\(answer.text)")
        return try #require(answer.json.string("id"))
    }

    func event(_ path: String, _ body: [String: Any], status: Int = 200) -> [String: Any] {
        let answer = app.call("POST", path, json: json(body))
        #expect(answer.status == status, "\(path): \(answer.text)")
        return answer.json
    }

    func problems(_ method: String, _ path: String, _ body: [String: Any]) -> [String: String] {
        let answer = app.call(method, path, json: json(body))
        #expect(answer.status == 400, "\(answer.text)")
        var found: [String: String] = [:]
        for error in answer.json["errors"] as? [[String: Any]] ?? [] {
            found[error.string("pointer") ?? ""] = error.string("message") ?? ""
        }
        return found
    }

    /// An answer without its session reference, as sorted JSON, to compare with the stateless one.
    func withoutSession(_ answer: [String: Any]) -> String {
        var answer = answer
        answer.removeValue(forKey: "session")
        return json(answer)
    }

    @Test(arguments: WebRouteTests.browsers)
    func aSessionsShowAndHideAreTheStatelessOnes(browser: WebRouteTests.Browser) throws {
        let routes = WebRouteTests()
        for widget in [nil, "resizes-content"] as [String?] {
            for overlays in [nil, true] as [Bool?] {
                for input in WebRouteTests.inputs {
                    let label = "\(browser) \(widget ?? "-") \(overlays.map(String.init) ?? "-") \(input.name)"
                    var page = routes.page(browser, widget: widget, overlays: overlays, inputY: input.y)
                    page["scroll"] = ["x": 0, "y": 150]
                    let stateless = (
                        show: event("/keyboard/show", page), hide: event("/keyboard/hide", page)
                    )
                    var created = page
                    created.removeValue(forKey: "keyboard")
                    created.removeValue(forKey: "focusedRect")
                    let id = try create(created)
                    let shown = event(
                        "/keyboard/show",
                        ["sessionId": id, "keyboard": ["height": 300], "focusedRect": page["focusedRect"] ?? [:]])
                    #expect(withoutSession(shown) == json(stateless.show), "\(label)")
                    #expect(shown.object("session").string("keyboardState") == "shown", "\(label)")
                    let hidden = event("/keyboard/hide", ["sessionId": id])
                    #expect(withoutSession(hidden) == json(stateless.hide), "\(label)")
                    #expect(hidden.object("session").string("keyboardState") == "hidden", "\(label)")
                }
            }
        }
    }

    @Test func theSessionHoldsThePageWhereTheLastEventLeftIt() throws {
        let id = try create(Self.page())
        let fresh = app.call("GET", "/sessions/\(id)").json
        #expect(fresh.string("platform") == "web" && fresh.string("keyboardState") == "hidden")
        #expect(fresh["keyboard"] is NSNull)
        #expect(fresh.at("page", "visualViewport").number("pageTop") == 1000)
        #expect(fresh.at("browser").string("version") == "131")
        for member in ["scrollView", "safeAreaInsets", "systemBars", "edgeToEdge", "pinnedViews"] {
            #expect(fresh[member] == nil, "\(member)")
        }
        // Chrome 131: the visual viewport shrinks to 488 and the input at 1 700 is centred (1 476), the visual
        // viewport moving first (its 312 px), then the layout viewport (1 164).
        let shown = event(
            "/keyboard/show",
            [
                "sessionId": id, "keyboard": ["height": 312],
                "focusedRect": ["x": 16, "y": 1700, "width": 380, "height": 40],
            ])
        #expect(shown.object("visualViewport").number("offsetTop") == 312)
        #expect(shown.object("visualViewport").number("pageTop") == 1476)
        #expect(shown.object("scroll").number("y") == 1164)
        let seen = app.call("GET", "/sessions/\(id)").json
        #expect(seen.string("keyboardState") == "shown")
        #expect(seen.object("keyboard").number("height") == 312)
        #expect(json(seen.at("page")) == json(pageMembers(shown)))
        #expect(seen.object("scroll").number("y") == 1164)
    }

    /// What a session's `page` holds of an event's answer.
    func pageMembers(_ answer: [String: Any]) -> [String: Any] {
        answer.filter {
            [
                "mode", "ignored", "layoutViewport", "visualViewport", "viewportUnits", "keyboardInsets", "scroll",
                "fixedElements",
            ].contains($0.key)
        }
    }

    @Test func aShowWhileTheKeyboardIsUpIsAFocusMove() throws {
        let id = try create(Self.page())
        _ = event(
            "/keyboard/show",
            [
                "sessionId": id, "keyboard": ["height": 312],
                "focusedRect": ["x": 16, "y": 1700, "width": 380, "height": 40],
            ])
        // An input at 200, far above: centred it would be at −24, so the page goes to its top; the visual viewport
        // gives back its 312 first, the layout viewport the rest. Nothing was resized: no resize event.
        let moved = event(
            "/keyboard/show", ["sessionId": id, "focusedRect": ["x": 16, "y": 200, "width": 380, "height": 40]])
        #expect(moved.object("visualViewport").number("height") == 488)
        #expect(moved.object("visualViewport").number("offsetTop") == 0)
        #expect(moved.object("visualViewport").number("pageTop") == 0)
        #expect(moved["scrolledToFocus"] as? Bool == true)
        let events = (moved["events"] as? [[String: Any]] ?? []).map {
            "\($0.string("target") ?? "")/\($0.string("type") ?? "")"
        }
        #expect(events == ["visualViewport/scroll", "window/scroll"])
        // An input already in view moves nothing, and the page gets no event.
        let still = event(
            "/keyboard/show", ["sessionId": id, "focusedRect": ["x": 16, "y": 100, "width": 380, "height": 40]])
        #expect(still["scrolledToFocus"] as? Bool == false)
        #expect((still["events"] as? [Any])?.isEmpty == true)
        // The hide from there: the visual viewport grows back, the page stays at its top.
        let hidden = event("/keyboard/hide", ["sessionId": id])
        #expect(hidden.object("visualViewport").number("height") == 800)
        #expect(hidden.object("scroll").number("y") == 0)
        // A hide while hidden changes nothing.
        let again = event("/keyboard/hide", ["sessionId": id])
        #expect((again["events"] as? [Any])?.isEmpty == true)
        #expect(again.object("visualViewport").number("height") == 800)
        // A show that sends a scroll starts there, as a stateless show of the page scrolled there does: the input at
        // 1 700 is then in view at 1 500, and nothing scrolls.
        let scrolled = event(
            "/keyboard/show",
            [
                "sessionId": id, "scroll": ["x": 0, "y": 1500],
                "focusedRect": ["x": 16, "y": 1700, "width": 380, "height": 40],
            ])
        #expect(scrolled.object("visualViewport").number("pageTop") == 1500)
        #expect(scrolled["scrolledToFocus"] as? Bool == false)
    }

    @Test func anotherInputForgetsTheBarAndCaretOfTheLast() throws {
        var page = Self.page()
        page["focusedRect"] = ["x": 16, "y": 1752, "width": 380, "height": 40]
        page["caretRect"] = ["x": 20, "y": 1760, "width": 2, "height": 20]
        page["focusedIn"] = "composer"
        let id = try create(page)
        let kept = app.call("GET", "/sessions/\(id)").json
        #expect(kept.string("focusedIn") == "composer" && kept.object("caretRect").number("y") == 1760)
        _ = event(
            "/keyboard/show",
            [
                "sessionId": id, "keyboard": ["height": 312],
                "focusedRect": ["x": 16, "y": 1200, "width": 380, "height": 40],
            ])
        let moved = app.call("GET", "/sessions/\(id)").json
        #expect(moved["focusedIn"] is NSNull && moved["caretRect"] is NSNull)
        #expect(moved.object("focusedRect").number("y") == 1200)
    }

    @Test func whatDefinesThePageCannotChangeWhileTheKeyboardIsUp() throws {
        let id = try create(Self.page())
        // A scroll sent while hidden moves the page there.
        let patched = app.call("PATCH", "/sessions/\(id)", json: json(["scroll": ["x": 0, "y": 400]]))
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.json.at("page", "visualViewport").number("pageTop") == 400)
        _ = event(
            "/keyboard/show",
            [
                "sessionId": id, "keyboard": ["height": 312],
                "focusedRect": ["x": 16, "y": 500, "width": 380, "height": 40],
            ])
        let refused = problems(
            "PATCH", "/sessions/\(id)",
            [
                "viewport": ["width": 412, "height": 700], "scroll": ["x": 0, "y": 0],
                "browser": ["version": "132"], "interactiveWidget": "resizes-content",
            ])
        #expect(
            Set(refused.keys) == ["/viewport", "/scroll", "/browser/version", "/interactiveWidget"], "\(refused)")
        #expect(refused["/viewport"]?.contains("hide it first") == true)
        let taller = problems("POST", "/keyboard/show", ["sessionId": id, "keyboard": ["height": 300]])
        #expect(taller["/keyboard/height"]?.contains("not modelled") == true)
        // Sent as they are, they pass: a client may send the whole page again with a focus move.
        let same = app.call(
            "POST", "/keyboard/show",
            json: json(["sessionId": id, "viewport": ["width": 412, "height": 800], "browser": ["version": "131"]]))
        #expect(same.status == 200, "\(same.text)")
        // The document may change while the keyboard is up (a chat's new message grows it).
        let grown = app.call("PATCH", "/sessions/\(id)", json: json(["documentHeight": 3200]))
        #expect(grown.status == 200, "\(grown.text)")
        #expect(grown.json.number("documentHeight") == 3200)
        #expect(grown.json.string("keyboardState") == "shown")
    }

    /// Chrome 131 shown at 1 164 + 312 (`theSessionHoldsThePageWhereTheLastEventLeftIt`), then the document cut to
    /// 1 500 while the keyboard is up: the layout viewport can reach only 1 500 − 800 = 700, the visual viewport keeps
    /// its 312 inside it (its bottom on the document's end). The hide takes the visual viewport back to 0, the layout
    /// viewport stays: the visual viewport's resize and scroll, and no window scroll.
    @Test func aShorterDocumentPullsThePageBackAndTheHideStartsThere() throws {
        let id = try create(Self.page())
        _ = event(
            "/keyboard/show",
            [
                "sessionId": id, "keyboard": ["height": 312],
                "focusedRect": ["x": 16, "y": 1700, "width": 380, "height": 40],
            ])
        let cut = app.call("PATCH", "/sessions/\(id)", json: json(["documentHeight": 1500]))
        #expect(cut.status == 200, "\(cut.text)")
        #expect(cut.json.object("scroll").number("y") == 700)
        #expect(cut.json.at("page", "visualViewport").number("offsetTop") == 312)
        #expect(cut.json.at("page", "visualViewport").number("pageTop") == 1012)
        let hidden = event("/keyboard/hide", ["sessionId": id])
        #expect(hidden.object("scroll").number("y") == 700)
        #expect(hidden.object("visualViewport").number("pageTop") == 700)
        let events = (hidden["events"] as? [[String: Any]] ?? []).map {
            "\($0.string("target") ?? "")/\($0.string("type") ?? "")"
        }
        #expect(events == ["visualViewport/resize", "visualViewport/scroll"])
    }

    /// Blink takes the keyboard in whole px: 300.7 is 300 in both answers, and a height sent while it is up passes
    /// when Blink would take it as the one up.
    @Test func blinksKeyboardIsInWholePixels() throws {
        let id = try create(Self.page())
        let shown = event("/keyboard/show", ["sessionId": id, "keyboard": ["height": 300.7]])
        #expect(shown.object("keyboard").number("height") == 300)
        #expect(shown.object("visualViewport").number("height") == 500)
        #expect(app.call("GET", "/sessions/\(id)").json.object("keyboard").number("height") == 300)
        #expect(
            app.call("POST", "/keyboard/show", json: json(["sessionId": id, "keyboard": ["height": 300.2]])).status
                == 200)
        let other = problems("POST", "/keyboard/show", ["sessionId": id, "keyboard": ["height": 301]])
        #expect(other["/keyboard/height"]?.contains("not modelled") == true)
    }

    @Test func iOSOperationsAreRefusedOnTheWeb() throws {
        let id = try create(Self.page())
        _ = event("/keyboard/show", ["sessionId": id, "keyboard": ["height": 312]])
        let focus = problems("POST", "/sessions/\(id)/focus", ["field": "next"])
        #expect(focus[""]?.contains("on the web") == true && focus[""]?.contains("focusedRect") == true)
        let drag = problems("POST", "/keyboard/drag", ["sessionId": id, "touch": ["x": 10, "y": 600]])
        #expect(drag[""]?.contains("on the web") == true)
        let timeline = app.call("GET", "/sessions/\(id)/timeline")
        #expect(timeline.status == 400 && timeline.text.contains("one step"))
        // A native member on a web session is named; so is another platform.
        let native = problems("POST", "/keyboard/show", ["sessionId": id, "edgeToEdge": true])
        #expect(native["/edgeToEdge"]?.contains("not a web member") == true)
        let other = problems("PATCH", "/sessions/\(id)", ["platform": "android"])
        #expect(other["/platform"]?.contains("cannot change") == true)
        // An event older than the last is stale.
        let timed = try create(Self.page().merging(["timestamp": 1000]) { $1 })
        _ = event("/keyboard/show", ["sessionId": timed, "keyboard": ["height": 312], "timestamp": 1200])
        let stale = app.call("POST", "/keyboard/hide", json: json(["sessionId": timed, "timestamp": 1100]))
        #expect(stale.status == 409, "\(stale.text)")
    }

    @Test func aPageNeedsItsBrowserViewportAndDocumentToBeASession() {
        let missing = problems("POST", "/sessions", ["platform": "web"])
        #expect(
            Set(missing.keys) == ["/browser/engine", "/browser/os", "/browser/version", "/viewport", "/documentHeight"])
        // A page sent without its scroll is at its top, and says so.
        var top = Self.page()
        top.removeValue(forKey: "scroll")
        let unscrolled = app.call("POST", "/sessions", json: json(top)).json
        #expect(unscrolled.object("scroll").number("y") == 0 && unscrolled.object("scroll").number("x") == 0)
        // Its keyboard comes with the first show, which must bring one.
        let id = (try? create(Self.page())) ?? ""
        let show = problems("POST", "/keyboard/show", ["sessionId": id])
        #expect(show["/keyboard/height"]?.contains("required") == true)
    }

    @Test func aPixelByNameGivesTheShowItsKeyboard() throws {
        var page = Self.page()
        page["device"] = ["id": "pixel-9"]
        let id = try create(page)
        let shown = event("/keyboard/show", ["sessionId": id])
        #expect(shown.object("keyboard").number("height") == 312)
        #expect(shown.object("visualViewport").number("height") == 488)
        // Three-button navigation, sent while hidden, takes the catalogue's keyboard again.
        _ = event("/keyboard/hide", ["sessionId": id])
        let threeButton = event("/keyboard/show", ["sessionId": id, "navigationMode": "threeButton"])
        #expect(threeButton.object("keyboard").number("height") == 288)
        #expect(threeButton.object("keyboard").string("device") == "pixel-9")
        // The first show after making the session says where its keyboard came from too.
        let made = try create(page)
        let first = event("/keyboard/show", ["sessionId": made])
        #expect(first.object("keyboard").string("device") == "pixel-9")
        #expect((first.object("keyboard")["sources"] as? [String])?.isEmpty == false)
        // A height sent is the page's own, and names no device.
        _ = event("/keyboard/hide", ["sessionId": made])
        let own = event("/keyboard/show", ["sessionId": made, "keyboard": ["height": 250]])
        #expect(own.object("keyboard")["device"] == nil)
    }

    /// Safari on an iPhone has no catalogued keyboard: a height sent at a show in portrait is that keyboard, and a
    /// turn drops it, so the next show must send the landscape one.
    @Test func aTurnedIPhoneForgetsThePortraitKeyboard() throws {
        var safari = Self.page(["engine": "webkit", "os": "ios", "version": "18.4"])
        safari["device"] = ["id": "iphone-15"]
        let id = try create(safari)
        _ = event("/keyboard/show", ["sessionId": id, "keyboard": ["height": 336]])
        _ = event("/keyboard/hide", ["sessionId": id])
        let turned = app.call("PATCH", "/sessions/\(id)", json: json(["device": ["orientation": "landscape"]]))
        #expect(turned.status == 200, "\(turned.text)")
        let show = problems("POST", "/keyboard/show", ["sessionId": id])
        #expect(show["/keyboard/height"]?.contains("required") == true)
    }

    @Test func aPhoneRunsItsOwnSystemsBrowsers() throws {
        var chromeOnAnIPhone = Self.page()
        chromeOnAnIPhone["device"] = ["id": "iphone-15"]
        let refused = problems("POST", "/sessions", chromeOnAnIPhone)
        #expect(refused["/device/id"]?.contains("an iOS device, and /browser/os is android") == true)
        var safariOnAPixel = Self.page(["engine": "webkit", "os": "ios", "version": "18.4"])
        safariOnAPixel["device"] = ["id": "pixel-9"]
        safariOnAPixel["keyboard"] = ["height": 300]
        let stateless = problems("POST", "/keyboard/show", safariOnAPixel)
        #expect(stateless["/device/id"]?.contains("an Android device, and /browser/os is ios") == true)
        // Safari on an iPhone makes a session; its keyboard comes with the show, and the device is echoed as held.
        var safari = Self.page(["engine": "webkit", "os": "ios", "version": "18.4"])
        safari["device"] = ["id": "iphone-15"]
        let created = app.call("POST", "/sessions", json: json(safari))
        #expect(created.status == 201, "\(created.text)")
        #expect(created.json.object("device").string("orientation") == "portrait")
        #expect(created.json.object("device")["keyboard"] == nil)
    }

    @Test func aStoredWebSessionReadsBackTheSame() throws {
        var scene = Scene()
        scene.platform = .web
        scene.web.engine = .webkit
        scene.web.os = .ios
        scene.web.version = "18.4"
        scene.web.viewport = Size(width: 390, height: 664)
        scene.web.documentHeight = 2400.5
        scene.web.keyboardHeight = 336
        scene.web.scroll = Point(x: 0, y: 300)
        scene.web.fixedElements = [FixedElement(id: "composer", edge: .bottom, offset: 0, height: 56)]
        scene.focusedRect = Rect(x: 16, y: 900, width: 358, height: 44)
        var session = Session(id: "w", scene: scene, time: 0, serverTime: 0)
        let page = WebPage(
            browser: WebBrowser(engine: .webkit, os: .ios, version: try #require(WebVersion("18.4"))),
            viewport: Size(width: 390, height: 664), toolbarHeight: nil, interactiveWidget: nil,
            overlaysContent: false, keyboardHeight: 336, documentHeight: 2400.5, scroll: Point(x: 0, y: 300),
            focusedRect: scene.focusedRect, caretRect: nil, focusedIn: nil, fixedElements: scene.web.fixedElements ?? []
        )
        let rule = try #require(WebRules.rule(for: page.browser))
        var show = KeyboardEvent()
        show.timestamp = 100
        _ = try session.receiveWeb(.show, show, page: page, behaviour: rule.behaviour, serverTime: 0)
        // The input centred in the 328 px above the keyboard: 900 − 142 = 758, the layout viewport pushed to 422.
        #expect(session.web == WebState(keyboard: 336, layoutTop: 422, offsetTop: 336))
        let record = SessionRecord.encode(session, revision: 5)
        // Version 3: a replica of a release before the web refuses it rather than read an iOS session.
        #expect(String(decoding: record.prefix(7), as: UTF8.self) == #"{"v":3,"#)
        let (read, revision) = try SessionRecord.decode(record)
        #expect(revision == 5)
        #expect(read == session)
        #expect(read.web == session.web && read.web?.keyboard == 336)
        // A web page without its state, or a state without a web page, is no record this build wrote.
        let text = String(decoding: record, as: UTF8.self)
        let cut = try #require(text.range(of: #","wb":[336,422,336]"#))
        #expect(throws: SessionRecord.Unreadable.self) {
            try SessionRecord.decode(Array(text.replacingCharacters(in: cut, with: "").utf8))
        }
    }
}

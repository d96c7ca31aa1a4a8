import Foundation
import InsetCore
import InsetService
import InsetServiceTestSupport
import Testing

/// Pages in mobile browsers by route (docs/web.md): a 400 × 800 viewport, a 2 000-px document at its top, a
/// 300-px keyboard and a composer held to the bottom (56 tall), across every engine's version ranges, each
/// `interactive-widget`, the VirtualKeyboard API on and off, and an input above, across and under the keyboard.
@Suite("Web pages, by route")
struct WebRouteTests {
    let app = makeApp()

    func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// One browser version of a range, and what a page there gets, written from the rules as docs/web.md states
    /// them (not from the code): the default mode, whether the meta is read, whether the VirtualKeyboard API exists.
    struct Browser: CustomStringConvertible {
        let engine: String
        let os: String
        let version: String
        let defaultMode: String
        let readsMeta: Bool
        let virtualKeyboard: Bool
        var description: String { "\(engine) \(version)" }
    }

    static let browsers = [
        Browser(
            engine: "webkit", os: "ios", version: "16", defaultMode: "resizes-visual", readsMeta: false,
            virtualKeyboard: false),
        Browser(
            engine: "webkit", os: "ios", version: "26.2", defaultMode: "resizes-visual", readsMeta: false,
            virtualKeyboard: false),
        Browser(
            engine: "blink", os: "android", version: "94", defaultMode: "resizes-content", readsMeta: false,
            virtualKeyboard: true),
        Browser(
            engine: "blink", os: "android", version: "107.9", defaultMode: "resizes-content", readsMeta: false,
            virtualKeyboard: true),
        Browser(
            engine: "blink", os: "android", version: "108", defaultMode: "resizes-visual", readsMeta: true,
            virtualKeyboard: true),
        Browser(
            engine: "blink", os: "android", version: "143", defaultMode: "resizes-visual", readsMeta: true,
            virtualKeyboard: true),
        Browser(
            engine: "gecko", os: "android", version: "133", defaultMode: "resizes-visual", readsMeta: true,
            virtualKeyboard: false),
        Browser(
            engine: "gecko", os: "android", version: "146", defaultMode: "resizes-visual", readsMeta: true,
            virtualKeyboard: false),
    ]

    /// Inputs above the keyboard's top (500), across it, and under it.
    static let inputs: [(name: String, y: Double)] = [("above", 100), ("across", 480), ("under", 700)]

    func page(_ browser: Browser, widget: String?, overlays: Bool?, inputY: Double) -> [String: Any] {
        var body: [String: Any] = [
            "platform": "web", "browser": ["engine": browser.engine, "os": browser.os, "version": browser.version],
            "viewport": ["width": 400, "height": 800], "keyboard": ["height": 300], "documentHeight": 2000,
            "focusedRect": ["x": 16, "y": inputY, "width": 368, "height": 40],
            "fixedElements": [["id": "composer", "bottom": 0, "height": 56]],
        ]
        if let widget { body["interactiveWidget"] = widget }
        if let overlays { body["virtualKeyboard"] = ["overlaysContent": overlays] }
        return body
    }

    @Test(arguments: browsers)
    func eachBrowserResizesWhatItsRulesSayAndKeepsTheInputInView(browser: Browser) throws {
        for widget in [nil, "resizes-visual", "resizes-content", "overlays-content"] as [String?] {
            for overlays in [nil, false, true] as [Bool?] {
                for input in Self.inputs {
                    let label = "\(browser) \(widget ?? "-") overlays \(overlays.map(String.init) ?? "-") \(input.name)"
                    let answer = app.call(
                        "POST", "/keyboard/show",
                        json: json(page(browser, widget: widget, overlays: overlays, inputY: input.y)))
                    #expect(answer.status == 200, "\(label): \(answer.text)")
                    let shown = answer.json
                    var mode = browser.defaultMode
                    var ignored: [String] = []
                    if let widget {
                        if browser.readsMeta { mode = widget } else { ignored.append("/interactiveWidget") }
                    }
                    if overlays == true {
                        if browser.virtualKeyboard {
                            mode = "overlays-content"
                        } else {
                            ignored.append("/virtualKeyboard/overlaysContent")
                        }
                    }
                    #expect(shown.string("mode") == mode, "\(label)")
                    let ignoredMembers = (shown["ignored"] as? [[String: Any]] ?? []).compactMap { $0.string("member") }
                    #expect(ignoredMembers == ignored, "\(label)")
                    let layout = try #require(shown.object("layoutViewport").number("height"))
                    let visual = try #require(shown.object("visualViewport").number("height"))
                    let expected: (Double, Double) =
                        switch mode {
                        case "resizes-visual": (800, 500)
                        case "resizes-content": (500, 500)
                        default: (800, 800)
                        }
                    #expect(layout == expected.0 && visual == expected.1, "\(label): \(layout) \(visual)")
                    let units = shown.object("viewportUnits")
                    #expect(units.number("svh") == layout && units.number("dvh") == layout, "\(label)")
                    // What the user sees of the page: the visual viewport above the keyboard's top.
                    let pageTop = try #require(shown.object("visualViewport").number("pageTop"))
                    let seenBottom = pageTop + min(visual, 500)
                    let inView = input.y >= pageTop && input.y + 40 <= seenBottom
                    if mode == "overlays-content" {
                        #expect(shown["scrolledToFocus"] as? Bool == false, "\(label)")
                        #expect(inView == (input.name == "above"), "\(label)")
                        let insets = shown.object("keyboardInsets")
                        #expect(insets.number("height") == (browser.virtualKeyboard ? 300 : 0), "\(label)")
                    } else {
                        #expect(shown.object("keyboardInsets").number("height") == 0, "\(label)")
                        if browser.engine == "gecko" && input.name == "across" {
                            // Gecko leaves an input partly in view where it is (docs/web.md).
                            #expect(shown["scrolledToFocus"] as? Bool == false && !inView, "\(label)")
                        } else {
                            #expect(inView, "\(label): input at \(input.y) with the page at \(pageTop)")
                        }
                        if input.name == "above" { #expect(shown["scrolledToFocus"] as? Bool == false, "\(label)") }
                    }
                    // The composer: its lift puts it on the keyboard's top, in sight.
                    let composer = try #require((shown["fixedElements"] as? [[String: Any]])?.first)
                    let top = try #require(composer.number("top"))
                    let lift = try #require(composer.number("lift"))
                    let hidden = try #require(composer.number("hidden"))
                    #expect(top + lift + 56 == min(visual, 500), "\(label): \(top) \(lift)")
                    #expect((composer["covered"] as? Bool) == (hidden > 0), "\(label)")
                    #expect(hidden == min(56, max(0, top + 56 - min(visual, 500))), "\(label)")
                    // The first event says what changed size, or that the keyboard overlays through the API.
                    let events = (shown["events"] as? [[String: Any]] ?? []).map {
                        "\($0.string("target") ?? "")/\($0.string("type") ?? "")"
                    }
                    let changed: Set<String> =
                        switch mode {
                        case "resizes-visual": ["visualViewport/resize"]
                        case "resizes-content": ["visualViewport/resize", "window/resize"]
                        default: browser.virtualKeyboard ? ["virtualKeyboard/geometrychange"] : []
                        }
                    #expect(Set(events.filter { !$0.hasSuffix("/scroll") }) == changed, "\(label): \(events)")
                    #expect(!events.contains("window/resize") || mode == "resizes-content", "\(label)")
                }
            }
        }
    }

    /// A hide answers the keyboard going after a show of the same body: the viewports whole again.
    @Test(arguments: browsers)
    func aHideGivesTheViewportsBack(browser: Browser) throws {
        let answer = app.call(
            "POST", "/keyboard/hide", json: json(page(browser, widget: nil, overlays: nil, inputY: 700)))
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.json.object("layoutViewport").number("height") == 800)
        #expect(answer.json.object("visualViewport").number("height") == 800)
        #expect(answer.json.object("visualViewport").number("offsetTop") == 0)
        let composer = try #require((answer.json["fixedElements"] as? [[String: Any]])?.first)
        #expect(composer.number("top") == 744 && composer["covered"] as? Bool == false)
    }

    /// Every source a rule names has its row in docs/web.md's table, and every row is a source some rule names.
    @Test func everySourceIsListedInTheDocs() throws {
        let text = try String(contentsOf: Repository.url("docs/web.md"), encoding: .utf8)
        let section = try #require(text.split(separator: "\n## ").first { $0.hasPrefix("Sources\n") })
        let listed = Set(section.matches(of: /\n\| `([a-z0-9-]+)` \|/).map { String($0.output.1) })
        let named = Set(WebRules.table.flatMap(\.behaviour.sources))
        #expect(listed == named)
        #expect(named.count >= 10)
    }

    /// By device on Android, the keyboard over the page is the catalogue's IME less the navigation bar it covers:
    /// on the Pixel 9, 336 − 24 (gesture) = 312 (`KeyboardUtils.calculateKeyboardHeightFromWindowInsets`,
    /// `GeckoDisplay.getKeyboardHeight`); three-button navigation leaves out 48. A height sent wins.
    @Test func aKeyboardByDeviceIsTheImeLessTheNavigationBar() throws {
        for engine in ["blink", "gecko"] {
            var body = page(Self.browsers[engine == "blink" ? 4 : 6], widget: nil, overlays: nil, inputY: 100)
            body.removeValue(forKey: "keyboard")
            body["device"] = ["id": "pixel-9"]
            let answer = app.call("POST", "/keyboard/show", json: json(body))
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.json.object("keyboard").number("height") == 312, "\(engine)")
            #expect(answer.json.object("keyboard").string("device") == "pixel-9")
            let sources = answer.json.object("keyboard")["sources"] as? [String] ?? []
            #expect(sources.contains("device-preview-ime-default"), "\(sources)")
            #expect(answer.json.object("visualViewport").number("height") == 488, "\(engine)")
            body["navigationMode"] = "threeButton"
            let threeButton = app.call("POST", "/keyboard/show", json: json(body))
            #expect(threeButton.json.object("keyboard").number("height") == 288, "\(threeButton.text)")
            body["keyboard"] = ["height": 300]
            let sent = app.call("POST", "/keyboard/show", json: json(body))
            #expect(sent.json.object("keyboard").number("height") == 300)
            #expect(sent.json.object("keyboard")["device"] == nil)
        }
        var safari = page(Self.browsers[1], widget: nil, overlays: nil, inputY: 100)
        safari.removeValue(forKey: "keyboard")
        safari["device"] = ["id": "iphone-15"]
        #expect(problems(safari)["/keyboard/height"]?.contains("form accessory bar") == true)
        var unknown = page(Self.browsers[4], widget: nil, overlays: nil, inputY: 100)
        unknown.removeValue(forKey: "keyboard")
        unknown["device"] = ["id": "nokia-3310"]
        #expect(problems(unknown).keys.contains("/device/id"))
        unknown["device"] = ["id": "galaxy-s24"]
        #expect(problems(unknown)["/keyboard/height"]?.contains("Galaxy S24") == true)
    }

    func problems(_ body: [String: Any], path: String = "/keyboard/show") -> [String: String] {
        let answer = app.call("POST", path, json: json(body))
        #expect(answer.status == 400, "\(answer.text)")
        var found: [String: String] = [:]
        for error in answer.json["errors"] as? [[String: Any]] ?? [] {
            found[error.string("pointer") ?? ""] = error.string("message") ?? ""
        }
        return found
    }

    @Test func badWebRequestsAreRefusedWithPointers() {
        let chrome = Self.browsers[5]
        var body = page(chrome, widget: nil, overlays: nil, inputY: 700)

        body["browser"] = ["engine": "presto", "os": "android", "version": "12"]
        #expect(problems(body).keys.contains("/browser/engine"))
        body["browser"] = ["engine": "blink", "os": "android", "version": "1.2.3.4"]
        #expect(problems(body)["/browser/version"]?.contains("18.4") == true)
        body["browser"] = ["engine": "blink", "os": "android", "version": "93"]
        #expect(problems(body)["/browser"]?.contains("94 and later") == true)
        body["browser"] = ["engine": "webkit", "os": "ios", "version": "15.4"]
        #expect(problems(body)["/browser"]?.contains("16 to before 27") == true)
        body["browser"] = ["engine": "gecko", "os": "android", "version": "132"]
        #expect(problems(body)["/browser"]?.contains("133 and later") == true)
        body["browser"] = ["engine": "blink", "os": "ios", "version": "131"]
        #expect(problems(body)["/browser"]?.contains("every browser on iOS runs WebKit") == true)
        body["browser"] = ["engine": "blink", "os": "android", "version": "131"]

        var widget = body
        widget["interactiveWidget"] = "resizes-everything"
        #expect(problems(widget).keys.contains("/interactiveWidget"))
        var negative = body
        negative["viewport"] = ["width": 400, "height": -1]
        #expect(problems(negative).keys.contains("/viewport/height"))
        var tall = body
        tall["keyboard"] = ["height": 900]
        #expect(problems(tall)["/keyboard/height"]?.contains("at most") == true)
        var scrolled = body
        scrolled["scroll"] = ["x": 0, "y": -5]
        #expect(problems(scrolled).keys.contains("/scroll"))
        var missing = body
        missing.removeValue(forKey: "documentHeight")
        missing.removeValue(forKey: "browser")
        #expect(
            Set(problems(missing).keys)
                == ["/documentHeight", "/browser/engine", "/browser/os", "/browser/version"])
        var bars = body
        bars["fixedElements"] = [["id": "a", "top": 0, "bottom": 0, "height": 1]]
        #expect(problems(bars).keys.contains("/fixedElements/0/bottom"))
        var elsewhere = body
        elsewhere["focusedIn"] = "toolbar"
        #expect(problems(elsewhere)["/focusedIn"]?.contains("/fixedElements") == true)

        // Native members on a web request, and web members on a native one, are named.
        var native = body
        native["scrollView"] = ["frame": ["x": 0, "y": 0, "width": 10, "height": 10]]
        native["edgeToEdge"] = true
        native["keyboard"] = ["height": 300, "animationDuration": 0.25]
        let refused = problems(native)
        #expect(refused["/scrollView/frame"]?.contains("not a web member") == true)
        #expect(refused["/edgeToEdge"]?.contains("not a web member") == true)
        #expect(refused["/keyboard/animationDuration"]?.contains("not a web member") == true)
        var iOS = native
        iOS.removeValue(forKey: "platform")
        #expect(problems(iOS)["/documentHeight"]?.contains("send \"platform\": \"web\"") == true)

        // A session keeps a page (WebSessionRouteTests); it needs the page, not yet its keyboard.
        let session = problems(["platform": "web"], path: "/sessions")
        #expect(session["/viewport"] != nil && session["/keyboard/height"] == nil)
    }
}

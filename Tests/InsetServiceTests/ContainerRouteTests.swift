import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

/// Containers (docs/containers.md): bars lay the scroll view out, their heights come from the request or the
/// catalogue with a source, the keyboard's overlap is counted once, and what no source publishes is refused.
@Suite("Containers")
struct ContainerRouteTests {
    let app = makeApp()

    func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A tall list, so that the insets' arithmetic shows whether or not a bar controller adjusts it.
    let tallList: [String: Any] = ["contentSize": ["width": 402, "height": 3000]]

    /// The issue's case: overlap 335 under a 49-pt tab bar on a 34-pt home indicator gives 252, sent or by device.
    @Test func aTabBarCountsTheSafeAreaOnce() {
        let sent: [String: Any] = [
            "screen": ["width": 402, "height": 874],
            "scrollView": ["safeAreaInsets": ["top": 62, "left": 0, "bottom": 34, "right": 0]],
            "keyboard": ["frameEnd": ["x": 0, "y": 539, "width": 402, "height": 335]],
            "container": ["tabBar": ["height": 49]],
        ]
        let byDevice: [String: Any] = ["device": ["id": "iphone-17-pro"], "container": ["tabBar": [:]]]
        for body in [sent, byDevice] {
            let answer = app.call("POST", "/keyboard/show", json: json(body))
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.json.object("contentInset").number("bottom") == 252)
            #expect(answer.json.object("scrollIndicatorInsets").number("bottom") == 252)
            #expect(answer.json.number("keyboardOverlap") == 335)
            let container = answer.json.object("container")
            #expect(container.object("scrollView").object("safeAreaInsets").number("bottom") == 83)
            #expect(container.object("scrollView").object("frame").number("height") == 874)
            let tabBar = container.object("tabBar").object("frame")
            #expect(tabBar.number("y") == 791 && tabBar.number("height") == 83)
        }
        let catalogue = app.call("POST", "/keyboard/show", json: json(byDevice)).json.object("catalogue")
        let values = catalogue["values"] as? [[String: Any]] ?? []
        let height = values.first { $0.string("pointer") == "/container/tabBar/height" }
        #expect(height?.number("value") == 49)
        #expect(height?.string("source") == "apollo-tab-bar-safe-area")
    }

    /// One case of the table: a device held one way, its bars, and what the scroll view's safe area must be
    /// (nil: refused, with a problem at `refusedAt`).
    struct Case: CustomStringConvertible, Sendable {
        var device: String
        var orientation = "portrait"
        var system: String?
        /// The container, as JSON text.
        var bars: String
        var top: Double?
        var bottom: Double?
        var refusedAt: [String] = []
        var description: String {
            "\(device) \(orientation) \(system ?? "") \(bars)"
        }
    }

    static let cases: [Case] = [
        // iPhone 17 Pro, iOS 26.5: safe area 62/34 in portrait, 0/20 in landscape (the catalogue's probe).
        Case(device: "iphone-17-pro", bars: #"{"navigationBar":{}}"#, top: 62 + 54, bottom: 34),
        Case(device: "iphone-17-pro", bars: #"{"tabBar":{}}"#, top: 62, bottom: 34 + 49),
        Case(device: "iphone-17-pro", bars: #"{"navigationBar":{},"tabBar":{}}"#, top: 116, bottom: 83),
        Case(device: "iphone-17-pro", bars: #"{"tabBar":{"hidden":true}}"#, top: 62, bottom: 34),
        Case(device: "iphone-17-pro", bars: #"{"navigationBar":{"style":"none"}}"#, top: 62, bottom: 34),
        Case(
            device: "iphone-17-pro", bars: #"{"tabBar":{},"toolbar":{"height":44}}"#, top: 62, bottom: 34 + 49 + 44),
        Case(
            device: "iphone-17-pro", bars: #"{"navigationBar":{"style":"largeTitle"}}"#,
            refusedAt: ["/container/navigationBar/height"]),
        Case(
            device: "iphone-17-pro", bars: #"{"navigationBar":{"style":"largeTitle","height":106}}"#, top: 168,
            bottom: 34),
        Case(device: "iphone-17-pro", bars: #"{"toolbar":{}}"#, refusedAt: ["/container/toolbar/height"]),
        Case(
            device: "iphone-17-pro", orientation: "landscape", bars: #"{"navigationBar":{},"tabBar":{}}"#,
            refusedAt: ["/container/navigationBar/height", "/container/tabBar/height"]),
        Case(
            device: "iphone-17-pro", orientation: "landscape",
            bars: #"{"navigationBar":{"height":32},"tabBar":{"height":32}}"#, top: 32, bottom: 20 + 32),
        // An iPad held in landscape: a 54-pt navigation bar on iOS 26; no published tab bar.
        Case(
            device: "ipad-pro-11-m4", orientation: "landscape", bars: #"{"navigationBar":{}}"#, top: 32 + 54, bottom: 25
        ),
        Case(
            device: "ipad-pro-11-m4", orientation: "landscape", bars: #"{"tabBar":{}}"#,
            refusedAt: ["/container/tabBar/height"]),
    ]

    /// Bars × devices (an iPhone in portrait and landscape, an iPad): the scroll view's safe area is the window's
    /// plus the bars, and the keyboard's overlap less that bottom safe area is the inset; or the 400 names the
    /// height no source publishes.
    @Test(arguments: cases)
    func barsLayTheScrollViewOut(_ test: Case) {
        var device: [String: Any] = ["id": test.device, "orientation": test.orientation]
        if let system = test.system { device["system"] = system }
        let bars = (try? JSONSerialization.jsonObject(with: Data(test.bars.utf8))) ?? [:]
        let body: [String: Any] = ["device": device, "container": bars, "scrollView": tallList]
        let answer = app.call("POST", "/keyboard/show", json: json(body))
        guard test.refusedAt.isEmpty else {
            #expect(answer.status == 400, "\(test)")
            let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0.string("pointer") }
            #expect(pointers == test.refusedAt, "\(answer.text)")
            #expect(answer.text.contains("published"), "\(answer.text)")
            return
        }
        #expect(answer.status == 200, "\(test): \(answer.text)")
        let safe = answer.json.object("container").object("scrollView").object("safeAreaInsets")
        if let top = test.top { #expect(safe.number("top") == top, "\(test)") }
        if let bottom = test.bottom { #expect(safe.number("bottom") == bottom, "\(test)") }
        // The inset counts the safe area once, and a bar controller adjusts the content under its bars.
        let overlap = answer.json.number("keyboardOverlap") ?? -1
        #expect(answer.json.object("contentInset").number("bottom") == max(0, overlap - (safe.number("bottom") ?? 0)))
        #expect(answer.json.object("adjustedContentInset").number("top") == safe.number("top"), "\(test)")
    }

    /// A bar controller's content view adjusts its insets for the bars even when its content fits (Apple's
    /// `.automatic`); the same scroll view with its frame given, no longer the content view, does not.
    @Test func aBarControllersContentViewAdjustsEvenWhenItsContentFits() {
        let content: [String: Any] = ["device": ["id": "iphone-17-pro"], "container": ["navigationBar": [:]]]
        let filling = app.call("POST", "/keyboard/show", json: json(content))
        #expect(filling.status == 200, "\(filling.text)")
        #expect(filling.json.object("adjustedContentInset").number("top") == 116)
        var framed = content
        framed["scrollView"] = ["frame": ["x": 0, "y": 0, "width": 402, "height": 800]]
        let given = app.call("POST", "/keyboard/show", json: json(framed))
        #expect(given.status == 200, "\(given.text)")
        #expect(given.json.object("container").object("scrollView").object("safeAreaInsets").number("top") == 116)
        #expect(given.json.object("adjustedContentInset").number("top") == 0)
    }

    /// On iOS 18 the heights are the ports' (44, 96, 49), each named with its source and release (a session: the
    /// catalogue has no keyboard for the iPhone XS, which runs iOS 18 of the releases it covers).
    @Test func iOS18BarsComeFromTheirSources() {
        let body: [String: Any] = [
            "device": ["id": "iphone-xs"],
            "container": ["navigationBar": ["style": "largeTitle"], "tabBar": [:]],
        ]
        let answer = app.call("POST", "/sessions", json: json(body))
        #expect(answer.status == 201, "\(answer.text)")
        let values = answer.json.object("catalogue")["values"] as? [[String: Any]] ?? []
        func value(_ pointer: String) -> [String: Any]? { values.first { $0.string("pointer") == pointer } }
        #expect(value("/container/navigationBar/height")?.number("value") == 96)
        #expect(value("/container/navigationBar/height")?.string("source") == "flutter-cupertino-nav-bar")
        #expect(value("/container/tabBar/height")?.number("value") == 49)
        #expect(value("/container/tabBar/height")?.string("system") == "18")
        let area = value("/scrollView/safeAreaInsets")
        let safe = answer.json.object("containerLayout").object("scrollView").object("safeAreaInsets")
        #expect(safe.number("top") == (area?.object("value").number("top") ?? 0) + 96)
        #expect(safe.number("bottom") == (area?.object("value").number("bottom") ?? 0) + 49)
    }

    /// An accessory view rides on a catalogue keyboard (added to its frame) and is already in a frame sent; a
    /// keyboard that is not docked leaves the container's scroll view no overlap.
    @Test func theAccessoryViewIsPartOfTheKeyboardFrame() {
        let byDevice = app.call(
            "POST", "/keyboard/show",
            json: json(["device": ["id": "iphone-17-pro"], "container": ["inputAccessoryView": ["height": 44]]]))
        #expect(byDevice.status == 200, "\(byDevice.text)")
        #expect(byDevice.json.number("keyboardOverlap") == Double(335 + 44))
        #expect(byDevice.json.object("keyboardLayoutGuide").object("frame").number("y") == Double(874 - 335 - 44))
        let accessory = byDevice.json.object("container").object("inputAccessoryView").object("frame")
        #expect(accessory.number("y") == 495 && accessory.number("height") == 44)
        let sent: [String: Any] = [
            "screen": ["width": 402, "height": 874], "scrollView": tallList,
            "keyboard": ["frameEnd": ["x": 0, "y": 495, "width": 402, "height": 379]],
            "container": ["inputAccessoryView": ["height": 44], "tabBar": ["height": 49]],
        ]
        let logged = app.call("POST", "/keyboard/show", json: json(sent))
        #expect(logged.json.number("keyboardOverlap") == 379)
        #expect(logged.json.object("contentInset").number("bottom") == Double(379 - 49))
        var floating = sent
        floating["keyboard"] = ["frameEnd": ["x": 100, "y": 300, "width": 200, "height": 250]]
        let undocked = app.call("POST", "/keyboard/show", json: json(floating))
        #expect(undocked.status == 200)
        #expect(undocked.json.number("keyboardOverlap") == 0)
        #expect(undocked.json.object("contentInset").number("bottom") == 0)
        #expect(undocked.json.object("container").object("inputAccessoryView")["frame"] is NSNull)
    }

    /// A given frame stays where it was put (view coordinates) and its safe area is only what it covers of the
    /// bars and the window's margins.
    @Test func aGivenFrameIsCoveredOnlyWhereItReachesTheBars() {
        let body: [String: Any] = [
            "device": ["id": "iphone-17-pro"], "container": ["navigationBar": [:], "tabBar": [:]],
            "scrollView": ["frame": ["x": 0, "y": 200, "width": 402, "height": 500]],
        ]
        let answer = app.call("POST", "/keyboard/show", json: json(body))
        #expect(answer.status == 200, "\(answer.text)")
        let scrollView = answer.json.object("container").object("scrollView")
        #expect(scrollView.object("frame").number("y") == 200)
        #expect(scrollView.object("safeAreaInsets").number("top") == 0)
        #expect(scrollView.object("safeAreaInsets").number("bottom") == 0)
        // Under the keyboard from 539 to its bottom at 700: 161 covered, no safe area to take off.
        #expect(answer.json.object("contentInset").number("bottom") == 161)
    }

    /// A session on a device with a tab bar: shown, the tab bar hidden (`hidesBottomBarWhenPushed`) while the
    /// keyboard is up, then hidden keyboard: each step counts the safe area the bars give at that moment.
    @Test func aSessionHidesItsTabBarWhileTheKeyboardShows() {
        let created = app.call(
            "POST", "/sessions",
            json: json(["device": ["id": "iphone-17-pro"], "container": ["tabBar": [:]], "scrollView": tallList]))
        #expect(created.status == 201, "\(created.text)")
        let id = created.json.string("id") ?? ""
        #expect(created.json.object("container").object("tabBar")["hidden"] as? Bool == false)
        let shown = app.call("POST", "/keyboard/show", json: json(["sessionId": id, "timestamp": 1]))
        #expect(shown.status == 200, "\(shown.text)")
        #expect(shown.json.object("contentInset").number("bottom") == 252)
        let patched = app.call(
            "PATCH", "/sessions/\(id)", json: json(["timestamp": 2, "container": ["tabBar": ["hidden": true]]]))
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.json.object("target").object("contentInset").number("bottom") == Double(335 - 34))
        let layout = patched.json.object("containerLayout")
        #expect(layout.object("tabBar")["frame"] is NSNull)
        #expect(layout.object("scrollView").object("safeAreaInsets").number("bottom") == 34)
        #expect(patched.json.object("container").object("tabBar")["hidden"] as? Bool == true)
        let hidden = app.call("POST", "/keyboard/hide", json: json(["sessionId": id, "timestamp": 3]))
        #expect(hidden.status == 200, "\(hidden.text)")
        #expect(hidden.json.object("contentInset").number("bottom") == 0)
        // A rotation lays the bars out again for landscape, where no tab bar height is published: refused,
        // and the session is unchanged.
        let turned = app.call(
            "PATCH", "/sessions/\(id)",
            json: json(["timestamp": 4, "device": ["orientation": "landscape"], "container": ["tabBar": [:]]]))
        #expect(turned.status == 400, "\(turned.text)")
        #expect(turned.text.contains("/container/tabBar/height"))
        let after = app.call("GET", "/sessions/\(id)")
        #expect(after.json.object("device").string("orientation") == "portrait")
    }

    /// Android's app bars between the system bars of a Pixel 9 (status bar 54, gesture bar 24, IME 336, screen
    /// 923.43 dp tall): under `adjustResize` the content ends at the IME's top, so the list shrinks and the bottom
    /// navigation rides up on the IME; under `adjustPan` and `adjustNothing` the bar stays where it was in the
    /// window (the pan moves the whole window); hidden, everything is at rest.
    /// Each mode and where it leaves the bottom navigation's top: above the IME, or at rest above the gesture bar.
    static let androidModes: [(mode: String, bottomNavigationY: Double)] = {
        let screen = 923.43
        let atRest = screen - 24 - 80
        return [("adjustResize", screen - 336 - 80), ("adjustPan", atRest), ("adjustNothing", atRest)]
    }()

    @Test(arguments: androidModes)
    func androidBottomNavigationFollowsTheSoftInputMode(mode: String, bottomNavigationY: Double) {
        let body: [String: Any] = [
            "platform": "android", "device": ["id": "pixel-9"], "windowSoftInputMode": mode,
            "container": ["topAppBar": ["height": 64], "bottomNavigation": ["height": 80]],
        ]
        let shown = app.call("POST", "/keyboard/show", json: json(body))
        #expect(shown.status == 200, "\(shown.text)")
        let bars = shown.json.object("container")
        #expect(bars.object("topAppBar").object("frame").number("y") == 54)
        let y = bars.object("bottomNavigation").object("frame").number("y") ?? -1
        #expect(abs(y - bottomNavigationY) < 1e-9, "\(mode): \(y)")
        let list = shown.json.object("scrollView").object("frame")
        #expect(list.number("y") == 118)
        // The list ends where the bottom navigation starts, resized or not.
        #expect(abs((list.number("y") ?? 0) + (list.number("height") ?? 0) - y) < 1e-9, "\(mode)")
        let hidden = app.call("POST", "/keyboard/hide", json: json(body))
        let rest = hidden.json.object("container").object("bottomNavigation").object("frame").number("y") ?? -1
        #expect(abs(rest - (923.43 - 24 - 80)) < 1e-9)
    }

    /// An Android session keeps its app bars: a patch that changes the top app bar to 56 dp lays the list out
    /// again, and a later show answers with the bars where the mode puts them.
    @Test func anAndroidSessionKeepsItsAppBars() {
        let created = app.call(
            "POST", "/sessions",
            json: json([
                "platform": "android", "device": ["id": "pixel-9"],
                "container": ["topAppBar": ["height": 64], "bottomNavigation": ["height": 80]],
            ]))
        #expect(created.status == 201, "\(created.text)")
        let id = created.json.string("id") ?? ""
        let patched = app.call(
            "PATCH", "/sessions/\(id)", json: json(["timestamp": 1, "container": ["topAppBar": ["height": 56]]]))
        #expect(patched.status == 200, "\(patched.text)")
        let shown = app.call("POST", "/keyboard/show", json: json(["sessionId": id, "timestamp": 2]))
        #expect(shown.status == 200, "\(shown.text)")
        #expect(shown.json.object("container").object("topAppBar").object("frame").number("height") == 56)
        #expect(shown.json.object("scrollView").object("frame").number("y") == 110)
        let y = shown.json.object("container").object("bottomNavigation").object("frame").number("y") ?? -1
        #expect(abs(y - (923.43 - 336 - 80)) < 1e-9)
        // The session itself lays its bars out where the IME settles: the resource's `containerLayout`, created at
        // rest above the gesture bar, and risen with the IME once shown.
        let atRest = created.json.object("containerLayout").object("bottomNavigation").object("frame")
        #expect(abs((atRest.number("y") ?? -1) - (923.43 - 24 - 80)) < 1e-9)
        let read = app.call("GET", "/sessions/\(id)")
        let risen = read.json.object("containerLayout").object("bottomNavigation").object("frame").number("y") ?? -1
        #expect(abs(risen - (923.43 - 336 - 80)) < 1e-9)
        #expect(read.json.object("containerLayout").object("topAppBar").object("frame").number("height") == 56)
    }

    /// What a container cannot be: every problem named by its pointer.
    @Test func badContainersAreRefused() {
        let cases: [(body: [String: Any], pointer: String)] = [
            (
                ["device": ["id": "iphone-17-pro"], "container": ["navigationBar": ["style": "huge"]]],
                "/container/navigationBar/style"
            ),
            (["device": ["id": "iphone-17-pro"], "container": ["tabBar": ["height": -1]]], "/container/tabBar/height"),
            (
                ["device": ["id": "iphone-17-pro"], "container": ["tabBar": ["height": 1e300]]],
                "/container/tabBar/height"
            ),
            (["device": ["id": "iphone-17-pro"], "container": ["sheet": [:]]], "/container/sheet"),
            (
                ["device": ["id": "iphone-17-pro"], "container": ["inputAccessoryView": [:]]],
                "/container/inputAccessoryView/height"
            ),
            (["device": ["id": "iphone-17-pro"], "container": ["tabBar": ["height": 5000]]], "/container"),
            (
                [
                    "container": ["tabBar": ["height": 49]],
                    "keyboard": ["frameEnd": ["x": 0, "y": 5, "width": 9, "height": 5]],
                ],
                "/screen"
            ),
            (
                [
                    "screen": ["width": 390, "height": 844], "container": ["tabBar": [:]],
                    "keyboard": ["frameEnd": ["x": 0, "y": 509, "width": 390, "height": 335]],
                ], "/container/tabBar/height"
            ),
            (
                [
                    "platform": "android", "screen": ["width": 400, "height": 800],
                    "container": ["tabBar": ["height": 49]],
                ],
                "/container/tabBar"
            ),
            (
                ["device": ["id": "iphone-17-pro"], "container": ["bottomNavigation": ["height": 80]]],
                "/container/bottomNavigation"
            ),
            (
                [
                    "platform": "android", "device": ["id": "pixel-9"], "edgeToEdge": true,
                    "container": ["bottomNavigation": ["height": 80]],
                ],
                "/container"
            ),
            (
                ["platform": "android", "device": ["id": "pixel-9"], "container": ["bottomNavigation": [:]]],
                "/container/bottomNavigation/height"
            ),
        ]
        for (body, pointer) in cases {
            let answer = app.call("POST", "/keyboard/show", json: json(body))
            #expect(answer.status == 400, "\(body)")
            let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0.string("pointer") }
            #expect(pointers.contains(pointer), "\(pointer): \(answer.text)")
        }
    }
}

import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

/// Presentations (docs/containers.md, "Presentations"): a sheet placed from its sources while the keyboard shows,
/// the bars and the scroll view laid out in it, an iPad's sheets and popovers at the frame sent, and what no source
/// publishes refused with the member at fault.
@Suite("Presentations")
struct PresentationRouteTests {
    let app = makeApp()

    func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    func catalogueValue(_ answer: [String: Any], _ pointer: String) -> [String: Any]? {
        let values = answer.object("catalogue")["values"] as? [[String: Any]] ?? []
        return values.first { $0.string("pointer") == pointer }
    }

    /// iOS 26 on an iPhone 17 Pro (safe area 62/34, keyboard 335 at y 539): a sheet resting at `medium` expands to
    /// `large` when its field takes focus (FB17890661), and `large` reaches the top safe area (y 62, 812 tall). The
    /// navigation bar in it is 70 without a status bar above it, and the keyboard's overlap with the sheet, 335,
    /// less the home indicator the sheet covers, is the inset: 301.
    @Test func anIOS26SheetExpandsToLargeForTheKeyboard() {
        let body: [String: Any] = [
            "device": ["id": "iphone-17-pro"],
            "container": [
                "navigationBar": [:], "presentation": ["style": "sheet", "detents": ["medium", "large"]],
            ],
        ]
        let answer = app.call("POST", "/keyboard/show", json: json(body))
        #expect(answer.status == 200, "\(answer.text)")
        let container = answer.json.object("container")
        let presentation = container.object("presentation")
        #expect(presentation.string("style") == "sheet")
        #expect(presentation.string("detent") == "large")
        #expect(presentation.string("expandedFrom") == "medium")
        #expect(presentation.string("expansionSource") == "sheet-expands-on-focus")
        let frame = presentation.object("frame")
        #expect(frame.number("y") == 62 && frame.number("height") == 812 && frame.number("width") == 402)
        let bar = container.object("navigationBar").object("frame")
        #expect(bar.number("y") == 62 && bar.number("height") == 70)
        let scrollView = container.object("scrollView")
        #expect(scrollView.object("frame").number("y") == 62)
        #expect(scrollView.object("safeAreaInsets").number("top") == 70)
        #expect(scrollView.object("safeAreaInsets").number("bottom") == 34)
        #expect(answer.json.number("keyboardOverlap") == 335)
        #expect(answer.json.object("contentInset").number("bottom") == 301)
        #expect(catalogueValue(answer.json, "/container/presentation/frame")?.string("source") == "sheet-top-gap")
        let height = catalogueValue(answer.json, "/container/navigationBar/height")
        #expect(height?.number("value") == 70)
        #expect(height?.string("source") == "sheet-navigation-bar-ios26")
    }

    /// iOS 18 on an iPhone XS (safe area 44/34, 375 × 812): a page sheet at `large` stands 10 below the top safe
    /// area (y 54, 758 tall), its navigation bar is 56, and the sheet is where it rested: nothing expanded it.
    @Test func anIOS18SheetAtLargeStandsTenBelowTheSafeArea() {
        let body: [String: Any] = [
            "device": ["id": "iphone-xs"],
            "keyboard": ["frameEnd": ["x": 0, "y": 477, "width": 375, "height": 335]],
            "container": ["navigationBar": [:], "presentation": ["style": "pageSheet"]],
        ]
        let answer = app.call("POST", "/keyboard/show", json: json(body))
        #expect(answer.status == 200, "\(answer.text)")
        let presentation = answer.json.object("container").object("presentation")
        #expect(presentation.string("detent") == "large")
        #expect(presentation["expandedFrom"] == nil)
        let frame = presentation.object("frame")
        #expect(frame.number("y") == 54 && frame.number("height") == 758)
        #expect(answer.json.object("container").object("navigationBar").object("frame").number("height") == 56)
        #expect(answer.json.object("contentInset").number("bottom") == 301)
        #expect(catalogueValue(answer.json, "/container/presentation/frame")?.string("system") == "18")
        #expect(
            catalogueValue(answer.json, "/container/navigationBar/height")?.string("source")
                == "react-native-screens-header")
    }

    /// In landscape an iPhone has a compact height, where every sheet style and a popover show full screen.
    @Test(arguments: ["sheet", "pageSheet", "formSheet", "popover"])
    func anIPhoneInLandscapeShowsItFullScreen(style: String) {
        let body: [String: Any] = [
            "device": ["id": "iphone-17-pro", "orientation": "landscape"],
            "container": ["presentation": ["style": style, "detents": ["medium", "large"]]],
        ]
        let answer = app.call("POST", "/keyboard/show", json: json(body))
        #expect(answer.status == 200, "\(answer.text)")
        let presentation = answer.json.object("container").object("presentation")
        #expect(presentation.string("style") == "fullScreen")
        #expect(presentation.object("frame").number("width") == 874)
        #expect(presentation.object("frame").number("height") == 402)
        #expect(
            catalogueValue(answer.json, "/container/presentation/frame")?.string("source")
                == "apple-sheet-presentation")
    }

    /// An iPad's form sheet sees only its own overlap with the keyboard: a 580 × 800 sheet at y 300 over a
    /// keyboard whose top is at 966 is covered by 134, not by the keyboard's 400, and has no safe area.
    @Test func anIPadFormSheetSeesOnlyItsOverlap() {
        let body: [String: Any] = [
            "screen": ["width": 1024, "height": 1366],
            "scrollView": ["safeAreaInsets": ["top": 24, "left": 0, "bottom": 20, "right": 0]],
            "keyboard": ["frameEnd": ["x": 0, "y": 966, "width": 1024, "height": 400]],
            "container": [
                "presentation": ["style": "formSheet", "frame": ["x": 222, "y": 300, "width": 580, "height": 800]]
            ],
        ]
        let answer = app.call("POST", "/keyboard/show", json: json(body))
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.json.number("keyboardOverlap") == 134)
        #expect(answer.json.object("contentInset").number("bottom") == 134)
        let scrollView = answer.json.object("container").object("scrollView")
        #expect(scrollView.object("safeAreaInsets").number("bottom") == 0)
        #expect(scrollView.object("frame").number("x") == 222)
        // A frame sent for the scroll view is in the sheet's coordinates.
        var inset = body
        inset["scrollView"] = ["frame": ["x": 0, "y": 100, "width": 580, "height": 700]]
        let given = app.call("POST", "/keyboard/show", json: json(inset))
        #expect(given.status == 200, "\(given.text)")
        let frame = given.json.object("container").object("scrollView").object("frame")
        #expect(frame.number("x") == 222 && frame.number("y") == 400)
    }

    /// UIKit keeps a popover clear of the keyboard: a frame sent above it needs no inset, one it covers is refused.
    @Test func aPopoverIsNeverUnderTheKeyboard() {
        func body(y: Double) -> [String: Any] {
            [
                "screen": ["width": 1024, "height": 1366],
                "keyboard": ["frameEnd": ["x": 0, "y": 966, "width": 1024, "height": 400]],
                "container": [
                    "presentation": ["style": "popover", "frame": ["x": 300, "y": y, "width": 320, "height": 400]]
                ],
            ]
        }
        let clear = app.call("POST", "/keyboard/show", json: json(body(y: 500)))
        #expect(clear.status == 200, "\(clear.text)")
        #expect(clear.json.object("contentInset").number("bottom") == 0)
        let covered = app.call("POST", "/keyboard/show", json: json(body(y: 600)))
        #expect(covered.status == 400)
        #expect(covered.text.contains("/container/presentation/frame"))
        #expect(covered.text.contains("(34 points)"))
    }

    /// A session keeps its presentation: created resting at `medium`, shown (expanded), then patched to full
    /// screen, which lays the scroll view out on the whole window again; the echo is the presentation as sent.
    @Test func aSessionKeepsItsPresentation() {
        let created = app.call(
            "POST", "/sessions",
            json: json([
                "device": ["id": "iphone-17-pro"],
                "container": [
                    "navigationBar": [:], "presentation": ["style": "sheet", "detents": ["medium", "large"]],
                ],
            ]))
        #expect(created.status == 201, "\(created.text)")
        let id = created.json.string("id") ?? ""
        let echo = created.json.object("container").object("presentation")
        #expect(echo.string("style") == "sheet")
        #expect(echo["detents"] as? [String] == ["medium", "large"])
        let shown = app.call("POST", "/keyboard/show", json: json(["sessionId": id, "timestamp": 1]))
        #expect(shown.status == 200, "\(shown.text)")
        #expect(shown.json.object("contentInset").number("bottom") == 301)
        #expect(shown.json.object("container").object("presentation").string("expandedFrom") == "medium")
        let patched = app.call(
            "PATCH", "/sessions/\(id)",
            json: json(["timestamp": 2, "container": ["presentation": ["style": "fullScreen"]]]))
        #expect(patched.status == 200, "\(patched.text)")
        let layout = patched.json.object("containerLayout")
        #expect(layout.object("presentation").string("style") == "fullScreen")
        #expect(layout.object("scrollView").object("frame").number("y") == 0)
        // Full screen, the navigation bar is back to 54 under the status bar, and the keyboard still covers 335
        // of a scroll view whose bottom safe area, 34, UIKit already adds.
        #expect(layout.object("navigationBar").object("frame").number("height") == 54)
        #expect(patched.json.object("target").object("contentInset").number("bottom") == 301)
        let read = app.call("GET", "/sessions/\(id)")
        #expect(read.json.object("container").object("presentation").string("style") == "fullScreen")
    }

    /// What cannot be placed: every refusal names the member at fault.
    @Test func unplaceablePresentationsAreRefused() {
        let iphone17: [String: Any] = ["id": "iphone-17-pro"]
        let iphoneXS: [String: Any] = ["id": "iphone-xs"]
        let keyboardXS: [String: Any] = ["frameEnd": ["x": 0, "y": 477, "width": 375, "height": 335]]
        let cases: [(body: [String: Any], pointer: String, says: String)] = [
            // iOS 18: no source says what the keyboard does to a sheet below its largest detent.
            (
                [
                    "device": iphoneXS, "keyboard": keyboardXS,
                    "container": ["presentation": ["style": "sheet", "detents": ["medium", "large"]]],
                ], "/container/presentation/selectedDetent", "iOS 18"
            ),
            // The medium detent's height is not published.
            (
                ["device": iphone17, "container": ["presentation": ["style": "sheet", "detents": ["medium"]]]],
                "/container/presentation/detents", "approximately half"
            ),
            // Nor how far a custom detent rises.
            (
                ["device": iphone17, "container": ["presentation": ["style": "sheet", "detents": [200, 400]]]],
                "/container/presentation/detents", "custom detent"
            ),
            (
                [
                    "device": iphone17,
                    "container": [
                        "presentation": ["style": "sheet", "detents": ["large"], "selectedDetent": "medium"]
                    ],
                ], "/container/presentation/selectedDetent", "not one of the detents"
            ),
            // An iPad's sheets have no published size.
            (
                ["device": ["id": "ipad-pro-13-m4"], "container": ["presentation": ["style": "pageSheet"]]],
                "/container/presentation/frame", "iPad"
            ),
            // Without a device, nothing says where the sheet stands.
            (
                [
                    "screen": ["width": 402, "height": 874],
                    "keyboard": ["frameEnd": ["x": 0, "y": 539, "width": 402, "height": 335]],
                    "container": ["presentation": ["style": "sheet"]],
                ], "/container/presentation/frame", "/device"
            ),
            (
                [
                    "device": iphone17,
                    "container": [
                        "presentation": [
                            "style": "fullScreen", "frame": ["x": 0, "y": 50, "width": 402, "height": 824],
                        ]
                    ],
                ], "/container/presentation/frame", "window's bounds"
            ),
            // A large title in a sheet has no published height.
            (
                [
                    "device": iphone17,
                    "container": ["navigationBar": ["style": "largeTitle"], "presentation": ["style": "sheet"]],
                ], "/container/navigationBar/height", "in a sheet"
            ),
            (
                [
                    "platform": "android", "device": ["id": "pixel-9"],
                    "container": ["presentation": ["style": "sheet"]],
                ], "/container/presentation/style", "Android"
            ),
        ]
        for (body, pointer, says) in cases {
            let answer = app.call("POST", "/keyboard/show", json: json(body))
            #expect(answer.status == 400, "\(body): \(answer.text)")
            let errors = answer.json["errors"] as? [[String: Any]] ?? []
            #expect(errors.contains { $0.string("pointer") == pointer }, "\(body): \(answer.text)")
            #expect(answer.text.contains(says), "\(body): \(answer.text)")
        }
    }
}

/// What a review found: a frame sent does not skip the size class, a session's frames stay in their windows, and
/// a popover is checked on every keyboard move.
@Suite("Presentations, reviewed")
struct PresentationReviewTests {
    let app = makeApp()

    func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    func refused(_ answer: Answer, at pointer: String, saying words: String) -> Bool {
        let errors = answer.json["errors"] as? [[String: Any]] ?? []
        return answer.status == 400 && errors.contains { $0.string("pointer") == pointer }
            && answer.text.contains(words)
    }

    /// On an iPhone in portrait a page sheet or a popover with a measured frame is a sheet: its navigation bar is a
    /// sheet's (70 on iOS 26), and a popover's frame is not checked against the keyboard as a popover's would be.
    @Test func aFrameSentOnAnIPhoneIsStillASheet() {
        for style in ["pageSheet", "popover"] {
            let body: [String: Any] = [
                "device": ["id": "iphone-17-pro"],
                "container": [
                    "navigationBar": [:],
                    "presentation": ["style": style, "frame": ["x": 0, "y": 437, "width": 402, "height": 437]],
                ],
            ]
            let answer = app.call("POST", "/keyboard/show", json: json(body))
            #expect(answer.status == 200, "\(style): \(answer.text)")
            let container = answer.json.object("container")
            #expect(container.object("presentation").string("style") == "sheet")
            #expect(container.object("navigationBar").object("frame").number("height") == 70)
        }
        // On an iPad, bars in a form sheet have no published height: refused for what it is.
        let ipad: [String: Any] = [
            "device": ["id": "ipad-pro-13-m4"],
            "container": [
                "navigationBar": [:],
                "presentation": ["style": "formSheet", "frame": ["x": 222, "y": 300, "width": 580, "height": 620]],
            ],
        ]
        let answer = app.call("POST", "/keyboard/show", json: json(ipad))
        #expect(refused(answer, at: "/container/navigationBar/height", saying: "on an iPad"), "\(answer.text)")
    }

    /// A session's sheet frame was measured in portrait: rotated, it no longer fits and says so; a full-screen
    /// presentation rotates freely; a scroll view frame outside the presented view is refused.
    @Test func aSessionsFramesStayInTheirWindow() {
        func create(_ container: [String: Any]) -> String {
            let created = app.call(
                "POST", "/sessions", json: json(["device": ["id": "iphone-17-pro"], "container": container]))
            #expect(created.status == 201, "\(created.text)")
            return created.json.string("id") ?? ""
        }
        let turn = json(["timestamp": 1, "device": ["orientation": "landscape"]])
        let sheet = create([
            "presentation": ["style": "sheet", "frame": ["x": 0, "y": 437, "width": 402, "height": 437]]
        ])
        let turned = app.call("PATCH", "/sessions/\(sheet)", json: turn)
        #expect(refused(turned, at: "/container/presentation/frame", saying: "another window"), "\(turned.text)")
        let full = create([
            "presentation": ["style": "fullScreen", "frame": ["x": 0, "y": 0, "width": 402, "height": 874]]
        ])
        let fullTurned = app.call("PATCH", "/sessions/\(full)", json: turn)
        #expect(fullTurned.status == 200, "\(fullTurned.text)")
        // The layout's frame is in the window's coordinates; sent back, it lies outside the sheet.
        let large = create(["presentation": ["style": "sheet"]])
        let sentBack = app.call(
            "PATCH", "/sessions/\(large)",
            json: json(["timestamp": 1, "scrollView": ["frame": ["x": 0, "y": 62, "width": 402, "height": 812]]]))
        #expect(refused(sentBack, at: "/scrollView/frame", saying: "presented view"), "\(sentBack.text)")
    }

    /// A session's popover is checked on a show that moves only the keyboard.
    @Test func aSessionsPopoverIsCheckedOnEveryShow() {
        let created = app.call(
            "POST", "/sessions",
            json: json([
                "screen": ["width": 1024, "height": 1366],
                "container": [
                    "presentation": ["style": "popover", "frame": ["x": 300, "y": 600, "width": 320, "height": 400]]
                ],
            ]))
        #expect(created.status == 201, "\(created.text)")
        let id = created.json.string("id") ?? ""
        let shown = app.call(
            "POST", "/keyboard/show",
            json: json([
                "sessionId": id, "timestamp": 1,
                "keyboard": ["frameEnd": ["x": 0, "y": 966, "width": 1024, "height": 400]],
            ]))
        #expect(refused(shown, at: "/container/presentation/frame", saying: "covered by the keyboard"), "\(shown.text)")
    }

    /// Detents in UIKit's order only, and a refusal that names what is missing.
    @Test func detentsKeepUIKitsOrder() {
        let cases: [(detents: [Any], pointer: String, says: String)] = [
            (["large", "medium"], "/container/presentation/detents/0", "must come last"),
            ([400, 300, "large"], "/container/presentation/detents/1", "smallest first"),
            (["medium", "medium"], "/container/presentation/detents/1", "repeats"),
        ]
        for (detents, pointer, says) in cases {
            let body: [String: Any] = [
                "device": ["id": "iphone-17-pro"],
                "container": ["presentation": ["style": "sheet", "detents": detents]],
            ]
            let answer = app.call("POST", "/keyboard/show", json: json(body))
            #expect(refused(answer, at: pointer, saying: says), "\(detents): \(answer.text)")
        }
    }
}

import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

/// Android dialogs by route (docs/containers.md, "Android dialogs") on a Pixel 9: screen 411.43 × 923.43 dp,
/// status bar 54, gesture bar 24 (display frame 54...899.43, 845.43 tall), IME 336 (its top at 587.43, so 533.43
/// above it below the status bar).
@Suite("Android dialogs, by route")
struct AndroidDialogRouteTests {
    let app = makeApp()

    func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    func dialog(_ height: Double, mode: String? = nil, focusY: Double = 300) -> [String: Any] {
        var body: [String: Any] = [
            "platform": "android", "device": ["id": "pixel-9"],
            "container": ["presentation": ["style": "dialog", "size": ["width": 360, "height": height]]],
            "scrollView": ["contentSize": ["width": 360, "height": 1400]],
            "focusedRect": ["x": 24, "y": focusY, "width": 312, "height": 56],
        ]
        if let mode { body["windowSoftInputMode"] = mode }
        return body
    }

    func near(_ value: Double?, _ expected: Double) -> Bool { abs((value ?? .nan) - expected) < 1e-9 }

    /// A 400-dp dialog at rest is centred between the bars, 54 + (845.43 − 400) / 2 = 276.715, and x = (411.43 −
    /// 360) / 2 = 25.715; with the IME up it is centred above it, 54 + (533.43 − 400) / 2 = 120.715, in every mode,
    /// uncovered. The dialog theme's mode, `adjustPan`, is the default.
    @Test func aDialogRisesAboveTheIme() {
        for mode in [nil, "adjustResize", "adjustNothing"] {
            let shown = app.call("POST", "/keyboard/show", json: json(dialog(400, mode: mode)))
            #expect(shown.status == 200, "\(shown.text)")
            let placed = shown.json.object("container").object("presentation")
            #expect(placed.string("style") == "dialog")
            #expect(near(placed.object("frame").number("y"), 120.715), "\(String(describing: mode))")
            #expect(near(placed.object("frame").number("x"), 25.715))
            #expect(near(placed.object("restingFrame").number("y"), 276.715))
            #expect(shown.json.object("windowInsets").object("ime").number("bottom") == 0)
            #expect(shown.json.object("windowPan").number("y") == 0)
            #expect(shown.json.object("scrollView").object("frame").number("height") == 400)
            let hidden = app.call("POST", "/keyboard/hide", json: json(dialog(400, mode: mode)))
            #expect(near(hidden.json.object("container").object("presentation").object("frame").number("y"), 276.715))
        }
    }

    /// A 700-dp dialog does not fit the 533.43 dp above the IME. Under `adjustPan` (the default) the window
    /// manager moves it to the display frame's top, 54, and the IME covers 754 − 587.43 = 166.57 of it: the
    /// dialog's window reports that inset and pans a field at 600...656 by 656 − (700 − 166.57) = 122.57. Under
    /// `adjustResize` the window fills the space above the IME, 533.43 tall, covered by nothing, and its list
    /// scrolls the field into view by the same 122.57.
    @Test func aTallDialogPansOrShrinks() {
        let panned = app.call("POST", "/keyboard/show", json: json(dialog(700, focusY: 600)))
        #expect(panned.status == 200, "\(panned.text)")
        let frame = panned.json.object("container").object("presentation").object("frame")
        #expect(frame.number("y") == 54)
        #expect(frame.number("height") == 700)
        #expect(near(panned.json.object("windowInsets").object("ime").number("bottom"), 166.57))
        #expect(near(panned.json.object("windowPan").number("y"), 122.57))
        #expect(panned.json.string("layoutChange") == "none")

        let resized = app.call("POST", "/keyboard/show", json: json(dialog(700, mode: "adjustResize", focusY: 600)))
        #expect(resized.status == 200, "\(resized.text)")
        let shrunk = resized.json.object("container").object("presentation").object("frame")
        #expect(shrunk.number("y") == 54)
        #expect(near(shrunk.number("height"), 533.43))
        #expect(resized.json.object("windowInsets").object("ime").number("bottom") == 0)
        #expect(near(resized.json.object("scrollView").object("frame").number("height"), 533.43))
        #expect(near(resized.json.object("contentOffset").number("y"), 122.57))
        #expect(resized.json.string("layoutChange") == "resize")
    }

    /// A session holds the dialog: created at rest, shown (panned), patched to `adjustResize` while shown (the
    /// window shrinks above the IME), and hidden (back at rest). The resource echoes the dialog as sent, with the
    /// theme's mode, and lays it out where the IME settles.
    @Test func aSessionShowsPatchesAndHidesADialog() {
        let created = app.call("POST", "/sessions", json: json(dialog(700, focusY: 600)))
        #expect(created.status == 201, "\(created.text)")
        #expect(created.json.string("windowSoftInputMode") == "adjustPan")
        let sent = created.json.object("container").object("presentation")
        #expect(sent.object("size").number("height") == 700)
        let id = created.json.string("id") ?? ""
        let shown = app.call("POST", "/keyboard/show", json: json(["sessionId": id, "timestamp": 1]))
        #expect(near(shown.json.object("windowPan").number("y"), 122.57), "\(shown.text)")
        let patched = app.call(
            "PATCH", "/sessions/\(id)", json: json(["timestamp": 1000, "windowSoftInputMode": "adjustResize"]))
        #expect(patched.status == 200, "\(patched.text)")
        let layout = patched.json.object("containerLayout").object("presentation").object("frame")
        #expect(near(layout.number("height"), 533.43))
        #expect(near(patched.json.object("target").object("contentOffset").number("y"), 122.57))
        let hidden = app.call("POST", "/keyboard/hide", json: json(["sessionId": id, "timestamp": 2000]))
        #expect(hidden.status == 200, "\(hidden.text)")
        let rest = hidden.json.object("container").object("presentation").object("frame")
        #expect(near(rest.number("y"), 54 + (845.43 - 700) / 2))
        #expect(rest.number("height") == 700)
    }

    /// What a dialog cannot be, each named by its pointer.
    @Test func badDialogsAreRefused() {
        var withBars = dialog(400)
        withBars["container"] = [
            "presentation": ["style": "dialog", "size": ["width": 360, "height": 400]],
            "bottomNavigation": ["height": 80],
        ]
        var outside = dialog(400)
        outside["scrollView"] = ["frame": ["x": 0, "y": 300, "width": 360, "height": 200]]
        let cases: [(body: [String: Any], pointer: String)] = [
            (
                [
                    "platform": "android", "device": ["id": "pixel-9"],
                    "container": ["presentation": ["style": "dialog"]],
                ],
                "/container/presentation/size"
            ),
            (
                [
                    "device": ["id": "iphone-17-pro"],
                    "container": ["presentation": ["style": "sheet", "size": ["width": 300, "height": 300]]],
                ], "/container/presentation/size"
            ),
            (
                [
                    "platform": "android", "device": ["id": "pixel-9"],
                    "container": [
                        "presentation": [
                            "style": "dialog", "size": ["width": 300, "height": 300],
                            "frame": ["x": 0, "y": 0, "width": 300, "height": 300],
                        ]
                    ],
                ], "/container/presentation/frame"
            ),
            (
                [
                    "device": ["id": "iphone-17-pro"],
                    "container": ["presentation": ["style": "dialog", "size": ["width": 300, "height": 300]]],
                ], "/container/presentation/style"
            ),
            (
                [
                    "platform": "android", "device": ["id": "pixel-9"],
                    "container": ["presentation": ["style": "sheet"]],
                ],
                "/container/presentation/style"
            ),
            (dialog(900), "/container/presentation/size"),
            (withBars, "/container/bottomNavigation"),
            (outside, "/scrollView/frame"),
        ]
        for (body, pointer) in cases {
            let answer = app.call("POST", "/keyboard/show", json: json(body))
            #expect(answer.status == 400, "\(body)")
            let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0.string("pointer") }
            #expect(pointers.contains(pointer), "\(pointer): \(answer.text)")
        }
    }
}

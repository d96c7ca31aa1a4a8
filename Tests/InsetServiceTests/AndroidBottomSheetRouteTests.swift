import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

/// Material's bottom sheets by route (docs/containers.md, "Android bottom sheets") on a Pixel 9: screen
/// 411.43 × 923.43 dp, status bar 54, gesture bar 24, IME 336 (its top at 587.43). The automatic peek height is the
/// parent's height less 411.43 · 9 / 16 = 231.429375.
@Suite("Android bottom sheets, by route")
struct AndroidBottomSheetRouteTests {
    let app = makeApp()

    func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    func sheet(
        _ height: Double, state: String? = nil, edgeToEdge: Bool = false, focusY: Double = 200, mode: String? = nil
    ) -> [String: Any] {
        var presentation: [String: Any] = ["style": "bottomSheet", "contentHeight": height]
        if let state { presentation["state"] = state }
        var body: [String: Any] = [
            "platform": "android", "device": ["id": "pixel-9"], "edgeToEdge": edgeToEdge,
            "container": ["presentation": presentation],
            "scrollView": ["contentSize": ["width": 411.43, "height": 1400]],
            "focusedRect": ["x": 16, "y": focusY, "width": 300, "height": 56],
        ]
        if let mode { body["windowSoftInputMode"] = mode }
        return body
    }

    func near(_ value: Double?, _ expected: Double) -> Bool { abs((value ?? .nan) - expected) < 1e-9 }

    /// A 300-dp sheet, collapsed, not edge to edge: the coordinator lies between the bars (54...899.43) and rests
    /// the sheet on the navigation bar at 599.43; with the IME the coordinator ends at 587.43 (533.43 tall), the
    /// sheet rises to 54 + 533.43 − 300 = 287.43 and is laid out again (`adjustResize`, the theme's default mode).
    /// Edge to edge the sheet covers the bar and is padded by it (324 tall at 599.43), then by the IME (636 tall at
    /// 287.43); its content stands at the same place either way.
    @Test func aSheetRisesAboveTheIme() {
        for edgeToEdge in [false, true] {
            let shown = app.call("POST", "/keyboard/show", json: json(sheet(300, edgeToEdge: edgeToEdge)))
            #expect(shown.status == 200, "\(shown.text)")
            let placed = shown.json.object("container").object("presentation")
            #expect(placed.string("style") == "bottomSheet")
            #expect(placed.string("state") == "collapsed")
            #expect(near(placed.object("frame").number("y"), 287.43))
            #expect(placed.object("frame").number("height") == (edgeToEdge ? 636 : 300))
            #expect(near(placed.object("contentFrame").number("y"), 287.43))
            #expect(placed.object("contentFrame").number("height") == 300)
            #expect(near(placed.object("restingFrame").number("y"), 599.43))
            #expect(placed.object("restingFrame").number("height") == (edgeToEdge ? 324 : 300))
            #expect(placed.string("focusedRectShown") == "whole")
            #expect(shown.json.string("layoutChange") == "resize")
            #expect(shown.json.object("windowInsets").object("ime").number("bottom") == 336)
            // The sheet's `InsetsAnimationCallback` syncs the IME's animation.
            #expect(shown.json.object("animation")["synced"] as? Bool == true)
        }
    }

    /// An 800-dp sheet, collapsed, not edge to edge, with a field at 500...556 in it: the automatic peek keeps
    /// the sheet 231.429375 below the coordinator's top before and with the IME (285.429 on the screen), so with
    /// the IME only 302 dp of it show above the IME; its list shrinks to 533.43 and scrolls the field by 22.57, to
    /// 477.43...533.43 in the content, 762.86 on the screen: under the IME. Expanded, the sheet fills the
    /// coordinator (54...587.43) and the field shows whole. Edge to edge, the sheet padded by the IME would be
    /// taller than the screen, so even collapsed it goes to the top, padded down to the status bar.
    @Test func aTallCollapsedSheetLeavesTheFieldUnderTheIme() {
        let collapsed = app.call("POST", "/keyboard/show", json: json(sheet(800, focusY: 500)))
        #expect(collapsed.status == 200, "\(collapsed.text)")
        let low = collapsed.json.object("container").object("presentation")
        #expect(near(low.object("frame").number("y"), 285.429))
        #expect(near(low.object("restingFrame").number("y"), 285.429))
        #expect(low.string("focusedRectShown") == "none")
        #expect(near(collapsed.json.object("scrollView").object("frame").number("height"), 533.43))
        #expect(near(collapsed.json.object("contentOffset").number("y"), 22.57))

        let expanded = app.call("POST", "/keyboard/show", json: json(sheet(800, state: "expanded", focusY: 500)))
        let high = expanded.json.object("container").object("presentation")
        #expect(high.object("frame").number("y") == 54)
        #expect(near(high.object("restingFrame").number("y"), 99.43))
        #expect(high.string("focusedRectShown") == "whole")

        let edge = app.call("POST", "/keyboard/show", json: json(sheet(800, edgeToEdge: true, focusY: 500)))
        let top = edge.json.object("container").object("presentation")
        #expect(top.object("frame").number("y") == 0)
        #expect(near(top.object("frame").number("height"), 923.43))
        #expect(top.object("contentFrame").number("y") == 54)
        #expect(near(top.object("contentFrame").number("height"), 533.43))
        #expect(top.string("focusedRectShown") == "whole")
    }

    /// A session holds the sheet: created collapsed, shown (the field under the IME), patched expanded while
    /// shown (the sheet rises to the status bar and the field shows), and hidden (at rest expanded, 99.43). The
    /// resource echoes the sheet as sent.
    @Test func aSessionShowsExpandsAndHidesASheet() {
        let created = app.call("POST", "/sessions", json: json(sheet(800, focusY: 500)))
        #expect(created.status == 201, "\(created.text)")
        #expect(created.json.string("windowSoftInputMode") == "adjustResize")
        #expect(created.json.object("container").object("presentation").number("contentHeight") == 800)
        let id = created.json.string("id") ?? ""
        let shown = app.call("POST", "/keyboard/show", json: json(["sessionId": id, "timestamp": 1]))
        #expect(shown.json.object("container").object("presentation").string("focusedRectShown") == "none")
        let patched = app.call(
            "PATCH", "/sessions/\(id)",
            json: json([
                "timestamp": 1000,
                "container": ["presentation": ["style": "bottomSheet", "contentHeight": 800, "state": "expanded"]],
            ]))
        #expect(patched.status == 200, "\(patched.text)")
        let layout = patched.json.object("containerLayout").object("presentation")
        #expect(layout.object("frame").number("y") == 54)
        #expect(layout.string("focusedRectShown") == "whole")
        let hidden = app.call("POST", "/keyboard/hide", json: json(["sessionId": id, "timestamp": 2000]))
        #expect(hidden.status == 200, "\(hidden.text)")
        #expect(near(hidden.json.object("container").object("presentation").object("frame").number("y"), 99.43))
    }

    /// What a bottom sheet cannot be, each named by its pointer.
    @Test func badSheetsAreRefused() {
        var withBars = sheet(300)
        withBars["container"] = [
            "presentation": ["style": "bottomSheet", "contentHeight": 300], "topAppBar": ["height": 64],
        ]
        var outside = sheet(300)
        outside["scrollView"] = ["frame": ["x": 0, "y": 200, "width": 411.43, "height": 200]]
        var imeInsets = sheet(300, edgeToEdge: true)
        imeInsets["imeInsets"] = "padding"
        let cases: [(body: [String: Any], pointer: String)] = [
            (
                [
                    "platform": "android", "device": ["id": "pixel-9"],
                    "container": ["presentation": ["style": "bottomSheet"]],
                ], "/container/presentation/contentHeight"
            ),
            (
                [
                    "platform": "android", "device": ["id": "pixel-9"],
                    "container": ["presentation": ["style": "bottomSheet", "contentHeight": 300, "state": "hidden"]],
                ], "/container/presentation/state"
            ),
            (
                [
                    "platform": "android", "device": ["id": "pixel-9"],
                    "container": [
                        "presentation": ["style": "bottomSheet", "contentHeight": 300, "detents": ["medium"]]
                    ],
                ], "/container/presentation/detents"
            ),
            (
                [
                    "platform": "android", "device": ["id": "pixel-9"],
                    "container": [
                        "presentation": [
                            "style": "dialog", "size": ["width": 300, "height": 300], "contentHeight": 300,
                        ]
                    ],
                ], "/container/presentation/contentHeight"
            ),
            (
                [
                    "device": ["id": "iphone-17-pro"],
                    "container": ["presentation": ["style": "bottomSheet", "contentHeight": 300]],
                ], "/container/presentation/style"
            ),
            (
                [
                    "device": ["id": "iphone-17-pro"],
                    "container": ["presentation": ["style": "sheet", "peekHeight": 100]],
                ], "/container/presentation/peekHeight"
            ),
            (withBars, "/container/topAppBar"),
            (outside, "/scrollView/frame"),
            (imeInsets, "/imeInsets"),
        ]
        for (body, pointer) in cases {
            let answer = app.call("POST", "/keyboard/show", json: json(body))
            #expect(answer.status == 400, "\(body)")
            let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0.string("pointer") }
            #expect(pointers.contains(pointer), "\(pointer): \(answer.text)")
        }
    }
}

import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

/// Bars × presentations × devices (an iPhone in portrait and landscape, an iPad in landscape) × keyboards (docked
/// from the catalogue, docked under a 44-pt accessory view, floating): each case worked by hand from the catalogue's
/// numbers, so a rule that moves shows here. iPhone 17 Pro (iOS 26.5): 402 × 874, safe area 62/34 in portrait and
/// 0/20 (62 at the sides) in landscape, keyboard 335 (top 539) and 208 (top 194). iPad Pro 11-inch (M4) in
/// landscape: 1210 × 834, safe area 32/25, keyboard 428 (top 406).
@Suite("Containers, table")
struct ContainerTableTests {
    let app = makeApp()

    enum Keyboard: String, Sendable {
        /// The catalogue's docked keyboard for the device.
        case docked
        /// The same under a 44-pt `inputAccessoryView`, which the service adds on top of it.
        case accessory
        /// A floating keyboard's frame sent (iPad's undocked keyboard), which leaves a docked layout no inset.
        case floating
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var device: String
        var orientation = "portrait"
        var container: String
        var keyboard: Keyboard
        /// The `contentInset.bottom` expected, or nil when refused.
        var inset: Double?
        /// The style shown, when answered.
        var shown: String?
        /// The pointer the 400 names, when refused.
        var refusedAt: String?

        var testDescription: String { "\(device) \(orientation) \(container) \(keyboard)" }
    }

    static let sheet = #""presentation":{"style":"sheet","detents":["medium","large"]}"#
    static let formSheet = #""presentation":{"style":"formSheet","frame":{"x":305,"y":50,"width":600,"height":500}}"#

    static let cases: [Case] = [
        // A sheet expanded to large (62...874) under a 70-pt bar: the 335-pt keyboard less the 34 pt of home
        // indicator the sheet covers.
        Case(
            device: "iphone-17-pro", container: "{\"navigationBar\":{},\(sheet)}", keyboard: .docked, inset: 301,
            shown: "sheet"),
        // The accessory view makes the keyboard 379 tall: 379 − 34.
        Case(
            device: "iphone-17-pro",
            container: "{\"navigationBar\":{},\"inputAccessoryView\":{\"height\":44},\(sheet)}",
            keyboard: .accessory, inset: 345, shown: "sheet"),
        // A keyboard that is not docked at the bottom: no inset.
        Case(
            device: "iphone-17-pro", container: "{\"navigationBar\":{},\(sheet)}", keyboard: .floating, inset: 0,
            shown: "sheet"),
        // In landscape the sheet is full screen: the 208-pt keyboard less the 20-pt bottom safe area.
        Case(
            device: "iphone-17-pro", orientation: "landscape", container: "{\(sheet)}", keyboard: .docked, inset: 188,
            shown: "fullScreen"),
        Case(
            device: "iphone-17-pro", orientation: "landscape",
            container: "{\"inputAccessoryView\":{\"height\":44},\(sheet)}", keyboard: .accessory, inset: 232,
            shown: "fullScreen"),
        // A tab bar in a sheet has no published height.
        Case(
            device: "iphone-17-pro", container: "{\"tabBar\":{},\(sheet)}", keyboard: .docked,
            refusedAt: "/container/tabBar/height"),
        // A tab bar outside one: the issue's case, 335 − 49 − 34.
        Case(device: "iphone-17-pro", container: "{\"tabBar\":{}}", keyboard: .docked, inset: 252),
        Case(
            device: "iphone-17-pro", container: "{\"tabBar\":{},\"inputAccessoryView\":{\"height\":44}}",
            keyboard: .accessory, inset: 296),
        // An iPad's form sheet at 50...550 sees only its overlap with the keyboard: 550 − 406, or 550 − 362 under
        // the accessory view; the keyboard floating over it, nothing.
        Case(
            device: "ipad-pro-11-m4", orientation: "landscape", container: "{\(formSheet)}", keyboard: .docked,
            inset: 144, shown: "formSheet"),
        Case(
            device: "ipad-pro-11-m4", orientation: "landscape",
            container: "{\"inputAccessoryView\":{\"height\":44},\(formSheet)}", keyboard: .accessory, inset: 188,
            shown: "formSheet"),
        Case(
            device: "ipad-pro-11-m4", orientation: "landscape", container: "{\(formSheet)}", keyboard: .floating,
            inset: 0, shown: "formSheet"),
        // Without its frame an iPad's form sheet is refused (no published size), and so is a popover the keyboard
        // covers; one clear of it needs no inset.
        Case(
            device: "ipad-pro-11-m4", orientation: "landscape", container: #"{"presentation":{"style":"formSheet"}}"#,
            keyboard: .docked, refusedAt: "/container/presentation/frame"),
        Case(
            device: "ipad-pro-11-m4", orientation: "landscape",
            container: #"{"presentation":{"style":"popover","frame":{"x":305,"y":50,"width":400,"height":400}}}"#,
            keyboard: .docked, refusedAt: "/container/presentation/frame"),
        Case(
            device: "ipad-pro-11-m4", orientation: "landscape",
            container: #"{"presentation":{"style":"popover","frame":{"x":305,"y":50,"width":400,"height":300}}}"#,
            keyboard: .docked, inset: 0, shown: "popover"),
    ]

    @Test(arguments: cases)
    func containersMeetTheKeyboard(_ test: Case) throws {
        let container = try JSONSerialization.jsonObject(with: Data(test.container.utf8))
        var body: [String: Any] = [
            "device": ["id": test.device, "orientation": test.orientation], "container": container,
            "scrollView": ["contentSize": ["width": 402, "height": 3000]],
        ]
        if test.keyboard == .floating {
            // A floating keyboard over the middle of the screen, as a log reports it.
            body["keyboard"] = ["frameEnd": ["x": 100, "y": 300, "width": 320, "height": 250]]
        }
        let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        let answer = app.call("POST", "/keyboard/show", json: String(decoding: data, as: UTF8.self))
        if let pointer = test.refusedAt {
            #expect(answer.status == 400, "\(test): \(answer.text)")
            let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0.string("pointer") }
            #expect(pointers.contains(pointer), "\(test): \(answer.text)")
            return
        }
        #expect(answer.status == 200, "\(test): \(answer.text)")
        #expect(answer.json.object("contentInset").number("bottom") == test.inset, "\(test): \(answer.text)")
        if let shown = test.shown {
            #expect(answer.json.object("container").object("presentation").string("style") == shown, "\(test)")
        }
    }
}

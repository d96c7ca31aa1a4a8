import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

/// `platform: "android"` on `POST /keyboard/show` and `/keyboard/hide`, stateless. Every expected number is worked
/// by hand from the request, as docs/android.md's rules say: the IME's inset from the window's bottom, the lift
/// `ime − navigationBar` for a list that ends above the bar (the IME's overlap with one that reaches into it),
/// `ScrollView`'s scroll of the focused view into the shrunk frame, the pan that brings the caret (else the view)
/// above the IME.
@Suite("Android requests")
struct AndroidRouteTests {
    let app = makeApp()

    /// A 412 × 915 dp phone, 24-dp status bar, 48-dp three-button bar, a list from y 80 to 867 holding 2000 dp,
    /// a 56-dp field at y 700, and `extra` members.
    static func body(_ extra: String = "", ime: Bool = true) -> String {
        """
        {"platform": "android", "screen": {"width": 412, "height": 915},
         "systemBars": {"top": 24, "bottom": 48}, "navigationMode": "threeButton",
         "scrollView": {"frame": {"x": 0, "y": 80, "width": 412, "height": 787},
           "contentSize": {"width": 412, "height": 2000}},
         "focusedRect": {"x": 16, "y": 700, "width": 380, "height": 56}
         \(ime ? #", "keyboard": {"frameEnd": {"x": 0, "y": 515, "width": 412, "height": 400}}"# : "")
         \(extra.isEmpty ? "" : ", " + extra)}
        """
    }

    func show(_ extra: String = "") -> [String: Any] {
        let answer = app.call("POST", "/keyboard/show", json: Self.body(extra))
        #expect(answer.status == 200, "\(answer.text)")
        return answer.json
    }

    @Test func aResizedWindowShrinksTheListToTheIMEsTopAndScrollsTheFieldIntoIt() {
        let json = show(#""insetsAnimationCallback": true"#)
        #expect(json.string("platform") == "android")
        let insets = json.object("windowInsets")
        #expect(insets.object("ime").number("bottom") == 400)
        #expect(insets.object("navigationBars").number("bottom") == 48)
        #expect(insets.object("statusBars").number("top") == 24)
        #expect(insets.object("systemBars").number("top") == 24 && insets.object("systemBars").number("bottom") == 48)
        #expect(json.string("layoutChange") == "resize")
        // 787 − (400 − 48) = 435: the list ends at 515, the IME's top.
        #expect(json.at("scrollView", "frame").number("height") == 435)
        #expect(json.at("scrollView", "frame").number("y") == 80)
        #expect(json.object("contentPadding").number("bottom") == 0)
        #expect(json.object("windowPan").number("y") == 0)
        // The field's bottom, 756 − 80 = 676 in the content, must end within 435: 676 − 435 = 241.
        #expect(json.object("contentOffset").number("y") == 241)
        let animation = json.object("animation")
        #expect(animation.number("duration") == 0.285 && animation.number("cssDuration") == 285)
        #expect(animation["synced"] as? Bool == true && animation.string("layout") == "followsIme")
        #expect(animation.string("interpolator") == "PathInterpolator(0.2, 0, 0, 1)")
        #expect(animation.string("timingFunction") == "cubic-bezier(0.2, 0, 0, 1)")
        #expect(animation.string("linearEasing")?.hasPrefix("linear(0, ") == true)
        #expect(animation.at("from", "ime").number("bottom") == 0)
        #expect(animation.at("from", "scrollView", "frame").number("height") == 787)
        #expect(animation.at("to", "ime").number("bottom") == 400)
        #expect(animation.at("to", "scrollView", "frame").number("height") == 435)
        #expect(animation.at("to", "contentOffset").number("y") == 241)
        let scroller = animation.object("scroller")
        #expect(scroller.number("duration") == 0.25 && scroller.number("cssDuration") == 250)
        #expect(scroller.object("contentOffset").number("from") == 0)
        #expect(scroller.object("contentOffset").number("to") == 241)
        #expect(scroller.object("windowPan").number("to") == 0)
    }

    @Test func withoutACallbackTheIMERunsItsOwnCurveAndTheLayoutJumps() {
        let animation = show().object("animation")
        #expect(animation.number("duration") == 0.2 && animation.number("cssDuration") == 200)
        #expect(animation.string("interpolator") == "PathInterpolator(0, 0, 0.2, 1)")
        #expect(animation.string("layout") == "atOnce" && animation["synced"] as? Bool == false)
        // Laid out for the end from the start: the list is already 435 tall while the IME rises.
        #expect(animation.at("from", "scrollView", "frame").number("height") == 435)
        #expect(animation.at("from", "ime").number("bottom") == 0)
    }

    @Test func aPannedWindowMovesUpByWhatTheCaretOrTheFieldNeeds() {
        let field = show(#""windowSoftInputMode": "adjustPan""#)
        #expect(field.string("layoutChange") == "none")
        #expect(field.at("scrollView", "frame").number("height") == 787)
        // The field's bottom 756 above the IME's top 515: 241.
        #expect(field.object("windowPan").number("y") == 241)
        #expect(field.object("contentOffset").number("y") == 0)
        #expect(field.at("animation", "scroller", "windowPan").number("to") == 241)
        // The caret's line, 712 to 732: 732 − 515 = 217.
        let caret = show(
            #""windowSoftInputMode": "adjustPan", "caretRect": {"x": 40, "y": 712, "width": 2, "height": 20}"#)
        #expect(caret.object("windowPan").number("y") == 217)
    }

    @Test func anEdgeToEdgeAppGetsWhatItsInsetHandlingDoes() {
        let padding = show(#""edgeToEdge": true, "imeInsets": "padding""#)
        #expect(padding.string("layoutChange") == "padding")
        #expect(padding.object("contentPadding").number("bottom") == 352)
        #expect(padding.at("scrollView", "frame").number("height") == 787)
        let resize = show(#""edgeToEdge": true, "imeInsets": "resize""#)
        #expect(resize.at("scrollView", "frame").number("height") == 435)
        let none = show(#""edgeToEdge": true"#)
        #expect(none.string("layoutChange") == "none")
        #expect(none.at("scrollView", "frame").number("height") == 787)
        #expect(none.object("contentPadding").number("bottom") == 0)
        // The framework's adjustResize does nothing for an edge-to-edge window: the insets are the app's.
        #expect(none.object("windowInsets").object("ime").number("bottom") == 400)
    }

    /// Issue 45's request: edge to edge, a list over the whole 915-dp screen, three-button navigation, a 328-dp IME
    /// (the bar's area included, its top at 587), `bar` the navigation bar and `extra` members.
    static func fullScreen(_ extra: String, navigation: String = "threeButton", bar: Double = 48, ime: Bool = true)
        -> String
    {
        """
        {"platform": "android", "screen": {"width": 412, "height": 915},
         "systemBars": {"top": 24, "bottom": \(bar)}, "navigationMode": "\(navigation)",
         "scrollView": {"frame": {"x": 0, "y": 0, "width": 412, "height": 915},
           "contentSize": {"width": 412, "height": 2000}},
         \(ime ? #""keyboard": {"frameEnd": {"x": 0, "y": 587, "width": 412, "height": 328}},"# : "") \(extra)}
        """
    }

    /// It was 635 tall (its bottom 48 dp under the IME) with `resize`, padded by 280 with `padding`: the IME's
    /// inset less the bar, as though the layout kept a bar clear that the list's frame covers.
    @Test func aFullScreenListEndsAtTheIMEsTopWhateverTheBar() {
        for (navigation, bar) in [("threeButton", 48.0), ("gesture", 24.0)] {
            let call = { (extra: String) -> [String: Any] in
                let answer = app.call(
                    "POST", "/keyboard/show", json: Self.fullScreen(extra, navigation: navigation, bar: bar))
                #expect(answer.status == 200, "\(answer.text)")
                return answer.json
            }
            let resize = call(#""edgeToEdge": true, "imeInsets": "resize", "insetsAnimationCallback": true"#)
            #expect(resize.at("scrollView", "frame").number("height") == 587, "\(navigation)")
            #expect(resize.at("animation", "to", "scrollView", "frame").number("height") == 587, "\(navigation)")
            #expect(resize.at("animation", "from", "scrollView", "frame").number("height") == 915, "\(navigation)")
            let padding = call(#""edgeToEdge": true, "imeInsets": "padding""#)
            #expect(padding.object("contentPadding").number("bottom") == 328, "\(navigation)")
            #expect(padding.at("scrollView", "frame").number("height") == 915, "\(navigation)")
            // Fitting the bars under adjustResize, a frame given to the screen's bottom ends at the IME's top too;
            // adjustPan pans the window (no field here: by nothing) and keeps the frame.
            let fitting = call(#""windowSoftInputMode": "adjustResize""#)
            #expect(fitting.at("scrollView", "frame").number("height") == 587, "\(navigation)")
            let pan = call(#""windowSoftInputMode": "adjustPan""#)
            #expect(pan.at("scrollView", "frame").number("height") == 915, "\(navigation)")
            #expect(pan.object("windowPan").number("y") == 0, "\(navigation)")
        }
    }

    @Test func aHideFromTheIMEsFrameRunsTheHideCurveBackToRest() {
        let body = Self.body(
            #""keyboard": {"frameBegin": {"x": 0, "y": 515, "width": 412, "height": 400}}"#, ime: false)
        let answer = app.call("POST", "/keyboard/hide", json: body)
        #expect(answer.status == 200, "\(answer.text)")
        let json = answer.json
        #expect(json.object("windowInsets").object("ime").number("bottom") == 0)
        #expect(json.at("scrollView", "frame").number("height") == 787)
        let animation = json.object("animation")
        #expect(animation.string("interpolator") == "PathInterpolator(0.4, 0, 1, 1)")
        #expect(animation.at("from", "ime").number("bottom") == 400)
        #expect(animation.at("to", "ime").number("bottom") == 0)
        #expect(animation.number("delay") == 0)
    }

    @Test func aDeviceGivesTheScreenTheBarsAndTheIME() {
        let body = """
            {"platform": "android", "device": {"id": "pixel-9"},
             "scrollView": {"frame": {"x": 0, "y": 0, "width": 411.43, "height": 923.43}}}
            """
        let answer = app.call("POST", "/keyboard/show", json: body)
        #expect(answer.status == 200, "\(answer.text)")
        let json = answer.json
        // The catalogue's Pixel 9: a 336-dp IME, a 54-dp status bar, a 24-dp gesture bar.
        #expect(json.at("windowInsets", "ime").number("bottom") == 336)
        #expect(json.at("windowInsets", "statusBars").number("top") == 54)
        #expect(json.at("windowInsets", "navigationBars").number("bottom") == 24)
        // The list covers the whole screen, the bar's area included: it ends at the IME's top, 923.43 − 336 (it was
        // 923.43 − (336 − 24), 24 dp under the IME).
        #expect(json.at("scrollView", "frame").number("height") == 923.43 - 336)
    }

    @Test func aDeviceWithoutANumberAsksForItByPointer() {
        let body = """
            {"platform": "android", "device": {"id": "pixel-8"},
             "scrollView": {"frame": {"x": 0, "y": 0, "width": 412, "height": 915}}}
            """
        let answer = app.call("POST", "/keyboard/show", json: body)
        #expect(answer.status == 400)
        let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0.string("pointer") }
        #expect(pointers == ["/systemBars/top", "/systemBars/bottom", "/keyboard/frameEnd"])
        let iOS = app.call(
            "POST", "/keyboard/show",
            json:
                #"{"platform": "android", "device": {"id": "iphone-16"}, "scrollView": {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#
        )
        #expect(iOS.status == 400)
        #expect(iOS.text.contains("names no Android device"))
    }

    func pointers(_ path: String, _ body: String) -> [String] {
        let answer = app.call("POST", path, json: body)
        #expect(answer.status == 400, "\(answer.text)")
        return (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0.string("pointer") }
    }

    @Test func membersOfTheOtherPlatformAreRefusedByName() {
        let iOS = """
            {"scrollView": {"frame": {"x": 0, "y": 0, "width": 10, "height": 10}}, "edgeToEdge": true,
             "systemBars": {"top": 1, "bottom": 2}, "keyboard": {"frameEnd": {"x": 0, "y": 5, "width": 10, "height": 5}}}
            """
        #expect(pointers("/keyboard/show", iOS) == ["/edgeToEdge", "/systemBars/bottom", "/systemBars/top"])
        let android = Self.body(#""keyboardDistance": 8, "pinnedViews": []"#, ime: false)
        #expect(pointers("/keyboard/hide", android) == ["/keyboardDistance", "/pinnedViews"])
        let notification = """
            {"platform": "android", "screen": {"width": 10, "height": 10},
             "scrollView": {"frame": {"x": 0, "y": 0, "width": 10, "height": 10}},
             "keyboard": {"frameEnd": {"x": 0, "y": 5, "width": 10, "height": 5}, "animationDuration": 0.25,
               "animationCurve": 7}}
            """
        #expect(
            pointers("/keyboard/show", notification) == ["/keyboard/animationCurve", "/keyboard/animationDuration"])
    }

    @Test func badAndroidValuesAreRefusedWithPointers() {
        #expect(
            pointers("/keyboard/show", Self.body(#""windowSoftInputMode": "adjustUnspecified""#)) == [
                "/windowSoftInputMode"
            ])
        let twoButton = Self.body().replacingOccurrences(of: "threeButton", with: "twoButton")
        #expect(pointers("/keyboard/show", twoButton) == ["/navigationMode"])
        #expect(pointers("/keyboard/show", Self.body(#""imeInsets": "margin""#)) == ["/imeInsets"])
        let windows = Self.body().replacingOccurrences(of: #""platform": "android""#, with: #""platform": "windows""#)
        #expect(pointers("/keyboard/show", windows).contains("/platform"))
        let negative = Self.body().replacingOccurrences(of: #""top": 24"#, with: #""top": -1"#)
        #expect(pointers("/keyboard/show", negative) == ["/systemBars/top"])
        let noScreen = Self.body().replacingOccurrences(of: #""screen": {"width": 412, "height": 915},"#, with: "")
        #expect(pointers("/keyboard/show", noScreen) == ["/screen"])
        #expect(pointers("/keyboard/show", Self.body(ime: false)) == ["/keyboard/frameEnd"])
    }
}

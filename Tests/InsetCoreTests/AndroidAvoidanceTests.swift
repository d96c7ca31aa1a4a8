import Testing

@testable import InsetCore

/// One combination of the window's settings, with what it must give, worked by hand below.
struct AndroidCase: Sendable, CustomTestStringConvertible {
    var mode: SoftInputMode
    var edgeToEdge: Bool
    var imeInsets: ImeInsetsHandling
    var synced: Bool
    var navigation: NavigationMode
    var focus: AndroidFocus

    var testDescription: String {
        "\(mode) \(edgeToEdge ? "edge-to-edge \(imeInsets)" : "fitting") \(synced ? "synced" : "unsynced") "
            + "\(navigation) \(focus)"
    }
}

/// Where the focused field lies against the IME, whose top is at y = 579 in every case.
enum AndroidFocus: String, CaseIterable, Sendable {
    /// y 300...348: above the IME.
    case above
    /// y 560...608: across the IME's top.
    case across
    /// y 760...808: under the IME.
    case under

    var rect: Rect {
        switch self {
        case .above: return Rect(x: 16, y: 300, width: 380, height: 48)
        case .across: return Rect(x: 16, y: 560, width: 380, height: 48)
        case .under: return Rect(x: 16, y: 760, width: 380, height: 48)
        }
    }

    /// How far the rect's bottom passes the IME's top (579): 0, 608 − 579, 808 − 579.
    var passing: Double {
        switch self {
        case .above: return 0
        case .across: return 29
        case .under: return 229
        }
    }
}

let androidCases: [AndroidCase] = SoftInputMode.allCases.flatMap { mode in
    [false, true].flatMap { edgeToEdge in
        (edgeToEdge ? ImeInsetsHandling.allCases : [.none]).flatMap { imeInsets in
            [false, true].flatMap { synced in
                NavigationMode.allCases.flatMap { navigation in
                    AndroidFocus.allCases.map {
                        AndroidCase(
                            mode: mode, edgeToEdge: edgeToEdge, imeInsets: imeInsets, synced: synced,
                            navigation: navigation, focus: $0)
                    }
                }
            }
        }
    }
}

/// A 412 × 915-dp phone: a 24-dp status bar, a 56-dp toolbar, a list from y 80 to the navigation bar (48 dp with
/// three buttons, 24 with gestures), 2 000 dp of content at offset 0, and a 336-dp IME from y 579 to the bottom.
func androidLayout(_ c: AndroidCase) -> AndroidLayout {
    let bar: Double = c.navigation == .threeButton ? 48 : 24
    return AndroidLayout(
        screen: Size(width: 412, height: 915), statusBar: 24, navigationBar: bar, navigationMode: c.navigation,
        softInputMode: c.mode, edgeToEdge: c.edgeToEdge, imeInsets: c.imeInsets,
        insetsAnimationCallback: c.synced,
        container: ScrollContainer(
            frame: Rect(x: 0, y: 80, width: 412, height: 915 - bar - 80),
            contentSize: Size(width: 412, height: 2000), contentOffset: .zero),
        focusedRect: c.focus.rect)
}

let androidIME = Rect(x: 0, y: 579, width: 412, height: 336)

@Suite("Android: where the window's content goes")
struct AndroidAvoidanceTests {
    @Test("Each mode, edge to edge or not, inset handling, sync, navigation and focus", arguments: androidCases)
    func shown(_ c: AndroidCase) {
        let layout = androidLayout(c)
        let result = AndroidAvoidance.shown(layout, imeFrame: androidIME)
        let bar = layout.navigationBar
        // The IME's inset is its whole height, the navigation bar's area included; the bars are reported as laid.
        #expect(result.windowInsets.ime == EdgeInsets(top: 0, left: 0, bottom: 336, right: 0))
        #expect(result.windowInsets.navigationBars == EdgeInsets(top: 0, left: 0, bottom: bar, right: 0))
        #expect(result.windowInsets.statusBars == EdgeInsets(top: 24, left: 0, bottom: 0, right: 0))

        let resized = c.edgeToEdge ? c.imeInsets == .resize : c.mode == .adjustResize
        let padded = c.edgeToEdge && c.imeInsets == .padding
        // Resized, the list ends at the IME's top (579 − 80 = 499 tall) and scrolls the field's bottom to its own;
        // padded, it keeps its frame and gains what the IME covers beyond the bar (336 − 48 or 336 − 24).
        #expect(result.containerFrame.height == (resized ? 499 : 915 - bar - 80))
        #expect(result.contentPaddingBottom == (padded ? (bar == 48 ? 288 : 312) : 0))
        #expect(result.contentOffset == Point(x: 0, y: resized ? c.focus.passing : 0))
        // Only adjustPan pans, edge to edge or not, by exactly how far the field passes the IME's top.
        #expect(result.windowPanY == (c.mode == .adjustPan ? c.focus.passing : 0))

        let animation = ImeAnimation(showing: true, synced: c.synced)
        #expect(animation.duration == (c.synced ? 0.285 : 0.2))
        #expect(
            animation.curve
                == (c.synced
                    ? CubicBezier(p1x: 0.2, p1y: 0, p2x: 0, p2y: 1) : CubicBezier(p1x: 0, p1y: 0, p2x: 0.2, p2y: 1)))
    }

    @Test("Hidden, every setting gives the layout at rest", arguments: androidCases)
    func hidden(_ c: AndroidCase) {
        let layout = androidLayout(c)
        let result = AndroidAvoidance.hidden(layout)
        #expect(result.windowInsets.ime == .zero)
        #expect(result.containerFrame == layout.container.frame)
        #expect(result.contentPaddingBottom == 0)
        #expect(result.windowPanY == 0)
        #expect(result.contentOffset == .zero)
    }

    /// A caret is 4 dp wide (`TextView.bringPointIntoView`: x − 2 ... x + 2) and a line tall; the visible bottom is
    /// 915 − 336 = 579.
    @Test(
        "adjustPan moves a caret near the IME's top by exactly what it passes",
        arguments: [
            (Rect(x: 100, y: 559, width: 4, height: 20), 0.0),  // ends on the IME's top
            (Rect(x: 100, y: 560, width: 4, height: 20), 1.0),  // 580 − 579
            (Rect(x: 100, y: 570, width: 4, height: 20), 11.0),  // 590 − 579
            (Rect(x: 100, y: 578.5, width: 4, height: 20), 19.5),  // 598.5 − 579
            (Rect(x: 100, y: 600, width: 4, height: 24), 45.0),  // 624 − 579, wholly under
            (Rect(x: 100, y: 10, width: 4, height: 20), -14.0),  // under the status bar: 10 − 24, the window moves down
        ])
    func caretPan(_ caret: Rect, _ pan: Double) {
        var layout = androidLayout(
            AndroidCase(
                mode: .adjustPan, edgeToEdge: false, imeInsets: .none, synced: false, navigation: .threeButton,
                focus: .above))
        layout.focusedRect = caret
        #expect(AndroidAvoidance.shown(layout, imeFrame: androidIME).windowPanY == pan)
    }

    @Test("The pan brings the caret's line into view, the list's scroll the whole field")
    func caretAndField() {
        var pan = androidLayout(
            AndroidCase(
                mode: .adjustPan, edgeToEdge: false, imeInsets: .none, synced: false, navigation: .threeButton,
                focus: .across))
        // The field is 560...608, its caret's line 570...590: the pan is 590 − 579, not 608 − 579.
        pan.caretRect = Rect(x: 100, y: 570, width: 4, height: 20)
        #expect(AndroidAvoidance.shown(pan, imeFrame: androidIME).windowPanY == 11)
        var resize = pan
        resize.softInputMode = .adjustResize
        #expect(AndroidAvoidance.shown(resize, imeFrame: androidIME).contentOffset.y == 29)
    }

    @Test("The pan takes only what shows of a field the list cuts off")
    func panClipsToTheList() {
        var layout = androidLayout(
            AndroidCase(
                mode: .adjustPan, edgeToEdge: false, imeInsets: .none, synced: false, navigation: .threeButton,
                focus: .across))
        // The list ends at 600, above a composer; the field 580...628 shows down to 600: 600 − 579.
        layout.container.frame.height = 520
        layout.focusedRect = Rect(x: 16, y: 580, width: 380, height: 48)
        #expect(AndroidAvoidance.shown(layout, imeFrame: androidIME).windowPanY == 21)
    }

    @Test("A focused rect taller than the visible height keeps the pan there was")
    func tallFocusKeepsThePan() {
        var layout = androidLayout(
            AndroidCase(
                mode: .adjustPan, edgeToEdge: false, imeInsets: .none, synced: false, navigation: .threeButton,
                focus: .above))
        // Visible: 915 − 24 − 336 = 555 dp; a 556-dp rect cannot fit, a 555-dp one can.
        layout.focusedRect = Rect(x: 0, y: 100, width: 412, height: 556)
        #expect(AndroidAvoidance.shown(layout, imeFrame: androidIME, previousPanY: 40).windowPanY == 40)
        layout.focusedRect = Rect(x: 0, y: 100, width: 412, height: 555)
        #expect(AndroidAvoidance.shown(layout, imeFrame: androidIME, previousPanY: 40).windowPanY == 76)  // 655 − 579
    }

    @Test("The IME's inset is its overlap with the window, from the bottom")
    func imeInset() {
        let screen = Size(width: 412, height: 915)
        #expect(AndroidAvoidance.imeInset(frame: androidIME, screen: screen) == 336)
        // Reaching past the screen counts only what lies on it; off the screen, nothing.
        #expect(AndroidAvoidance.imeInset(frame: Rect(x: 0, y: 700, width: 412, height: 400), screen: screen) == 215)
        #expect(AndroidAvoidance.imeInset(frame: Rect(x: 0, y: 915, width: 412, height: 336), screen: screen) == 0)
        #expect(AndroidAvoidance.imeInset(frame: Rect(x: 500, y: 579, width: 412, height: 336), screen: screen) == 0)
    }

    @Test("A resized ScrollView scrolls only a focused field it was showing, and never past its content")
    func scrollViewRules() {
        var layout = androidLayout(
            AndroidCase(
                mode: .adjustResize, edgeToEdge: false, imeInsets: .none, synced: false, navigation: .threeButton,
                focus: .under))
        // The field is given where it shows, so it is on screen: scrolled to 800, it lies at 1 480...1 528 in the
        // content and the list scrolls by the same 229.
        layout.container.contentOffset = Point(x: 0, y: 800)
        #expect(AndroidAvoidance.shown(layout, imeFrame: androidIME).contentOffset.y == 1029)
        // The field at 680...728 wants 229, but with 600 dp of content the end is 600 − 499 = 101 away: 101.
        layout.container.contentOffset = .zero
        layout.container.contentSize.height = 600
        #expect(AndroidAvoidance.shown(layout, imeFrame: androidIME).contentOffset.y == 101)
        // Hiding brings the height back to 787 and clamps the offset to the range then: 0 for 600 dp of content.
        layout.container.contentOffset = Point(x: 0, y: 101)
        #expect(AndroidAvoidance.hidden(layout).contentOffset.y == 0)
        // A field outside the list (a composer below it, y 870) is not the list's to scroll.
        layout.container.contentOffset = .zero
        layout.container.contentSize.height = 2000
        layout.focusedRect = Rect(x: 0, y: 870, width: 412, height: 40)
        #expect(AndroidAvoidance.shown(layout, imeFrame: androidIME).contentOffset.y == 0)
    }
}

/// Where a list's frame ends at rest, on the 412 × 915-dp phone with the issue's 328-dp IME (top at y 587).
enum AndroidListBottom: String, CaseIterable, Sendable {
    /// At the screen's bottom, under the navigation bar (edge to edge, nothing keeps the bar clear).
    case screen
    /// Half-way into the navigation bar.
    case inBar
    /// At the navigation bar's top.
    case barTop
    /// 56 dp above the bar: a composer lies between.
    case aboveComposer

    func maxY(bar: Double) -> Double {
        switch self {
        case .screen: return 915
        case .inBar: return 915 - bar / 2
        case .barTop: return 915 - bar
        case .aboveComposer: return 915 - bar - 56
        }
    }
}

/// One list bottom and navigation with what a resize and a padding must give, worked by hand: a list that reaches
/// into the bar's area loses the IME's overlap with its frame (its bottom less 587), one that ends above the bar
/// what the IME covers beyond the bar (328 − bar), and what lies below it rises with it.
struct AndroidBottomCase: Sendable, CustomTestStringConvertible {
    var navigation: NavigationMode
    var bottom: AndroidListBottom
    /// The list's height resized, from y 0.
    var resized: Double
    /// The padding, the frame kept.
    var padding: Double

    var testDescription: String { "\(navigation) list to the \(bottom)" }
}

let androidBottomCases: [AndroidBottomCase] = [
    // Three buttons, a 48-dp bar from 867: to 915, 891, 867, 811.
    AndroidBottomCase(navigation: .threeButton, bottom: .screen, resized: 587, padding: 328),  // 915 − 587
    AndroidBottomCase(navigation: .threeButton, bottom: .inBar, resized: 587, padding: 304),  // 891 − 587
    AndroidBottomCase(navigation: .threeButton, bottom: .barTop, resized: 587, padding: 280),  // 328 − 48
    AndroidBottomCase(navigation: .threeButton, bottom: .aboveComposer, resized: 531, padding: 280),  // 811 − 280
    // Gestures, a 24-dp bar from 891: to 915, 903, 891, 835.
    AndroidBottomCase(navigation: .gesture, bottom: .screen, resized: 587, padding: 328),
    AndroidBottomCase(navigation: .gesture, bottom: .inBar, resized: 587, padding: 316),  // 903 − 587
    AndroidBottomCase(navigation: .gesture, bottom: .barTop, resized: 587, padding: 304),  // 328 − 24
    AndroidBottomCase(navigation: .gesture, bottom: .aboveComposer, resized: 531, padding: 304),  // 835 − 304
]

/// The issue's phone: 412 × 915 dp, a 24-dp status bar, the bar `navigation` gives, a list from y 0 to `maxY`
/// holding 2 000 dp, no focused view.
func fullScreenLayout(
    _ navigation: NavigationMode, maxY: Double, mode: SoftInputMode = .adjustResize, edgeToEdge: Bool = true,
    imeInsets: ImeInsetsHandling = .resize, synced: Bool = false
) -> AndroidLayout {
    AndroidLayout(
        screen: Size(width: 412, height: 915), statusBar: 24, navigationBar: navigation == .threeButton ? 48 : 24,
        navigationMode: navigation, softInputMode: mode, edgeToEdge: edgeToEdge, imeInsets: imeInsets,
        insetsAnimationCallback: synced,
        container: ScrollContainer(
            frame: Rect(x: 0, y: 0, width: 412, height: maxY), contentSize: Size(width: 412, height: 2000),
            contentOffset: .zero),
        focusedRect: nil)
}

/// The issue's IME: 328 dp, the navigation bar's area included, its top at 587.
let issueIME = Rect(x: 0, y: 587, width: 412, height: 328)

@Suite("Android: a list against the navigation bar and the IME")
struct AndroidListBottomTests {
    /// Issue 45: edge to edge, a list over the whole screen (0 to 915) with `resize` was 635 tall, its bottom 48 dp
    /// under the IME's top at 587; with `padding` it got 280 where the IME covers 328 of it.
    @Test("A full-screen list ends at the IME's top, or is padded by the whole IME")
    func issueCase() {
        let resize = AndroidAvoidance.shown(fullScreenLayout(.threeButton, maxY: 915), imeFrame: issueIME)
        #expect(resize.containerFrame == Rect(x: 0, y: 0, width: 412, height: 587))
        #expect(resize.contentPaddingBottom == 0)
        let padding = AndroidAvoidance.shown(
            fullScreenLayout(.threeButton, maxY: 915, imeInsets: .padding), imeFrame: issueIME)
        #expect(padding.containerFrame.height == 915)
        #expect(padding.contentPaddingBottom == 328)
    }

    @Test("Every mode, edge to edge or not, by where the list ends", arguments: androidBottomCases)
    func byBottom(_ c: AndroidBottomCase) {
        let bar: Double = c.navigation == .threeButton ? 48 : 24
        let maxY = c.bottom.maxY(bar: bar)
        for mode in SoftInputMode.allCases {
            for (edgeToEdge, handling) in [
                (false, ImeInsetsHandling.none), (true, .none), (true, .padding), (true, .resize),
            ] {
                let layout = fullScreenLayout(
                    c.navigation, maxY: maxY, mode: mode, edgeToEdge: edgeToEdge, imeInsets: handling)
                let result = AndroidAvoidance.shown(layout, imeFrame: issueIME)
                let resized = edgeToEdge ? handling == .resize : mode == .adjustResize
                let padded = edgeToEdge && handling == .padding
                let what = "\(mode) \(edgeToEdge ? "edge-to-edge \(handling)" : "fitting")"
                #expect(result.windowInsets.ime.bottom == 328, "\(what)")
                #expect(result.containerFrame.height == (resized ? c.resized : maxY), "\(what)")
                #expect(result.contentPaddingBottom == (padded ? c.padding : 0), "\(what)")
                // Nothing is focused: nothing pans or scrolls.
                #expect(result.windowPanY == 0 && result.contentOffset == .zero, "\(what)")
                #expect(AndroidAvoidance.hidden(layout).containerFrame == layout.container.frame, "\(what)")
            }
        }
    }

    /// The pan is the window's: the visible bottom is the window's less `max(navigationBar, ime)`, wherever the
    /// list ends.
    @Test("adjustPan brings a field under the IME above it, the list to the screen's bottom", arguments: [false, true])
    func panOfAFullScreenList(_ edgeToEdge: Bool) {
        for navigation in NavigationMode.allCases {
            var layout = fullScreenLayout(
                navigation, maxY: 915, mode: .adjustPan, edgeToEdge: edgeToEdge, imeInsets: edgeToEdge ? .resize : .none
            )
            layout.focusedRect = Rect(x: 16, y: 760, width: 380, height: 48)
            let result = AndroidAvoidance.shown(layout, imeFrame: issueIME)
            #expect(result.windowPanY == 221)  // 808 − 587
            // Edge to edge with `resize` under adjustPan, the list also ends at the IME's top and scrolls the field
            // (760 ... 808 in its content) to its bottom: 808 − 587.
            #expect(result.containerFrame.height == (edgeToEdge ? 587 : 915))
            #expect(result.contentOffset.y == (edgeToEdge ? 221 : 0))
        }
    }

    @Test("Synced, a full-screen list's bottom is the animated IME's top at every frame", arguments: [false, true])
    func syncedFullScreen(_ padded: Bool) {
        let layout = fullScreenLayout(.threeButton, maxY: 915, imeInsets: padded ? .padding : .resize, synced: true)
        let (shown, _) = AndroidTransition.rest(layout, at: 0).next(imeFrame: issueIME, layout: layout, at: 0)
        let samples = stride(from: 0.0, through: 300, by: 10).map { shown.values(atMilliseconds: $0) }
        // The instants (ms) where the height is not 915 less the inset (resize) or the padding not the inset.
        let off = zip(stride(from: 0.0, through: 300, by: 10), samples).filter { _, values in
            values.containerHeight != (padded ? 915 : 915 - values.ime)
                || values.contentPaddingBottom != (padded ? values.ime : 0)
        }
        #expect(off.isEmpty, "\(off.count) off, last \(String(describing: off.last))")
        #expect(samples[5].ime > 48 && samples.last?.ime == 328)
    }
}

@Suite("Android: the IME's and the scroller's curves")
struct AndroidCurveTests {
    /// Points (x(t), y(t)) of the cubic through (0.2, 0) and (0, 1) at t = 1/11 ... 10/11, evaluated forwards in
    /// Bernstein form by a separate script (Python, doubles): what `PathInterpolator(0.2f, 0f, 0f, 1f)` traces.
    static let syncedSamples: [(Double, Double)] = [
        (0.045830202855, 0.023290758828), (0.079038317055, 0.087152516905), (0.106836964688, 0.182569496619),
        (0.136438767844, 0.300525920361), (0.175056348610, 0.432006010518), (0.229902329076, 0.567993989482),
        (0.308189331330, 0.699474079639), (0.417129977461, 0.817430503381), (0.563936889557, 0.912847483095),
        (0.755822689707, 0.976709241172),
    ]

    @Test("The synced curve is PathInterpolator(0.2, 0, 0, 1) at ten points")
    func syncedCurve() {
        for (x, y) in Self.syncedSamples {
            #expect(abs(ImeAnimation.syncedCurve.value(at: x) - y) < 1e-9)
        }
        let synced = ImeAnimation(showing: true, synced: true)
        #expect(synced.progress(atSeconds: 0) == 0)
        #expect(synced.progress(atSeconds: 0.285) == 1)
        #expect(abs(synced.progress(atSeconds: 0.285 * 0.229902329076) - 0.567993989482) < 1e-9)
    }

    @Test("An unsynced hide runs 200 ms on FAST_OUT_LINEAR_IN")
    func unsyncedHide() {
        let hide = ImeAnimation(showing: false, synced: false)
        #expect(hide.duration == 0.2)
        #expect(hide.curve == CubicBezier(p1x: 0.4, p1y: 0, p2x: 1, p2y: 1))
        // Synced, a hide runs the same curve as a show.
        #expect(ImeAnimation(showing: false, synced: true).curve == ImeAnimation.syncedCurve)
    }

    /// Values from the same formula evaluated by a separate script (Python, doubles).
    @Test(
        "The scroller's viscous fluid",
        arguments: [
            (0.0, 0.0), (0.05, 0.070360603248), (0.125, 0.368091616296), (0.25, 0.767898473594),
            (0.5, 0.969087171106), (0.75, 0.996315100468), (1.0, 1.0),
        ])
    func viscousFluid(_ x: Double, _ y: Double) {
        #expect(abs(ViscousFluid.value(at: x) - y) < 1e-9)
    }
}

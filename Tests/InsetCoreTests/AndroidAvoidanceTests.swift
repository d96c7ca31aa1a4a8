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

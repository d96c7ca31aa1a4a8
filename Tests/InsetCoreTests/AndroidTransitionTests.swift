import Testing

@testable import InsetCore

/// Expected IME insets below come from a separate script (Python, bisection on the Bernstein form): 336 dp times
/// the curve at the elapsed fraction.
@Suite("Android: one IME event after another")
struct AndroidTransitionTests {
    func layout(_ mode: SoftInputMode, synced: Bool = false, focus: AndroidFocus = .across) -> AndroidLayout {
        androidLayout(
            AndroidCase(
                mode: mode, edgeToEdge: false, imeInsets: .none, synced: synced, navigation: .threeButton,
                focus: focus))
    }

    @Test("A hide cancels a show at its end; a show cancels a hide at hidden and runs whole")
    func interruptions() {
        let window = layout(.adjustNothing)
        let rest = AndroidTransition.rest(window, at: 0)
        let (shown, _) = rest.next(imeFrame: androidIME, layout: window, at: 0)
        // 100 ms into the 200-ms unsynced show, on PathInterpolator(0, 0, 0.2, 1).
        #expect(abs(shown.ime(atMilliseconds: 100) - 281.986339390) < 1e-6)
        let (hiding, hidden) = shown.next(imeFrame: nil, layout: window, at: 100)
        #expect(hidden.windowInsets.ime == .zero)
        // The hide starts from the shown end, 336, not from 282, and runs 200 ms on (0.4, 0, 1, 1).
        #expect(hiding.imeFrom == 336)
        #expect(abs(hiding.ime(atMilliseconds: 150) - 302.861475378) < 1e-6)
        let (showing, _) = hiding.next(imeFrame: androidIME, layout: window, at: 150)
        // The show starts from hidden: the IME drops from 303 to 0 and rises again over the whole 200 ms.
        #expect(showing.ime(atMilliseconds: 150) == 0)
        #expect(showing.animation == ImeAnimation(showing: true, synced: false))
        #expect(abs(showing.ime(atMilliseconds: 250) - 281.986339390) < 1e-6)
        #expect(showing.ime(atMilliseconds: 350) == 336)
    }

    @Test("Synced, the IME runs 285 ms and a resized list is drawn where the animated inset puts it")
    func syncedLayoutFollows() {
        let window = layout(.adjustResize, synced: true, focus: .above)
        let (shown, result) = AndroidTransition.rest(window, at: 0).next(imeFrame: androidIME, layout: window, at: 0)
        #expect(result.containerFrame.height == 499)
        let ime = 145.534993607  // 50 ms into 285 on (0.2, 0, 0, 1)
        let values = shown.values(atMilliseconds: 50)
        #expect(abs(values.ime - ime) < 1e-6)
        // The list loses what the animated IME covers beyond the 48-dp bar: 787 − (145.5 − 48).
        #expect(abs(values.containerHeight - (787 - (ime - 48))) < 1e-6)
        #expect(shown.values(atMilliseconds: 285).containerHeight == 499)
        // Unsynced, the list is at its end size from the start.
        let plain = layout(.adjustResize, focus: .above)
        let (unsynced, _) = AndroidTransition.rest(plain, at: 0).next(imeFrame: androidIME, layout: plain, at: 0)
        #expect(unsynced.values(atMilliseconds: 1).containerHeight == 499)
    }

    @Test("The pan scrolls 250 ms from the last pan's target, jumping there when interrupted")
    func panFromLastTarget() {
        let window = layout(.adjustPan)
        let (shown, result) = AndroidTransition.rest(window, at: 0).next(imeFrame: androidIME, layout: window, at: 0)
        #expect(result.windowPanY == 29)
        #expect(shown.pan == ScrollerMotion(from: 0, to: 29, startTime: 0))
        let midway = shown.values(atMilliseconds: 50).windowPanY
        #expect(midway > 0 && midway < 29)
        let (hiding, hidden) = shown.next(imeFrame: nil, layout: window, at: 50)
        #expect(hidden.windowPanY == 0)
        // From 29, the target, not from where the pan was drawn.
        #expect(hiding.pan == ScrollerMotion(from: 29, to: 0, startTime: 50))
        #expect(hiding.values(atMilliseconds: 50).windowPanY == 29)
        #expect(hiding.values(atMilliseconds: 300).windowPanY == 0)
    }

    @Test("A resize scroll within 250 ms of the last one jumps; the same show twice changes nothing")
    func scrollGapAndRepeats() {
        let window = layout(.adjustResize, focus: .under)
        let (shown, result) = AndroidTransition.rest(window, at: 0).next(imeFrame: androidIME, layout: window, at: 0)
        #expect(result.contentOffset.y == 229)
        #expect(shown.scroll == ScrollerMotion(from: 0, to: 229, startTime: 0))
        #expect(shown.lastSmoothScroll == 0)
        let (again, same) = shown.next(imeFrame: androidIME, layout: window, at: 40)
        #expect(again == shown)
        #expect(same == result)
        // A taller IME 100 ms later: the list is 48 dp shorter and the field needs 48 more, at once (100 < 250).
        let taller = Rect(x: 0, y: 531, width: 412, height: 384)
        let (grown, _) = shown.next(imeFrame: taller, layout: window, at: 100)
        #expect(grown.animation == nil)
        #expect(grown.ime(atMilliseconds: 100) == 384)
        #expect(grown.scroll == ScrollerMotion.still(at: 277, since: 100))
    }

    /// `smoothScrollBy` restarts the 250-ms gap whether it animates or jumps.
    @Test("Each resize scroll restarts the gap, so one 200 ms after a jump jumps too")
    func everyScrollRestartsTheGap() {
        let window = layout(.adjustResize, focus: .under)
        let (shown, _) = AndroidTransition.rest(window, at: 0).next(imeFrame: androidIME, layout: window, at: 0)
        // A 384-dp IME at 200 ms: the list is 451 tall and the field (content 680...728) wants 277, at once.
        let (taller, _) = shown.next(imeFrame: Rect(x: 0, y: 531, width: 412, height: 384), layout: window, at: 200)
        #expect(taller.scroll == ScrollerMotion.still(at: 277, since: 200))
        #expect(taller.lastSmoothScroll == 200)
        // A 432-dp IME at 400 ms, 200 after that jump: 403 tall, 728 − 403 = 325, at once again.
        let (tallest, _) = taller.next(imeFrame: Rect(x: 0, y: 483, width: 412, height: 432), layout: window, at: 400)
        #expect(tallest.scroll == ScrollerMotion.still(at: 325, since: 400))
    }

    @Test("A show from rest is the rest's next transition, in a window, a dialog and a sheet, scrolled or not")
    func showFromRest() {
        let frames: [Rect?] = [androidIME, nil, Rect(x: 0, y: 915, width: 412, height: 400)]
        for mode in SoftInputMode.allCases {
            for focus in AndroidFocus.allCases {
                for synced in [false, true] {
                    var window = layout(mode, synced: synced, focus: focus)
                    window.container.contentOffset.y = 40
                    var dialog = window
                    dialog.dialog = AndroidDialog(size: Size(width: 300, height: 500))
                    var sheet = window
                    sheet.bottomSheet = AndroidBottomSheet(contentHeight: 300)
                    for layout in [window, dialog, sheet] {
                        for frame in frames {
                            let general = AndroidTransition.rest(layout, at: 30).following(
                                imeFrame: frame, layout: layout, at: 30)
                            #expect(AndroidTransition.fromRest(layout, imeFrame: frame, at: 30) == general)
                        }
                    }
                }
            }
        }
    }
}

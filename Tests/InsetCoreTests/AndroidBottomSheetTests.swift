import Testing

@testable import InsetCore

/// Material's bottom sheet placed as `BottomSheetBehavior` places it, worked by hand on a 400 × 800 screen with a
/// 40-dp status bar, a 20-dp navigation bar and a 300-dp IME (its top at 500). The automatic peek height is the
/// parent's height less 400 · 9 / 16 = 225.
@Suite("Android bottom sheets")
struct AndroidBottomSheetTests {
    func layout(
        _ sheet: AndroidBottomSheet, edgeToEdge: Bool = false, mode: SoftInputMode = .adjustResize,
        width: Double = 400, focus: Rect? = nil
    ) -> AndroidLayout {
        let content = min(width, AndroidBottomSheet.maxWidth)
        return AndroidLayout(
            screen: Size(width: width, height: 800), statusBar: 40, navigationBar: 20, navigationMode: .gesture,
            softInputMode: mode, edgeToEdge: edgeToEdge, imeInsets: .none, insetsAnimationCallback: true,
            container: ScrollContainer(
                frame: Rect(x: 0, y: 0, width: content, height: sheet.contentHeight),
                contentSize: Size(width: content, height: 1200), contentOffset: .zero),
            focusedRect: focus, bottomSheet: sheet)
    }

    let ime = Rect(x: 0, y: 500, width: 400, height: 300)

    /// Not edge to edge, the decor lays the coordinator out between the bars, 40...780 (740 tall). A 300-dp sheet
    /// collapsed: peek min(740 − 225, 300) = 300, so it rests at 40 + 740 − 300 = 480, on the navigation bar. With
    /// the IME the parent is 40...500 (460): the fit-to-contents offset is 160 but the peek is min(460 − 225, 300)
    /// = 235, so the collapsed sheet stands at 40 + 225 = 265 and the IME covers its last 65 dp; expanded, it
    /// stands at 40 + 160 = 200, whole above the IME.
    @Test func notEdgeToEdgeTheCollapsedPeekCanLeaveTheFieldUnderTheIme() {
        let collapsed = AndroidBottomSheet(contentHeight: 300)
        let rest = collapsed.placement(layout(collapsed), ime: 0)
        #expect(rest.frame == Rect(x: 0, y: 480, width: 400, height: 300))
        #expect(rest.content == rest.frame)
        let shown = collapsed.placement(layout(collapsed), ime: 300)
        #expect(shown.frame == Rect(x: 0, y: 265, width: 400, height: 300))
        #expect(shown.paddingBottom == 0)
        let low = Rect(x: 16, y: 250, width: 300, height: 40)
        #expect(collapsed.shown(low, layout(collapsed), ime: 300, panY: 0) == .none)
        let middle = Rect(x: 16, y: 200, width: 300, height: 40)
        #expect(collapsed.shown(middle, layout(collapsed), ime: 300, panY: 0) == .part)

        let expanded = AndroidBottomSheet(contentHeight: 300, state: .expanded)
        #expect(expanded.placement(layout(expanded), ime: 300).frame == Rect(x: 0, y: 200, width: 400, height: 300))
        #expect(expanded.shown(low, layout(expanded), ime: 300, panY: 0) == .whole)
    }

    /// Edge to edge the coordinator is the whole screen and the behavior pads the sheet's bottom by
    /// `getSystemWindowInsetBottom`: 20 at rest (sheet 320 tall at 480, its content 480...780), the IME's 300 with
    /// it up (sheet 600 tall; fit-to-contents offset 200, peek min(575, 600) + 300 = 875, so it stands at 200 and
    /// its content ends at the IME's top).
    @Test func edgeToEdgeTheSheetIsPaddedByTheIme() {
        let sheet = AndroidBottomSheet(contentHeight: 300)
        let layout = layout(sheet, edgeToEdge: true)
        let rest = sheet.placement(layout, ime: 0)
        #expect(rest.frame == Rect(x: 0, y: 480, width: 400, height: 320))
        #expect(rest.content == Rect(x: 0, y: 480, width: 400, height: 300))
        let shown = sheet.placement(layout, ime: 300)
        #expect(shown.frame == Rect(x: 0, y: 200, width: 400, height: 600))
        #expect(shown.content == Rect(x: 0, y: 200, width: 400, height: 300))
        #expect(sheet.shrink(layout, ime: 300) == 0)
        #expect(AndroidAvoidance.adjustment(layout) == .resize)
    }

    /// A 700-dp sheet edge to edge: at rest 720 tall, fit-to-contents offset 80, peek min(575, 720) + 20 = 595, so
    /// collapsed at 205, reaching below the screen. With the IME it would measure 1 000, more than the screen, so
    /// it takes the whole height and goes to the top; its top is padded down to the status bar, and its content
    /// measures what is left, 800 − 40 − 300 = 460: a loss of 240 the list takes, scrolling a field at 600...640
    /// to 640 − 460 = 180.
    @Test func aTallSheetGoesToTheTopAndItsListShrinks() {
        let sheet = AndroidBottomSheet(contentHeight: 700)
        let layout = layout(sheet, edgeToEdge: true, focus: Rect(x: 16, y: 600, width: 300, height: 40))
        #expect(sheet.placement(layout, ime: 0).frame == Rect(x: 0, y: 205, width: 400, height: 720))
        let shown = sheet.placement(layout, ime: 300)
        #expect(shown.frame == Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(shown.content == Rect(x: 0, y: 40, width: 400, height: 460))
        #expect(sheet.shrink(layout, ime: 300) == 240)
        let result = AndroidAvoidance.shown(layout, imeFrame: ime)
        #expect(result.containerFrame.height == 460)
        #expect(result.contentOffset.y == 180)
        #expect(result.windowInsets.ime.bottom == 300)
        #expect(result.windowPanY == 0)
        // The content is laid out for the end at once; the sheet's callback only translates the sheet.
        let (transition, _) = AndroidTransition.rest(layout, at: 0).next(imeFrame: ime, layout: layout, at: 0)
        #expect(transition.animation?.synced == true)
        #expect(transition.values(atMilliseconds: 50).containerHeight == 460)
    }

    /// A peek height sent (100) replaces the automatic one: collapsed at 40 + 740 − 100 = 680 at rest and
    /// 40 + 460 − 100 = 400 with the IME. On a screen 1 000 wide the sheet is 640 wide, centred at 180.
    @Test func aPeekHeightAndTheMaximumWidth() {
        let sheet = AndroidBottomSheet(contentHeight: 300, peekHeight: 100)
        #expect(sheet.placement(layout(sheet), ime: 0).frame.minY == 680)
        #expect(sheet.placement(layout(sheet), ime: 300).frame.minY == 400)
        let wide = AndroidBottomSheet(contentHeight: 300)
        #expect(wide.placement(layout(wide, width: 1000), ime: 0).frame.minX == 180)
        #expect(wide.placement(layout(wide, width: 1000), ime: 0).frame.width == 640)
    }

    /// Under `adjustPan` nothing lays the sheet out again: it stays at 480 and the window pans a field at
    /// 200...240 in it (680...720 on the screen) to the IME's top, by 720 − 500 = 220, and the field shows whole.
    @Test func underAdjustPanTheWindowPansTheSheet() {
        let sheet = AndroidBottomSheet(contentHeight: 300)
        let focus = Rect(x: 16, y: 200, width: 300, height: 40)
        let layout = layout(sheet, mode: .adjustPan, focus: focus)
        #expect(sheet.placement(layout, ime: 300).frame.minY == 480)
        let result = AndroidAvoidance.shown(layout, imeFrame: ime)
        #expect(result.windowPanY == 220)
        #expect(result.containerFrame.height == 300)
        #expect(AndroidAvoidance.adjustment(layout) == .none)
        #expect(sheet.shown(focus, layout, ime: 300, panY: 220) == .whole)
    }
}

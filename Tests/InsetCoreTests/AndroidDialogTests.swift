import Testing

@testable import InsetCore

/// A dialog's window placed as `WindowLayout.computeFrames` places a floating window, worked by hand on a
/// 400 × 800 screen with a 40-dp status bar and a 20-dp navigation bar (display frame 40...780, 740 tall) and a
/// 300-dp IME (its top at 500).
@Suite("Android dialogs")
struct AndroidDialogTests {
    func layout(_ mode: SoftInputMode, dialog: Size, focus: Rect? = nil, content: Double? = nil) -> AndroidLayout {
        AndroidLayout(
            screen: Size(width: 400, height: 800), statusBar: 40, navigationBar: 20, navigationMode: .gesture,
            softInputMode: mode, edgeToEdge: false, imeInsets: .none, insetsAnimationCallback: false,
            container: ScrollContainer(
                frame: Rect(x: 0, y: 0, width: dialog.width, height: dialog.height),
                contentSize: Size(width: dialog.width, height: content ?? dialog.height), contentOffset: .zero),
            focusedRect: focus, dialog: AndroidDialog(size: dialog))
    }

    let ime = Rect(x: 0, y: 500, width: 400, height: 300)

    /// At rest the window is centred in the display frame: 40 + (740 − 300) / 2 = 260; x = (400 − 320) / 2 = 40.
    @Test func atRestTheDialogIsCentredBetweenTheBars() {
        for mode in SoftInputMode.allCases {
            let layout = layout(mode, dialog: Size(width: 320, height: 300))
            #expect(layout.dialog?.frame(layout, ime: 0) == Rect(x: 40, y: 260, width: 320, height: 300))
        }
    }

    /// With the IME up, every mode centres it above the IME: the parent frame is 40...500 (inset by the IME under
    /// `adjustPan` and `adjustNothing`, the display frame itself under `adjustResize`), so y = 40 + (460 − 300) / 2
    /// = 120, and nothing of it is covered: no inset, no pan, no resize.
    @Test func aShortDialogRisesAboveTheIme() {
        for mode in SoftInputMode.allCases {
            let layout = layout(
                mode, dialog: Size(width: 320, height: 300), focus: Rect(x: 20, y: 250, width: 280, height: 40))
            #expect(layout.dialog?.frame(layout, ime: 300) == Rect(x: 40, y: 120, width: 320, height: 300))
            let result = AndroidAvoidance.shown(layout, imeFrame: ime)
            #expect(result.windowInsets.ime.bottom == 0, "\(mode)")
            #expect(result.windowPanY == 0, "\(mode)")
            #expect(result.containerFrame.height == 300, "\(mode)")
        }
    }

    /// A 600-dp dialog does not fit the 460 dp above the IME. Centred in the parent frame its top would be at
    /// 40 + (460 − 600) / 2 = −30, above the display frame, so `Gravity.applyDisplay` moves it down to 40, and the
    /// IME covers 640 − 500 = 140 of it. Under `adjustPan` the window pans a field at 500...540 (dialog
    /// coordinates) to end at 600 − 140 = 460: by 80. Under `adjustNothing` it stays covered.
    @Test func aTallDialogIsCoveredAndPansUnderAdjustPan() {
        let field = Rect(x: 20, y: 500, width: 280, height: 40)
        for (mode, pan) in [(SoftInputMode.adjustPan, 80.0), (.adjustNothing, 0)] {
            let layout = layout(mode, dialog: Size(width: 320, height: 600), focus: field)
            #expect(layout.dialog?.frame(layout, ime: 300) == Rect(x: 40, y: 40, width: 320, height: 600))
            let result = AndroidAvoidance.shown(layout, imeFrame: ime)
            #expect(result.windowInsets.ime.bottom == 140, "\(mode)")
            #expect(result.windowPanY == pan, "\(mode)")
            #expect(result.containerFrame.height == 600, "\(mode)")
        }
    }

    /// Under `adjustResize` the display frame ends at the IME, and a window taller than it fills it
    /// (`Gravity.applyDisplay`): 40...500, 460 tall. Its list loses 140 dp and scrolls the field at 500...540 up
    /// by 540 − 460 = 80; the IME covers nothing of the window.
    @Test func aTallDialogShrinksAboveTheImeUnderAdjustResize() {
        let layout = layout(
            .adjustResize, dialog: Size(width: 320, height: 600), focus: Rect(x: 20, y: 500, width: 280, height: 40),
            content: 1200)
        #expect(layout.dialog?.frame(layout, ime: 300) == Rect(x: 40, y: 40, width: 320, height: 460))
        let result = AndroidAvoidance.shown(layout, imeFrame: ime)
        #expect(result.windowInsets.ime.bottom == 0)
        #expect(result.containerFrame == Rect(x: 0, y: 0, width: 320, height: 460))
        #expect(result.contentOffset.y == 80)
        #expect(AndroidAvoidance.lift(layout, ime: 300) == 140)
        // Hidden, it is back at rest, centred: 40 + (740 − 600) / 2 = 110.
        #expect(layout.dialog?.frame(layout, ime: 0) == Rect(x: 40, y: 110, width: 320, height: 600))
        #expect(AndroidAvoidance.hidden(layout).containerFrame.height == 600)
    }

    /// A window as wide as the screen fills the display frame's width; one wider is given the display's width
    /// (`Gravity.applyDisplay` on the horizontal axis).
    @Test func aWindowWiderThanTheDisplayFillsIt() {
        let wide = layout(.adjustPan, dialog: Size(width: 500, height: 300))
        #expect(wide.dialog?.frame(wide, ime: 0) == Rect(x: 0, y: 260, width: 400, height: 300))
    }
}

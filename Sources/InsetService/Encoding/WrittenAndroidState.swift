import InsetCore
import InsetJSON
import InsetSession

/// What `androidResult` wrote of the settled state that an animation's `to` usually repeats: the values, and where
/// their text is (offsets in the writer's text), as `WrittenResult` is for the iOS answer.
struct WrittenAndroidState {
    let frame: Rect
    let padding: Double
    let panY: Double
    let offset: Point
    /// `"scrollView":{"frame":…},"contentPadding":…,"windowPan":…,"contentOffset":{…}`.
    let text: Range<Int>

    /// Nothing written: values that equal none (NaN), so that `to` writes every value of its own.
    static let nothing = WrittenAndroidState(
        frame: Rect(x: .nan, y: .nan, width: .nan, height: .nan), padding: .nan, panY: .nan,
        offset: Point(x: .nan, y: .nan), text: 0..<0)

    /// Whether these are the values written, bit for bit (so that 0 and -0, written alike or not, never mix).
    @inline(__always)
    func holds(frame: Rect, padding: Double, panY: Double, offset: Point) -> Bool {
        frame.x.bitPattern == self.frame.x.bitPattern && frame.y.bitPattern == self.frame.y.bitPattern
            && frame.width.bitPattern == self.frame.width.bitPattern
            && frame.height.bitPattern == self.frame.height.bitPattern
            && padding.bitPattern == self.padding.bitPattern && panY.bitPattern == self.panY.bitPattern
            && offset.x.bitPattern == self.offset.x.bitPattern && offset.y.bitPattern == self.offset.y.bitPattern
    }
}

extension ReservedRoom {
    /// `androidValues`, its state repeated from `written`'s text where it holds the same values: the text is the
    /// same, fewer bytes than the numbers and text the room counts for it.
    @inline(__always)
    mutating func androidValues(
        _ values: AndroidValues, _ outcome: AndroidOutcome, repeating written: WrittenAndroidState
    ) {
        let frame = outcome.containerFrame(values)
        let offset = Point(x: outcome.result.contentOffset.x, y: values.contentOffsetY)
        guard written.holds(frame: frame, padding: values.contentPaddingBottom, panY: values.windowPanY, offset: offset)
        else { return androidValues(values, outcome) }
        text("{\"ime\":{\"top\":0,\"left\":0,\"bottom\":")
        number(values.ime)
        text(",\"right\":0},")
        repeatText(written.text)
        text("}")
    }
}

extension ReservedRoom {
    /// `"windowInsets":{"ime":…,"navigationBars":…,"statusBars":…,"systemBars":…` (the object left open). The
    /// sides each inset leaves at zero (all but the IME's and the navigation bar's bottom and the status bar's top,
    /// as `AndroidAvoidance` makes them) are written as text when they are +0, which writes `0`.
    /// Written so, they are 11 bytes more text than `androidResultText` counts and 11 numbers fewer, each of which
    /// the room holds 24 bytes for: the room is one budget of text and numbers.
    @inline(__always)
    mutating func windowInsets(_ insets: AndroidWindowInsets) {
        let (ime, navigation, status) = (insets.ime, insets.navigationBars, insets.statusBars)
        guard
            (ime.top.bitPattern | ime.left.bitPattern | ime.right.bitPattern | navigation.top.bitPattern
                | navigation.left.bitPattern | navigation.right.bitPattern | status.left.bitPattern
                | status.bottom.bitPattern | status.right.bitPattern) == 0
        else {
            text("\"windowInsets\":{\"ime\":")
            self.insets(ime)
            text(",\"navigationBars\":")
            self.insets(navigation)
            text(",\"statusBars\":")
            self.insets(status)
            text(",\"systemBars\":")
            self.insets(EdgeInsets(top: status.top, left: 0, bottom: navigation.bottom, right: 0))
            return
        }
        text("\"windowInsets\":{\"ime\":{\"top\":0,\"left\":0,\"bottom\":")
        number(ime.bottom)
        text(",\"right\":0},\"navigationBars\":{\"top\":0,\"left\":0,\"bottom\":")
        number(navigation.bottom)
        text(",\"right\":0},\"statusBars\":{\"top\":")
        number(status.top)
        text(",\"left\":0,\"bottom\":0,\"right\":0},\"systemBars\":{\"top\":")
        number(status.top)
        text(",\"left\":0,\"bottom\":")
        number(navigation.bottom)
        text(",\"right\":0}")
    }
}

import InsetCore
import InsetJSON

// The fixed shapes an answer's geometry takes, written into a `ReservedRoom`; each names the text it takes
// (`JSONWriter.insetsText` and the like) and how many numbers.

/// What `resultMembers` wrote that a descriptor's `to` usually repeats: the values, and where their text is (offsets
/// in the writer's text).
struct WrittenResult {
    let contentInset: EdgeInsets
    let scrollIndicatorInsets: EdgeInsets
    let contentOffset: Point
    let guide: Rect
    /// `"contentInset":{…},"scrollIndicatorInsets":{…}`.
    let insetsText: Range<Int>
    /// `,"contentOffset":{"x":…,"y":…}`.
    let offsetText: Range<Int>
    /// The guide's frame, `{"x":…,"y":…,"width":…,"height":…}`.
    let guideText: Range<Int>

    /// Nothing written: values that equal none (NaN), so that a descriptor writes every value of its own.
    static let nothing: WrittenResult = {
        let none = Double.nan
        let insets = EdgeInsets(top: none, left: none, bottom: none, right: none)
        return WrittenResult(
            contentInset: insets, scrollIndicatorInsets: insets, contentOffset: Point(x: none, y: none),
            guide: Rect(x: none, y: none, width: none, height: none), insetsText: 0..<0, offsetText: 0..<0,
            guideText: 0..<0)
    }()
}

extension ReservedRoom {
    /// `{"top":…,"left":…,"bottom":…,"right":…}`: `insetsText` bytes, 4 numbers.
    @inline(__always)
    mutating func insets(_ insets: EdgeInsets) {
        text("{\"top\":")
        number(insets.top)
        text(",\"left\":")
        number(insets.left)
        text(",\"bottom\":")
        number(insets.bottom)
        text(",\"right\":")
        number(insets.right)
        text("}")
    }

    /// `{"x":…,"y":…,"width":…,"height":…}`: `rectText` bytes, 4 numbers.
    @inline(__always)
    mutating func rect(_ rect: Rect) {
        text("{\"x\":")
        number(rect.x)
        text(",\"y\":")
        number(rect.y)
        text(",\"width\":")
        number(rect.width)
        text(",\"height\":")
        number(rect.height)
        text("}")
    }

    /// `"contentInset":{…},"scrollIndicatorInsets":{…}`: 15 + 25 + 2 `insetsText` bytes, 8 numbers. Indicator
    /// insets equal to the content's (the usual case) are a copy of their text: equal numbers (`==`, so -0 and 0
    /// too) are written alike.
    @inline(__always)
    mutating func stateInsets(_ contentInset: EdgeInsets, _ indicatorInsets: EdgeInsets) {
        text("\"contentInset\":")
        let start = offset
        insets(contentInset)
        let end = offset
        text(",\"scrollIndicatorInsets\":")
        if indicatorInsets == contentInset {
            repeatText(start..<end)
        } else {
            insets(indicatorInsets)
        }
    }

    /// `,"contentOffset":{"x":…,"y":…}`: 22 + 5 + 1 bytes, 2 numbers.
    @inline(__always)
    mutating func contentOffset(_ point: Point) {
        text(",\"contentOffset\":{\"x\":")
        number(point.x)
        text(",\"y\":")
        number(point.y)
        text("}")
    }

    /// The three members of a scroll state: `stateText` bytes, 10 numbers.
    @inline(__always)
    mutating func stateMembers(_ state: ScrollState) {
        stateInsets(state.contentInset, state.scrollIndicatorInsets)
        contentOffset(state.contentOffset)
    }
}

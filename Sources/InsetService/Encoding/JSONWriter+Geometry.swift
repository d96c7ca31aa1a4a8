import InsetCore
import InsetJSON

extension JSONWriter {
    mutating func field(_ name: StaticString, _ value: Double) {
        key(static: name)
        number(value)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(static: name)
        int(value)
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(static: name)
        bool(value)
    }

    mutating func field(_ name: StaticString, _ value: String) {
        key(static: name)
        string(value)
    }

    mutating func rect(_ rect: Rect) {
        beginObject()
        field("x", rect.x)
        field("y", rect.y)
        field("width", rect.width)
        field("height", rect.height)
        endObject()
    }

    mutating func size(_ size: Size) {
        beginObject()
        field("width", size.width)
        field("height", size.height)
        endObject()
    }

    mutating func point(_ point: Point) {
        beginObject()
        field("x", point.x)
        field("y", point.y)
        endObject()
    }

    mutating func insets(_ insets: EdgeInsets) {
        beginObject()
        field("top", insets.top)
        field("left", insets.left)
        field("bottom", insets.bottom)
        field("right", insets.right)
        endObject()
    }

    /// `{contentInset, scrollIndicatorInsets, contentOffset}`.
    mutating func scrollState(_ state: ScrollState) {
        beginObject()
        key(static: "contentInset")
        insets(state.contentInset)
        key(static: "scrollIndicatorInsets")
        insets(state.scrollIndicatorInsets)
        key(static: "contentOffset")
        point(state.contentOffset)
        endObject()
    }

    /// The members of an inset result, inside an object the caller opened.
    mutating func resultMembers(_ result: InsetResult) {
        key(static: "contentInset")
        insets(result.contentInset)
        key(static: "scrollIndicatorInsets")
        insets(result.scrollIndicatorInsets)
        key(static: "adjustedContentInset")
        insets(result.adjustedContentInset)
        key(static: "contentOffset")
        point(result.contentOffset)
        field("keyboardOverlap", result.keyboardOverlap)
        field("keyboardDocked", result.keyboardDocked)
    }
}

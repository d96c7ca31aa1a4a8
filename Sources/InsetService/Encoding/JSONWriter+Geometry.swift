import InsetCore
import InsetJSON
import InsetSession

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

    // The geometry objects have fixed members, so they are written in pieces: a response holds about twenty of
    // them, and a key at a time would be the larger part of encoding one.

    mutating func rect(_ rect: Rect) {
        beginPieces()
        pieces("{\"x\":", rect.x, ",\"y\":", rect.y, ",\"width\":", rect.width, ",\"height\":", rect.height, "}")
    }

    /// `[{id, frame}]`.
    mutating func pinnedViews(_ views: [PinnedView]) {
        beginArray()
        for view in views {
            beginObject()
            field("id", view.id)
            key(static: "frame")
            rect(view.frame)
            endObject()
        }
        endArray()
    }

    /// `[{id, <rect key>, order?}]`, as `shape` names the members.
    mutating func list(_ items: [ListedRect], _ shape: ListShape) {
        beginArray()
        for item in items {
            beginObject()
            field("id", item.id)
            key(static: shape.rectKey)
            rect(item.rect)
            if let order = item.order { field("order", order) }
            endObject()
        }
        endArray()
    }

    /// `"navigation": {previous, next}`, a member of the object being written.
    mutating func navigation(_ navigation: FocusNeighbours) {
        key(static: "navigation")
        beginObject()
        key(static: "previous")
        if let previous = navigation.previous { string(previous) } else { null() }
        key(static: "next")
        if let next = navigation.next { string(next) } else { null() }
        endObject()
    }

    mutating func size(_ size: Size) {
        beginPieces()
        pieces("{\"width\":", size.width, ",\"height\":", size.height, "}")
    }

    mutating func point(_ point: Point) {
        beginPieces()
        repeatable(slot: 0, SIMD4(point.x, point.y, 0, 0)) { writer in
            writer.pieces("{\"x\":", point.x, ",\"y\":", point.y, "}")
        }
    }

    mutating func insets(_ insets: EdgeInsets) {
        beginPieces()
        repeatable(slot: 1, SIMD4(insets.top, insets.left, insets.bottom, insets.right)) { writer in
            writer.pieces(
                "{\"top\":", insets.top, ",\"left\":", insets.left, ",\"bottom\":", insets.bottom, ",\"right\":",
                insets.right, "}")
        }
    }

    /// `{contentInset, scrollIndicatorInsets, contentOffset}`.
    mutating func scrollState(_ state: ScrollState) {
        beginPieces()
        piece("{")
        scrollStateMembers(state)
        piece("}")
    }

    /// The three members of a scroll state, after an opening brace the caller wrote.
    private mutating func scrollStateMembers(_ state: ScrollState) {
        pieceKey("\"contentInset\":")
        insets(state.contentInset)
        pieceKey(",\"scrollIndicatorInsets\":")
        insets(state.scrollIndicatorInsets)
        pieceKey(",\"contentOffset\":")
        point(state.contentOffset)
    }

    /// A descriptor's `from` or `to`: the scroll state, the keyboard layout guide's frame and the pinned views
    /// resting on it.
    mutating func scrollState(_ state: ScrollState, guide: Rect, pinnedViews: [PinnedView]) {
        beginPieces()
        piece("{")
        scrollStateMembers(state)
        pieceKey(",\"keyboardLayoutGuide\":")
        rect(guide)
        pieceKey(",\"pinnedViews\":")
        self.pinnedViews(pinnedViews.map { $0.resting(on: guide.minY) })
        piece("}")
    }

    /// `{contentInset, scrollIndicatorInsets, contentOffset, keyboardFrame, keyboardLayoutGuide}`: every value
    /// an event animates; `keyboardPlaced` false writes the keyboard's frame as `null` (a presentation before
    /// any keyboard event). The guide's left edge and width, which are not animated, are `guide`'s (zero for a
    /// delta or a velocity).
    mutating func animatedValues(_ values: AnimatedValues, keyboardPlaced: Bool = true, guide: Rect = .zero) {
        beginPieces()
        piece("{")
        scrollStateMembers(values.scroll)
        pieceKey(",\"keyboardFrame\":")
        if keyboardPlaced { rect(values.keyboardFrame) } else { null() }
        pieceKey(",\"keyboardLayoutGuide\":")
        rect(values.guide(model: guide))
        piece("}")
    }

    /// The members of an inset result, inside an object the caller opened.
    mutating func resultMembers(_ result: InsetResult) {
        key(static: "contentInset")
        insets(result.contentInset)
        pieceKey(",\"scrollIndicatorInsets\":")
        insets(result.scrollIndicatorInsets)
        pieceKey(",\"adjustedContentInset\":")
        insets(result.adjustedContentInset)
        pieceKey(",\"contentOffset\":")
        point(result.contentOffset)
        pieceKey(",\"keyboardOverlap\":")
        number(result.keyboardOverlap)
        pieceKey(",\"keyboardDocked\":")
        bool(result.keyboardDocked)
        pieceKey(",\"keyboardLayoutGuide\":{\"frame\":")
        rect(result.keyboardLayoutGuide)
        pieceKey("},\"pinnedViews\":")
        pinnedViews(result.pinnedViews)
    }
}

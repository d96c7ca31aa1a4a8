import InsetCore
import InsetJSON
import InsetSchema
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

    /// `[{id, top | bottom, height}]`: a page's fixed bars as sent.
    mutating func fixedElements(_ elements: [FixedElement]) {
        beginArray()
        for element in elements {
            beginObject()
            field("id", element.id)
            key(static: element.edge == .top ? "top" : "bottom")
            number(element.offset)
            field("height", element.height)
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

    // An event's answer is mostly geometry of a fixed shape: the writers below put a whole block of it (a result's
    // members, a descriptor's end, animated values) in room reserved once, each `reserved…` sizing its text in
    // `…Text`. Debug builds check every reserved append, and `AnswerWriterTests` writes the longest numbers.

    /// `{"top":…,"left":…,"bottom":…,"right":…}`, into reserved room: `insetsText` bytes, 4 numbers.
    @inline(__always)
    mutating func reservedInsets(_ insets: EdgeInsets) {
        reservedText("{\"top\":")
        reservedNumber(insets.top)
        reservedText(",\"left\":")
        reservedNumber(insets.left)
        reservedText(",\"bottom\":")
        reservedNumber(insets.bottom)
        reservedText(",\"right\":")
        reservedNumber(insets.right)
        reservedText("}")
    }

    static var insetsText: Int { 35 }

    /// `{"x":…,"y":…,"width":…,"height":…}`, into reserved room: `rectText` bytes, 4 numbers.
    @inline(__always)
    mutating func reservedRect(_ rect: Rect) {
        reservedText("{\"x\":")
        reservedNumber(rect.x)
        reservedText(",\"y\":")
        reservedNumber(rect.y)
        reservedText(",\"width\":")
        reservedNumber(rect.width)
        reservedText(",\"height\":")
        reservedNumber(rect.height)
        reservedText("}")
    }

    static var rectText: Int { 30 }

    /// The three members of a scroll state, into reserved room: `stateText` bytes, 10 numbers.
    @inline(__always)
    private mutating func reservedStateMembers(_ state: ScrollState) {
        reservedText("\"contentInset\":")
        reservedInsets(state.contentInset)
        reservedText(",\"scrollIndicatorInsets\":")
        reservedInsets(state.scrollIndicatorInsets)
        reservedText(",\"contentOffset\":{\"x\":")
        reservedNumber(state.contentOffset.x)
        reservedText(",\"y\":")
        reservedNumber(state.contentOffset.y)
        reservedText("}")
    }

    static var stateText: Int { 15 + insetsText + 25 + insetsText + 22 + 5 + 1 }

    /// A descriptor's `from` or `to` after `key` (`,"from":`): the scroll state, the keyboard layout guide's frame
    /// and the pinned views resting on it.
    @inline(__always)
    mutating func scrollState(key: StaticString, _ state: ScrollState, guide: Rect, pinnedViews: [PinnedView]) {
        reserve(text: key.utf8CodeUnitCount + 1 + Self.stateText + 23 + Self.rectText + 16 + 3, numbers: 14)
        reservedText(key)
        reservedText("{")
        reservedStateMembers(state)
        reservedText(",\"keyboardLayoutGuide\":")
        reservedRect(guide)
        reservedText(",\"pinnedViews\":")
        if pinnedViews.isEmpty {
            reservedText("[]}")
            endReserved(afterKey: false)
        } else {
            endReserved(afterKey: true)
            self.pinnedViews(pinnedViews, restingOn: guide.minY)
            piece("}")
        }
    }

    /// `[{id, frame}]`, each frame's bottom on `guideTop` (its size and horizontal place kept).
    private mutating func pinnedViews(_ views: [PinnedView], restingOn guideTop: Double) {
        beginArray()
        for view in views {
            beginObject()
            field("id", view.id)
            key(static: "frame")
            let frame = view.frame
            rect(Rect(x: frame.x, y: guideTop - frame.height, width: frame.width, height: frame.height))
            endObject()
        }
        endArray()
    }

    /// `{contentInset, scrollIndicatorInsets, contentOffset, keyboardFrame, keyboardLayoutGuide}`: every value
    /// an event animates; `keyboardPlaced` false writes the keyboard's frame as `null` (a presentation before
    /// any keyboard event). The guide's left edge and width, which are not animated, are `guide`'s (zero for a
    /// delta or a velocity).
    mutating func animatedValues(_ values: AnimatedValues, keyboardPlaced: Bool = true, guide: Rect = .zero) {
        beginPieces()
        reserve(text: 1 + Self.stateText + 17 + Self.rectText + 23 + Self.rectText + 1, numbers: 18)
        reservedText("{")
        reservedStateMembers(values.scroll)
        reservedText(",\"keyboardFrame\":")
        if keyboardPlaced { reservedRect(values.keyboardFrame) } else { reservedText("null") }
        reservedText(",\"keyboardLayoutGuide\":")
        reservedRect(values.guide(model: guide))
        reservedText("}")
        endReserved(afterKey: false)
    }

    /// The members of an inset result, inside an object the caller opened.
    mutating func resultMembers(_ result: InsetResult) {
        beginPieces()
        reserve(
            text: 15 + 3 * Self.insetsText + 25 + 25 + 22 + 5 + 1 + 19 + 18 + 5 + 32 + Self.rectText + 16 + 2,
            numbers: 19)
        reservedText("\"contentInset\":")
        reservedInsets(result.contentInset)
        reservedText(",\"scrollIndicatorInsets\":")
        reservedInsets(result.scrollIndicatorInsets)
        reservedText(",\"adjustedContentInset\":")
        reservedInsets(result.adjustedContentInset)
        reservedText(",\"contentOffset\":{\"x\":")
        reservedNumber(result.contentOffset.x)
        reservedText(",\"y\":")
        reservedNumber(result.contentOffset.y)
        reservedText("},\"keyboardOverlap\":")
        reservedNumber(result.keyboardOverlap)
        reservedText(",\"keyboardDocked\":")
        reservedBool(result.keyboardDocked)
        reservedText(",\"keyboardLayoutGuide\":{\"frame\":")
        reservedRect(result.keyboardLayoutGuide)
        reservedText("},\"pinnedViews\":")
        if result.pinnedViews.isEmpty {
            reservedText("[]")
            endReserved(afterKey: false)
        } else {
            endReserved(afterKey: true)
            pinnedViews(result.pinnedViews)
        }
    }
}

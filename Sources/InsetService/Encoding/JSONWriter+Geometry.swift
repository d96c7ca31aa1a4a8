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
    // members, a descriptor's end, animated values) in one `ReservedRoom` (`ReservedRoom+Geometry.swift`), sizing
    // its text in `…Text`. Debug builds check every append, and `AnswerWriterTests` writes the longest numbers.

    static var insetsText: Int { 35 }

    static var rectText: Int { 30 }

    static var stateText: Int { 15 + insetsText + 25 + insetsText + 22 + 5 + 1 }

    /// A descriptor's `from` after `key` (`,"from":`): the scroll state, the keyboard layout guide's frame and the
    /// pinned views resting on it.
    mutating func scrollState(key: StaticString, _ state: ScrollState, guide: Rect, pinnedViews: [PinnedView]) {
        var room = room(text: key.utf8CodeUnitCount + 1 + Self.stateText + 23 + Self.rectText + 16 + 3, numbers: 14)
        room.text(key)
        room.text("{")
        room.stateMembers(state)
        room.text(",\"keyboardLayoutGuide\":")
        room.rect(guide)
        endScrollState(room, pinnedViews: pinnedViews, guide: guide)
    }

    /// A descriptor's `to`, `,"to":{…}`: where a value is one `resultMembers` wrote (`written`), a copy of its
    /// text (most events end where their result is).
    mutating func scrollState(
        to state: ScrollState, guide: Rect, pinnedViews: [PinnedView], repeating written: WrittenResult
    ) {
        var room = room(text: 6 + Self.stateText + 23 + Self.rectText + 16 + 3, numbers: 14)
        room.text(",\"to\":{")
        if state.contentInset == written.contentInset && state.scrollIndicatorInsets == written.scrollIndicatorInsets {
            room.repeatText(written.insetsText)
        } else {
            room.stateInsets(state.contentInset, state.scrollIndicatorInsets)
        }
        if state.contentOffset == written.contentOffset {
            room.repeatText(written.offsetText)
        } else {
            room.contentOffset(state.contentOffset)
        }
        room.text(",\"keyboardLayoutGuide\":")
        if guide == written.guide {
            room.repeatText(written.guideText)
        } else {
            room.rect(guide)
        }
        endScrollState(room, pinnedViews: pinnedViews, guide: guide)
    }

    /// `,"pinnedViews":…}`, the end of a descriptor's `from` or `to`.
    @inline(__always)
    private mutating func endScrollState(_ room: consuming ReservedRoom, pinnedViews: [PinnedView], guide: Rect) {
        room.text(",\"pinnedViews\":")
        if pinnedViews.isEmpty {
            room.text("[]}")
            close(room, afterKey: false)
        } else {
            close(room, afterKey: true)
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
        var room = room(text: 1 + Self.stateText + 17 + Self.rectText + 23 + Self.rectText + 1, numbers: 18)
        room.text("{")
        room.stateMembers(values.scroll)
        room.text(",\"keyboardFrame\":")
        if keyboardPlaced { room.rect(values.keyboardFrame) } else { room.text("null") }
        room.text(",\"keyboardLayoutGuide\":")
        room.rect(values.guide(model: guide))
        room.text("}")
        close(room, afterKey: false)
    }

    /// The members of an inset result, inside an object the caller opened; where it wrote what a descriptor's end
    /// may repeat.
    @discardableResult
    mutating func resultMembers(_ result: InsetResult) -> WrittenResult {
        beginPieces()
        var room = room(
            text: 15 + 3 * Self.insetsText + 25 + 25 + 22 + 5 + 1 + 19 + 18 + 5 + 32 + Self.rectText + 16 + 2,
            numbers: 19)
        let insetsStart = room.offset
        room.stateInsets(result.contentInset, result.scrollIndicatorInsets)
        let insetsEnd = room.offset
        room.text(",\"adjustedContentInset\":")
        room.insets(result.adjustedContentInset)
        let offsetStart = room.offset
        room.contentOffset(result.contentOffset)
        let offsetEnd = room.offset
        room.text(",\"keyboardOverlap\":")
        room.number(result.keyboardOverlap)
        room.text(",\"keyboardDocked\":")
        room.bool(result.keyboardDocked)
        room.text(",\"keyboardLayoutGuide\":{\"frame\":")
        let guideStart = room.offset
        room.rect(result.keyboardLayoutGuide)
        let guideEnd = room.offset
        room.text("},\"pinnedViews\":")
        if result.pinnedViews.isEmpty {
            room.text("[]")
            close(room, afterKey: false)
        } else {
            close(room, afterKey: true)
            pinnedViews(result.pinnedViews)
        }
        return WrittenResult(
            contentInset: result.contentInset, scrollIndicatorInsets: result.scrollIndicatorInsets,
            contentOffset: result.contentOffset, guide: result.keyboardLayoutGuide, insetsText: insetsStart..<insetsEnd,
            offsetText: offsetStart..<offsetEnd, guideText: guideStart..<guideEnd)
    }
}

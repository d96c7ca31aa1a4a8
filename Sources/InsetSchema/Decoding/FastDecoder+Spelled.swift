import InsetCore
import InsetJSON

// A geometry object as most clients write it, `{"x": 0, "y": 508, "width": 390, "height": 336}`: its members
// in the schema's order, one space after each colon and comma and none elsewhere, its numbers plain decimals
// (`JSONCursor.spelledNumber`). Such an object is read as literal runs between numbers, with no whitespace
// looked for and no room checked ahead; any other spelling fails, and the readers of `FastDecoder.swift` then
// read it from its start, with the same values (`FastPathTests` holds the two to each other).

extension FastDecoder {
    /// A rect spelled as above; nil, with the cursor somewhere inside it, for any other spelling or value.
    @inline(always)
    mutating func spelledRect() -> Rect? {
        guard cursor.consume(spelled: "{\"x\": "), let x = cursor.spelledNumber(), Limits.coordinate.contains(x),
            cursor.consume(spelled: ", \"y\": "), let y = cursor.spelledNumber(), Limits.coordinate.contains(y),
            cursor.consume(spelled: ", \"width\": "), let width = cursor.spelledNumber(), Limits.length.contains(width),
            cursor.consume(spelled: ", \"height\": "), let height = cursor.spelledNumber(),
            Limits.length.contains(height), cursor.consume(spelled: "}")
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// A size spelled as above; nil otherwise.
    @inline(always)
    mutating func spelledSize() -> Size? {
        guard cursor.consume(spelled: "{\"width\": "), let width = cursor.spelledNumber(),
            Limits.length.contains(width),
            cursor.consume(spelled: ", \"height\": "), let height = cursor.spelledNumber(),
            Limits.length.contains(height), cursor.consume(spelled: "}")
        else { return nil }
        return Size(width: width, height: height)
    }

    /// A point spelled as above; nil otherwise.
    @inline(always)
    mutating func spelledPoint() -> Point? {
        guard cursor.consume(spelled: "{\"x\": "), let x = cursor.spelledNumber(), Limits.coordinate.contains(x),
            cursor.consume(spelled: ", \"y\": "), let y = cursor.spelledNumber(), Limits.coordinate.contains(y),
            cursor.consume(spelled: "}")
        else { return nil }
        return Point(x: x, y: y)
    }

    /// Insets spelled as above, each in `range`; nil otherwise.
    @inline(always)
    mutating func spelledInsets(in range: ClosedRange<Double>) -> EdgeInsets? {
        guard cursor.consume(spelled: "{\"top\": "), let top = cursor.spelledNumber(), range.contains(top),
            cursor.consume(spelled: ", \"left\": "), let left = cursor.spelledNumber(), range.contains(left),
            cursor.consume(spelled: ", \"bottom\": "), let bottom = cursor.spelledNumber(), range.contains(bottom),
            cursor.consume(spelled: ", \"right\": "), let right = cursor.spelledNumber(), range.contains(right),
            cursor.consume(spelled: "}")
        else { return nil }
        return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }
}

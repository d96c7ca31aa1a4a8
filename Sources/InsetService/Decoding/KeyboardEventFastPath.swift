import InsetCore
import InsetJSON

// Show and hide are almost every request, and building a JSON tree and then walking it cost more than the
// whole HTTP exchange. This reads their usual bodies in one pass over the bytes; anything unusual (an
// unknown or repeated key, a value out of range, a missing member, escapes in a key, a type mismatch) makes
// it return nil, and the caller takes the general path that reports problems with their pointers. So the
// fast path never decides an error, and whatever it accepts the general path accepts too, with the same
// values: a differential test and the fuzz target hold it to that.

extension KeyboardEventRequest {
    /// The request, decoded straight from the bytes, or nil when the body needs the general path.
    static func decodeFast(_ body: UnsafeBufferPointer<UInt8>, kind: Kind) -> KeyboardEventRequest? {
        var request = KeyboardEventRequest()
        return decodeFast(body, kind: kind, into: &request) ? request : nil
    }

    /// Decodes into `request`, which must be empty (`init()`); false when the body needs the general path,
    /// and `request` then holds whatever was read. The request is several hundred bytes: filling it in place
    /// spares the copies of returning it.
    static func decodeFast(_ body: UnsafeBufferPointer<UInt8>, kind: Kind, into request: inout KeyboardEventRequest)
        -> Bool
    {
        var reader = FastReader(cursor: JSONCursor(body))
        return reader.event(kind: kind, into: &request) && reader.cursor.atEnd()
    }
}

/// An object's member names, each with the member clients usually write next: a reader expects that one
/// (`JSONCursor.expectKey`, with no scan for the name's end and no search for whose name it is) and only looks
/// a name up when the guess is wrong.
private struct MemberNames {
    /// The names; a member's position here is its slot.
    let names: [StaticString]
    /// The slot usually written after each slot, or -1.
    let successors: [Int]
    /// The slot usually written first.
    let first: Int

    /// The slot of `key`, or nil for a name the object does not have.
    func slot(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in names.indices where key.spells(names[index]) { return index }
        return nil
    }

    /// scrollView, screen, keyboard, focusedRect for a stateless call; sessionId, keyboard for a session's.
    static let event = MemberNames(
        names: [
            "scrollView", "screen", "keyboard", "focusedRect", "sessionId", "timestamp", "window", "keyboardDistance",
            "baseInsetMode", "followsUndockedKeyboard",
        ],
        successors: [1, 2, 3, -1, 2, -1, -1, -1, -1, -1], first: 0)
    static let keyboard = MemberNames(
        names: ["frameEnd", "animationDuration", "animationCurve", "frameBegin", "isLocal"],
        successors: [1, 2, -1, 0, -1], first: 0)
    static let scrollView = MemberNames(
        names: [
            "frame", "safeAreaInsets", "contentSize", "contentOffset", "contentInset", "scrollIndicatorInsets",
            "contentInsetAdjustmentBehavior", "automaticallyAdjustsScrollIndicatorInsets", "alwaysBounceVertical",
        ],
        successors: [1, 2, 3, 4, 5, -1, -1, -1, -1], first: 0)
}

/// Typed reads over a `JSONCursor` with FieldReader's ranges; nil means "take the general path". A geometry
/// object is first read in the order clients write it (x, y, width, height); any other order rereads it by name.
private struct FastReader: CursorReader {
    var cursor: JSONCursor

    /// Calls `member` with each key of an object; a repeated key (by its bit in `seen`) or a false answer ends it.
    mutating func object(_ member: (inout FastReader, UnsafeBufferPointer<UInt8>, inout UInt32) -> Bool) -> Bool {
        var seen: UInt32 = 0
        return members { reader, key in member(&reader, key, &seen) }
    }

    /// Calls `member` with the slot of each member of an object named by `members`, expecting each member's usual
    /// successor before looking a name up; an unknown or repeated member, or a false answer, ends it.
    mutating func object(_ members: MemberNames, _ member: (inout FastReader, Int) -> Bool) -> Bool {
        guard cursor.beginObject() else { return false }
        var seen: UInt32 = 0
        var first = true
        var expected = members.first
        while true {
            let slot: Int
            if expected >= 0, cursor.expectKey(members.names[expected], first: first) {
                slot = expected
            } else {
                switch cursor.nextMember(first: first) {
                case .end: return true
                case .unusual: return false
                case .key(let key):
                    guard let named = members.slot(key) else { return false }
                    slot = named
                }
            }
            guard once(&seen, slot), member(&self, slot) else { return false }
            expected = members.successors[slot]
            first = false
        }
    }

    mutating func event(kind: KeyboardEventRequest.Kind, into request: inout KeyboardEventRequest) -> Bool {
        var hasKeyboard = false
        let complete = object(.event) { reader, slot in
            switch slot {
            case 0: return reader.scrollView(into: &request.geometry.scrollView)
            case 1: return assign(reader.size(), to: &request.geometry.screen)
            case 2:
                hasKeyboard = true
                return reader.keyboard(into: &request.keyboard)
            case 3: return kind == .show && assign(reader.rect(), to: &request.focusedRect)
            case 4:
                guard let id = reader.cursor.string(), id.utf8.count <= 64 else { return false }
                request.sessionId = id
                return true
            case 5: return assign(reader.number(in: FieldReader.timestampRange), to: &request.timestamp)
            case 6: return assign(reader.rect(), to: &request.geometry.window)
            case 7: return assign(reader.number(in: 0...10_000), to: &request.geometry.keyboardDistance)
            case 8: return assign(reader.choice(), to: &request.geometry.baseInsetMode)
            default: return assign(reader.cursor.bool(), to: &request.geometry.followsUndockedKeyboard)
            }
        }
        // A show without a keyboard end frame is an error, which the general path words.
        return complete && (kind == .hide || (hasKeyboard && request.keyboard.frameEnd != nil))
    }

    mutating func keyboard(into info: inout KeyboardInfo) -> Bool {
        object(.keyboard) { reader, slot in
            switch slot {
            case 0: return assign(reader.rect(), to: &info.frameEnd)
            case 1:
                guard let duration = reader.number(in: 0...10) else { return false }
                info.animationDuration = duration
                return true
            case 2:
                guard let curve = reader.integer(in: KeyboardInfo.curveRange) else { return false }
                info.animationCurve = curve
                return true
            case 3: return assign(reader.rect(), to: &info.frameBegin)
            default: return assign(reader.cursor.bool(), to: &info.isLocal)
            }
        }
    }

    mutating func scrollView(into patch: inout ScrollViewPatch) -> Bool {
        object(.scrollView) { reader, slot in
            switch slot {
            case 0: return assign(reader.rect(), to: &patch.frame)
            case 1: return assign(reader.insets(nonNegative: true), to: &patch.safeAreaInsets)
            case 2: return assign(reader.size(), to: &patch.contentSize)
            case 3: return assign(reader.point(), to: &patch.contentOffset)
            case 4: return assign(reader.insets(nonNegative: false), to: &patch.contentInset)
            case 5: return assign(reader.insets(nonNegative: false), to: &patch.scrollIndicatorInsets)
            case 6: return assign(reader.choice(), to: &patch.contentInsetAdjustmentBehavior)
            case 7: return assign(reader.cursor.bool(), to: &patch.automaticallyAdjustsScrollIndicatorInsets)
            default: return assign(reader.cursor.bool(), to: &patch.alwaysBounceVertical)
            }
        }
    }

    /// An object of `count` numbers, every one required: `slot` names a key's position (nil: unknown key), and
    /// `range` the values that position accepts.
    mutating func numbers(
        count: Int, slot: (UnsafeBufferPointer<UInt8>) -> Int?, range: (Int) -> ClosedRange<Double>
    ) -> (Double, Double, Double, Double)? {
        var values = (0.0, 0.0, 0.0, 0.0)
        var all: UInt32 = 0
        let complete = object { reader, key, seen in
            guard let position = slot(key), once(&seen, position),
                let value = reader.number(in: range(position))
            else { return false }
            switch position {
            case 0: values.0 = value
            case 1: values.1 = value
            case 2: values.2 = value
            default: values.3 = value
            }
            all = seen
            return true
        }
        return complete && all == (1 << UInt32(count)) - 1 ? values : nil
    }

    mutating func rect() -> Rect? {
        let start = cursor
        if cursor.beginObject(), cursor.expectKey("x", first: true), let x = number(in: Self.coordinate),
            cursor.expectKey("y", first: false), let y = number(in: Self.coordinate),
            cursor.expectKey("width", first: false), let width = number(in: Self.length),
            cursor.expectKey("height", first: false), let height = number(in: Self.length), cursor.endObject()
        {
            return Rect(x: x, y: y, width: width, height: height)
        }
        cursor = start
        let slot = { (key: UnsafeBufferPointer<UInt8>) -> Int? in
            key.spells("x") ? 0 : key.spells("y") ? 1 : key.spells("width") ? 2 : key.spells("height") ? 3 : nil
        }
        guard let v = numbers(count: 4, slot: slot, range: { $0 < 2 ? Self.coordinate : Self.length }) else {
            return nil
        }
        return Rect(x: v.0, y: v.1, width: v.2, height: v.3)
    }

    mutating func size() -> Size? {
        let start = cursor
        if cursor.beginObject(), cursor.expectKey("width", first: true), let width = number(in: Self.length),
            cursor.expectKey("height", first: false), let height = number(in: Self.length), cursor.endObject()
        {
            return Size(width: width, height: height)
        }
        cursor = start
        let slot = { (key: UnsafeBufferPointer<UInt8>) -> Int? in
            key.spells("width") ? 0 : key.spells("height") ? 1 : nil
        }
        guard let v = numbers(count: 2, slot: slot, range: { _ in Self.length }) else { return nil }
        return Size(width: v.0, height: v.1)
    }

    mutating func point() -> Point? {
        let start = cursor
        if cursor.beginObject(), cursor.expectKey("x", first: true), let x = number(in: Self.coordinate),
            cursor.expectKey("y", first: false), let y = number(in: Self.coordinate), cursor.endObject()
        {
            return Point(x: x, y: y)
        }
        cursor = start
        let slot = { (key: UnsafeBufferPointer<UInt8>) -> Int? in key.spells("x") ? 0 : key.spells("y") ? 1 : nil }
        guard let v = numbers(count: 2, slot: slot, range: { _ in Self.coordinate }) else { return nil }
        return Point(x: v.0, y: v.1)
    }

    mutating func insets(nonNegative: Bool) -> EdgeInsets? {
        let range = nonNegative ? Self.length : Self.coordinate
        let start = cursor
        if cursor.beginObject(), cursor.expectKey("top", first: true), let top = number(in: range),
            cursor.expectKey("left", first: false), let left = number(in: range),
            cursor.expectKey("bottom", first: false), let bottom = number(in: range),
            cursor.expectKey("right", first: false), let right = number(in: range), cursor.endObject()
        {
            return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
        }
        cursor = start
        let slot = { (key: UnsafeBufferPointer<UInt8>) -> Int? in
            key.spells("top") ? 0 : key.spells("left") ? 1 : key.spells("bottom") ? 2 : key.spells("right") ? 3 : nil
        }
        guard let v = numbers(count: 4, slot: slot, range: { _ in range }) else { return nil }
        return EdgeInsets(top: v.0, left: v.1, bottom: v.2, right: v.3)
    }

    // Computed, not stored: a stored static is reached through a once-check on every number.
    static var coordinate: ClosedRange<Double> { -FieldReader.maxMagnitude...FieldReader.maxMagnitude }
    static var length: ClosedRange<Double> { 0...FieldReader.maxMagnitude }

    /// FieldReader.number's rule: finite, in range, and -0 read as 0.
    mutating func number(in range: ClosedRange<Double>) -> Double? {
        guard let number = cursor.number(), number.isFinite, range.contains(number) else { return nil }
        return number == 0 ? 0 : number
    }

    /// FieldReader.integer's rule: a number in range with no fraction.
    mutating func integer(in range: ClosedRange<Int>) -> Int? {
        guard let number = number(in: Double(range.lowerBound)...Double(range.upperBound)),
            number.rounded() == number
        else { return nil }
        return Int(number)
    }

    mutating func choice<T: RawRepresentable>() -> T? where T.RawValue == String {
        guard let raw = cursor.string(), raw.utf8.count <= 256 else { return nil }
        return T(rawValue: raw)
    }
}

/// Marks member `bit` as read; false if it was read before, which JSON leaves undefined and we refuse.
private func once(_ seen: inout UInt32, _ bit: Int) -> Bool {
    let mask: UInt32 = 1 << UInt32(bit)
    guard seen & mask == 0 else { return false }
    seen |= mask
    return true
}

/// Stores a value that was read; false if there was none.
private func assign<T>(_ value: T?, to target: inout T?) -> Bool {
    guard let value else { return false }
    target = value
    return true
}

/// Stores a value that was read; false if there was none.
private func assign<T>(_ value: T?, to target: inout T) -> Bool {
    guard let value else { return false }
    target = value
    return true
}

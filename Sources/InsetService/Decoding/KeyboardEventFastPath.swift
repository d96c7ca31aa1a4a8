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

/// Typed reads over a `JSONCursor` with FieldReader's ranges; nil means "take the general path". A geometry
/// object is first read in the order clients write it (x, y, width, height); any other order rereads it by name.
private struct FastReader {
    var cursor: JSONCursor

    /// Calls `member` with each key of an object; a repeated key (by its bit in `seen`) or a false answer ends it.
    mutating func object(_ member: (inout FastReader, UnsafeBufferPointer<UInt8>, inout UInt32) -> Bool) -> Bool {
        guard cursor.beginObject() else { return false }
        var seen: UInt32 = 0
        var first = true
        while true {
            switch cursor.nextMember(first: first) {
            case .end: return true
            case .unusual: return false
            case .key(let key):
                guard member(&self, key, &seen) else { return false }
            }
            first = false
        }
    }

    mutating func event(kind: KeyboardEventRequest.Kind, into request: inout KeyboardEventRequest) -> Bool {
        var hasKeyboard = false
        let complete = object { reader, key, seen in
            if key.spells("keyboard") {
                hasKeyboard = true
                return once(&seen, 0) && reader.keyboard(into: &request.keyboard)
            } else if key.spells("scrollView") {
                return once(&seen, 1) && reader.scrollView(into: &request.geometry.scrollView)
            } else if key.spells("focusedRect") && kind == .show {
                return once(&seen, 2) && assign(reader.rect(), to: &request.focusedRect)
            } else if key.spells("sessionId") {
                guard once(&seen, 3), let id = reader.cursor.string(), id.utf8.count <= 64 else { return false }
                request.sessionId = id
                return true
            } else if key.spells("timestamp") {
                return once(&seen, 4) && assign(reader.number(in: FieldReader.timestampRange), to: &request.timestamp)
            } else if key.spells("screen") {
                return once(&seen, 5) && assign(reader.size(), to: &request.geometry.screen)
            } else if key.spells("window") {
                return once(&seen, 6) && assign(reader.rect(), to: &request.geometry.window)
            } else if key.spells("keyboardDistance") {
                return once(&seen, 7) && assign(reader.number(in: 0...10_000), to: &request.geometry.keyboardDistance)
            } else if key.spells("baseInsetMode") {
                return once(&seen, 8) && assign(reader.choice(), to: &request.geometry.baseInsetMode)
            } else if key.spells("followsUndockedKeyboard") {
                return once(&seen, 9) && assign(reader.cursor.bool(), to: &request.geometry.followsUndockedKeyboard)
            }
            return false
        }
        // A show without a keyboard end frame is an error, which the general path words.
        return complete && (kind == .hide || (hasKeyboard && request.keyboard.frameEnd != nil))
    }

    mutating func keyboard(into info: inout KeyboardInfo) -> Bool {
        object { reader, key, seen in
            if key.spells("frameEnd") {
                return once(&seen, 0) && assign(reader.rect(), to: &info.frameEnd)
            } else if key.spells("frameBegin") {
                return once(&seen, 1) && assign(reader.rect(), to: &info.frameBegin)
            } else if key.spells("animationDuration") {
                guard once(&seen, 2), let duration = reader.number(in: 0...10) else { return false }
                info.animationDuration = duration
                return true
            } else if key.spells("animationCurve") {
                guard once(&seen, 3), let curve = reader.integer(in: KeyboardInfo.curveRange) else { return false }
                info.animationCurve = curve
                return true
            } else if key.spells("isLocal") {
                return once(&seen, 4) && assign(reader.cursor.bool(), to: &info.isLocal)
            }
            return false
        }
    }

    mutating func scrollView(into patch: inout ScrollViewPatch) -> Bool {
        object { reader, key, seen in
            if key.spells("frame") {
                return once(&seen, 0) && assign(reader.rect(), to: &patch.frame)
            } else if key.spells("safeAreaInsets") {
                return once(&seen, 1) && assign(reader.insets(nonNegative: true), to: &patch.safeAreaInsets)
            } else if key.spells("contentSize") {
                return once(&seen, 2) && assign(reader.size(), to: &patch.contentSize)
            } else if key.spells("contentOffset") {
                return once(&seen, 3) && assign(reader.point(), to: &patch.contentOffset)
            } else if key.spells("contentInset") {
                return once(&seen, 4) && assign(reader.insets(nonNegative: false), to: &patch.contentInset)
            } else if key.spells("scrollIndicatorInsets") {
                return once(&seen, 5) && assign(reader.insets(nonNegative: false), to: &patch.scrollIndicatorInsets)
            } else if key.spells("contentInsetAdjustmentBehavior") {
                return once(&seen, 6) && assign(reader.choice(), to: &patch.contentInsetAdjustmentBehavior)
            } else if key.spells("automaticallyAdjustsScrollIndicatorInsets") {
                return once(&seen, 7)
                    && assign(reader.cursor.bool(), to: &patch.automaticallyAdjustsScrollIndicatorInsets)
            } else if key.spells("alwaysBounceVertical") {
                return once(&seen, 8) && assign(reader.cursor.bool(), to: &patch.alwaysBounceVertical)
            }
            return false
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

    static let coordinate = -FieldReader.maxMagnitude...FieldReader.maxMagnitude
    static let length = 0...FieldReader.maxMagnitude

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

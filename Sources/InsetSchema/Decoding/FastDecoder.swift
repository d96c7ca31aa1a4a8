import InsetCore
import InsetJSON
import InsetSession

// Show and hide are almost every request, and building a JSON tree and then walking it costs more than the
// whole HTTP exchange (docs/performance.md, "Decoding a request"). This reads bodies against `RequestSchema` in
// one pass over the bytes; anything unusual (an unknown or repeated member, a value out of range, a missing
// required member, escapes in a key, a type mismatch, a logged userInfo) makes it decline, and `GeneralDecoder`
// then words the problem with its pointer.
// So the fast decoder never decides an error, and whatever it accepts the general one accepts too, with the
// same values: a test generated from the schema, a differential test and the fuzz target hold it to that.

/// Typed reads over a `JSONCursor` with the schema's ranges; false means "take the general path".
struct FastDecoder {
    var cursor: JSONCursor
    let kind: RequestKinds

    private init(_ body: UnsafeBufferPointer<UInt8>, kind: RequestKinds) {
        cursor = JSONCursor(body)
        self.kind = kind
    }

    /// Decodes `body` into `request`, which must be empty (`RequestBody()`); false when the body needs the general
    /// decoder, and `request` then holds whatever was read. Filling the request in place spares copying it.
    static func decode(_ body: UnsafeBufferPointer<UInt8>, kind: RequestBody.Kind, into request: inout RequestBody)
        -> Bool
    {
        var decoder = FastDecoder(body, kind: kind.kinds)
        return decoder.usualBody(into: &request) && decoder.cursor.atEnd()
    }

    /// `decode` with every member read through the table, none by `usualBody`: what the usual members' readers
    /// are held to (`FastPathAgreement`).
    static func decodeByTable(
        _ body: UnsafeBufferPointer<UInt8>, kind: RequestBody.Kind, into request: inout RequestBody
    ) -> Bool {
        var decoder = FastDecoder(body, kind: kind.kinds)
        return decoder.object(RequestSchema.top, into: &request) && decoder.cursor.atEnd()
    }

    /// How far an object's members are read: which (by bit), whether any, and which is expected next.
    struct Progress {
        var seen: UInt64 = 0
        var first = true
        var expected = 0

        /// Marks the member at `index` read, as the loop of `members` marks it.
        @inline(__always)
        mutating func read(_ index: Int) {
            seen |= 1 &<< UInt64(truncatingIfNeeded: index)
            first = false
            expected = index &+ 1
        }
    }

    /// Reads an object of `schema`.
    private mutating func object(_ schema: ObjectSchema, into body: inout RequestBody) -> Bool {
        guard cursor.beginObject() else { return false }
        return members(schema, after: Progress(), into: &body)
    }

    /// Reads the rest of an object of `schema`, its members so far marked in `progress`. Each member is first
    /// expected to be the one the schema declares after the last (`JSONCursor.member`, with no scan for the
    /// name's end), and looked up by name otherwise.
    mutating func members(_ schema: ObjectSchema, after progress: Progress, into body: inout RequestBody) -> Bool {
        let count = schema.names.count
        var seen = progress.seen
        var first = progress.first
        var expected = progress.expected
        while true {
            let index: Int
            if expected < count, cursor.member(schema.keys[expected], first: first) {
                index = expected
            } else {
                switch cursor.nextMember(first: first) {
                case .end:
                    // Which of the keyboard's members came, for `RequestSchema.platformProblems`.
                    if schema.acceptsUserInfo { body.keyboardSent = UInt32(truncatingIfNeeded: seen) }
                    // A missing required member is the general decoder's to word.
                    let required = schema.required(kind)
                    return seen & required == required
                case .unusual: return false
                case .key(let key):
                    guard let named = schema.index(of: key) else { return false }
                    index = named
                }
            }
            let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: index)
            guard seen & bit == 0, schema.allowed(kind) & bit != 0 else { return false }
            seen |= bit
            switch schema.fastSlots[index] {
            case .body(let field):
                guard field._withUnsafeGuaranteedRef({ $0.read(&self, into: &body) }) else { return false }
            case .geometry(let field, let sent):
                guard field._withUnsafeGuaranteedRef({ $0.read(&self, into: &body.event.scene.values) }) else {
                    return false
                }
                body.event.scene.given.rawValue |= sent
            case .keyboard(let field):
                guard field._withUnsafeGuaranteedRef({ $0.read(&self, into: &body.event.keyboard) }) else {
                    return false
                }
            case .object(let nested):
                guard nested._withUnsafeGuaranteedRef({ object($0, into: &body) }) else { return false }
            case .userInfo:
                return false
            }
            expected = index + 1
            first = false
        }
    }

}

extension Field {
    /// Reads this member's value into `root`; false when it is anything but an acceptable value of its kind.
    /// A method of the member, so that its kind is read in place rather than copied out for each value.
    fileprivate func read(_ decoder: inout FastDecoder, into root: inout Root) -> Bool {
        decoder.read(kind, into: &root)
    }
}

extension FastDecoder {
    @inline(__always)
    fileprivate mutating func read<Root>(_ kind: borrowing FieldKind<Root>, into root: inout Root) -> Bool {
        switch kind {
        case .number(let range, _, let set):
            guard let number = number(in: range) else { return false }
            set(&root, number)
        case .integer(let range, _, let set):
            guard let number = integer(in: range) else { return false }
            set(&root, number)
        case .bool(_, let set):
            guard let flag = cursor.bool() else { return false }
            set(&root, flag)
        case .string(let maxBytes, _, let set):
            guard let string = string(maxBytes: maxBytes) else { return false }
            set(&root, string)
        case .choice(_, _, let set):
            guard let name = cursor.plainString() ?? cursor.string(), name.utf8.count <= Limits.stringBytes else {
                return false
            }
            return set(&root, name)
        case .rect(_, let set):
            guard let rect = rect() else { return false }
            set(&root, rect)
        case .size(_, let set):
            guard let size = size() else { return false }
            set(&root, size)
        case .point(_, let set):
            guard let point = point() else { return false }
            set(&root, point)
        case .insets(let range, _, let set):
            guard let insets = insets(in: range) else { return false }
            set(&root, insets)
        case .list(let shape, _, let set):
            guard let items = list(shape) else { return false }
            set(&root, items)
        case .container, .fixedElements:
            // A container's bars and a page's fixed bars are read by the general decoder alone: few bodies send them.
            return false
        }
        return true
    }

    // A geometry object is first read in the order clients write it (x, y, width, height); any other order
    // rereads it by name.

    mutating func rect() -> Rect? {
        let start = cursor
        if let spelled = spelledRect() { return spelled }
        cursor = start
        if cursor.beginObject(), cursor.member("x", first: true), let x = number(in: Limits.coordinate),
            cursor.member("y", first: false), let y = number(in: Limits.coordinate),
            cursor.member("width", first: false), let width = number(in: Limits.length),
            cursor.member("height", first: false), let height = number(in: Limits.length), cursor.endObject()
        {
            return Rect(x: x, y: y, width: width, height: height)
        }
        cursor = start
        let slot = { (key: UnsafeBufferPointer<UInt8>) -> Int? in
            key.spells("x") ? 0 : key.spells("y") ? 1 : key.spells("width") ? 2 : key.spells("height") ? 3 : nil
        }
        guard let v = numbers(count: 4, slot: slot, range: { $0 < 2 ? Limits.coordinate : Limits.length }) else {
            return nil
        }
        return Rect(x: v.0, y: v.1, width: v.2, height: v.3)
    }

    mutating func size() -> Size? {
        let start = cursor
        if let spelled = spelledSize() { return spelled }
        cursor = start
        if cursor.beginObject(), cursor.member("width", first: true), let width = number(in: Limits.length),
            cursor.member("height", first: false), let height = number(in: Limits.length), cursor.endObject()
        {
            return Size(width: width, height: height)
        }
        cursor = start
        let slot = { (key: UnsafeBufferPointer<UInt8>) -> Int? in
            key.spells("width") ? 0 : key.spells("height") ? 1 : nil
        }
        guard let v = numbers(count: 2, slot: slot, range: { _ in Limits.length }) else { return nil }
        return Size(width: v.0, height: v.1)
    }

    mutating func point() -> Point? {
        let start = cursor
        if let spelled = spelledPoint() { return spelled }
        cursor = start
        if cursor.beginObject(), cursor.member("x", first: true), let x = number(in: Limits.coordinate),
            cursor.member("y", first: false), let y = number(in: Limits.coordinate), cursor.endObject()
        {
            return Point(x: x, y: y)
        }
        cursor = start
        let slot = { (key: UnsafeBufferPointer<UInt8>) -> Int? in key.spells("x") ? 0 : key.spells("y") ? 1 : nil }
        guard let v = numbers(count: 2, slot: slot, range: { _ in Limits.coordinate }) else { return nil }
        return Point(x: v.0, y: v.1)
    }

    mutating func insets(in range: ClosedRange<Double>) -> EdgeInsets? {
        let start = cursor
        if let spelled = spelledInsets(in: range) { return spelled }
        cursor = start
        if cursor.beginObject(), cursor.member("top", first: true), let top = number(in: range),
            cursor.member("left", first: false), let left = number(in: range),
            cursor.member("bottom", first: false), let bottom = number(in: range),
            cursor.member("right", first: false), let right = number(in: range), cursor.endObject()
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

    /// Reads an object whose members may come in any order: calls `member` with each key, the cursor before its
    /// value; false when the object is not there, a key is unusual (escapes, non-ASCII), or `member` answers false.
    fileprivate mutating func members(_ member: (inout FastDecoder, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard cursor.beginObject() else { return false }
        var first = true
        while true {
            switch cursor.nextMember(first: first) {
            case .end: return true
            case .unusual: return false
            case .key(let key):
                guard member(&self, key) else { return false }
            }
            first = false
        }
    }

    /// `[{id, frame}]` as `FieldReader.views` accepts it; nil for anything it would refuse or word.
    fileprivate mutating func list(_ shape: ListShape) -> [ListedRect]? {
        guard cursor.beginArray() else { return nil }
        var list: [ListedRect] = []
        var first = true
        while let more = cursor.nextElement(first: first) {
            guard more else { return list }
            guard list.count < shape.maxCount else { return nil }
            var id: String?
            var rect: Rect?
            var order: Double?
            let complete = members { reader, key in
                if key.spells("id"), id == nil, let text = reader.cursor.string(), !text.isEmpty,
                    text.utf8.count <= Limits.stringBytes, !Limits.holdsControlCharacter(text)
                {
                    id = text
                    return true
                }
                if key.spells(shape.rectKey), rect == nil, let value = reader.rect() {
                    rect = value
                    return true
                }
                if shape.ordered, key.spells("order"), order == nil, let value = reader.number(in: Limits.coordinate) {
                    order = value
                    return true
                }
                return false
            }
            guard complete, let id, let rect, !list.contains(where: { $0.id == id }) else { return nil }
            list.append(ListedRect(id: id, rect: rect, order: order))
            first = false
        }
        return nil
    }

    /// An object of `count` numbers in any order, every one required: `slot` names a key's position (nil: an
    /// unknown key), and `range` the values that position accepts.
    fileprivate mutating func numbers(
        count: Int, slot: (UnsafeBufferPointer<UInt8>) -> Int?, range: (Int) -> ClosedRange<Double>
    ) -> (Double, Double, Double, Double)? {
        var values = (0.0, 0.0, 0.0, 0.0)
        var seen: UInt32 = 0
        let complete = members { reader, key in
            guard let position = slot(key), seen & (1 << UInt32(position)) == 0,
                let value = reader.number(in: range(position))
            else { return false }
            seen |= 1 << UInt32(position)
            switch position {
            case 0: values.0 = value
            case 1: values.1 = value
            case 2: values.2 = value
            default: values.3 = value
            }
            return true
        }
        return complete && seen == (1 << UInt32(count)) - 1 ? values : nil
    }

    /// The session id, as `string(maxBytes:)` reads it, into `body`: one of 22 plain bytes inline, with no string
    /// made of it.
    @inline(__always)
    mutating func sessionId(into body: inout RequestBody) -> Bool {
        guard let bytes = cursor.plainStringBytes() else {
            guard let id = string(maxBytes: Limits.sessionIdBytes) else { return false }
            body.sessionId = id
            return true
        }
        guard bytes.count <= Limits.sessionIdBytes else { return false }
        if let id = InlineSessionID(bytes) {
            body.inlineSessionId = id
        } else {
            body.otherSessionId = String(decoding: bytes, as: UTF8.self)
        }
        return true
    }

    /// `FieldReader.string`'s rule: at most `maxBytes` bytes, no control character.
    mutating func string(maxBytes: Int) -> String? {
        // Printable ASCII (a session id) holds no control character; anything else is read and checked in full.
        if let plain = cursor.plainString() {
            return plain.utf8.count <= maxBytes ? plain : nil
        }
        guard let string = cursor.string(), string.utf8.count <= maxBytes, !Limits.holdsControlCharacter(string)
        else { return nil }
        return string
    }

    /// `FieldReader.integer`'s rule: a number in range with no fraction. The schema's integer ranges are small (the
    /// curve's 0 to 15), so a number in range converts to `Int`, and back to itself exactly when it has no
    /// fraction: cheaper than `rounded()`, a call into the C library.
    @inline(__always)
    mutating func integer(in range: ClosedRange<Int>) -> Int? {
        guard let number = number(in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        let integer = Int(number)
        return Double(integer) == number ? integer : nil
    }

    /// `FieldReader.number`'s rule: finite, in range, and -0 read as 0. Every range is finite, so one in range is
    /// finite too. Inlined: the range folds to constants. A number right after its colon and space, as clients
    /// write it, is read here; one after other whitespace, or long, or with an exponent, out of line.
    @inline(__always)
    mutating func number(in range: ClosedRange<Double>) -> Double? {
        guard let number = cursor.spelledNumber() ?? otherNumber(), range.contains(number) else { return nil }
        return number
    }

    /// `number(in:)`'s rarer numbers, -0 read as 0.
    @inline(never)
    mutating func otherNumber() -> Double? {
        guard let number = cursor.shortNumber() else { return nil }
        return number == 0 ? 0 : number
    }
}

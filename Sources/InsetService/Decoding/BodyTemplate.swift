import InsetCore
import InsetJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A client sends show and hide bodies of one shape over and over: one serializer, the same keys in the same
// order, the same spacing, new numbers. The fast path spends most of its time on that shape (finding each key,
// checking it is the expected one); a template learned from one body it decoded checks the shape as a few byte
// comparisons and reads only the values, with the fast path's own number reading and range checks. A body
// whose bytes between the values are exactly the template's has the same members in the same order as the
// learning body, so the fast path would take the same steps over it and differ only in the values: the
// result is the learning body's request with the new values put in. Anything else is a miss, and the fast path
// decides as before; a test holds the two to the same answers.

/// The shape of a show or hide body the fast path decoded: the bytes between its values, and what each fills.
/// A class: a template is read in place under its shard's lock, where a struct was copied into each closure.
final class BodyTemplate: Sendable {
    /// The field a value fills.
    enum Target: UInt8, Sendable {
        case frame, safeAreaInsets, contentInset, scrollIndicatorInsets, contentSize, contentOffset
        case screen, window, frameEnd, frameBegin, focusedRect
        case timestamp, keyboardDistance, animationDuration, animationCurve, sessionId
    }

    /// One value: how many literal bytes come before it, and what it fills (`component` is its place in a
    /// geometry object: x, y, width, height; width, height; top, left, bottom, right).
    struct Hole: Sendable {
        var literalCount: Int
        var target: Target
        var component: Int
    }

    /// Show or hide: a template only serves the kind it was learned from.
    let kind: KeyboardEventRequest.Kind
    /// What the learning body decoded to; a match starts from it and replaces the values.
    let request: KeyboardEventRequest
    /// The bytes between the values, back to back.
    let literal: [UInt8]
    let holes: [Hole]
    /// How many literal bytes follow the last value.
    let tailCount: Int

    init(
        kind: KeyboardEventRequest.Kind, request: KeyboardEventRequest, literal: [UInt8], holes: [Hole], tailCount: Int
    ) {
        self.kind = kind
        self.request = request
        self.literal = literal
        self.holes = holes
        self.tailCount = tailCount
    }

    /// Bodies longer than this are not learned: they are not what clients send, and a template is kept per
    /// worker thread.
    static let maxBodyBytes = 4096

    /// Decodes `body` into `request` when it has this shape; false, with `request` in an unspecified state,
    /// otherwise.
    func decode(_ body: UnsafeBufferPointer<UInt8>, into request: inout KeyboardEventRequest) -> Bool {
        guard let bodyBase = body.baseAddress else { return false }
        return literal.withUnsafeBufferPointer { literalBytes in
            guard let literalBase = literalBytes.baseAddress else { return false }
            request = self.request
            var position = 0
            var literalPosition = 0
            for hole in holes {
                let count = hole.literalCount
                guard count <= body.count - position,
                    memcmp(bodyBase + position, literalBase + literalPosition, count) == 0
                else { return false }
                position += count
                literalPosition += count
                if hole.target == .sessionId {
                    guard let end = Self.plainStringEnd(body, at: position) else { return false }
                    request.sessionId = String(
                        decoding: UnsafeBufferPointer(rebasing: body[(position + 1)..<(end - 1)]), as: UTF8.self)
                    position = end
                } else if let (value, end) = Self.wholeNumber(body, at: position) {
                    guard Self.fill(value, hole.target, hole.component, into: &request) else { return false }
                    position = end
                } else {
                    var cursor = JSONCursor(body, at: position)
                    guard let value = cursor.number(), Self.fill(value, hole.target, hole.component, into: &request)
                    else { return false }
                    position = cursor.offset
                }
            }
            return body.count - position == tailCount
                && memcmp(bodyBase + position, literalBase + literalPosition, tailCount) == 0
        }
    }

    /// The template of `body`, which the fast path decoded to `request`; nil for a body it does not cover.
    static func learn(
        _ body: UnsafeBufferPointer<UInt8>, kind: KeyboardEventRequest.Kind, request: KeyboardEventRequest
    ) -> BodyTemplate? {
        guard body.count <= maxBodyBytes else { return nil }
        var builder = Builder(body: body, cursor: JSONCursor(body))
        guard builder.event(), builder.cursor.atEnd() else { return nil }
        var literal: [UInt8] = []
        literal.reserveCapacity(body.count)
        var holes: [Hole] = []
        holes.reserveCapacity(builder.values.count)
        var previousEnd = 0
        for value in builder.values {
            literal.append(contentsOf: body[previousEnd..<value.range.lowerBound])
            holes.append(
                Hole(
                    literalCount: value.range.lowerBound - previousEnd, target: value.target,
                    component: value.component))
            previousEnd = value.range.upperBound
        }
        literal.append(contentsOf: body[previousEnd...])
        return BodyTemplate(
            kind: kind, request: request, literal: literal, holes: holes, tailCount: body.count - previousEnd)
    }

    /// The usual value, a whole number of 1 to 9 digits with no sign, fraction or exponent, and where it ends;
    /// nil for anything else (a leading zero before another digit included), which `JSONCursor.number` reads.
    /// The digits make an exact integer, so the value is the one `number` would give.
    @inline(__always)
    private static func wholeNumber(_ body: UnsafeBufferPointer<UInt8>, at start: Int) -> (Double, Int)? {
        var index = start
        var value = 0
        while index < body.count, case let digit = body[index] &- UInt8(ascii: "0"), digit < 10 {
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits <= 9, digits == 1 || body[start] != UInt8(ascii: "0") else { return nil }
        if index < body.count {
            let next = body[index]
            guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return nil }
        }
        return (Double(value), index)
    }

    /// Where the plain string at `start` ends (after its closing quote): printable ASCII without escapes, and no
    /// longer than a session id may be; nil for anything else, which the fast path reads.
    fileprivate static func plainStringEnd(_ body: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard start < body.count, body[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < body.count {
            let byte = body[index]
            if byte == UInt8(ascii: "\"") { return index - start - 1 <= 64 ? index + 1 : nil }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// Checks `value` as the fast path does for `target` and puts it in `request`; false if it is out of range.
    static func fill(_ value: Double, _ target: Target, _ component: Int, into request: inout KeyboardEventRequest)
        -> Bool
    {
        switch target {
        case .frame: return fillRect(&request.geometry.scrollView.frame, component, value)
        case .window: return fillRect(&request.geometry.window, component, value)
        case .frameEnd: return fillRect(&request.keyboard.frameEnd, component, value)
        case .frameBegin: return fillRect(&request.keyboard.frameBegin, component, value)
        case .focusedRect: return fillRect(&request.focusedRect, component, value)
        case .safeAreaInsets:
            return fillInsets(&request.geometry.scrollView.safeAreaInsets, component, value, range: length)
        case .contentInset:
            return fillInsets(&request.geometry.scrollView.contentInset, component, value, range: coordinate)
        case .scrollIndicatorInsets:
            return fillInsets(&request.geometry.scrollView.scrollIndicatorInsets, component, value, range: coordinate)
        case .contentSize: return fillSize(&request.geometry.scrollView.contentSize, component, value)
        case .screen: return fillSize(&request.geometry.screen, component, value)
        case .contentOffset:
            guard let checked = checked(value, coordinate) else { return false }
            if component == 0 {
                request.geometry.scrollView.contentOffset?.x = checked
            } else {
                request.geometry.scrollView.contentOffset?.y = checked
            }
            return true
        case .timestamp:
            guard let checked = checked(value, FieldReader.timestampRange) else { return false }
            request.timestamp = checked
            return true
        case .keyboardDistance:
            guard let checked = checked(value, 0...10_000) else { return false }
            request.geometry.keyboardDistance = checked
            return true
        case .animationDuration:
            guard let checked = checked(value, 0...10) else { return false }
            request.keyboard.animationDuration = checked
            return true
        case .animationCurve:
            let range = KeyboardInfo.curveRange
            guard let checked = checked(value, Double(range.lowerBound)...Double(range.upperBound)),
                checked.rounded() == checked
            else { return false }
            request.keyboard.animationCurve = Int(checked)
            return true
        case .sessionId:
            return false
        }
    }

    private static var coordinate: ClosedRange<Double> { -FieldReader.maxMagnitude...FieldReader.maxMagnitude }
    private static var length: ClosedRange<Double> { 0...FieldReader.maxMagnitude }

    /// The fast path's rule: finite, in range, and -0 read as 0.
    private static func checked(_ value: Double, _ range: ClosedRange<Double>) -> Double? {
        guard value.isFinite, range.contains(value) else { return nil }
        return value == 0 ? 0 : value
    }

    private static func fillRect(_ rect: inout Rect?, _ component: Int, _ value: Double) -> Bool {
        guard let checked = checked(value, component < 2 ? coordinate : length) else { return false }
        switch component {
        case 0: rect?.x = checked
        case 1: rect?.y = checked
        case 2: rect?.width = checked
        default: rect?.height = checked
        }
        return true
    }

    private static func fillSize(_ size: inout Size?, _ component: Int, _ value: Double) -> Bool {
        guard let checked = checked(value, length) else { return false }
        if component == 0 { size?.width = checked } else { size?.height = checked }
        return true
    }

    private static func fillInsets(
        _ insets: inout EdgeInsets?, _ component: Int, _ value: Double, range: ClosedRange<Double>
    ) -> Bool {
        guard let checked = checked(value, range) else { return false }
        switch component {
        case 0: insets?.top = checked
        case 1: insets?.left = checked
        case 2: insets?.bottom = checked
        default: insets?.right = checked
        }
        return true
    }

    /// Walks a body the fast path accepted and notes where each value is and what it fills; false for a member
    /// it does not cover.
    private struct Builder: CursorReader {
        let body: UnsafeBufferPointer<UInt8>
        var cursor: JSONCursor
        var values: [(range: Range<Int>, target: Target, component: Int)] = []

        mutating func number(_ target: Target, _ component: Int = 0) -> Bool {
            cursor.skipSpace()
            let start = cursor.offset
            guard cursor.number() != nil else { return false }
            values.append((start..<cursor.offset, target, component))
            return true
        }

        /// A value kept in the literal bytes: a choice or a flag, which a client seldom changes.
        mutating func literalValue() -> Bool {
            cursor.bool() != nil || cursor.string() != nil
        }

        /// The session id, a value only when it is plain (printable ASCII, no escapes), as `decode` reads it:
        /// otherwise the template could not read back the body it was learned from.
        mutating func sessionId() -> Bool {
            cursor.skipSpace()
            let start = cursor.offset
            guard cursor.string() != nil, BodyTemplate.plainStringEnd(body, at: start) == cursor.offset else {
                return false
            }
            values.append((start..<cursor.offset, .sessionId, 0))
            return true
        }

        /// A geometry object whose members are `names`, in any order.
        mutating func geometry(_ target: Target, _ names: [StaticString]) -> Bool {
            members { builder, key in
                guard let component = names.firstIndex(where: { key.spells($0) }) else { return false }
                return builder.number(target, component)
            }
        }

        mutating func event() -> Bool {
            members { builder, key in
                if key.spells("scrollView") { return builder.scrollView() }
                if key.spells("screen") { return builder.geometry(.screen, Builder.size) }
                if key.spells("keyboard") { return builder.keyboard() }
                if key.spells("focusedRect") { return builder.geometry(.focusedRect, Builder.rect) }
                if key.spells("window") { return builder.geometry(.window, Builder.rect) }
                if key.spells("sessionId") { return builder.sessionId() }
                if key.spells("timestamp") { return builder.number(.timestamp) }
                if key.spells("keyboardDistance") { return builder.number(.keyboardDistance) }
                if key.spells("baseInsetMode") || key.spells("followsUndockedKeyboard") {
                    return builder.literalValue()
                }
                return false
            }
        }

        mutating func scrollView() -> Bool {
            members { builder, key in
                if key.spells("frame") { return builder.geometry(.frame, Builder.rect) }
                if key.spells("safeAreaInsets") { return builder.geometry(.safeAreaInsets, Builder.insets) }
                if key.spells("contentSize") { return builder.geometry(.contentSize, Builder.size) }
                if key.spells("contentOffset") { return builder.geometry(.contentOffset, Builder.point) }
                if key.spells("contentInset") { return builder.geometry(.contentInset, Builder.insets) }
                if key.spells("scrollIndicatorInsets") {
                    return builder.geometry(.scrollIndicatorInsets, Builder.insets)
                }
                if key.spells("contentInsetAdjustmentBehavior")
                    || key.spells("automaticallyAdjustsScrollIndicatorInsets") || key.spells("alwaysBounceVertical")
                {
                    return builder.literalValue()
                }
                return false
            }
        }

        mutating func keyboard() -> Bool {
            members { builder, key in
                if key.spells("frameEnd") { return builder.geometry(.frameEnd, Builder.rect) }
                if key.spells("frameBegin") { return builder.geometry(.frameBegin, Builder.rect) }
                if key.spells("animationDuration") { return builder.number(.animationDuration) }
                if key.spells("animationCurve") { return builder.number(.animationCurve) }
                if key.spells("isLocal") { return builder.literalValue() }
                return false
            }
        }

        static let rect: [StaticString] = ["x", "y", "width", "height"]
        static let size: [StaticString] = ["width", "height"]
        static let point: [StaticString] = ["x", "y"]
        static let insets: [StaticString] = ["top", "left", "bottom", "right"]
    }
}

/// Templates learned from recent bodies, a few per worker-thread shard, most recently used first.
final class BodyTemplates: Sendable {
    private struct Shard {
        var templates: [BodyTemplate] = []
        /// Bodies no template matched: once the shard is full, only every eighth miss is learned, so a client
        /// cycling through more shapes than a shard holds does not pay for learning on every request.
        var misses = 0
    }

    private let shards: [Locked<Shard>] = (0..<BodyTemplates.shardCount).map { _ in Locked(Shard()) }
    private static let shardCount = 8
    /// Templates per shard: a show and a hide with and without a session fit.
    static let perShard = 4

    /// Decodes `body` with a template of this thread's shard, moving it to the front; false if none matches.
    func decode(
        _ body: UnsafeBufferPointer<UInt8>, kind: KeyboardEventRequest.Kind, into request: inout KeyboardEventRequest
    )
        -> Bool
    {
        shards[currentThreadShard(count: Self.shardCount)].withLock { shard in
            // Through the buffer, so that each template is used where it lies rather than copied out.
            let matched = shard.templates.withUnsafeBufferPointer { templates -> Int? in
                for index in templates.indices where templates[index].kind == kind {
                    if templates[index].decode(body, into: &request) { return index }
                }
                return nil
            }
            guard let matched else {
                shard.misses &+= 1
                return false
            }
            if matched > 0 { shard.templates.swapAt(0, matched) }
            return true
        }
    }

    /// Learns the shape of `body`, which the fast path decoded to `request` after no template matched.
    func learn(_ body: UnsafeBufferPointer<UInt8>, kind: KeyboardEventRequest.Kind, request: KeyboardEventRequest) {
        let shard = shards[currentThreadShard(count: Self.shardCount)]
        let due = shard.withLock { $0.templates.count < Self.perShard || $0.misses % 8 == 0 }
        guard due, let template = BodyTemplate.learn(body, kind: kind, request: request) else { return }
        shard.withLock { shard in
            if shard.templates.count >= Self.perShard { shard.templates.removeLast() }
            shard.templates.insert(template, at: 0)
        }
    }
}

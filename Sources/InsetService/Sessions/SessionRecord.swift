import InsetCore
import InsetJSON

/// A session as a shared store keeps it: compact JSON with a schema version `"v"`, so a replica of a later
/// release can still read what an earlier one wrote during a rolling deploy, and a revision `"r"` that every
/// write increments, so two writes never store the same bytes (the store's compare-and-set compares bytes).
///
/// Every Double round-trips bit for bit: the writer prints the shortest text that parses back to the same
/// value, and `-0`, which that writer prints as `0`, is written `-0.0` here. Rects, insets, sizes, points and
/// scroll states are arrays of numbers in a fixed order:
///
///     {"v":1,"r":7,"id":"…","t":[lastTime,lastServerTime],"cf":clockFixed,"kv":keyboardVisible,
///      "g":{geometry},"k":{keyboard}|null,"tg":{target},"a":{animation}|null}
enum SessionRecord {
    /// The schema version this build writes and reads.
    static let version = 1

    /// Why a stored value could not be read back.
    struct Unreadable: Error, Equatable {
        /// What was wrong, for the logs.
        var reason: String
    }

    /// The record of `session` at `revision`.
    static func encode(_ session: Session, revision: Int) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.field("v", version)
        writer.field("r", revision)
        writer.field("id", session.id)
        writer.key(static: "t")
        writer.exactNumbers(session.lastTime, session.lastServerTime)
        writer.field("cf", session.clockFixed)
        writer.field("kv", session.keyboardVisible)
        writer.key(static: "g")
        writer.storedGeometry(session.geometry)
        writer.key(static: "k")
        if let keyboard = session.keyboard { writer.storedKeyboard(keyboard) } else { writer.null() }
        writer.key(static: "tg")
        writer.storedResult(session.target)
        writer.key(static: "a")
        if let animation = session.animation { writer.storedAnimation(animation) } else { writer.null() }
        writer.endObject()
        return writer.bytes
    }

    /// The session and revision in `bytes`; throws when they are not a record of this schema version.
    static func decode(_ bytes: [UInt8]) throws(Unreadable) -> (session: Session, revision: Int) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw Unreadable(reason: "not JSON")
        }
        let record = try RecordReader.object(value)
        let version = try RecordReader.int(record, "v")
        guard version == Self.version else { throw Unreadable(reason: "schema version \(version)") }
        let times = try RecordReader.numbers(record, "t", count: 2)
        let keyboard = try RecordReader.optional(record, "k", RecordReader.keyboard)
        let animation = try RecordReader.optional(record, "a", RecordReader.animation)
        let session = Session(
            id: try RecordReader.string(record, "id"), geometry: try RecordReader.geometry(record, "g"),
            keyboardVisible: try RecordReader.bool(record, "kv"), keyboard: keyboard,
            target: try RecordReader.result(record, "tg"), animation: animation, lastTime: times[0],
            lastServerTime: times[1], clockFixed: try RecordReader.bool(record, "cf"))
        return (session, try RecordReader.int(record, "r"))
    }
}

extension JSONWriter {
    /// A number whose bits survive the round trip, `-0` included.
    fileprivate mutating func exactNumber(_ value: Double) {
        if value == 0 && value.sign == .minus {
            rawString("-0.0")
        } else {
            number(value)
        }
    }

    /// An array of exact numbers.
    fileprivate mutating func exactNumbers(_ values: Double...) {
        beginArray()
        for value in values { exactNumber(value) }
        endArray()
    }

    fileprivate mutating func exactRect(_ rect: Rect) { exactNumbers(rect.x, rect.y, rect.width, rect.height) }

    fileprivate mutating func exactInsets(_ insets: EdgeInsets) {
        exactNumbers(insets.top, insets.left, insets.bottom, insets.right)
    }

    fileprivate mutating func exactState(_ state: ScrollState) {
        let inset = state.contentInset
        let indicators = state.scrollIndicatorInsets
        exactNumbers(
            inset.top, inset.left, inset.bottom, inset.right, indicators.top, indicators.left, indicators.bottom,
            indicators.right, state.contentOffset.x, state.contentOffset.y)
    }

    fileprivate mutating func storedGeometry(_ geometry: StoredGeometry) {
        let sv = geometry.scrollView
        beginObject()
        key(static: "f")
        exactRect(sv.frame)
        key(static: "ci")
        exactInsets(sv.contentInset)
        key(static: "si")
        exactInsets(sv.scrollIndicatorInsets)
        key(static: "sa")
        exactInsets(sv.safeAreaInsets)
        field("b", sv.contentInsetAdjustmentBehavior.rawValue)
        field("aa", sv.automaticallyAdjustsScrollIndicatorInsets)
        key(static: "cs")
        exactNumbers(sv.contentSize.width, sv.contentSize.height)
        key(static: "co")
        exactNumbers(sv.contentOffset.x, sv.contentOffset.y)
        field("bv", sv.alwaysBounceVertical)
        field("csf", geometry.contentSizeFollowsFrame)
        key(static: "w")
        exactRect(geometry.space.window)
        key(static: "s")
        if let screen = geometry.space.screen { exactNumbers(screen.width, screen.height) } else { null() }
        field("wg", geometry.windowGiven)
        key(static: "kd")
        exactNumber(geometry.options.keyboardDistance)
        field("m", geometry.options.baseInsetMode.rawValue)
        field("fu", geometry.options.followsUndockedKeyboard)
        endObject()
    }

    fileprivate mutating func storedKeyboard(_ keyboard: KeyboardInfo) {
        beginObject()
        key(static: "fe")
        if let frame = keyboard.frameEnd { exactRect(frame) } else { null() }
        key(static: "fb")
        if let frame = keyboard.frameBegin { exactRect(frame) } else { null() }
        key(static: "d")
        exactNumber(keyboard.animationDuration)
        field("c", keyboard.animationCurve)
        key(static: "l")
        if let isLocal = keyboard.isLocal { bool(isLocal) } else { null() }
        endObject()
    }

    fileprivate mutating func storedResult(_ result: InsetResult) {
        beginObject()
        key(static: "ci")
        exactInsets(result.contentInset)
        key(static: "si")
        exactInsets(result.scrollIndicatorInsets)
        key(static: "ai")
        exactInsets(result.adjustedContentInset)
        key(static: "co")
        exactNumbers(result.contentOffset.x, result.contentOffset.y)
        key(static: "o")
        exactNumber(result.keyboardOverlap)
        field("d", result.keyboardDocked)
        endObject()
    }

    fileprivate mutating func storedAnimation(_ animation: KeyboardAnimation) {
        beginObject()
        key(static: "f")
        exactState(animation.from)
        key(static: "to")
        exactState(animation.to)
        field("c", animation.curve.rawValue)
        key(static: "d")
        exactNumber(animation.duration)
        key(static: "s")
        exactNumber(animation.startTime)
        endObject()
    }
}

/// Reads the members `SessionRecord.encode` writes; any missing or mistyped one makes the record unreadable.
private enum RecordReader {
    typealias Unreadable = SessionRecord.Unreadable

    static func object(_ value: JSONValue) throws(Unreadable) -> JSONObject {
        guard case .object(let object) = value else { throw Unreadable(reason: "not an object") }
        return object
    }

    static func member(_ object: JSONObject, _ key: String) throws(Unreadable) -> JSONValue {
        guard let value = object[key] else { throw Unreadable(reason: "no \(key)") }
        return value
    }

    static func optional<T>(
        _ object: JSONObject, _ key: String, _ read: (JSONValue) throws(Unreadable) -> T
    ) throws(Unreadable) -> T? {
        let value = try member(object, key)
        if case .null = value { return nil }
        return try read(value)
    }

    static func number(_ value: JSONValue, _ key: String) throws(Unreadable) -> Double {
        guard case .number(let number) = value else { throw Unreadable(reason: "\(key) is not a number") }
        return number
    }

    static func number(_ object: JSONObject, _ key: String) throws(Unreadable) -> Double {
        try number(try member(object, key), key)
    }

    static func int(_ object: JSONObject, _ key: String) throws(Unreadable) -> Int {
        let value = try number(object, key)
        guard let int = Int(exactly: value) else { throw Unreadable(reason: "\(key) is not an integer") }
        return int
    }

    static func bool(_ object: JSONObject, _ key: String) throws(Unreadable) -> Bool {
        guard case .bool(let flag) = try member(object, key) else { throw Unreadable(reason: "\(key) not a bool") }
        return flag
    }

    static func string(_ object: JSONObject, _ key: String) throws(Unreadable) -> String {
        guard case .string(let text) = try member(object, key) else { throw Unreadable(reason: "\(key) not a string") }
        return text
    }

    static func choice<T: RawRepresentable<String>>(_ object: JSONObject, _ key: String) throws(Unreadable) -> T {
        guard let choice = T(rawValue: try string(object, key)) else { throw Unreadable(reason: "\(key) unknown") }
        return choice
    }

    static func numbers(_ value: JSONValue, count: Int) throws(Unreadable) -> [Double] {
        guard case .array(let elements) = value, elements.count == count else {
            throw Unreadable(reason: "not an array of \(count) numbers")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(count)
        for element in elements { numbers.append(try number(element, "element")) }
        return numbers
    }

    static func numbers(_ object: JSONObject, _ key: String, count: Int) throws(Unreadable) -> [Double] {
        try numbers(try member(object, key), count: count)
    }

    static func rect(_ value: JSONValue) throws(Unreadable) -> Rect {
        let n = try numbers(value, count: 4)
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    static func insets(_ object: JSONObject, _ key: String) throws(Unreadable) -> EdgeInsets {
        let n = try numbers(object, key, count: 4)
        return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    static func point(_ object: JSONObject, _ key: String) throws(Unreadable) -> Point {
        let n = try numbers(object, key, count: 2)
        return Point(x: n[0], y: n[1])
    }

    static func size(_ value: JSONValue) throws(Unreadable) -> Size {
        let n = try numbers(value, count: 2)
        return Size(width: n[0], height: n[1])
    }

    static func state(_ object: JSONObject, _ key: String) throws(Unreadable) -> ScrollState {
        let n = try numbers(object, key, count: 10)
        return ScrollState(
            contentInset: EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3]),
            scrollIndicatorInsets: EdgeInsets(top: n[4], left: n[5], bottom: n[6], right: n[7]),
            contentOffset: Point(x: n[8], y: n[9]))
    }

    static func geometry(_ record: JSONObject, _ key: String) throws(Unreadable) -> StoredGeometry {
        let g = try object(try member(record, key))
        let scrollView = ScrollViewGeometry(
            frame: try rect(try member(g, "f")), contentInset: try insets(g, "ci"),
            scrollIndicatorInsets: try insets(g, "si"), safeAreaInsets: try insets(g, "sa"),
            contentInsetAdjustmentBehavior: try choice(g, "b"),
            automaticallyAdjustsScrollIndicatorInsets: try bool(g, "aa"), contentSize: try size(try member(g, "cs")),
            contentOffset: try point(g, "co"), alwaysBounceVertical: try bool(g, "bv"))
        let space = ScreenSpace(window: try rect(try member(g, "w")), screen: try optional(g, "s", size))
        let options = AvoidanceOptions(
            keyboardDistance: try number(g, "kd"), baseInsetMode: try choice(g, "m"),
            followsUndockedKeyboard: try bool(g, "fu"))
        return StoredGeometry(
            scrollView: scrollView, contentSizeFollowsFrame: try bool(g, "csf"), space: space,
            windowGiven: try bool(g, "wg"), options: options)
    }

    static func keyboard(_ value: JSONValue) throws(Unreadable) -> KeyboardInfo {
        let k = try object(value)
        var keyboard = KeyboardInfo()
        keyboard.frameEnd = try optional(k, "fe", rect)
        keyboard.frameBegin = try optional(k, "fb", rect)
        keyboard.animationDuration = try number(k, "d")
        keyboard.animationCurve = try int(k, "c")
        keyboard.isLocal = try optional(k, "l") { (value) throws(Unreadable) -> Bool in
            guard case .bool(let flag) = value else { throw Unreadable(reason: "l not a bool") }
            return flag
        }
        return keyboard
    }

    static func result(_ record: JSONObject, _ key: String) throws(Unreadable) -> InsetResult {
        let r = try object(try member(record, key))
        return InsetResult(
            contentInset: try insets(r, "ci"), scrollIndicatorInsets: try insets(r, "si"),
            adjustedContentInset: try insets(r, "ai"), contentOffset: try point(r, "co"),
            keyboardOverlap: try number(r, "o"), keyboardDocked: try bool(r, "d"))
    }

    static func animation(_ value: JSONValue) throws(Unreadable) -> KeyboardAnimation {
        let a = try object(value)
        return KeyboardAnimation(
            from: try state(a, "f"), to: try state(a, "to"), curve: AnimationCurve(rawValue: try int(a, "c")),
            duration: try number(a, "d"), startTime: try number(a, "s"))
    }
}

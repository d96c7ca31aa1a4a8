import InsetCore
import InsetJSON
import InsetSession

#if canImport(Glibc)
    import Glibc
#endif

/// A session as a shared store keeps it: compact JSON with a schema version `"v"`, so a replica of a later
/// release can still read what an earlier one wrote during a rolling deploy, and a revision `"r"` that every
/// write increments, so two writes never store the same bytes (the store's compare-and-set compares bytes).
///
/// Every Double round-trips bit for bit: the writer prints the shortest text that parses back to the same
/// value, and `-0`, which that writer prints as `0`, is written `-0.0` here. Rects, insets, sizes, points and
/// scroll states are arrays of numbers in a fixed order:
///
///     {"v":1,"r":7,"w":"…","id":"…","t":[lastTime,lastServerTime],"cf":clockFixed,"kv":keyboardVisible,
///      "g":{geometry},"k":{keyboard}|null,"tg":{target},"kf":[keyboard frame]|null,
///      "al":{"h":historyStart,"a":[[16 deltas, curve, duration, start, replacedAt|null, offsetReplacedAt|null]]}}
///
/// `"w"` names the attempts that wrote the last few revisions (`RecordWriters`), so that a write whose reply was lost
/// can tell whether it was applied; a record without it (revision 0, or written before it existed) keeps none.
///
/// The target carries the keyboard layout guide's frame `"kg"` (records without it place the guide again from
/// the geometry and keyboard frame), and animations written before the guide was animated have 14 deltas.
/// Pinned views are a geometry member, `[[id, [frame]]]`.
///
/// Records written before additive composition hold one animation instead of `"kf"` and `"al"`,
/// `"a":{"f":[from],"to":[to],"c":curve,"d":duration,"s":start}|null`; it reads back as the one additive
/// animation that gives the same values (delta from − to), so those records keep version 1.
///
/// The geometry's and the keyboard's members are `RequestSchema`'s, under their record keys. A reader takes
/// the default for a request member a record lacks and ignores keys it does not know, so adding a member does
/// not change the version: records of an earlier release still read, and an earlier release still reads
/// these. The version changes only when a key changes its meaning or its encoding; the reader then keeps
/// reading every earlier version it lists in `readableVersions`.
enum SessionRecord {
    /// The schema version this build writes.
    static let version = 1
    /// The versions this build reads.
    static let readableVersions = 1...version

    /// Why a stored value could not be read back.
    struct Unreadable: Error, Equatable {
        /// What was wrong, for the logs.
        var reason: String
    }

    /// The record of `session` at `revision`.
    static func encode(_ session: Session, revision: Int) -> [UInt8] {
        encode(session, revision: revision, reusing: nil).bytes
    }

    /// A geometry and its text in a record this build wrote, to copy into the next record when the geometry has
    /// not changed.
    struct GeometryText {
        /// The geometry.
        var geometry: Scene
        /// Its value's bytes in the record.
        var text: ArraySlice<UInt8>
    }

    /// The record of `session` at `revision`, written by `writers`, and where its geometry's value lies in it.
    /// Most events change the keyboard and the animations, not the geometry, whose 30 members were the larger
    /// part of writing a record (callgrind, docs/performance.md): when `previous` holds the very same geometry,
    /// its text is copied.
    static func encode(
        _ session: Session, revision: Int, writers: RecordWriters = RecordWriters(), reusing previous: GeometryText?
    ) -> (bytes: [UInt8], geometry: Range<Int>) {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.field("v", version)
        writer.field("r", revision)
        if writers.count > 0 {
            writer.key(static: "w")
            writers.withText { writer.raw($0) }
        }
        writer.field("id", session.id)
        writer.key(static: "t")
        writer.exactNumbers(session.lastTime, session.lastServerTime)
        writer.field("cf", session.clockFixed)
        writer.field("kv", session.keyboardVisible)
        writer.key(static: "g")
        let geometryStart = writer.count
        if let previous, sameBits(previous.geometry, session.scene) {
            previous.text.withUnsafeBufferPointer { writer.raw($0) }
        } else {
            writer.storedGeometry(session.scene)
        }
        let geometryEnd = writer.count
        writer.key(static: "k")
        if let keyboard = session.keyboard { writer.storedKeyboard(keyboard) } else { writer.null() }
        writer.key(static: "tg")
        writer.storedResult(session.target)
        writer.key(static: "kf")
        if let frame = session.keyboardFrame { writer.exactRect(frame) } else { writer.null() }
        writer.key(static: "al")
        writer.storedAnimations(session.animations)
        writer.endObject()
        return (writer.bytes, geometryStart..<geometryEnd)
    }

    /// Whether two values are the same bits, which implies the same text. `==` does not: `0` equals `-0`, which
    /// a record writes differently. Copies share their arrays' storage, so a geometry the change left alone is
    /// the same bits; one rebuilt with equal values is not, and is written again.
    private static func sameBits(_ first: Scene, _ second: Scene) -> Bool {
        withUnsafeBytes(of: first) { a in
            withUnsafeBytes(of: second) { b in
                // memcmp, not elementsEqual, which compared the 400-odd bytes one at a time.
                guard let left = a.baseAddress, let right = b.baseAddress else { return a.count == b.count }
                return a.count == b.count && memcmp(left, right, a.count) == 0
            }
        }
    }

    /// How every record this build writes begins, up to its revision's digits: the Redis store's compare-and-set
    /// script reads the revision there, so `"v"` and `"r"` stay the first two members.
    static let revisionLead = Array("{\"v\":\(version),\"r\":".utf8)

    /// Whether two records of this build hold the same session, whatever their revisions and writers: a change
    /// that changed nothing (a read), which needs no write.
    static func equalApartFromRevision(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard let firstRest = afterRevision(first), let secondRest = afterRevision(second) else {
            return first == second
        }
        return first[afterWriters(first, firstRest)...] == second[afterWriters(second, secondRest)...]
    }

    /// The writers a record names in `"w"` right after its revision; none when it has no `"w"` there.
    static func writers(in bytes: [UInt8]) throws(Unreadable) -> RecordWriters {
        guard let start = afterRevision(bytes), bytes[start...].starts(with: writersLead) else {
            return RecordWriters()
        }
        let end = afterWriters(bytes, start)
        // Between `,"w":"` and the closing quote.
        guard end - 1 > start + writersLead.count,
            let writers = RecordWriters(text: bytes[(start + writersLead.count)..<(end - 1)])
        else { throw Unreadable(reason: "w is not a list of writers") }
        return writers
    }

    /// Where the members after the revision begin in a record that opens with `revisionLead`; nil otherwise.
    private static func afterRevision(_ bytes: [UInt8]) -> Int? {
        guard bytes.starts(with: revisionLead) else { return nil }
        var index = revisionLead.count
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
        }
        return index
    }

    /// How the writers follow the revision.
    private static let writersLead = Array(#","w":""#.utf8)

    /// Past the writers that follow the revision at `index` (their closing quote), or `index` when none do.
    private static func afterWriters(_ bytes: [UInt8], _ index: Int) -> Int {
        guard bytes[index...].starts(with: writersLead) else { return index }
        var end = index + writersLead.count
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return min(end + 1, bytes.count)
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
        guard readableVersions.contains(version) else { throw Unreadable(reason: "schema version \(version)") }
        let times = try RecordReader.numbers(record, "t", count: 2)
        let keyboard = try RecordReader.optional(record, "k", RecordReader.keyboard)
        let animations = try RecordReader.animations(record, since: times[0])
        let keyboardFrame = record["kf"] == nil ? nil : try RecordReader.optional(record, "kf", RecordReader.rect)
        let geometry = try RecordReader.geometry(record, "g")
        let visible = try RecordReader.bool(record, "kv")
        var (target, guide) = try RecordReader.result(record, "tg")
        target.keyboardLayoutGuide =
            guide ?? Session.layoutGuide(geometry, keyboardFrame: visible ? keyboardFrame : nil)
        target.pinnedViews = geometry.pinnedViews.map { $0.resting(on: target.keyboardLayoutGuide.minY) }
        let session = Session(
            id: try RecordReader.string(record, "id"), scene: geometry, keyboardVisible: visible,
            keyboard: keyboard, target: target, keyboardFrame: keyboardFrame, animations: animations,
            lastTime: times[0], lastServerTime: times[1], clockFixed: try RecordReader.bool(record, "cf"))
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

    fileprivate mutating func storedGeometry(_ geometry: Scene) {
        beginObject()
        storedFields(RequestSchema.geometryFields, of: geometry)
        field("csf", geometry.contentSizeFollowsFrame)
        field("wg", geometry.windowGiven)
        endObject()
    }

    fileprivate mutating func storedKeyboard(_ keyboard: KeyboardInfo) {
        beginObject()
        storedFields(RequestSchema.keyboard, of: keyboard)
        endObject()
    }

    /// Each field of `root` under its record key; a value that is not set is `null`.
    private mutating func storedFields<Root>(_ fields: [Field<Root>], of root: Root) {
        for field in fields {
            key(static: field.recordKey)
            switch field.kind {
            case .number(_, let get, _): if let value = get(root) { exactNumber(value) } else { null() }
            case .integer(_, let get, _): if let value = get(root) { int(value) } else { null() }
            case .bool(let get, _): if let value = get(root) { bool(value) } else { null() }
            case .string(_, let get, _): if let value = get(root) { string(value) } else { null() }
            case .choice(_, let get, _): if let value = get(root) { string(value) } else { null() }
            case .rect(let get, _): if let value = get(root) { exactRect(value) } else { null() }
            case .size(let get, _):
                if let value = get(root) { exactNumbers(value.width, value.height) } else { null() }
            case .point(let get, _): if let value = get(root) { exactNumbers(value.x, value.y) } else { null() }
            case .insets(_, let get, _): if let value = get(root) { exactInsets(value) } else { null() }
            case .list(_, let get, _):
                guard let items = get(root) else {
                    null()
                    continue
                }
                beginArray()
                for item in items {
                    beginArray()
                    string(item.id)
                    exactRect(item.rect)
                    if let order = item.order { exactNumber(order) }
                    endArray()
                }
                endArray()
            }
        }
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
        key(static: "kg")
        exactRect(result.keyboardLayoutGuide)
        endObject()
    }

    fileprivate mutating func storedAnimations(_ live: LiveAnimations) {
        beginObject()
        key(static: "h")
        exactNumber(live.historyStart)
        key(static: "a")
        beginArray()
        for animation in live.animations {
            beginArray()
            for lane in 0..<AnimatedValues.count { exactNumber(animation.delta.lanes[lane]) }
            int(animation.curve.rawValue)
            exactNumber(animation.duration)
            exactNumber(animation.startTime)
            // Infinity, "not replaced", has no JSON number.
            for time in [animation.replacedAt, animation.offsetReplacedAt] {
                if time.isFinite { exactNumber(time) } else { null() }
            }
            // A released spring's start velocity, as one more item: the curve's raw value says only 7.
            if case .spring(let velocity) = animation.curve { exactNumber(velocity) }
            endArray()
        }
        endArray()
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

    static func geometry(_ record: JSONObject, _ key: String) throws(Unreadable) -> Scene {
        let g = try object(try member(record, key))
        var geometry = Scene()
        try fields(RequestSchema.geometryFields, of: g, into: &geometry)
        // After the fields, whose setters move these flags.
        if g["csf"] != nil { geometry.contentSizeFollowsFrame = try bool(g, "csf") }
        if g["wg"] != nil { geometry.windowGiven = try bool(g, "wg") }
        geometry.settleWindow()
        return geometry
    }

    static func keyboard(_ value: JSONValue) throws(Unreadable) -> KeyboardInfo {
        var keyboard = KeyboardInfo()
        try fields(RequestSchema.keyboard, of: try object(value), into: &keyboard)
        return keyboard
    }

    /// Reads each field under its record key into `root`; a missing key or `null` keeps the default.
    private static func fields<Root>(
        _ fields: [Field<Root>], of object: JSONObject, into root: inout Root
    ) throws(Unreadable) {
        for field in fields {
            let key = field.recordKey.description
            guard let value = object[key], value != .null else { continue }
            switch field.kind {
            case .number(_, _, let set): set(&root, try number(value, key))
            case .integer(_, _, let set):
                guard let int = Int(exactly: try number(value, key)) else {
                    throw Unreadable(reason: "\(key) is not an integer")
                }
                set(&root, int)
            case .bool(_, let set):
                guard case .bool(let flag) = value else { throw Unreadable(reason: "\(key) not a bool") }
                set(&root, flag)
            case .string(_, _, let set):
                guard case .string(let text) = value else { throw Unreadable(reason: "\(key) not a string") }
                set(&root, text)
            case .choice(_, _, let set):
                guard case .string(let text) = value, set(&root, text) else {
                    throw Unreadable(reason: "\(key) unknown")
                }
            case .rect(_, let set): set(&root, try rect(value))
            case .size(_, let set): set(&root, try size(value))
            case .point(_, let set):
                let n = try numbers(value, count: 2)
                set(&root, Point(x: n[0], y: n[1]))
            case .insets(_, _, let set):
                let n = try numbers(value, count: 4)
                set(&root, EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3]))
            case .list(_, _, let set):
                guard case .array(let items) = value else { throw Unreadable(reason: "\(key) not an array") }
                var list: [ListedRect] = []
                for item in items {
                    guard case .array(let parts) = item, parts.count == 2 || parts.count == 3,
                        case .string(let id) = parts[0]
                    else {
                        throw Unreadable(reason: "\(key) holds something other than [id, rect, order?]")
                    }
                    let order = parts.count == 3 ? try number(parts[2], key) : nil
                    list.append(ListedRect(id: id, rect: try rect(parts[1]), order: order))
                }
                set(&root, list)
            }
        }
    }

    /// The target; its guide is nil in a record written before the guide was computed (`Session` places it
    /// again), and its pinned views are the geometry's, set where the guide puts them.
    static func result(_ record: JSONObject, _ key: String) throws(Unreadable) -> (InsetResult, guide: Rect?) {
        let r = try object(try member(record, key))
        let result = InsetResult(
            contentInset: try insets(r, "ci"), scrollIndicatorInsets: try insets(r, "si"),
            adjustedContentInset: try insets(r, "ai"), contentOffset: try point(r, "co"),
            keyboardOverlap: try number(r, "o"), keyboardDocked: try bool(r, "d"))
        return (result, try r["kg"].map { (value: JSONValue) throws(Unreadable) -> Rect in try rect(value) })
    }

    /// The live animations: `"al"`, or a record of an earlier release's one animation `"a"`, or none.
    static func animations(_ record: JSONObject, since time: Double) throws(Unreadable) -> LiveAnimations {
        if let value = record["al"] {
            let live = try object(value)
            guard case .array(let entries) = try member(live, "a") else { throw Unreadable(reason: "al.a") }
            var animations: [AdditiveAnimation] = []
            for entry in entries {
                // An earlier release's entries have no guide lanes: the guide did not move then. A released
                // spring's entry has one more item, its start velocity.
                guard case .array(let items) = entry,
                    let laneCount = [AnimatedValues.count, AnimatedValues.countWithoutGuide].first(where: {
                        items.count == $0 + 5 || ($0 == AnimatedValues.count && items.count == $0 + 6)
                    })
                else {
                    throw Unreadable(reason: "an animation of \(AnimatedValues.count + 5) items")
                }
                var lanes = SIMD16<Double>()
                for lane in 0..<laneCount { lanes[lane] = try number(items[lane], "delta") }
                let rest = items[laneCount...].map { $0 }
                guard let curve = Int(exactly: try number(rest[0], "curve")) else { throw Unreadable(reason: "curve") }
                func time(_ value: JSONValue) throws(Unreadable) -> Double {
                    value == .null ? .infinity : try number(value, "time")
                }
                let springVelocity = rest.count > 5 ? try number(rest[5], "initial velocity") : nil
                animations.append(
                    AdditiveAnimation(
                        delta: AnimatedValues(lanes: lanes),
                        curve: springVelocity.map { .spring(initialVelocity: $0) } ?? AnimationCurve(rawValue: curve),
                        duration: try number(rest[1], "duration"), startTime: try number(rest[2], "start"),
                        replacedAt: try time(rest[3]), offsetReplacedAt: try time(rest[4])))
            }
            return LiveAnimations(animations: animations, historyStart: try number(live, "h"))
        }
        guard let value = record["a"], value != .null else { return LiveAnimations(since: time) }
        let a = try object(value)
        let from = try state(a, "f")
        let to = try state(a, "to")
        let start = try number(a, "s")
        let delta = AnimatedValues(from, keyboardFrame: .zero) - AnimatedValues(to, keyboardFrame: .zero)
        let animation = AdditiveAnimation(
            delta: delta, curve: AnimationCurve(rawValue: try int(a, "c")), duration: try number(a, "d"),
            startTime: start)
        return LiveAnimations(animations: [animation], historyStart: start)
    }
}

import InsetCore
import InsetJSON
import InsetSchema
import InsetSession

#if canImport(Glibc)
    import Glibc
#endif

/// A session as a shared store keeps it: compact JSON with a schema version `"v"`, so a replica of a later
/// release can still read what an earlier one wrote during a rolling deploy, and a revision `"r"` that every
/// write increments, so two writes never leave the same revision (the store's compare-and-set compares revisions).
///
/// Every Double round-trips bit for bit: the writer prints the shortest text that parses back to the same
/// value, and `-0`, which that writer prints as `0`, is written `-0.0` here. Rects, insets, sizes, points and
/// scroll states are arrays of numbers in a fixed order:
///
///     {"v":1,"r":7,"w":"…","id":"…","t":[lastTime,lastServerTime],"cf":clockFixed,"kv":keyboardVisible,
///      "g":{geometry},"k":{keyboard}|null,"tg":{target},"kf":[keyboard frame]|null,
///      "al":{"h":historyStart,"a":[[16 deltas, curve, duration, start, replacedAt|null, offsetReplacedAt|null]]},
///      "an":{"a":[showing, synced]|null,"s":start,"i":[imeFrom, imeTo],"tg":[frame, padding, pan, offset x, y],
///            "p":[from, to, start],"c":[from, to, start],"l":lastSmoothScroll|null},
///      "wb":[keyboard, layoutTop, offsetTop]}
///
/// `"an"` is an Android session's `AndroidTransition` (absent on iOS); its layout is the geometry's. `"wb"` is a
/// web session's `WebState`, where its page rests (absent on iOS and Android).
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
    /// The schema version this build writes for an iOS session.
    static let version = 1
    /// The version of an Android session's record: a replica of a release before Android reads only version 1,
    /// and would take an Android session for an iOS one, so it must refuse the record instead.
    static let androidVersion = 2
    /// The version of a web session's record, refused for the same reason by a replica of a release before the web.
    static let webVersion = 3
    /// The versions this build reads.
    static let readableVersions = 1...webVersion

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
    /// Most events change the keyboard and the animations, not the geometry, whose 30 members are the larger
    /// part of writing a record: when `previous` holds the very same geometry, its text is copied
    /// (docs/performance.md, "Sessions in Redis").
    static func encode(
        _ session: Session, revision: Int, writers: RecordWriters = RecordWriters(), reusing previous: GeometryText?
    ) -> (bytes: [UInt8], geometry: Range<Int>) {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.field("v", session.web != nil ? webVersion : session.android != nil ? androidVersion : version)
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
        if let android = session.android {
            writer.key(static: "an")
            writer.storedAndroid(android)
        }
        if let web = session.web { writer.storedWeb(web) }
        writer.endObject()
        return (writer.bytes, geometryStart..<geometryEnd)
    }

    /// Whether two values are the same bits, which implies the same text. `==` does not: `0` equals `-0`, which
    /// a record writes differently. Copies share their arrays' storage, so a geometry the change left alone is
    /// the same bits; one rebuilt with equal values is not, and is written again.
    private static func sameBits(_ first: Scene, _ second: Scene) -> Bool {
        withUnsafeBytes(of: first) { a in
            withUnsafeBytes(of: second) { b in
                // memcmp, not elementsEqual, which compares the 400-odd bytes one at a time.
                guard let left = a.baseAddress, let right = b.baseAddress else { return a.count == b.count }
                return a.count == b.count && memcmp(left, right, a.count) == 0
            }
        }
    }
}

extension JSONWriter {
    fileprivate mutating func field(_ name: StaticString, _ value: Int) {
        key(static: name)
        int(value)
    }

    fileprivate mutating func field(_ name: StaticString, _ value: Bool) {
        key(static: name)
        bool(value)
    }

    fileprivate mutating func field(_ name: StaticString, _ value: String) {
        key(static: name)
        string(value)
    }

    /// A number whose bits survive the round trip, `-0` included.
    mutating func exactNumber(_ value: Double) {
        if value == 0 && value.sign == .minus {
            rawString("-0.0")
        } else {
            number(value)
        }
    }

    /// An array of exact numbers.
    mutating func exactNumbers(_ values: Double...) {
        beginArray()
        for value in values { exactNumber(value) }
        endArray()
    }

    fileprivate mutating func exactRect(_ rect: Rect) { exactNumbers(rect.x, rect.y, rect.width, rect.height) }

    fileprivate mutating func exactSize(_ size: Size) { exactNumbers(size.width, size.height) }

    fileprivate mutating func exactInsets(_ insets: EdgeInsets) {
        exactNumbers(insets.top, insets.left, insets.bottom, insets.right)
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
            case .container(let get, _): if let value = get(root) { storedContainer(value) } else { null() }
            case .fixedElements(let get, _):
                guard let elements = get(root) else {
                    null()
                    continue
                }
                // [id, edge, offset, height] each
                beginArray()
                for element in elements {
                    beginArray()
                    string(element.id)
                    string(element.edge.rawValue)
                    exactNumber(element.offset)
                    exactNumber(element.height)
                    endArray()
                }
                endArray()
            }
        }
    }

    /// A container as `SessionRecord.container` reads it: what its layout started from and the bars as sent
    /// (the layout itself is computed again from these).
    private mutating func storedContainer(_ state: ContainerState) {
        beginObject()
        key(static: "sz")
        exactNumbers(state.size.width, state.size.height)
        key(static: "ws")
        exactInsets(state.windowSafeArea)
        key(static: "gf")
        if let frame = state.givenFrame { exactRect(frame) } else { null() }
        key(static: "h")
        beginArray()
        let heights = state.heights
        for height in [
            heights.navigationBar, heights.tabBar, heights.toolbar, heights.topAppBar, heights.bottomNavigation,
        ] {
            if let height { exactNumber(height) } else { null() }
        }
        endArray()
        let container = state.container
        if let bar = container.navigationBar {
            key(static: "nb")
            beginArray()
            string(bar.style.rawValue)
            if let height = bar.height { exactNumber(height) } else { null() }
            endArray()
        }
        for (name, height, hidden) in [
            ("tb" as StaticString, container.tabBar?.height, container.tabBar?.hidden),
            ("tl", container.toolbar?.height, container.toolbar?.hidden),
        ] {
            guard let hidden else { continue }
            key(static: name)
            beginArray()
            if let height { exactNumber(height) } else { null() }
            bool(hidden)
            endArray()
        }
        for (name, height) in [
            ("ia" as StaticString, container.inputAccessoryView?.height), ("ta", container.topAppBar?.height),
            ("bn", container.bottomNavigation?.height),
        ] {
            guard let height else { continue }
            key(static: name)
            exactNumber(height)
        }
        if let presentation = container.presentation {
            // [style, detents, selected detent or null, frame or null] and, for a dialog, its size; for a bottom
            // sheet, null there and then its content height, state or null, and peek height or null
            key(static: "pr")
            beginArray()
            string(presentation.style.rawValue)
            beginArray()
            for detent in presentation.detents { storedDetent(detent) }
            endArray()
            if let detent = presentation.selectedDetent { storedDetent(detent) } else { null() }
            if let frame = presentation.frame { exactRect(frame) } else { null() }
            if let size = presentation.size { exactSize(size) }
            if let contentHeight = presentation.contentHeight {
                if presentation.size == nil { null() }
                exactNumber(contentHeight)
                if let state = presentation.sheetState { string(state.rawValue) } else { null() }
                if let peek = presentation.peekHeight { exactNumber(peek) } else { null() }
            }
            endArray()
        }
        if let presented = state.presented {
            // [style shown, frame, detent or null, expanded from or null, expansion's source or null]
            key(static: "pv")
            beginArray()
            string(presented.style.rawValue)
            exactRect(presented.frame)
            if let detent = presented.detent { storedDetent(detent) } else { null() }
            if let detent = presented.expandedFrom { storedDetent(detent) } else { null() }
            if let source = presented.expansionSource { string(source) } else { null() }
            endArray()
        }
        if state.platform == .android { field("pl", "android") }
        endObject()
    }

    /// A sheet's detent: its name, or a custom detent's height.
    private mutating func storedDetent(_ detent: SheetDetent) {
        switch detent {
        case .medium: string("medium")
        case .large: string("large")
        case .custom(let height): exactNumber(height)
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

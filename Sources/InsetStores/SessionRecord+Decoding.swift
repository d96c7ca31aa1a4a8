import InsetCore
import InsetJSON
import InsetSchema
import InsetSession

extension SessionRecord {
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
        let android = try record["an"].map { (value: JSONValue) throws(Unreadable) -> AndroidTransition in
            try RecordReader.android(value, layout: geometry.androidLayout)
        }
        let web = try record["wb"].map { (value: JSONValue) throws(Unreadable) -> WebState in
            let parts = try RecordReader.numbers(value, count: 3)
            return WebState(keyboard: parts[0], layoutTop: parts[1], offsetTop: parts[2])
        }
        // A page without its state would be answered as an iOS scroll view.
        guard (web != nil) == (geometry.platform == .web) else {
            throw Unreadable(reason: "wb and the web platform go together")
        }
        let session = Session(
            id: try RecordReader.string(record, "id"), scene: geometry, keyboardVisible: visible,
            keyboard: keyboard, target: target, keyboardFrame: keyboardFrame, animations: animations,
            lastTime: times[0], lastServerTime: times[1], clockFixed: try RecordReader.bool(record, "cf"),
            android: android, web: web)
        return (session, try RecordReader.int(record, "r"))
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
            case .container(_, let set): set(&root, try container(value))
            case .fixedElements(_, let set):
                guard case .array(let items) = value else { throw Unreadable(reason: "\(key) not an array") }
                var elements: [FixedElement] = []
                for item in items {
                    guard case .array(let parts) = item, parts.count == 4, case .string(let id) = parts[0],
                        case .string(let edgeName) = parts[1], let edge = FixedElement.Edge(rawValue: edgeName)
                    else {
                        throw Unreadable(reason: "\(key) holds something other than [id, edge, offset, height]")
                    }
                    elements.append(
                        FixedElement(
                            id: id, edge: edge, offset: try number(parts[2], key), height: try number(parts[3], key)))
                }
                set(&root, elements)
            }
        }
    }

    /// A container as `storedContainer` writes it, laid out again from what its layout started from.
    static func container(_ value: JSONValue) throws(Unreadable) -> ContainerState {
        let object = try object(value)
        let size = try numbers(object, "sz", count: 2)
        let frame = try optional(object, "gf") { (value) throws(Unreadable) in try rect(value) }
        // One height a bar, in BarHeights' order; a bar past the end has none.
        let heights = try optionalNumbers(try member(object, "h"))
        var container = Container()
        if case .array(let bar)? = object["nb"], bar.count == 2, case .string(let name) = bar[0],
            let style = NavigationBarStyle(rawValue: name)
        {
            container.navigationBar = NavigationBar(style: style, height: try nullableNumber(bar[1], "nb"))
        } else if object["nb"] != nil {
            throw Unreadable(reason: "nb is not [style, height]")
        }
        func bar(_ key: String) throws(Unreadable) -> (height: Double?, hidden: Bool)? {
            guard let value = object[key] else { return nil }
            guard case .array(let parts) = value, parts.count == 2, case .bool(let hidden) = parts[1] else {
                throw Unreadable(reason: "\(key) is not [height, hidden]")
            }
            return (try nullableNumber(parts[0], key), hidden)
        }
        if let tab = try bar("tb") { container.tabBar = TabBar(height: tab.height, hidden: tab.hidden) }
        if let tool = try bar("tl") { container.toolbar = Toolbar(height: tool.height, hidden: tool.hidden) }
        if let view = object["ia"] { container.inputAccessoryView = InputAccessoryView(height: try number(view, "ia")) }
        if let bar = object["ta"] { container.topAppBar = AppBar(height: try number(bar, "ta")) }
        if let bar = object["bn"] { container.bottomNavigation = AppBar(height: try number(bar, "bn")) }
        if let value = object["pr"] {
            guard case .array(let parts) = value, [4, 5, 8].contains(parts.count),
                case .string(let name) = parts[0], let style = PresentationStyle(rawValue: name),
                case .array(let detents) = parts[1]
            else { throw Unreadable(reason: "pr is not [style, detents, selected, frame, size?, sheet?]") }
            var presentation = Presentation(style: style)
            for detent in detents { presentation.detents.append(try self.detent(detent)) }
            presentation.selectedDetent = parts[2] == .null ? nil : try self.detent(parts[2])
            presentation.frame = parts[3] == .null ? nil : try rect(parts[3])
            if parts.count >= 5, parts[4] != .null { presentation.size = try RecordReader.size(parts[4]) }
            if parts.count == 8 {
                if parts[6] != .null {
                    guard case .string(let state) = parts[6], let sheetState = AndroidBottomSheet.State(rawValue: state)
                    else { throw Unreadable(reason: "pr's sheet state is not one") }
                    presentation.sheetState = sheetState
                }
                presentation.contentHeight = try number(parts[5], "pr")
                presentation.peekHeight = parts[7] == .null ? nil : try number(parts[7], "pr")
            }
            container.presentation = presentation
        }
        var presented: PresentedView?
        if let value = object["pv"] {
            guard case .array(let parts) = value, parts.count == 5, case .string(let name) = parts[0],
                let style = PresentationStyle(rawValue: name)
            else { throw Unreadable(reason: "pv is not [style, frame, detent, expanded from, source]") }
            var source: String?
            if case .string(let id) = parts[4] { source = id }
            presented = PresentedView(
                style: style, frame: try rect(parts[1]),
                detent: parts[2] == .null ? nil : try detent(parts[2]),
                expandedFrom: parts[3] == .null ? nil : try detent(parts[3]), expansionSource: source)
        }
        func height(_ index: Int) -> Double? { index < heights.count ? heights[index] : nil }
        return ContainerState(
            container: container, size: Size(width: size[0], height: size[1]),
            windowSafeArea: try insets(object, "ws"), givenFrame: frame,
            heights: BarHeights(
                navigationBar: height(0), tabBar: height(1), toolbar: height(2), topAppBar: height(3),
                bottomNavigation: height(4)),
            presented: presented, platform: object["pl"] == .string("android") ? .android : .ios)
    }

    /// A sheet's detent as `storedDetent` writes it.
    private static func detent(_ value: JSONValue) throws(Unreadable) -> SheetDetent {
        switch value {
        case .string(let name) where name == "medium": return .medium
        case .string(let name) where name == "large": return .large
        case .number: return .custom(height: try number(value, "detent"))
        default: throw Unreadable(reason: "a detent is not medium, large or a number")
        }
    }

    /// A number, or nil for `null`.
    private static func nullableNumber(_ value: JSONValue, _ key: String) throws(Unreadable) -> Double? {
        value == .null ? nil : try number(value, key)
    }

    /// An array of numbers or nulls.
    private static func optionalNumbers(_ value: JSONValue) throws(Unreadable) -> [Double?] {
        guard case .array(let items) = value else { throw Unreadable(reason: "not an array of numbers") }
        var numbers: [Double?] = []
        for item in items { numbers.append(try nullableNumber(item, "h")) }
        return numbers
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

    /// An Android session's transition, on `layout` (the geometry's).
    static func android(_ value: JSONValue, layout: AndroidLayout) throws(Unreadable) -> AndroidTransition {
        let a = try object(value)
        var animation: ImeAnimation?
        if let flags = a["a"], flags != .null {
            guard case .array(let items) = flags, items.count == 2, case .bool(let showing) = items[0],
                case .bool(let synced) = items[1]
            else { throw Unreadable(reason: "an.a is not [showing, synced]") }
            animation = ImeAnimation(showing: showing, synced: synced)
        }
        let ime = try numbers(a, "i", count: 2)
        let t = try numbers(a, "tg", count: 8)
        let pan = try numbers(a, "p", count: 3)
        let scroll = try numbers(a, "c", count: 3)
        let last = try optional(a, "l") { (value: JSONValue) throws(Unreadable) -> Double in try number(value, "l") }
        let target = AndroidInsetResult(
            windowInsets: AndroidWindowInsets(
                ime: EdgeInsets(top: 0, left: 0, bottom: ime[1], right: 0),
                navigationBars: EdgeInsets(top: 0, left: 0, bottom: layout.navigationBar, right: 0),
                statusBars: EdgeInsets(top: layout.statusBar, left: 0, bottom: 0, right: 0)),
            containerFrame: Rect(x: t[0], y: t[1], width: t[2], height: t[3]), contentPaddingBottom: t[4],
            windowPanY: t[5], contentOffset: Point(x: t[6], y: t[7]))
        return AndroidTransition(
            animation: animation, startTime: try number(a, "s"), imeFrom: ime[0], imeTo: ime[1], layout: layout,
            target: target, pan: ScrollerMotion(from: pan[0], to: pan[1], startTime: pan[2]),
            scroll: ScrollerMotion(from: scroll[0], to: scroll[1], startTime: scroll[2]), lastSmoothScroll: last)
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

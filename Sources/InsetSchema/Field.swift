import InsetCore
import InsetSession

/// The request bodies a member may appear in.
package struct RequestKinds: OptionSet, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding `kind` alone: its bit is the kind's raw value.
    package init(_ kind: RequestBody.Kind) { self.init(rawValue: 1 << kind.rawValue) }

    package static let show = RequestKinds(.show)
    package static let hide = RequestKinds(.hide)
    /// `POST /sessions` and `PATCH /sessions/{id}`.
    package static let session = RequestKinds(.session)
    package static let drag = RequestKinds(.drag)
    package static let release = RequestKinds(.release)
    package static let focus = RequestKinds(.focus)
    /// A show or a hide.
    package static let events: RequestKinds = [.show, .hide]
    /// A drag or a release: a touch on a session's shown keyboard.
    package static let gestures: RequestKinds = [.drag, .release]
    /// Every body that carries geometry.
    package static let all: RequestKinds = [.show, .hide, .session]
}

/// A value's JSON shape, the values it accepts, and how it is read from and written to `Root`.
///
/// `get` answers nil for a value that is not set (an optional one); `set` stores a value the decoder has
/// already checked against the range, and a choice's `set` answers false for a name it does not know.
package enum FieldKind<Root>: Sendable {
    case number(ClosedRange<Double>, get: @Sendable (Root) -> Double?, set: @Sendable (inout Root, Double) -> Void)
    case integer(ClosedRange<Int>, get: @Sendable (Root) -> Int?, set: @Sendable (inout Root, Int) -> Void)
    case bool(get: @Sendable (Root) -> Bool?, set: @Sendable (inout Root, Bool) -> Void)
    case string(maxBytes: Int, get: @Sendable (Root) -> String?, set: @Sendable (inout Root, String) -> Void)
    case choice([String], get: @Sendable (Root) -> String?, set: @Sendable (inout Root, String) -> Bool)
    case rect(get: @Sendable (Root) -> Rect?, set: @Sendable (inout Root, Rect) -> Void)
    case size(get: @Sendable (Root) -> Size?, set: @Sendable (inout Root, Size) -> Void)
    case point(get: @Sendable (Root) -> Point?, set: @Sendable (inout Root, Point) -> Void)
    /// Insets whose four numbers each keep to the range (safe areas are never negative).
    case insets(
        ClosedRange<Double>, get: @Sendable (Root) -> EdgeInsets?, set: @Sendable (inout Root, EdgeInsets) -> Void)
    /// A list of identified rects, `[{id, <rect>, order?}]`, as `shape` says: pinned views, form fields.
    case list(
        ListShape, get: @Sendable (Root) -> [ListedRect]?, set: @Sendable (inout Root, [ListedRect]) -> Void)
    /// The scroll view's containers (`docs/containers.md`): bars, each an object of its own, read whole (a bar
    /// sent replaces the one before it). Decoded, it is the bars alone; the service lays them out.
    case container(get: @Sendable (Root) -> ContainerState?, set: @Sendable (inout Root, ContainerState) -> Void)
    /// A web page's fixed bars, `[{id, top | bottom, height}]` (`docs/web.md`): ids as a list's, at most
    /// `Limits.fixedElements`.
    case fixedElements(
        get: @Sendable (Root) -> [FixedElement]?, set: @Sendable (inout Root, [FixedElement]) -> Void)

    /// An enum's cases by their raw names.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ type: T.Type, get: @escaping @Sendable (Root) -> T, set: @escaping @Sendable (inout Root, T) -> Void
    ) -> FieldKind where T.RawValue == String {
        .choice(
            T.allCases.map(\.rawValue), get: { get($0).rawValue },
            set: { root, raw in
                guard let value = T(rawValue: raw) else { return false }
                set(&root, value)
                return true
            })
    }
}

extension FieldKind {
    /// An optional enum's cases by their raw names: nil until sent.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ type: T.Type, get: @escaping @Sendable (Root) -> T?, set: @escaping @Sendable (inout Root, T) -> Void
    ) -> FieldKind where T.RawValue == String {
        .choice(
            T.allCases.map(\.rawValue), get: { get($0)?.rawValue },
            set: { root, raw in
                guard let value = T(rawValue: raw) else { return false }
                set(&root, value)
                return true
            })
    }
}

extension FieldKind where Root == Scene {
    /// A choice of the scene's device setting at `path`, nil until asked.
    static func deviceChoice<T: RawRepresentable & CaseIterable & Sendable>(
        _ type: T.Type, _ path: WritableKeyPath<DeviceSetting, T?> & Sendable
    ) -> FieldKind where T.RawValue == String {
        .choice(
            T.allCases.map(\.rawValue), get: { $0.device[keyPath: path]?.rawValue },
            set: { root, raw in
                guard let value = T(rawValue: raw) else { return false }
                root.device[keyPath: path] = value
                return true
            })
    }
}

/// What the items of a list member look like: `{id, <rectKey>}`, plus `order` when `ordered`. Ids are
/// non-empty, unique within the list, and at most `Limits.stringBytes` bytes.
package struct ListShape: Sendable {
    /// The most items the list may hold.
    package let maxCount: Int
    /// The member that holds an item's rect: `frame` for a pinned view, `rect` for a field.
    package let rectKey: StaticString
    /// Whether an item may carry a number `order` (within `Limits.coordinate`).
    package let ordered: Bool
    /// What an item is, for problems: "pinned view", "field".
    package let noun: String
}

/// One item of a list member, whatever the list holds.
package struct ListedRect: Equatable, Sendable {
    package var id: String
    package var rect: Rect
    package var order: Double?

    package init(id: String, rect: Rect, order: Double? = nil) {
        self.id = id
        self.rect = rect
        self.order = order
    }
}

/// A core type a list member holds: how its items are shaped, and how one converts to and from a `ListedRect`.
protocol ListItem: Sendable {
    /// The items' shape, but for how many the member takes.
    static func shape(maxCount: Int) -> ListShape
    init(_ listed: ListedRect)
    var listed: ListedRect { get }
}

extension PinnedView: ListItem {
    static func shape(maxCount: Int) -> ListShape {
        ListShape(maxCount: maxCount, rectKey: "frame", ordered: false, noun: "pinned view")
    }
    init(_ listed: ListedRect) { self.init(id: listed.id, frame: listed.rect) }
    var listed: ListedRect { ListedRect(id: id, rect: frame) }
}

extension FormField: ListItem {
    static func shape(maxCount: Int) -> ListShape {
        ListShape(maxCount: maxCount, rectKey: "rect", ordered: true, noun: "field")
    }
    init(_ listed: ListedRect) { self.init(id: listed.id, rect: listed.rect, order: listed.order) }
    var listed: ListedRect { ListedRect(id: id, rect: rect, order: order) }
}

extension FieldKind {
    /// An array of `Item` as a list member: `[{id, frame}]` for pinned views, `[{id, rect, order?}]` for fields.
    static func list<Item: ListItem>(
        of _: Item.Type, maxCount: Int, get: @escaping @Sendable (Root) -> [Item],
        set: @escaping @Sendable (inout Root, [Item]) -> Void
    ) -> FieldKind {
        .list(
            Item.shape(maxCount: maxCount), get: { get($0).map(\.listed) }, set: { set(&$0, $1.map(Item.init)) })
    }
}

/// The platforms whose requests may send a member: a member of the other platform's is refused, naming it.
/// `openapi.yaml` says the same with `x-platforms` (`SpecAgreementTests` holds the two together).
package struct Platforms: OptionSet, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding `platform` alone.
    package init(_ platform: Platform) {
        switch platform {
        case .ios: self = .ios
        case .android: self = .android
        case .web: self = .web
        }
    }

    package static let ios = Platforms(rawValue: 1)
    package static let android = Platforms(rawValue: 2)
    package static let web = Platforms(rawValue: 4)
    /// A member both native platforms share: the scroll view's frame, size and offset, the screen, the keyboard's
    /// end frame, the device, the clock and the session.
    package static let both: Platforms = [.ios, .android]
    /// A member every platform takes: `platform` itself and the focused rect.
    package static let every: Platforms = [.ios, .android, .web]
}

/// One request member that holds a value: its JSON name, its key in a stored session record, where it may
/// be sent, and its kind (which carries its range and where its value goes). A class: the decoders pass a
/// member around by one reference instead of copying its name, flags and closures.
package final class Field<Root>: Sendable {
    /// The JSON member name.
    package let name: StaticString
    /// The key `SessionRecord` stores it under; empty for a member that is not stored.
    package let recordKey: StaticString
    /// The bodies it may be sent in.
    package let kinds: RequestKinds
    /// The bodies that must send it.
    package let required: RequestKinds
    /// Whether a body that creates a geometry (a stateless event, `POST /sessions`) must send it.
    package let requiredToCreate: Bool
    /// The platforms whose requests may send it.
    package let platforms: Platforms
    package let kind: FieldKind<Root>

    init(
        _ name: StaticString, record recordKey: StaticString = "", in kinds: RequestKinds = .all,
        required: RequestKinds = [], requiredToCreate: Bool = false, on platforms: Platforms = .ios,
        _ kind: FieldKind<Root>
    ) {
        self.name = name
        self.recordKey = recordKey
        self.kinds = kinds
        self.required = required
        self.requiredToCreate = requiredToCreate
        self.platforms = platforms
        self.kind = kind
    }
}

/// One member of a request object, as the schema declares it: a value for the body itself, for the geometry,
/// or for the keyboard, or a nested object.
indirect enum Member: Sendable {
    /// A value of the request itself (`sessionId`, `timestamp`, `touch`).
    case body(Field<RequestBody>)
    /// A value of the geometry a session keeps.
    case geometry(Field<Scene>)
    /// A value of the keyboard notification.
    case keyboard(Field<KeyboardInfo>)
    /// A nested object; `required` lists the bodies that must send it.
    case object(StaticString, in: RequestKinds, required: RequestKinds, [Member])
    /// `keyboard.userInfo`: the notification as an app logged it, instead of the keyboard's fields.
    case userInfo

    /// The JSON member name.
    var name: StaticString {
        switch self {
        case .body(let field): field.name
        case .geometry(let field): field.name
        case .keyboard(let field): field.name
        case .object(let name, _, _, _): name
        case .userInfo: "userInfo"
        }
    }

    /// The bodies it may be sent in.
    var kinds: RequestKinds {
        switch self {
        case .body(let field): field.kinds
        case .geometry(let field): field.kinds
        case .keyboard(let field): field.kinds
        case .object(_, let kinds, _, _): kinds
        case .userInfo: .events
        }
    }
}

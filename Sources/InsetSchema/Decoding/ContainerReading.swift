import InsetCore
import InsetJSON

/// Reads `container` (`docs/containers.md`): each bar an object of its own members, every problem told with its
/// pointer. Only the general decoder reads it (the fast one hands such bodies over); its values are checked here,
/// and what depends on the device (a default height) when the service lays it out.
extension FieldReader {
    /// The members `container` may hold.
    static let containerMembers = [
        "navigationBar", "tabBar", "toolbar", "inputAccessoryView", "topAppBar", "bottomNavigation", "presentation",
    ]

    mutating func container(_ value: JSONValue, at pointer: String) -> Container? {
        guard let object = object(value, at: pointer, allowed: Self.containerMembers) else { return nil }
        var container = Container()
        let errors = self.errors.count
        if let bar = object["navigationBar"] {
            let at = pointer + "/navigationBar"
            if let members = self.object(bar, at: at, allowed: ["style", "height"]) {
                var read = NavigationBar()
                if let style = members["style"],
                    let name = choice(style, at: at + "/style", of: NavigationBarStyle.allCases.map(\.rawValue))
                {
                    read.style = NavigationBarStyle(rawValue: name) ?? .standard
                }
                read.height = members["height"].flatMap { barHeight($0, at: at + "/height") }
                container.navigationBar = read
            }
        }
        if let bar = object["tabBar"], let read = hideableBar(bar, at: pointer + "/tabBar") {
            container.tabBar = TabBar(height: read.height, hidden: read.hidden)
        }
        if let bar = object["toolbar"], let read = hideableBar(bar, at: pointer + "/toolbar") {
            container.toolbar = Toolbar(height: read.height, hidden: read.hidden)
        }
        if let view = object["inputAccessoryView"], let height = heightOnly(view, at: pointer + "/inputAccessoryView") {
            container.inputAccessoryView = InputAccessoryView(height: height)
        }
        if let bar = object["topAppBar"], let height = heightOnly(bar, at: pointer + "/topAppBar") {
            container.topAppBar = AppBar(height: height)
        }
        if let bar = object["bottomNavigation"], let height = heightOnly(bar, at: pointer + "/bottomNavigation") {
            container.bottomNavigation = AppBar(height: height)
        }
        if let value = object["presentation"] {
            container.presentation = presentation(value, at: pointer + "/presentation")
        }
        return self.errors.count == errors ? container : nil
    }

    /// A presentation: `{style, detents, selectedDetent, frame, size, contentHeight, state, peekHeight}`, only
    /// `style` required (and `size` for a dialog, `contentHeight` for a bottom sheet: the service places them).
    private mutating func presentation(_ value: JSONValue, at pointer: String) -> Presentation? {
        guard
            let members = object(
                value, at: pointer,
                allowed: [
                    "style", "detents", "selectedDetent", "frame", "size", "contentHeight", "state", "peekHeight",
                ]),
            let style = required(
                members, "style", at: pointer,
                { $0.choice($1, at: $2(), of: PresentationStyle.allCases.map(\.rawValue)) }
            ).flatMap(PresentationStyle.init(rawValue:))
        else { return nil }
        var read = Presentation(style: style)
        if let list = members["detents"] {
            if case .array(let items) = list, (1...Limits.detents).contains(items.count) {
                for (index, item) in items.enumerated() {
                    if let detent = detent(item, at: pointer + "/detents/\(index)") { read.detents.append(detent) }
                }
            } else {
                fail(pointer + "/detents", "must be an array of 1 to \(Limits.detents) detents")
            }
        }
        read.selectedDetent = members["selectedDetent"].flatMap { detent($0, at: pointer + "/selectedDetent") }
        read.frame = members["frame"].flatMap { rect($0, at: pointer + "/frame") }
        read.size = members["size"].flatMap { size($0, at: pointer + "/size") }
        read.contentHeight = members["contentHeight"].flatMap {
            number($0, at: pointer + "/contentHeight", in: Limits.length)
        }
        read.sheetState = members["state"].flatMap {
            choice($0, at: pointer + "/state", of: AndroidBottomSheet.State.allCases.map(\.rawValue))
        }.flatMap(AndroidBottomSheet.State.init(rawValue:))
        read.peekHeight = members["peekHeight"].flatMap { number($0, at: pointer + "/peekHeight", in: Limits.length) }
        let own: [String]
        switch style {
        case .dialog:
            own = ["size"]
            if members["size"] == nil {
                fail(pointer + "/size", "is required for a dialog: its window's size as its content measures it")
            }
        case .bottomSheet:
            own = ["contentHeight", "state", "peekHeight"]
            if members["contentHeight"] == nil {
                fail(
                    pointer + "/contentHeight",
                    "is required for a bottom sheet: its content's height as it measures with the IME hidden")
            }
        default:
            own = ["detents", "selectedDetent", "frame"]
        }
        for member in members.keys.sorted() where member != "style" && !own.contains(member) {
            fail(pointer + "/" + member, "is not a \(style.rawValue)'s: " + Self.placedBy(style))
        }
        return read
    }

    /// What places a presentation in `style`, for a member that is not its own.
    private static func placedBy(_ style: PresentationStyle) -> String {
        switch style {
        case .dialog: "the window manager places a dialog from its size"
        case .bottomSheet: "the sheet's behavior places it from its content's height, state and peek height"
        default: "a \(style.rawValue) is placed by its frame or its rules"
        }
    }

    /// A sheet's detent: `"medium"`, `"large"`, or a custom detent's height (a number).
    private mutating func detent(_ value: JSONValue, at pointer: String) -> SheetDetent? {
        if case .number = value {
            return number(value, at: pointer, in: Limits.barHeight).map { SheetDetent.custom(height: $0) }
        }
        switch choice(value, at: pointer, of: ["medium", "large"]) {
        case "medium": return .medium
        case "large": return .large
        default: return nil
        }
    }

    /// A bar that may be hidden (a tab bar, a toolbar): `{height, hidden}`, both optional.
    private mutating func hideableBar(_ value: JSONValue, at pointer: String) -> (height: Double?, hidden: Bool)? {
        guard let members = object(value, at: pointer, allowed: ["height", "hidden"]) else { return nil }
        let height = members["height"].flatMap { barHeight($0, at: pointer + "/height") }
        let hidden = members["hidden"].flatMap { bool($0, at: pointer + "/hidden") } ?? false
        return (height, hidden)
    }

    /// A view whose one member is its height, which it must send: `{height}`.
    private mutating func heightOnly(_ value: JSONValue, at pointer: String) -> Double? {
        guard let members = object(value, at: pointer, allowed: ["height"]) else { return nil }
        return required(members, "height", at: pointer, { $0.barHeight($1, at: $2()) })
    }

    /// A bar's height: a finite number within `Limits.barHeight`.
    private mutating func barHeight(_ value: JSONValue, at pointer: String) -> Double? {
        number(value, at: pointer, in: Limits.barHeight)
    }
}

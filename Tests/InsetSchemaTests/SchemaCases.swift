import InsetCore
import InsetJSON
import InsetSession

@testable import InsetSchema

/// Every value member of `RequestSchema` with the path it is sent at and the bodies it may appear in, read off
/// the table itself, so the tests built on it cover a member the moment it is declared.
struct SchemaLeaf: CustomStringConvertible, Sendable {
    /// Where the value goes.
    enum Target: Sendable {
        case body(Field<RequestBody>)
        case geometry(Field<Scene>)
        case keyboard(Field<KeyboardInfo>)
    }

    /// Member names from the body's root down to the value.
    var path: [String]
    var kinds: RequestKinds
    var target: Target

    var pointer: String { path.map { "/" + $0 }.joined() }
    var description: String { pointer }

    /// Whether only the general decoder reads the value (a container's bars, a page's fixed bars): the fast one
    /// declines its bodies.
    var generalOnly: Bool {
        guard case .geometry(let field) = target else { return false }
        switch field.kind {
        case .container, .fixedElements: return true
        default: return false
        }
    }

    /// Every leaf, depth first in declaration order.
    static let all: [SchemaLeaf] = collect(
        RequestSchema.members, path: [], kinds: [.all, .gestures, .focus])

    private static func collect(_ members: [Member], path: [String], kinds: RequestKinds) -> [SchemaLeaf] {
        var leaves: [SchemaLeaf] = []
        for member in members {
            let memberPath = path + [member.name.description]
            let memberKinds = kinds.intersection(member.kinds)
            switch member {
            case .body(let field): leaves.append(SchemaLeaf(path: memberPath, kinds: memberKinds, target: .body(field)))
            case .geometry(let field):
                leaves.append(SchemaLeaf(path: memberPath, kinds: memberKinds, target: .geometry(field)))
            case .keyboard(let field):
                leaves.append(SchemaLeaf(path: memberPath, kinds: memberKinds, target: .keyboard(field)))
            case .object(_, _, _, let nested): leaves += collect(nested, path: memberPath, kinds: memberKinds)
            case .userInfo: break  // A dictionary of its own, with its own suite (UserInfoTests).
            }
        }
        return leaves
    }

    /// A value to send, and whether the schema accepts it.
    struct Sample {
        var value: JSONValue
        var valid: Bool
        var label: String
    }

    /// Values at and past every bound of the leaf's kind, and of each number inside a geometry value.
    var samples: [Sample] {
        switch target {
        case .body(let field): Self.samples(field.kind)
        case .geometry(let field): Self.samples(field.kind)
        case .keyboard(let field): Self.samples(field.kind)
        }
    }

    private static func numbers(_ range: ClosedRange<Double>) -> [(Double, Bool, String)] {
        [
            (range.lowerBound, true, "lower bound"), (range.upperBound, true, "upper bound"),
            ((range.lowerBound + range.upperBound) / 2, true, "middle"),
            (range.lowerBound.nextDown, false, "just below"), (range.upperBound.nextUp, false, "just above"),
        ]
    }

    /// An object of numbers named `names`, each in its range: all valid, then each one at and past its bounds.
    private static func object(_ names: [String], _ ranges: [ClosedRange<Double>]) -> [Sample] {
        func value(_ numbers: [Double]) -> JSONValue {
            .object(JSONObject(zip(names, numbers).map { (key: $0, value: .number($1)) }))
        }
        let middle = ranges.map { ($0.lowerBound + $0.upperBound) / 2 }
        var samples = [Sample(value: value(middle), valid: true, label: "middle")]
        for (index, range) in ranges.enumerated() {
            for (number, valid, label) in numbers(range) {
                var values = middle
                values[index] = number
                samples.append(Sample(value: value(values), valid: valid, label: "\(names[index]) \(label)"))
            }
        }
        var missing = JSONObject(zip(names, middle).map { (key: $0, value: .number($1)) })
        missing.members.removeLast()
        samples.append(Sample(value: .object(missing), valid: false, label: "a component missing"))
        return samples
    }

    private static func samples<Root>(_ kind: FieldKind<Root>) -> [Sample] {
        let wrongType = Sample(value: .array([]), valid: false, label: "an array")
        switch kind {
        case .number(let range, _, _):
            return numbers(range).map { Sample(value: .number($0), valid: $1, label: $2) } + [wrongType]
        case .integer(let range, _, _):
            let lower = Double(range.lowerBound)
            let upper = Double(range.upperBound)
            return [
                Sample(value: .number(lower), valid: true, label: "lower bound"),
                Sample(value: .number(upper), valid: true, label: "upper bound"),
                Sample(value: .number(lower - 1), valid: false, label: "just below"),
                Sample(value: .number(upper + 1), valid: false, label: "just above"),
                Sample(value: .number(lower + 0.5), valid: false, label: "a fraction"), wrongType,
            ]
        case .bool:
            return [
                Sample(value: .bool(true), valid: true, label: "true"),
                Sample(value: .bool(false), valid: true, label: "false"),
                Sample(value: .number(1), valid: false, label: "1"), wrongType,
            ]
        case .string(let maxBytes, _, _):
            return [
                Sample(value: .string("a"), valid: true, label: "one byte"),
                Sample(value: .string(String(repeating: "b", count: maxBytes)), valid: true, label: "longest"),
                Sample(value: .string(String(repeating: "c", count: maxBytes + 1)), valid: false, label: "too long"),
                wrongType,
            ]
        case .choice(let names, _, _):
            return names.map { Sample(value: .string($0), valid: true, label: $0) } + [
                Sample(value: .string("none of them"), valid: false, label: "unknown name"), wrongType,
            ]
        case .rect:
            return object(
                ["x", "y", "width", "height"], [Limits.coordinate, Limits.coordinate, Limits.length, Limits.length])
                + [wrongType]
        case .size: return object(["width", "height"], [Limits.length, Limits.length]) + [wrongType]
        case .point: return object(["x", "y"], [Limits.coordinate, Limits.coordinate]) + [wrongType]
        case .insets(let range, _, _):
            return object(["top", "left", "bottom", "right"], [range, range, range, range]) + [wrongType]
        case .list(let shape, _, _):
            let maxCount = shape.maxCount
            func view(_ id: String, order: Double? = nil) -> JSONValue {
                var members: [(key: String, value: JSONValue)] = [
                    (key: "id", value: .string(id)),
                    (
                        key: shape.rectKey.description,
                        value: .object(
                            JSONObject([
                                (key: "x", value: 0), (key: "y", value: 700), (key: "width", value: 390),
                                (key: "height", value: 50),
                            ]))
                    ),
                ]
                if let order { members.append((key: "order", value: .number(order))) }
                return .object(JSONObject(members))
            }
            let ordered: [Sample] =
                shape.ordered
                ? [
                    Sample(value: .array([view("a", order: 2), view("b", order: -1)]), valid: true, label: "ordered"),
                    Sample(
                        value: .array([view("a", order: Limits.coordinate.upperBound + 1)]), valid: false,
                        label: "an order out of range"),
                ]
                : [Sample(value: .array([view("a", order: 1)]), valid: false, label: "an order it does not take")]
            return ordered + [
                Sample(value: .array([]), valid: true, label: "none"),
                Sample(value: .array([view("composer")]), valid: true, label: "one"),
                Sample(value: .array((0..<maxCount).map { view("v\($0)") }), valid: true, label: "the most"),
                Sample(value: .array((0...maxCount).map { view("v\($0)") }), valid: false, label: "one too many"),
                Sample(value: .array([view("a"), view("a")]), valid: false, label: "a repeated id"),
                Sample(value: .array([view("")]), valid: false, label: "an empty id"),
                Sample(value: .array([.number(1)]), valid: false, label: "not an object"),
                Sample(value: .object(JSONObject()), valid: false, label: "an object"),
            ]
        case .fixedElements:
            func bar(_ id: String, _ edge: String = "bottom", height: Double = 56) -> JSONValue {
                .object(
                    JSONObject([
                        (key: "id", value: .string(id)), (key: edge, value: 0), (key: "height", value: .number(height)),
                    ]))
            }
            let most = Limits.fixedElements
            return [
                Sample(value: .array([]), valid: true, label: "none"),
                Sample(value: .array([bar("composer")]), valid: true, label: "a bottom bar"),
                Sample(value: .array([bar("header", "top")]), valid: true, label: "a top bar"),
                Sample(value: .array((0..<most).map { bar("b\($0)") }), valid: true, label: "the most"),
                Sample(value: .array((0...most).map { bar("b\($0)") }), valid: false, label: "one too many"),
                Sample(value: .array([bar("a"), bar("a", "top")]), valid: false, label: "a repeated id"),
                Sample(value: .array([bar("")]), valid: false, label: "an empty id"),
                Sample(value: .array([bar("a", height: -1)]), valid: false, label: "a negative height"),
                Sample(
                    value: .array([
                        .object(
                            JSONObject([
                                (key: "id", value: "a"), (key: "top", value: 0), (key: "bottom", value: 0),
                                (key: "height", value: 1),
                            ]))
                    ]), valid: false, label: "both edges"),
                Sample(
                    value: .array([.object(JSONObject([(key: "id", value: "a"), (key: "height", value: 1)]))]),
                    valid: false, label: "no edge"),
                Sample(value: .array([.number(1)]), valid: false, label: "not an object"),
                Sample(value: .object(JSONObject()), valid: false, label: "an object"),
            ]
        case .container:
            // Valid samples are written as the echo normalises them (every member a bar has, in its order).
            func container(_ members: [(key: String, value: JSONValue)]) -> JSONValue { .object(JSONObject(members)) }
            func bar(_ members: [(key: String, value: JSONValue)]) -> JSONValue { .object(JSONObject(members)) }
            let height = Limits.barHeight
            return [
                Sample(
                    value: container([
                        (
                            key: "navigationBar",
                            value: bar([(key: "style", value: "largeTitle"), (key: "height", value: 96)])
                        ),
                        (
                            key: "tabBar",
                            value: bar([
                                (key: "height", value: .number(height.upperBound)), (key: "hidden", value: false),
                            ])
                        ),
                        (key: "toolbar", value: bar([(key: "height", value: 0), (key: "hidden", value: true)])),
                        (key: "inputAccessoryView", value: bar([(key: "height", value: 44)])),
                        (key: "topAppBar", value: bar([(key: "height", value: 64)])),
                        (key: "bottomNavigation", value: bar([(key: "height", value: 80)])),
                        (
                            key: "presentation",
                            value: bar([
                                (key: "style", value: "pageSheet"),
                                (key: "detents", value: .array(["medium", .number(300), "large"])),
                                (key: "selectedDetent", value: .number(300)),
                                (
                                    key: "frame",
                                    value: bar([
                                        (key: "x", value: 0), (key: "y", value: 54), (key: "width", value: 375),
                                        (key: "height", value: 758),
                                    ])
                                ),
                            ])
                        ),
                    ]), valid: true, label: "every bar"),
                Sample(
                    value: container([(key: "presentation", value: bar([(key: "style", value: "popover")]))]),
                    valid: true, label: "a presentation by its style alone"),
                Sample(
                    value: container([(key: "presentation", value: bar([(key: "detents", value: .array(["large"]))]))]),
                    valid: false, label: "a presentation without its style"),
                Sample(
                    value: container([
                        (
                            key: "presentation",
                            value: bar([(key: "style", value: "sheet"), (key: "detents", value: .array([]))])
                        )
                    ]),
                    valid: false, label: "no detent"),
                Sample(
                    value: container([
                        (
                            key: "presentation",
                            value: bar([
                                (key: "style", value: "sheet"),
                                (key: "detents", value: .array(Array(repeating: "large", count: Limits.detents + 1))),
                            ])
                        )
                    ]),
                    valid: false, label: "too many detents"),
                Sample(
                    value: container([
                        (
                            key: "presentation",
                            value: bar([(key: "style", value: "sheet"), (key: "selectedDetent", value: "half")])
                        )
                    ]),
                    valid: false, label: "an unknown detent"),
                Sample(
                    value: container([
                        (
                            key: "presentation",
                            value: bar([(key: "style", value: "sheet"), (key: "selectedDetent", value: -5)])
                        )
                    ]),
                    valid: false, label: "a negative custom detent"),
                Sample(value: container([]), valid: true, label: "no bar"),
                Sample(
                    value: container([(key: "navigationBar", value: bar([(key: "style", value: "huge")]))]),
                    valid: false, label: "an unknown style"),
                Sample(
                    value: container([(key: "tabBar", value: bar([(key: "height", value: -1)]))]), valid: false,
                    label: "a negative height"),
                Sample(
                    value: container([
                        (key: "tabBar", value: bar([(key: "height", value: .number(height.upperBound + 1))]))
                    ]),
                    valid: false, label: "a height out of range"),
                Sample(
                    value: container([(key: "inputAccessoryView", value: bar([]))]), valid: false,
                    label: "an accessory view without its height"),
                Sample(value: container([(key: "sheet", value: bar([]))]), valid: false, label: "an unknown member"),
                Sample(
                    value: container([(key: "bottomNavigation", value: bar([]))]), valid: false,
                    label: "a bottom navigation without its height"),
                Sample(
                    value: container([(key: "tabBar", value: bar([(key: "hidden", value: 1)]))]), valid: false,
                    label: "hidden not a bool"),
                wrongType,
            ]
        }
    }

    /// The smallest body of `kind` that decodes, with `value` put at the leaf's path.
    func body(_ kind: RequestBody.Kind, with value: JSONValue) -> [UInt8] {
        var root = JSONValue.object(JSONObject())
        if kind == .show {
            let frameEnd = JSONValue.object(
                JSONObject([
                    (key: "x", value: 0), (key: "y", value: 508), (key: "width", value: 390),
                    (key: "height", value: 336),
                ]))
            Self.put(frameEnd, at: ["keyboard", "frameEnd"], in: &root)
        }
        if kind == .drag || kind == .release {
            Self.put(.string("AAAAAAAAAAAAAAAAAAAAAA"), at: ["sessionId"], in: &root)
        }
        if kind == .drag {
            Self.put(.object(JSONObject([(key: "x", value: 0), (key: "y", value: 600)])), at: ["touch"], in: &root)
        }
        if kind == .release {
            Self.put(.object(JSONObject([(key: "y", value: 0)])), at: ["velocity"], in: &root)
        }
        if kind == .focus {
            Self.put(.string("email"), at: ["field"], in: &root)
        }
        Self.put(value, at: path[...], in: &root)
        var writer = JSONWriter()
        writer.value(root)
        return writer.bytes
    }

    private static func put(_ value: JSONValue, at path: ArraySlice<String>, in root: inout JSONValue) {
        guard let name = path.first, case .object(var object) = root else { return }
        if path.count == 1 {
            object.members.removeAll { $0.key == name }
            object.members.append((key: name, value: value))
        } else {
            var child = object[name] ?? .object(JSONObject())
            put(value, at: path.dropFirst(), in: &child)
            object.members.removeAll { $0.key == name }
            object.members.append((key: name, value: child))
        }
        root = .object(object)
    }

    /// The value the leaf holds in `body`, as JSON, or nil when it is not set.
    func read(from body: RequestBody) -> JSONValue? {
        switch target {
        case .body(let field): Self.json(field.kind, of: body)
        case .geometry(let field): Self.json(field.kind, of: body.event.scene.values)
        case .keyboard(let field): Self.json(field.kind, of: body.event.keyboard)
        }
    }

    private static func json<Root>(_ kind: FieldKind<Root>, of root: Root) -> JSONValue? {
        func numbers(_ names: [String], _ values: [Double]) -> JSONValue {
            .object(JSONObject(zip(names, values).map { (key: $0, value: .number($1)) }))
        }
        switch kind {
        case .number(_, let get, _): return get(root).map { .number($0) }
        case .integer(_, let get, _): return get(root).map { .number(Double($0)) }
        case .bool(let get, _): return get(root).map { .bool($0) }
        case .string(_, let get, _): return get(root).map { .string($0) }
        case .choice(_, let get, _): return get(root).map { .string($0) }
        case .rect(let get, _):
            return get(root).map { numbers(["x", "y", "width", "height"], [$0.x, $0.y, $0.width, $0.height]) }
        case .size(let get, _): return get(root).map { numbers(["width", "height"], [$0.width, $0.height]) }
        case .point(let get, _): return get(root).map { numbers(["x", "y"], [$0.x, $0.y]) }
        case .insets(_, let get, _):
            return get(root).map {
                numbers(["top", "left", "bottom", "right"], [$0.top, $0.left, $0.bottom, $0.right])
            }
        case .list(let shape, let get, _):
            return get(root).map { items in
                .array(
                    items.map { item in
                        var members: [(key: String, value: JSONValue)] = [
                            (key: "id", value: .string(item.id)),
                            (
                                key: shape.rectKey.description,
                                value: numbers(
                                    ["x", "y", "width", "height"],
                                    [item.rect.x, item.rect.y, item.rect.width, item.rect.height])
                            ),
                        ]
                        if let order = item.order { members.append((key: "order", value: .number(order))) }
                        return .object(JSONObject(members))
                    })
            }
        case .fixedElements(let get, _):
            return get(root).map { elements in
                .array(
                    elements.map { element in
                        .object(
                            JSONObject([
                                (key: "id", value: .string(element.id)),
                                (key: element.edge.rawValue, value: .number(element.offset)),
                                (key: "height", value: .number(element.height)),
                            ]))
                    })
            }
        case .container(let get, _):
            // As the session's echo writes it.
            return get(root).map { containerJSON($0.container) }
        }
    }
}

/// A decoded container as the session's echo writes it: each bar with every member it has, in order.
private func containerJSON(_ container: Container) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    func object(_ members: [(key: String, value: JSONValue)]) -> JSONValue { .object(JSONObject(members)) }
    if let bar = container.navigationBar {
        var style = [(key: "style", value: JSONValue.string(bar.style.rawValue))]
        if let height = bar.height { style.append((key: "height", value: .number(height))) }
        members.append((key: "navigationBar", value: object(style)))
    }
    for (name, height, hidden) in [
        ("tabBar", container.tabBar?.height, container.tabBar?.hidden),
        ("toolbar", container.toolbar?.height, container.toolbar?.hidden),
    ] {
        guard let hidden else { continue }
        var bar: [(key: String, value: JSONValue)] = []
        if let height { bar.append((key: "height", value: .number(height))) }
        bar.append((key: "hidden", value: .bool(hidden)))
        members.append((key: name, value: object(bar)))
    }
    for (name, height) in [
        ("inputAccessoryView", container.inputAccessoryView?.height), ("topAppBar", container.topAppBar?.height),
        ("bottomNavigation", container.bottomNavigation?.height),
    ] {
        guard let height else { continue }
        members.append((key: name, value: object([(key: "height", value: .number(height))])))
    }
    if let presentation = container.presentation {
        func detent(_ detent: SheetDetent) -> JSONValue {
            switch detent {
            case .medium: "medium"
            case .large: "large"
            case .custom(let height): .number(height)
            }
        }
        var read: [(key: String, value: JSONValue)] = [(key: "style", value: .string(presentation.style.rawValue))]
        if !presentation.detents.isEmpty {
            read.append((key: "detents", value: .array(presentation.detents.map(detent))))
        }
        if let selected = presentation.selectedDetent { read.append((key: "selectedDetent", value: detent(selected))) }
        if let frame = presentation.frame {
            read.append(
                (
                    key: "frame",
                    value: object([
                        (key: "x", value: .number(frame.x)), (key: "y", value: .number(frame.y)),
                        (key: "width", value: .number(frame.width)), (key: "height", value: .number(frame.height)),
                    ])
                ))
        }
        members.append((key: "presentation", value: object(read)))
    }
    return object(members)
}

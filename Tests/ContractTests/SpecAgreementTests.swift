import Foundation
import InsetCore
import InsetJSON
import InsetServiceTestSupport
import InsetSession
import Testing

@testable import InsetSchema
@testable import InsetService

/// `openapi.yaml` and `RequestSchema` describe the same bodies: the same members in each request schema, and
/// for every value the same type, `minimum`/`maximum`, `maxLength` and `enum`, and the same platforms (the spec's
/// `x-platforms`, which client.d.ts's Android bodies are generated from). The spec is read as JSON through PyYAML
/// (`scripts/test` installs it), since the toolchain has no YAML reader.
@Suite("openapi.yaml agrees with the request schema")
struct SpecAgreementTests {
    /// The operations of the table that read a JSON body, by method and path.
    static let bodyOperations: [(method: String, path: String, kind: RequestKinds)] = makeApp().operations
        .compactMap { operation in operation.body.map { (operation.method, operation.path, $0.kinds) } }

    /// The schema the spec gives the `application/json` body of `method` on `path`, or nil when it takes none.
    static func bodySchema(_ method: String, _ path: String, in spec: JSONObject) -> JSONValue? {
        guard case .object(let paths)? = spec["paths"], case .object(let item)? = paths[path],
            case .object(let operation)? = item[method.lowercased()],
            case .object(let requestBody)? = operation["requestBody"],
            case .object(let content)? = requestBody["content"],
            case .object(let json)? = content["application/json"]
        else { return nil }
        return json["schema"]
    }

    static func spec() throws -> JSONObject { try openAPISpec() }

    struct SpecError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A schema with its `$ref`s followed and the properties of its `allOf` and `anyOf` branches merged.
    struct Resolved {
        var object: JSONObject
        var properties: [String: JSONValue]
    }

    static func resolve(_ value: JSONValue, in spec: JSONObject) throws -> Resolved {
        guard case .object(var object) = value else { throw SpecError("schema \(value) is not an object") }
        if case .string(let ref)? = object["$ref"] {
            let name = String(ref.split(separator: "/").last ?? "")
            guard case .object(let components)? = spec["components"],
                case .object(let schemas)? = components["schemas"],
                let target = schemas[name]
            else { throw SpecError("no schema \(ref)") }
            let resolved = try resolve(target, in: spec)
            // Members beside a $ref (a description) do not change what it accepts.
            object = resolved.object
            return Resolved(object: object, properties: resolved.properties)
        }
        var properties: [String: JSONValue] = [:]
        if case .object(let own)? = object["properties"] {
            for member in own.members { properties[member.key] = member.value }
        }
        for combinator in ["allOf", "anyOf"] {
            guard case .array(let branches)? = object[combinator] else { continue }
            for branch in branches {
                for (name, value) in try resolve(branch, in: spec).properties where properties[name] == nil {
                    properties[name] = value
                }
            }
        }
        return Resolved(object: object, properties: properties)
    }

    static func number(_ object: JSONObject, _ key: String) -> Double? {
        if case .number(let value)? = object[key] { return value }
        return nil
    }

    /// Problems found comparing `schema`'s members for bodies of `kind` with the spec's `value`.
    static func compare(
        _ schema: ObjectSchema, kind: RequestKinds, with value: JSONValue, at place: String, in spec: JSONObject
    ) throws -> [String] {
        let resolved = try resolve(value, in: spec)
        var problems: [String] = []
        let allowed = Set(schema.allowedNames(kind))
        let documented = Set(resolved.properties.keys)
        for name in allowed.subtracting(documented).sorted() { problems.append("\(place)/\(name): not in the spec") }
        for name in documented.subtracting(allowed).sorted() { problems.append("\(place)/\(name): not in the table") }
        for (index, slot) in schema.slots.enumerated() where schema.kinds[index].contains(kind) {
            let name = schema.nameStrings[index]
            guard let property = resolved.properties[name] else { continue }
            let pointer = place + "/" + name
            switch slot {
            case .body(let field):
                problems += try compare(field.kind, with: property, at: pointer, in: spec)
                problems += compare(field.platforms, with: property, at: pointer, in: spec)
            case .geometry(let field, _):
                problems += try compare(field.kind, with: property, at: pointer, in: spec)
                problems += compare(field.platforms, with: property, at: pointer, in: spec)
            case .keyboard(let field):
                problems += try compare(field.kind, with: property, at: pointer, in: spec)
                problems += compare(field.platforms, with: property, at: pointer, in: spec)
            case .object(let nested, _):
                problems += try compare(nested, kind: kind, with: property, at: pointer, in: spec)
            case .userInfo: break  // UserInfoTests hold the dictionary to the spec's examples.
            }
        }
        return problems
    }

    /// The platforms the spec's `x-platforms` gives a member, on it or on a schema it names; iOS alone without one.
    static func platforms(_ value: JSONValue, in spec: JSONObject) -> Platforms {
        var current = value
        while case .object(let object) = current {
            if case .array(let names)? = object["x-platforms"] {
                return names.reduce(into: Platforms()) { platforms, name in
                    if case .string(let name) = name, let platform = Platform(rawValue: name) {
                        platforms.insert(Platforms(platform))
                    }
                }
            }
            guard case .string(let ref)? = object["$ref"], case .object(let components)? = spec["components"],
                case .object(let schemas)? = components["schemas"],
                let target = schemas[String(ref.split(separator: "/").last ?? "")]
            else { break }
            current = target
        }
        return .ios
    }

    static func compare(_ platforms: Platforms, with value: JSONValue, at pointer: String, in spec: JSONObject)
        -> [String]
    {
        self.platforms(value, in: spec) == platforms ? [] : ["\(pointer): x-platforms differs from the table's"]
    }

    static func compare<Root>(
        _ kind: FieldKind<Root>, with value: JSONValue, at pointer: String, in spec: JSONObject
    ) throws -> [String] {
        let schema = try resolve(value, in: spec).object
        var problems: [String] = []
        func expect(type: String) {
            if schema["type"] != .string(type) { problems.append("\(pointer): type is not \(type)") }
        }
        func expect(_ range: ClosedRange<Double>, in object: JSONObject, at pointer: String) {
            if number(object, "minimum") != range.lowerBound || number(object, "maximum") != range.upperBound {
                problems.append(
                    "\(pointer): spec range \(String(describing: number(object, "minimum")))..."
                        + "\(String(describing: number(object, "maximum"))), table \(range)")
            }
        }
        func expect(components: [(String, ClosedRange<Double>)]) throws {
            expect(type: "object")
            let properties = try resolve(value, in: spec).properties
            if Set(properties.keys) != Set(components.map(\.0)) { problems.append("\(pointer): other members") }
            for (name, range) in components {
                guard let component = properties[name] else { continue }
                expect(range, in: try resolve(component, in: spec).object, at: pointer + "/" + name)
            }
        }
        switch kind {
        case .number(let range, _, _):
            expect(type: "number")
            expect(range, in: schema, at: pointer)
        case .integer(let range, _, _):
            expect(type: "integer")
            expect(Double(range.lowerBound)...Double(range.upperBound), in: schema, at: pointer)
        case .bool: expect(type: "boolean")
        case .string(let maxBytes, _, _):
            expect(type: "string")
            if number(schema, "maxLength") != Double(maxBytes) { problems.append("\(pointer): maxLength") }
        case .choice(let names, _, _):
            expect(type: "string")
            if schema["enum"] != .array(names.map { .string($0) }) { problems.append("\(pointer): enum differs") }
        case .rect:
            try expect(components: [
                ("x", Limits.coordinate), ("y", Limits.coordinate), ("width", Limits.length), ("height", Limits.length),
            ])
        case .size: try expect(components: [("width", Limits.length), ("height", Limits.length)])
        case .point: try expect(components: [("x", Limits.coordinate), ("y", Limits.coordinate)])
        case .insets(let range, _, _):
            try expect(components: [("top", range), ("left", range), ("bottom", range), ("right", range)])
        case .list(let shape, _, _):
            expect(type: "array")
            if number(schema, "maxItems") != Double(shape.maxCount) { problems.append("\(pointer): maxItems") }
            guard let items = schema["items"] else {
                problems.append("\(pointer): no items")
                break
            }
            let item = try resolve(items, in: spec)
            let rectKey = shape.rectKey.description
            let members: Set<String> = shape.ordered ? ["id", rectKey, "order"] : ["id", rectKey]
            if Set(item.properties.keys) != members { problems.append("\(pointer): item members") }
            if item.object["required"] != .array([.string("id"), .string(rectKey)]) {
                problems.append("\(pointer): item required members")
            }
            if let id = item.properties["id"],
                number(try resolve(id, in: spec).object, "maxLength")
                    != Double(Limits.stringBytes)
            {
                problems.append("\(pointer)/id: maxLength")
            }
        case .fixedElements:
            // The items' members and bounds, as `FieldReader.fixedElements` takes them.
            expect(type: "array")
            if number(schema, "maxItems") != Double(Limits.fixedElements) { problems.append("\(pointer): maxItems") }
            guard let items = schema["items"] else {
                problems.append("\(pointer): no items")
                break
            }
            let item = try resolve(items, in: spec)
            if Set(item.properties.keys) != ["id", "top", "bottom", "height"] {
                problems.append("\(pointer): item members")
            }
            if item.object["required"] != .array([.string("id"), .string("height")]) {
                problems.append("\(pointer): item required members")
            }
            for (name, range) in [("top", Limits.coordinate), ("bottom", Limits.coordinate), ("height", Limits.length)]
            {
                guard let member = item.properties[name] else { continue }
                expect(range, in: try resolve(member, in: spec).object, at: "\(pointer)/\(name)")
            }
            if let id = item.properties["id"],
                number(try resolve(id, in: spec).object, "maxLength") != Double(Limits.stringBytes)
            {
                problems.append("\(pointer)/id: maxLength")
            }
        case .container:
            // Each bar's members, the heights' range and the styles, as the container's reader takes them.
            expect(type: "object")
            let bars: [String: Set<String>] = [
                "navigationBar": ["style", "height"], "tabBar": ["height", "hidden"], "toolbar": ["height", "hidden"],
                "inputAccessoryView": ["height"], "topAppBar": ["height"], "bottomNavigation": ["height"],
                "presentation": [
                    "style", "detents", "selectedDetent", "frame", "size", "contentHeight", "state", "peekHeight",
                ],
            ]
            let properties = try resolve(value, in: spec).properties
            if Set(properties.keys) != Set(bars.keys) { problems.append("\(pointer): other bars") }
            for (name, members) in bars {
                guard let bar = properties[name] else { continue }
                let barProperties = try resolve(bar, in: spec).properties
                if Set(barProperties.keys) != members { problems.append("\(pointer)/\(name): other members") }
                if let height = barProperties["height"] {
                    expect(Limits.barHeight, in: try resolve(height, in: spec).object, at: "\(pointer)/\(name)/height")
                }
                if name == "navigationBar", let style = barProperties["style"],
                    try resolve(style, in: spec).object["enum"]
                        != .array(NavigationBarStyle.allCases.map { .string($0.rawValue) })
                {
                    problems.append("\(pointer)/\(name)/style: enum differs")
                }
            }
            if let presentation = properties["presentation"] {
                let members = try resolve(presentation, in: spec).properties
                if let style = members["style"],
                    try resolve(style, in: spec).object["enum"]
                        != .array(PresentationStyle.allCases.map { .string($0.rawValue) })
                {
                    problems.append("\(pointer)/presentation/style: enum differs")
                }
                if let detents = members["detents"],
                    number(try resolve(detents, in: spec).object, "maxItems") != Double(Limits.detents)
                {
                    problems.append("\(pointer)/presentation/detents: maxItems")
                }
                if let state = members["state"],
                    try resolve(state, in: spec).object["enum"]
                        != .array(AndroidBottomSheet.State.allCases.map { .string($0.rawValue) })
                {
                    problems.append("\(pointer)/presentation/state: enum differs")
                }
            }
        }
        return problems
    }

    /// Every operation whose body the edge decodes, taken from the operation table, has the spec's members.
    @Test(arguments: bodyOperations)
    func everyMemberHasTheSpecsTypeRangeAndEnum(method: String, path: String, kind: RequestKinds) throws {
        let spec = try Self.spec()
        let schema = try #require(Self.bodySchema(method, path, in: spec), "the spec has no JSON body for \(path)")
        let problems = try Self.compare(RequestSchema.top, kind: kind, with: schema, at: "\(method) \(path)", in: spec)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The table names every body kind, so each is held to the spec above.
    @Test func theTableDecodesEveryBodyKind() {
        let kinds = Set(makeApp().operations.compactMap(\.body))
        #expect(kinds == Set(RequestBody.Kind.allCases))
    }

    /// The comparison finds a planted difference, so an empty list above means agreement.
    @Test func aDifferentRangeIsFound() throws {
        let spec = try Self.spec()
        let reference = JSONValue.object(
            JSONObject([(key: "$ref", value: .string("#/components/schemas/KeyboardDistance"))]))
        let wrong = FieldKind<Scene>.number(0...9_999, get: { _ in nil }, set: { _, _ in })
        #expect(try !Self.compare(wrong, with: reference, at: "/keyboardDistance", in: spec).isEmpty)
        let right = FieldKind<Scene>.number(Limits.keyboardDistance, get: { _ in nil }, set: { _, _ in })
        #expect(try Self.compare(right, with: reference, at: "/keyboardDistance", in: spec).isEmpty)
    }

    /// A member's platforms are read through the schemas it names, and a difference is found.
    @Test func aDifferentPlatformIsFound() throws {
        let spec = try Self.spec()
        func reference(_ name: String) -> JSONValue {
            .object(JSONObject([(key: "$ref", value: .string("#/components/schemas/\(name)"))]))
        }
        #expect(Self.platforms(reference("CaretRect"), in: spec) == [.android, .web])
        #expect(Self.platforms(reference("FocusedRect"), in: spec) == .every)
        #expect(Self.platforms(reference("KeyboardDistance"), in: spec) == .ios)
        #expect(Self.platforms(reference("DocumentHeight"), in: spec) == .web)
        #expect(!Self.compare(.android, with: reference("CaretRect"), at: "/caretRect", in: spec).isEmpty)
        #expect(Self.compare([.android, .web], with: reference("CaretRect"), at: "/caretRect", in: spec).isEmpty)
    }
}

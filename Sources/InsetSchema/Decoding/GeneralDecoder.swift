import InsetCore
import InsetJSON
import InsetSession

/// Decodes a parsed body against `RequestSchema`, collecting every problem with its RFC 6901 pointer instead
/// of stopping at the first: unknown members first (so typos surface), then each member in the schema's order.
struct GeneralDecoder {
    private var reader = FieldReader()
    private let kind: RequestKinds

    private init(kind: RequestKinds) {
        self.kind = kind
    }

    /// The body `value` holds, or every problem with it.
    static func decode(_ value: JSONValue, kind: RequestBody.Kind) throws(RequestError) -> RequestBody {
        var decoder = GeneralDecoder(kind: kind.kinds)
        var body = RequestBody()
        decoder.object(value, RequestSchema.top, into: &body)
        guard decoder.reader.errors.isEmpty else { throw .invalid(decoder.reader.errors) }
        return body
    }

    private mutating func object(_ value: JSONValue, _ schema: ObjectSchema, into body: inout RequestBody) {
        guard let object = reader.object(value, at: schema.pointer, allowed: schema.allowedNames(kind)) else { return }
        if schema.acceptsUserInfo, let userInfo = object["userInfo"] {
            // Which of the two a client meant is never guessed: a member beside userInfo is an error.
            for (index, name) in schema.nameStrings.enumerated()
            where name != "userInfo" && schema.kinds[index].contains(kind) && object[name] != nil {
                reader.fail(
                    schema.pointer + "/" + name, "cannot be sent with \(schema.pointer)/userInfo: send one or the other"
                )
            }
            if let info = KeyboardUserInfo.read(userInfo, at: schema.pointer + "/userInfo", reader: &reader) {
                body.event.keyboard = info
            }
            if let index = schema.nameStrings.firstIndex(of: "userInfo") { body.keyboardSent = 1 << UInt32(index) }
            return
        }
        if schema.acceptsUserInfo {
            body.keyboardSent = schema.nameStrings.indices.reduce(0) {
                object[schema.nameStrings[$1]] != nil ? $0 | 1 << UInt32($1) : $0
            }
        }
        for (index, slot) in schema.slots.enumerated() where schema.kinds[index].contains(kind) {
            let name = schema.nameStrings[index]
            let pointer = schema.pointer + "/" + name
            guard let member = object[name] else {
                if ObjectSchema.required(slot).contains(kind) { reader.fail(pointer, FieldError.requiredMessage) }
                continue
            }
            switch slot {
            case .body(let field): _ = read(field.kind, member, at: pointer, into: &body)
            case .geometry(let field, let bit):
                if read(field.kind, member, at: pointer, into: &body.event.scene.values) {
                    body.event.scene.given.rawValue |= bit
                }
            case .keyboard(let field): _ = read(field.kind, member, at: pointer, into: &body.event.keyboard)
            case .object(let nested, _): self.object(member, nested, into: &body)
            case .userInfo: break  // Sent, it was read above.
            }
        }
    }

    /// Reads one value into `root`; false (with the problem recorded) when it is not acceptable.
    private mutating func read<Root>(
        _ kind: FieldKind<Root>, _ value: JSONValue, at pointer: String, into root: inout Root
    ) -> Bool {
        switch kind {
        case .number(let range, _, let set):
            guard let number = reader.number(value, at: pointer, in: range) else { return false }
            set(&root, number)
        case .integer(let range, _, let set):
            guard let number = reader.integer(value, at: pointer, in: range) else { return false }
            set(&root, number)
        case .bool(_, let set):
            guard let flag = reader.bool(value, at: pointer) else { return false }
            set(&root, flag)
        case .string(let maxBytes, _, let set):
            guard let string = reader.string(value, at: pointer, maxLength: maxBytes) else { return false }
            set(&root, string)
        case .choice(let names, _, let set):
            guard let name = reader.choice(value, at: pointer, of: names) else { return false }
            return set(&root, name)
        case .rect(_, let set):
            guard let rect = reader.rect(value, at: pointer) else { return false }
            set(&root, rect)
        case .size(_, let set):
            guard let size = reader.size(value, at: pointer) else { return false }
            set(&root, size)
        case .point(_, let set):
            guard let point = reader.point(value, at: pointer) else { return false }
            set(&root, point)
        case .insets(let range, _, let set):
            guard let insets = reader.insets(value, at: pointer, in: range) else { return false }
            set(&root, insets)
        case .list(let shape, _, let set):
            guard let items = reader.list(value, at: pointer, shape) else { return false }
            set(&root, items)
        case .container(_, let set):
            guard let container = reader.container(value, at: pointer) else { return false }
            set(&root, ContainerState(sent: container))
        case .fixedElements(_, let set):
            guard let elements = reader.fixedElements(value, at: pointer) else { return false }
            set(&root, elements)
        }
        return true
    }
}

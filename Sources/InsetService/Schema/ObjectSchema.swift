import InsetJSON

/// One object of `RequestSchema` resolved for the decoders: its members' names to look keys up by, and for
/// each geometry value the bit of `GeometryPatch.sent` that marks it sent. Bits are numbered across nested
/// objects in declaration order.
final class ObjectSchema: Sendable {
    /// A member and where its value goes.
    enum Slot: Sendable {
        case body(Field<RequestBody>)
        case geometry(Field<StoredGeometry>, bit: UInt32)
        case keyboard(Field<KeyboardInfo>)
        case object(ObjectSchema, required: RequestKinds)
        case userInfo
    }

    /// The object's RFC 6901 pointer: "" for the body itself.
    let pointer: String
    /// Member names, as the fast decoder compares them with a key's bytes.
    let names: [StaticString]
    /// The same names, as the general decoder looks them up in a parsed object.
    let nameStrings: [String]
    /// The bodies each member may be sent in.
    let kinds: [RequestKinds]
    let slots: [Slot]
    /// Every geometry value in this object and those nested in it, in bit order, with its pointer.
    let geometryFields: [(field: Field<StoredGeometry>, pointer: String)]
    /// Every keyboard value in this object and those nested in it.
    let keyboardFields: [Field<KeyboardInfo>]
    /// Whether a logged `userInfo` may stand for this object's values.
    let acceptsUserInfo: Bool

    convenience init(_ members: [Member], pointer: String) {
        var bit = 0
        self.init(members, pointer: pointer, nextBit: &bit)
    }

    private init(_ members: [Member], pointer: String, nextBit: inout Int) {
        self.pointer = pointer
        names = members.map(\.name)
        nameStrings = members.map(\.name.description)
        kinds = members.map(\.kinds)
        var slots: [Slot] = []
        var geometryFields: [(field: Field<StoredGeometry>, pointer: String)] = []
        var keyboardFields: [Field<KeyboardInfo>] = []
        for member in members {
            let memberPointer = pointer + "/" + member.name.description
            switch member {
            case .body(let field):
                slots.append(.body(field))
            case .geometry(let field):
                precondition(nextBit < 32, "GeometryPatch.sent has 32 bits")
                slots.append(.geometry(field, bit: 1 << UInt32(nextBit)))
                geometryFields.append((field, memberPointer))
                nextBit += 1
            case .keyboard(let field):
                slots.append(.keyboard(field))
                keyboardFields.append(field)
            case .object(_, _, let required, let nested):
                let schema = ObjectSchema(nested, pointer: memberPointer, nextBit: &nextBit)
                slots.append(.object(schema, required: required))
                geometryFields += schema.geometryFields
                keyboardFields += schema.keyboardFields
            case .userInfo:
                slots.append(.userInfo)
            }
        }
        self.slots = slots
        self.geometryFields = geometryFields
        self.keyboardFields = keyboardFields
        acceptsUserInfo = slots.contains { if case .userInfo = $0 { true } else { false } }
    }

    /// The index of the member whose name is `key`'s bytes, or nil.
    @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in names.indices where key.spells(names[index]) { return index }
        return nil
    }

    /// The names a body of `kind` may send here.
    func allowedNames(_ kind: RequestKinds) -> [String] {
        nameStrings.indices.filter { kinds[$0].contains(kind) }.map { nameStrings[$0] }
    }
}

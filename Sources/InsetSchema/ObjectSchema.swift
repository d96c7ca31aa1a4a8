import InsetCore
import InsetJSON
import InsetSession

/// One object of `RequestSchema` resolved for the decoders: its members' names to look keys up by, and for
/// each geometry value the bit of `ScenePatch.sent` that marks it sent. Bits are numbered across nested
/// objects in declaration order.
package final class ObjectSchema: Sendable {
    /// A member and where its value goes.
    package enum Slot: Sendable {
        case body(Field<RequestBody>)
        case geometry(Field<Scene>, bit: UInt64)
        case keyboard(Field<KeyboardInfo>)
        case object(ObjectSchema, required: RequestKinds)
        case userInfo
    }

    /// `slots` for the fast decoder: the same members by unretained references, which it can switch over per
    /// member without retaining and releasing them (the schema lives as long as the process).
    enum FastSlot: @unchecked Sendable {
        case body(Unmanaged<Field<RequestBody>>)
        case geometry(Unmanaged<Field<Scene>>, bit: UInt64)
        case keyboard(Unmanaged<Field<KeyboardInfo>>)
        case object(Unmanaged<ObjectSchema>)
        case userInfo
    }

    /// The object's RFC 6901 pointer: "" for the body itself.
    package let pointer: String
    /// Member names, as the fast decoder compares them with a key's bytes.
    package let names: [StaticString]
    /// The same names prepared for `JSONCursor.expectKey`.
    let keys: [JSONKey]
    /// The same names, as the general decoder looks them up in a parsed object.
    package let nameStrings: [String]
    /// The bodies each member may be sent in.
    package let kinds: [RequestKinds]
    package let slots: [Slot]
    let fastSlots: [FastSlot]
    /// Every geometry value in this object and those nested in it, in bit order, with its pointer.
    package let geometryFields: [(field: Field<Scene>, pointer: String)]
    /// Every keyboard value in this object and those nested in it.
    package let keyboardFields: [Field<KeyboardInfo>]
    /// Whether a logged `userInfo` may stand for this object's values.
    package let acceptsUserInfo: Bool
    /// For each kind of body (at its raw value): one bit per member (by index) that the body may send, and one per
    /// member it must send: the allowed at 0 to 7, the required at 8 to 15. Memory the schema owns, not arrays
    /// (a bounds check and a retain) or stored tuples (copied to the stack for each read): read on every member
    /// decoded. Written once, in `init`, so shared reads are safe.
    private nonisolated(unsafe) let masks: UnsafeMutablePointer<UInt64>

    /// One mask per body kind, room for eight.
    typealias Masks = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    convenience init(_ members: [Member], pointer: String) {
        var bit = 0
        self.init(members, pointer: pointer, nextBit: &bit)
    }

    private init(_ members: [Member], pointer: String, nextBit: inout Int) {
        self.pointer = pointer
        names = members.map(\.name)
        keys = members.map { JSONKey($0.name) }
        nameStrings = members.map(\.name.description)
        kinds = members.map(\.kinds)
        var slots: [Slot] = []
        var geometryFields: [(field: Field<Scene>, pointer: String)] = []
        var keyboardFields: [Field<KeyboardInfo>] = []
        for member in members {
            let memberPointer = pointer + "/" + member.name.description
            switch member {
            case .body(let field):
                slots.append(.body(field))
            case .geometry(let field):
                precondition(nextBit < 64, "ScenePatch.given has 64 bits")
                slots.append(.geometry(field, bit: 1 << UInt64(nextBit)))
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
        fastSlots = slots.map { slot in
            switch slot {
            case .body(let field): .body(.passUnretained(field))
            case .geometry(let field, let bit): .geometry(.passUnretained(field), bit: bit)
            case .keyboard(let field): .keyboard(.passUnretained(field))
            case .object(let nested, _): .object(.passUnretained(nested))
            case .userInfo: .userInfo
            }
        }
        self.geometryFields = geometryFields
        self.keyboardFields = keyboardFields
        acceptsUserInfo = slots.contains { if case .userInfo = $0 { true } else { false } }
        precondition(slots.count <= 64, "an object's members are marked in 64 bits")
        precondition(!acceptsUserInfo || slots.count <= 32, "the keyboard's members are marked in 32 bits")
        func mask(_ test: (Int) -> Bool) -> UInt64 {
            slots.indices.reduce(0) { test($1) ? $0 | 1 << UInt64($1) : $0 }
        }
        let kinds = kinds
        precondition(RequestBody.Kind.allCases.count <= 8, "the masks hold eight body kinds")
        func masks(_ test: (Int, RequestKinds) -> Bool) -> Masks {
            var masks: Masks = (0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &masks) { bytes in
                for kind in RequestBody.Kind.allCases {
                    bytes.storeBytes(
                        of: mask { test($0, RequestKinds(kind)) }, toByteOffset: Int(kind.rawValue) * 8, as: UInt64.self
                    )
                }
            }
            return masks
        }
        let allowed = masks { kinds[$0].contains($1) }
        let required = masks { Self.required(slots[$0]).contains($1) }
        let stored = UnsafeMutablePointer<UInt64>.allocate(capacity: 16)
        for index in 0..<8 {
            (stored + index).initialize(
                to: withUnsafeBytes(of: allowed) { $0.load(fromByteOffset: index * 8, as: UInt64.self) })
            (stored + 8 + index).initialize(
                to: withUnsafeBytes(of: required) { $0.load(fromByteOffset: index * 8, as: UInt64.self) })
        }
        self.masks = stored
    }

    deinit {
        masks.deallocate()
    }

    /// The bodies that must send the member.
    static func required(_ slot: Slot) -> RequestKinds {
        switch slot {
        case .body(let field): field.required
        case .geometry(let field, _): field.required
        case .keyboard(let field): field.required
        case .object(_, let required): required
        case .userInfo: []
        }
    }

    /// The members (by bit) a body of `kind` may send.
    @inline(__always)
    func allowed(_ kind: RequestKinds) -> UInt64 {
        masks[Self.index(of: kind)]
    }

    /// The members (by bit) a body of `kind` must send.
    @inline(__always)
    func required(_ kind: RequestKinds) -> UInt64 {
        masks[8 &+ Self.index(of: kind)]
    }

    /// Where the masks of the one kind in `kind` are: the index of its bit.
    @inline(__always)
    private static func index(of kind: RequestKinds) -> Int {
        kind.rawValue.trailingZeroBitCount & 7
    }

    /// The index of the member whose name is `key`'s bytes, or nil.
    @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in names.indices where key.spells(names[index]) { return index }
        return nil
    }

    /// The schema of the nested object at `index`, which must be one.
    func nested(at index: Int) -> ObjectSchema {
        guard case .object(let nested, _) = slots[index] else { preconditionFailure("member \(index) is no object") }
        return nested
    }

    /// The names a body of `kind` may send here.
    func allowedNames(_ kind: RequestKinds) -> [String] {
        nameStrings.indices.filter { kinds[$0].contains(kind) }.map { nameStrings[$0] }
    }
}

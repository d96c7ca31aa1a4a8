import InsetCore
import InsetJSON

extension Session {
    /// The full representation `GET /sessions/{id}` answers, seen at `time`.
    func write(at time: Double, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("keyboardState", phase(at: time).rawValue)
        writer.field("time", time)
        writer.field("lastEventTime", lastTime)
        writer.echo(RequestSchema.top, geometry: geometry)
        writer.key(static: "keyboard")
        if let keyboard {
            writer.beginObject()
            writer.echo(RequestSchema.keyboard, of: keyboard, unset: .omitted)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key(static: "target")
        writer.beginObject()
        writer.resultMembers(target)
        writer.endObject()
        writer.key(static: "animation")
        if let running = animationInFlight(at: time) {
            AnimationDescriptor.write(running, timed: true, into: &writer)
        } else {
            writer.null()
        }
        writer.key(static: "presentation")
        writer.scrollState(presentation(at: time))
        writer.endObject()
    }

    /// The short reference a show or hide answers with, seen at `time`.
    func reference(at time: Double) -> SessionReference {
        SessionReference(id: id, keyboardState: phase(at: time), time: time)
    }
}

/// The short reference to a session that a show or hide answers with.
struct SessionReference: Sendable {
    var id: String
    var keyboardState: KeyboardPhase
    /// The event's instant on the session's clock.
    var time: Double

    func write(into writer: inout JSONWriter) {
        writer.beginPieces()
        writer.pieceKey("{\"id\":")
        writer.string(id)
        writer.pieceKey(",\"keyboardState\":")
        writer.string(keyboardState.rawValue)
        writer.pieceKey(",\"time\":")
        writer.number(time)
        writer.endObject()
    }
}

extension JSONWriter {
    /// What the echo writes for a value that is not set.
    enum Unset { case null, omitted }

    /// The geometry's members of `schema` and of the objects nested in it, as a request sends them.
    fileprivate mutating func echo(_ schema: ObjectSchema, geometry: StoredGeometry) {
        for (index, slot) in schema.slots.enumerated() {
            switch slot {
            case .geometry(let field, _):
                echo([field], of: geometry, unset: .null)
            case .object(let nested, _) where !nested.geometryFields.isEmpty:
                key(static: schema.names[index])
                beginObject()
                echo(nested, geometry: geometry)
                endObject()
            case .body, .keyboard, .object, .userInfo:
                break
            }
        }
    }

    /// Each field of `root` under its JSON name.
    fileprivate mutating func echo<Root>(_ fields: [Field<Root>], of root: Root, unset: Unset) {
        for field in fields {
            switch field.kind {
            case .number(_, let get, _):
                if let value = get(root) { self.field(field.name, value) } else { none(field, unset) }
            case .integer(_, let get, _):
                if let value = get(root) { self.field(field.name, value) } else { none(field, unset) }
            case .bool(let get, _):
                if let value = get(root) { self.field(field.name, value) } else { none(field, unset) }
            case .string(_, let get, _):
                if let value = get(root) { self.field(field.name, value) } else { none(field, unset) }
            case .choice(_, let get, _):
                if let value = get(root) { self.field(field.name, value) } else { none(field, unset) }
            case .rect(let get, _):
                if let value = get(root) {
                    key(static: field.name)
                    rect(value)
                } else {
                    none(field, unset)
                }
            case .size(let get, _):
                if let value = get(root) {
                    key(static: field.name)
                    size(value)
                } else {
                    none(field, unset)
                }
            case .point(let get, _):
                if let value = get(root) {
                    key(static: field.name)
                    point(value)
                } else {
                    none(field, unset)
                }
            case .insets(_, let get, _):
                if let value = get(root) {
                    key(static: field.name)
                    insets(value)
                } else {
                    none(field, unset)
                }
            }
        }
    }

    private mutating func none<Root>(_ field: Field<Root>, _ unset: Unset) {
        guard unset == .null else { return }
        key(static: field.name)
        null()
    }
}

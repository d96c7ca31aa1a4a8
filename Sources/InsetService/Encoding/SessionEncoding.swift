import InsetCore
import InsetDevices
import InsetJSON
import InsetSchema
import InsetSession

extension Session {
    /// The full representation `GET /sessions/{id}` answers, seen at `time`.
    /// After a request by device, `catalogue` says what it took from the catalogue.
    func write(at time: Double, catalogue: DeviceResolution? = nil, into writer: inout JSONWriter) {
        if let android { return write(android, at: time, into: &writer) }
        if let web { return write(web, at: time, into: &writer) }
        writeHead(at: time, into: &writer)
        if let navigation = scene.navigation { writer.navigation(navigation) }
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
        let written = writer.resultMembers(target)
        writer.endObject()
        if let container = scene.container {
            let keyboard = keyboardVisible && target.keyboardDocked ? target.keyboardLayoutGuide : nil
            writer.containerAnswer(container, keyboard: keyboard, name: "containerLayout")
        }
        writer.key(static: "animation")
        if let running = animationInFlight(at: time), let newest = animations.newest(movingAt: time) {
            let layout = layoutMotion(since: newest.startTime)
            let composed = EventAnimation(
                animation: running, composition: scene.interruption, delta: newest.delta,
                velocity: velocity(at: time), inFlight: Array(animations.inFlight(at: time).dropLast()), layout: layout)
            AnimationDescriptor.write(running, layout: layout, composed: composed, written: written, into: &writer)
        } else {
            writer.null()
        }
        writer.key(static: "animations")
        AnimationDescriptor.writeInFlight(animations.inFlight(at: time), besides: nil, into: &writer)
        writer.key(static: "presentation")
        writer.animatedValues(
            presentationValues(at: time), keyboardPlaced: keyboardFrame != nil, guide: target.keyboardLayoutGuide)
        writer.key(static: "velocity")
        writer.animatedValues(velocity(at: time))
        if let catalogue { writer.catalogue(catalogue) }
        writer.endObject()
    }

    /// An Android session at `time`: its scene, the IME's frame, where the last IME event settles (`target`), its
    /// animation while anything moves, and what is on screen (`presentation`).
    private func write(_ transition: AndroidTransition, at time: Double, into writer: inout JSONWriter) {
        writeHead(at: time, into: &writer)
        writer.key(static: "keyboard")
        if keyboardVisible, let keyboardFrame {
            writer.beginObject()
            writer.key(static: "frameEnd")
            writer.rect(keyboardFrame)
            writer.endObject()
        } else {
            writer.null()
        }
        let outcome = AndroidOutcome(transition, at: transition.startTime)
        writer.key(static: "target")
        writer.beginObject()
        writer.androidResult(transition.target, layout: transition.layout)
        writer.endObject()
        if let container = scene.container {
            writer.androidContainer(
                container, result: transition.target, layout: transition.layout, ime: transition.imeTo,
                name: "containerLayout")
        }
        writer.key(static: "animation")
        if transition.isMoving(atMilliseconds: time) {
            writer.androidAnimation(outcome, at: time)
        } else {
            writer.null()
        }
        writer.key(static: "presentation")
        writer.androidValues(transition.values(atMilliseconds: time), outcome)
        writer.endObject()
    }

    /// What every session's answer opens with: its id, the keyboard's phase, the instant, the last event's, and its
    /// scene's members of its platform as a request sends them.
    func writeHead(at time: Double, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("keyboardState", phase(at: time).rawValue)
        writer.field("time", time)
        writer.field("lastEventTime", lastTime)
        writer.echo(RequestSchema.top, geometry: scene)
    }

    /// The short reference a show or hide answers with, seen at `time`. Inlined, as `phase(at:)` is: asked of a
    /// session held `inout`, a function of its own took a copy of the whole session.
    /// `sent`: the session's id as the request sent it inline, if it did.
    @inline(__always)
    func reference(at time: Double, sent: InlineSessionID? = nil) -> SessionReference {
        SessionReference(id: id, sent: sent, keyboardState: phase(at: time), time: time)
    }
}

/// The short reference to a session that a show or hide answers with.
struct SessionReference: Sendable {
    var id: String
    /// `id` as the request sent it inline, when it did: the same bytes, as the store found the session by them,
    /// written as they are (they need no escaping).
    var sent: InlineSessionID?
    var keyboardState: KeyboardPhase
    /// The event's instant on the session's clock.
    var time: Double

    func write(into writer: inout JSONWriter) {
        writer.beginPieces()
        if let sent {
            writer.piece("{\"id\":\"")
            sent.withBytes { writer.pieceBytes($0) }
            writer.piece("\"")
        } else {
            writer.pieceKey("{\"id\":")
            writer.string(id)
        }
        // The phase's raw value, one of four fixed names, written whole without the escaping scan.
        switch keyboardState {
        case .hidden: writer.piece(",\"keyboardState\":\"hidden\"")
        case .showing: writer.piece(",\"keyboardState\":\"showing\"")
        case .shown: writer.piece(",\"keyboardState\":\"shown\"")
        case .hiding: writer.piece(",\"keyboardState\":\"hiding\"")
        }
        writer.pieceKey(",\"time\":")
        writer.number(time)
        writer.endObject()
    }
}

extension JSONWriter {
    /// What the echo writes for a value that is not set.
    enum Unset { case null, omitted }

    /// The geometry's members of `schema` and of the objects nested in it, as a request sends them: those of the
    /// scene's platform.
    fileprivate mutating func echo(_ schema: ObjectSchema, geometry: Scene) {
        let platform = Platforms(geometry.platform)
        for (index, slot) in schema.slots.enumerated() {
            switch slot {
            case .geometry(let field, _):
                if field.platforms.contains(platform) { echo([field], of: geometry, unset: .null) }
            case .object(let nested, _) where nested.pointer == "/device":
                // The device with its keyboard (whose members a request sends in `keyboard`, which a session's
                // answer holds the last notification under).
                sceneDevice(geometry.device, platform: geometry.platform)
            case .object(let nested, _) where nested.acceptsUserInfo:
                break
            case .object(let nested, _)
            where nested.geometryFields.contains { $0.field.platforms.contains(platform) }:
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
            case .number(_, let get, _): member(field.name, get(root), unset) { $0.number($1) }
            case .integer(_, let get, _): member(field.name, get(root), unset) { $0.int($1) }
            case .bool(let get, _): member(field.name, get(root), unset) { $0.bool($1) }
            case .string(_, let get, _): member(field.name, get(root), unset) { $0.string($1) }
            case .choice(_, let get, _): member(field.name, get(root), unset) { $0.string($1) }
            case .rect(let get, _): member(field.name, get(root), unset) { $0.rect($1) }
            case .size(let get, _): member(field.name, get(root), unset) { $0.size($1) }
            case .point(let get, _): member(field.name, get(root), unset) { $0.point($1) }
            case .insets(_, let get, _): member(field.name, get(root), unset) { $0.insets($1) }
            case .list(let shape, let get, _): member(field.name, get(root), unset) { $0.list($1, shape) }
            case .container(let get, _):
                // Only a scene with a container shows one: answers without it stay as they were.
                guard let state = get(root) else { continue }
                key(static: field.name)
                containerRequest(state.container)
            case .fixedElements(let get, _): member(field.name, get(root), unset) { $0.fixedElements($1) }
            }
        }
    }

    /// `name` and `value`, or for a value that is not set, what `unset` says.
    private mutating func member<T>(
        _ name: StaticString, _ value: T?, _ unset: Unset, _ write: (inout JSONWriter, T) -> Void
    ) {
        guard value != nil || unset == .null else { return }
        key(static: name)
        if let value { write(&self, value) } else { null() }
    }
}

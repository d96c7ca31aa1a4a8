import InsetCore

/// A decoded request body: a show, a hide, or a session's creation or patch. What each may carry, and the
/// ranges it must keep, is `RequestSchema`'s; `decode` reads it.
struct RequestBody: Equatable, Sendable {
    /// Which route the body came to.
    enum Kind: Sendable {
        case show, hide, session, drag, release, focus

        /// The schema's name for the bodies of this kind.
        var kinds: RequestKinds {
            switch self {
            case .show: .show
            case .hide: .hide
            case .session: .session
            case .drag: .drag
            case .release: .release
            case .focus: .focus
            }
        }
    }

    /// The session an event belongs to; nil for a stateless call.
    var sessionId: String?
    /// Milliseconds on the client's clock.
    var timestamp: Double?
    /// A focus move's field: an id, `next` or `previous`.
    var field: String?
    /// A drag's touch, in window coordinates.
    var touch: Point?
    /// A release's vertical velocity, in points per second (downward positive).
    var velocityY: Double?
    /// The geometry the body sent.
    var geometry = GeometryPatch()
    /// The keyboard notification, with its defaults for what was not sent.
    var keyboard = KeyboardInfo()

    init() {}
}

/// Geometry a body sent: the values over a new geometry's defaults, and which of them were sent. A stateless
/// call or a new session takes the values as they are; a session's patch copies only those sent.
struct GeometryPatch: Equatable, Sendable {
    /// The sent values, over the defaults of `StoredGeometry()`.
    var values = StoredGeometry()
    /// Which of `RequestSchema.geometry` were sent, one bit each, in its order.
    var sent: UInt32 = 0

    init() {}

    /// The geometry of a stateless call or a new session; fails when a value required to create one is missing.
    func created() throws(RequestError) -> StoredGeometry {
        let required = RequestSchema.requiredToCreate
        guard sent & required == required else { throw .invalid(missing()) }
        var geometry = values
        geometry.settleWindow()
        return geometry
    }

    /// A problem for each value required to create a geometry that was not sent.
    private func missing() -> [FieldError] {
        var missing: [FieldError] = []
        for (index, entry) in RequestSchema.geometry.enumerated()
        where entry.field.requiredToCreate && sent & (1 << UInt32(index)) == 0 {
            missing.append(FieldError(pointer: entry.pointer, message: "is required"))
        }
        return missing
    }
}

/// Why a body could not be decoded; routes answer it as a problem.
enum RequestError: Error, Equatable {
    /// Not JSON at all: where and why, as a sentence.
    case malformedJSON(String)
    /// JSON, but some members are wrong.
    case invalid([FieldError])
}

/// One member that failed validation: where (an RFC 6901 pointer into the body) and why.
struct FieldError: Equatable, Sendable {
    /// RFC 6901 pointer to the offending value, e.g. `/keyboard/frameEnd/height`.
    var pointer: String
    /// What is wrong with it, for a person.
    var message: String

    /// Creates a field error.
    init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }
}

import HTTPServer
import InsetCore
import InsetDevices
import InsetJSON
import InsetSession

/// The answer to a keyboard event or a focus move: what the scroll view becomes, the toolbar's fields, the
/// animation and, for a session's event, the session's reference (not the whole session, which is large).
enum EventAnswer {
    /// The answer to an event, from its parts where they lie; inlined, so that no part is copied to be passed.
    @inline(__always)
    static func write(
        _ result: InsetResult, animation: KeyboardAnimation, layout: LayoutMotion, composed: EventAnimation?,
        session: SessionReference?, navigation: FocusNeighbours?, catalogue: DeviceResolution? = nil,
        containers: [ContainerState] = [], keyboardShown: Bool = false
    ) -> JSONWriter {
        // Sized to hold a usual answer without growing (a stateless show's is 1 299 bytes; a session's is longer by
        // its reference, its composition and the animations in flight); the thread's spare block serves either.
        var writer = JSONWriter(reservingCapacity: session == nil ? 2048 : 3072)
        let written = writeHead(
            result, navigation: navigation, containers: containers, keyboardShown: keyboardShown, into: &writer)
        AnimationDescriptor.write(animation, layout: layout, composed: composed, written: written, into: &writer)
        writeTail(session: session, catalogue: catalogue, into: &writer)
        return writer
    }

    /// The answer's opening: the result's members, the toolbar's and the container's, and the descriptor's key.
    @inline(__always)
    private static func writeHead(
        _ result: InsetResult, navigation: FocusNeighbours?, containers: [ContainerState], keyboardShown: Bool,
        into writer: inout JSONWriter
    ) -> WrittenResult {
        writer.beginObject()
        let written = writer.resultMembers(result)
        if let navigation { writer.navigation(navigation) }
        if let container = containers.first {
            let keyboard = keyboardShown && result.keyboardDocked ? result.keyboardLayoutGuide : nil
            writer.containerAnswer(container, keyboard: keyboard)
        }
        writer.key(static: "animation")
        return written
    }

    /// The answer's end, after the descriptor: the session's reference and the catalogue's values, if any.
    @inline(__always)
    private static func writeTail(
        session: SessionReference?, catalogue: DeviceResolution?, into writer: inout JSONWriter
    ) {
        if let session {
            writer.key(static: "session")
            session.write(into: &writer)
        }
        if let catalogue { writer.catalogue(catalogue) }
        writer.endObject()
    }

    /// The answer to a stateless event, read where it lies (inlined into its one caller, so that the outcome is
    /// written from where the event computed it, not from a copy).
    @inline(__always)
    static func response(_ outcome: borrowing StatelessOutcome) -> HTTPResponse {
        .json(
            write(
                outcome.result, animation: outcome.animation, layout: outcome.layout, composed: nil, session: nil,
                navigation: outcome.navigation))
    }

    /// The answer to a stateless event by device or in a container, with what it took from the catalogue and
    /// how the container lays the scroll view out.
    static func response(
        _ outcome: borrowing StatelessOutcome, catalogue: DeviceResolution?, containers: [ContainerState] = [],
        shown: Bool = false
    ) -> HTTPResponse {
        .json(
            write(
                outcome.result, animation: outcome.animation, layout: outcome.layout, composed: nil, session: nil,
                navigation: outcome.navigation, catalogue: catalogue, containers: containers, keyboardShown: shown))
    }

    /// The answer to a session's event, written from the session where it lies, after `composed` at `time`: the
    /// text its change returns to the store. Inlined: called with a session its caller holds `inout`, a function
    /// of its own took a copy of the whole session (1 329 bytes) on every event.
    /// `sent`: the session's id as the request sent it inline, if it did. The session and the animation are
    /// taken `inout`, which only reads them, so that they are passed by address: passed by value, the part of
    /// the session read (848 bytes) and the animation (544) were copied on every event.
    @inline(__always)
    static func text(
        _ session: inout Session, composed: inout EventAnimation, at time: Double,
        catalogue: DeviceResolution? = nil, sent: InlineSessionID? = nil
    ) -> WrittenJSON {
        // `write`'s parts, with the animation passed as it is: made optional for `write`, it was copied.
        var writer = JSONWriter(reservingCapacity: 3072)
        let written = writeHead(
            session.target, navigation: session.scene.navigation, containers: session.scene.containers,
            keyboardShown: session.keyboardVisible, into: &writer)
        AnimationDescriptor.write(
            composed.animation, layout: composed.layout, composed: composed, written: written, into: &writer)
        writeTail(session: session.reference(at: time, sent: sent), catalogue: catalogue, into: &writer)
        return WrittenJSON(writer)
    }
}

import InsetCore
import InsetJSON
import InsetSchema
import InsetSession

/// Writes the animation descriptor a UIKit client or a browser replays.
enum AnimationDescriptor {
    /// The members that depend on the curve alone, encoded once per raw curve value: the `linear()` easing
    /// is a search over the curve, far too slow for every answer, and the rest are writer calls saved on each.
    ///
    /// Plain buffers, not arrays: the cached ones live as long as the process, and reading them on every answer
    /// then needs no retain and release. Sendable because nothing writes to a buffer once it is filled.
    private struct CurveMembers: @unchecked Sendable {
        /// `,"delay"` through `"beginFromCurrentState"`, each buffer from the comma before its first member.
        let head: UnsafeBufferPointer<UInt8>
        /// `"timingFunction"`.
        let timing: UnsafeBufferPointer<UInt8>
        /// `"linearEasing"`.
        let easing: UnsafeBufferPointer<UInt8>

        init(_ curve: AnimationCurve) {
            var head = JSONWriter(reservingCapacity: 128)
            head.beginObject()
            head.field("delay", 0)
            head.field("curve", curve.rawValue)
            head.field("curveName", curve.name)
            head.field("options", curve.rawValue << 16 | KeyboardAnimation.beginFromCurrentStateOption)
            head.field("beginFromCurrentState", true)
            if case .spring(let velocity) = curve {
                // UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...).
                head.key(static: "spring")
                head.beginObject()
                head.field("dampingRatio", 1)
                head.field("initialVelocity", velocity)
                head.endObject()
            }
            self.head = Self.members(head)
            var timing = JSONWriter(reservingCapacity: 64)
            timing.beginObject()
            timing.field("timingFunction", curve.timingFunction)
            self.timing = Self.members(timing)
            var easing = JSONWriter(reservingCapacity: 1024)
            easing.beginObject()
            easing.field("linearEasing", LinearEasing.css(for: curve))
            self.easing = Self.members(easing)
        }

        /// The writer's members after a comma in place of the opening brace, in a buffer of their own.
        private static func members(_ writer: borrowing JSONWriter) -> UnsafeBufferPointer<UInt8> {
            let bytes = [UInt8(ascii: ",")] + writer.bytes.dropFirst()
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            return UnsafeBufferPointer(buffer)
        }

        /// Frees the buffers of members made for one answer.
        func deallocate() {
            head.deallocate()
            timing.deallocate()
            easing.deallocate()
        }
    }

    private static let cachedCurves: [CurveMembers] = Limits.animationCurve.map {
        CurveMembers(AnimationCurve(rawValue: $0))
    }

    /// Whether `curve`'s members are among the cached ones: a UIKit raw curve in range, not a released spring
    /// (whose easing depends on its velocity).
    private static func isCached(_ curve: AnimationCurve) -> Bool {
        if case .spring = curve { return false }
        return Limits.animationCurve.contains(curve.rawValue)
    }

    /// Computes the cached members now, so that the first request does not pay for them.
    static func warmUp() {
        _ = cachedCurves.count
    }

    /// The descriptor object. A session event's (`composed`) adds the session-clock `startTime` and `endTime`,
    /// and how the animation composes with those still running: its `composition`, its `delta`, the
    /// presentation's `velocity` at the event and the animations `inFlight`.
    /// `layout` is where the keyboard layout guide and the pinned views go from and to; `written`, what the answer's
    /// result wrote, whose text the descriptor's `to` repeats where it holds the same values (or `.nothing`).
    @inline(__always)
    static func write(
        _ animation: KeyboardAnimation, layout: LayoutMotion, composed: EventAnimation?, written: WrittenResult,
        into writer: inout JSONWriter
    ) {
        // Inlined, so that a caller's known nil or value picks its writer: binding the optional in a function of
        // its own copied the whole event animation on every answer.
        if let composed {
            write(animation, layout: layout, composed: composed, written: written, into: &writer)
        } else {
            write(animation, layout: layout, written: written, into: &writer)
        }
    }

    /// The descriptor of a stateless event.
    static func write(
        _ animation: KeyboardAnimation, layout: LayoutMotion, written: WrittenResult,
        into writer: inout JSONWriter
    ) {
        var room = writeMembers(animation, layout: layout, written: written, into: &writer)
        room.text("}")
        writer.close(room, afterKey: false)
    }

    /// The descriptor of a session's event.
    static func write(
        _ animation: KeyboardAnimation, layout: LayoutMotion, composed: EventAnimation, written: WrittenResult,
        into writer: inout JSONWriter
    ) {
        var room = writeMembers(animation, layout: layout, written: written, into: &writer)
        room.text(",\"startTime\":")
        room.number(animation.startTime)
        room.text(",\"endTime\":")
        room.number(animation.endTime)
        writer.close(room, afterKey: false)
        writeComposition(composed, into: &writer)
        writer.piece("}")
        writer.endReserved(afterKey: false)
    }

    /// The descriptor's opening brace and the members every event has, leaving a room open with space for its
    /// `startTime`, its `endTime` and its closing brace.
    private static func writeMembers(
        _ animation: KeyboardAnimation, layout: LayoutMotion, written: WrittenResult,
        into writer: inout JSONWriter
    ) -> ReservedRoom {
        if isCached(animation.curve) {
            return writeMembers(
                animation, layout: layout, members: cachedCurves[animation.curve.rawValue], written: written,
                into: &writer)
        } else {
            let members = CurveMembers(animation.curve)
            defer { members.deallocate() }
            return writeMembers(
                animation, layout: layout, members: members, written: written, into: &writer)
        }
    }

    /// How the animation composes with those running, inside the descriptor. Inlined, so that the animation is
    /// read where its caller holds it: passed to a function of its own, it was copied (544 bytes) on every event.
    @inline(__always)
    private static func writeComposition(_ composed: EventAnimation, into writer: inout JSONWriter) {
        // The name of one of two compositions (`Interruption.composition`), written whole without the escaping scan.
        switch composed.composition {
        case .additive: writer.piece(",\"composition\":\"additive\"")
        case .beginFromCurrentState: writer.piece(",\"composition\":\"replace\"")
        }
        writer.pieceKey(",\"delta\":")
        writer.animatedValues(composed.delta)
        writer.pieceKey(",\"velocity\":")
        writer.animatedValues(composed.velocity)
        writer.pieceKey(",\"inFlight\":")
        writeInFlight(composed.inFlight, besides: composed.animation.curve, into: &writer)
    }

    /// Running animations, each with what replaying it takes: its delta, curve and times, and the easing when
    /// its curve differs from `curve` (the descriptor's own, whose easing the descriptor already carries).
    static func writeInFlight(
        _ animations: [AdditiveAnimation], besides curve: AnimationCurve?, into writer: inout JSONWriter
    ) {
        writer.beginArray()
        for animation in animations {
            writer.beginPieces()
            writer.pieceKey("{\"delta\":")
            writer.animatedValues(animation.delta)
            writer.pieceKey(",\"curve\":")
            writer.int(animation.curve.rawValue)
            writer.pieceKey(",\"duration\":")
            writer.number(animation.duration)
            writer.pieceKey(",\"cssDuration\":")
            writer.number((animation.curve.effectiveDuration(reported: animation.duration) * 1000).rounded())
            writer.pieceKey(",\"startTime\":")
            writer.number(animation.startTime)
            writer.pieceKey(",\"endTime\":")
            writer.number(animation.endTime)
            if animation.curve != curve {
                let members = members(animation.curve)
                writer.pieceBytes(members.timing)
                writer.pieceBytes(members.easing)
                if !isCached(animation.curve) { members.deallocate() }
            }
            writer.endObject()
        }
        writer.endArray()
    }

    /// The cached members of `curve`, or members made for it alone (which the caller frees).
    private static func members(_ curve: AnimationCurve) -> CurveMembers {
        isCached(curve) ? cachedCurves[curve.rawValue] : CurveMembers(curve)
    }

    @inline(__always)
    private static func writeMembers(
        _ animation: KeyboardAnimation, layout: LayoutMotion, members: CurveMembers, written: WrittenResult,
        into writer: inout JSONWriter
    ) -> ReservedRoom {
        writer.beginPieces()
        var head = writer.room(text: 12 + members.head.count, numbers: 1)
        head.text("{\"duration\":")
        head.number(animation.duration)
        head.bytes(members.head)
        writer.close(head, afterKey: false)
        writer.scrollState(key: ",\"from\":", animation.from, guide: layout.from, pinnedViews: layout.pinnedViews)
        writer.scrollState(
            to: animation.to, guide: layout.to, pinnedViews: layout.pinnedViews, repeating: written)
        // The timing function, the CSS duration, the easing and, after them, `,"startTime":…,"endTime":…}`.
        var room = writer.room(text: members.timing.count + 15 + members.easing.count + 25, numbers: 3)
        room.bytes(members.timing)
        room.text(",\"cssDuration\":")
        room.number((animation.effectiveDuration * 1000).rounded())
        room.bytes(members.easing)
        return room
    }
}

import InsetCore
import InsetJSON

/// Writes the animation descriptor a UIKit client or a browser replays.
enum AnimationDescriptor {
    /// The members that depend on the curve alone, encoded once per raw curve value: the `linear()` easing
    /// is a search over the curve, far too slow for every answer, and the rest are writer calls saved on each.
    ///
    /// Plain buffers, not arrays: the cached ones live as long as the process, and reading them on every answer
    /// then needs no retain and release. Sendable because nothing writes to a buffer once it is filled.
    private struct CurveMembers: @unchecked Sendable {
        /// `"delay"` through `"beginFromCurrentState"`.
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

        /// The writer's members without the opening brace, in a buffer of their own.
        private static func members(_ writer: borrowing JSONWriter) -> UnsafeBufferPointer<UInt8> {
            let bytes = writer.bytes.dropFirst()
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

    /// Computes the cached members now, so that the first request does not pay for them.
    static func warmUp() {
        _ = cachedCurves.count
    }

    /// The descriptor object; `timed` adds the session-clock `startTime` and `endTime`.
    static func write(_ animation: KeyboardAnimation, timed: Bool, into writer: inout JSONWriter) {
        let curve = animation.curve.rawValue
        if Limits.animationCurve.contains(curve) {
            write(animation, timed: timed, members: cachedCurves[curve], into: &writer)
        } else {
            let members = CurveMembers(animation.curve)
            defer { members.deallocate() }
            write(animation, timed: timed, members: members, into: &writer)
        }
    }

    private static func write(
        _ animation: KeyboardAnimation, timed: Bool, members: CurveMembers, into writer: inout JSONWriter
    ) {
        writer.beginPieces()
        writer.pieceKey("{\"duration\":")
        writer.number(animation.duration)
        writer.rawMembers(members.head)
        writer.pieceKey(",\"from\":")
        writer.scrollState(animation.from)
        writer.pieceKey(",\"to\":")
        writer.scrollState(animation.to)
        writer.rawMembers(members.timing)
        writer.pieceKey(",\"cssDuration\":")
        writer.number((animation.effectiveDuration * 1000).rounded())
        writer.rawMembers(members.easing)
        if timed {
            writer.pieceKey(",\"startTime\":")
            writer.number(animation.startTime)
            writer.pieceKey(",\"endTime\":")
            writer.number(animation.endTime)
        }
        writer.endObject()
    }
}

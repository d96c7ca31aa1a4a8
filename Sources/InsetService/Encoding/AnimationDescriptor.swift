import InsetCore
import InsetJSON

/// Writes the animation descriptor a UIKit client or a browser replays.
enum AnimationDescriptor {
    /// The members that depend on the curve alone, encoded once per raw curve value: the `linear()` easing
    /// costs about 0.5 ms to compute, and the rest are a dozen writer calls saved on every answer.
    private struct CurveMembers {
        /// `"delay"` through `"beginFromCurrentState"`.
        var head: [UInt8]
        /// `"timingFunction"`.
        var timing: [UInt8]
        /// `"linearEasing"`.
        var easing: [UInt8]

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

        /// The writer's members without the opening brace.
        private static func members(_ writer: borrowing JSONWriter) -> [UInt8] { Array(writer.bytes.dropFirst()) }
    }

    private static let cachedCurves: [CurveMembers] = KeyboardInfo.curveRange.map {
        CurveMembers(AnimationCurve(rawValue: $0))
    }

    /// Computes the cached members now, so that the first request does not pay for them.
    static func warmUp() {
        _ = cachedCurves.count
    }

    /// The descriptor object; `timed` adds the session-clock `startTime` and `endTime`.
    static func write(_ animation: KeyboardAnimation, timed: Bool, into writer: inout JSONWriter) {
        let curve = animation.curve.rawValue
        if KeyboardInfo.curveRange.contains(curve) {
            write(animation, timed: timed, members: cachedCurves[curve], into: &writer)
        } else {
            write(animation, timed: timed, members: CurveMembers(animation.curve), into: &writer)
        }
    }

    /// The members are borrowed, not copied out of the cache: a copy retained and released three arrays.
    private static func write(
        _ animation: KeyboardAnimation, timed: Bool, members: borrowing CurveMembers, into writer: inout JSONWriter
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

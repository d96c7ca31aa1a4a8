import InsetCore
import InsetJSON

/// Writes the animation descriptor a UIKit client or a browser replays.
enum AnimationDescriptor {
    /// The `linear()` easing of each raw curve value as a JSON string, computed and encoded once: it depends on
    /// the curve alone, and at about 0.5 ms per curve it is the dearest part of an answer by far.
    private static let encodedLinearEasings: [[UInt8]] = KeyboardInfo.curveRange.map {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.string(LinearEasing.css(for: AnimationCurve(rawValue: $0)))
        return writer.bytes
    }

    /// Computes the cached easings now, so that the first request does not pay for them.
    static func warmUp() {
        _ = encodedLinearEasings.count
    }

    private static func writeLinearEasing(for curve: AnimationCurve, into writer: inout JSONWriter) {
        if KeyboardInfo.curveRange.contains(curve.rawValue) {
            writer.raw(encodedLinearEasings[curve.rawValue])
        } else {
            writer.string(LinearEasing.css(for: curve))
        }
    }

    /// The descriptor object; `timed` adds the session-clock `startTime` and `endTime`.
    static func write(_ animation: KeyboardAnimation, timed: Bool, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("duration", animation.duration)
        writer.field("delay", 0)
        writer.field("curve", animation.curve.rawValue)
        writer.field("curveName", animation.curve.name)
        writer.field("options", animation.options)
        writer.field("beginFromCurrentState", true)
        writer.key(static: "from")
        writer.scrollState(animation.from)
        writer.key(static: "to")
        writer.scrollState(animation.to)
        writer.field("timingFunction", animation.curve.timingFunction)
        writer.field("cssDuration", (animation.effectiveDuration * 1000).rounded())
        writer.key(static: "linearEasing")
        writeLinearEasing(for: animation.curve, into: &writer)
        if timed {
            writer.field("startTime", animation.startTime)
            writer.field("endTime", animation.endTime)
        }
        writer.endObject()
    }
}

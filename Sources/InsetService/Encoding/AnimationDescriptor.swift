import InsetCore
import InsetJSON

/// Writes the animation descriptor a UIKit client or a browser replays.
enum AnimationDescriptor {
    /// The `linear()` easing of each raw curve value, computed once: it depends on the curve alone.
    private static let linearEasings: [String] = KeyboardInfo.curveRange.map {
        LinearEasing.css(for: AnimationCurve(rawValue: $0))
    }

    static func linearEasing(for curve: AnimationCurve) -> String {
        KeyboardInfo.curveRange.contains(curve.rawValue)
            ? linearEasings[curve.rawValue] : LinearEasing.css(for: curve)
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
        writer.key("from")
        writer.scrollState(animation.from)
        writer.key("to")
        writer.scrollState(animation.to)
        writer.field("timingFunction", animation.curve.timingFunction)
        writer.field("cssDuration", (animation.effectiveDuration * 1000).rounded())
        writer.field("linearEasing", linearEasing(for: animation.curve))
        if timed {
            writer.field("startTime", animation.startTime)
            writer.field("endTime", animation.endTime)
        }
        writer.endObject()
    }
}

import InsetCore
import InsetJSON
import InsetSession

extension Timeline {
    /// The JSON form: the instants, one series per value, and the events.
    func write(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", sessionId)
        writer.field("interruption", interruption.rawValue)
        writer.timelineSpan(from: from, to: to, step: step, times: times)
        writer.key(static: "values")
        writer.beginArray()
        for lane in 0..<AnimatedValues.count {
            writer.beginObject()
            writer.field("name", AnimatedValues.names[lane])
            writer.key(static: "presentation")
            writer.beginArray()
            for values in presentation { writer.number(values.lanes[lane]) }
            writer.endArray()
            writer.key(static: "velocity")
            writer.beginArray()
            for values in velocity { writer.number(values.lanes[lane]) }
            writer.endArray()
            writer.endObject()
        }
        for view in pinnedViews {
            writer.beginObject()
            writer.field("name", Self.seriesName(view))
            writer.key(static: "presentation")
            writer.beginArray()
            for value in presentation(of: view) { writer.number(value) }
            writer.endArray()
            writer.key(static: "velocity")
            writer.beginArray()
            for values in velocity { writer.number(values.lanes[AnimatedValues.guideTopLane]) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.field("keyboardPlaced", keyboardPlaced)
        writer.key(static: "events")
        writer.beginArray()
        for event in events {
            writer.beginObject()
            writer.field("time", event.startTime)
            writer.field("endTime", event.endTime)
            writer.key(static: "replacedAt")
            if event.replacedAt.isFinite { writer.number(event.replacedAt) } else { writer.null() }
            writer.field("curve", event.curve.rawValue)
            writer.field("curveName", event.curve.name)
            writer.field("duration", event.duration)
            writer.key(static: "delta")
            writer.animatedValues(event.delta)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}

extension JSONWriter {
    /// A timeline's span, either platform's: `from`, `to`, `step` and the sampled `times`.
    mutating func timelineSpan(from: Double, to: Double, step: Double, times: [Double]) {
        field("from", from)
        field("to", to)
        field("step", step)
        key(static: "times")
        beginArray()
        for time in times { number(time) }
        endArray()
    }
}

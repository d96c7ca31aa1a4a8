import InsetCore
import InsetJSON
import InsetSession

extension AndroidTimeline {
    /// The JSON form: the instants, one series per value (dp), and the last IME event.
    func write(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", sessionId)
        writer.field("platform", "android")
        writer.timelineSpan(from: from, to: to, step: step, times: times)
        let presentation = values.map(Self.series)
        let rates = velocity.map(Self.series)
        writer.key(static: "values")
        writer.beginArray()
        for (index, name) in Self.names.enumerated() {
            writer.beginObject()
            writer.field("name", name)
            writer.key(static: "presentation")
            writer.beginArray()
            for sample in presentation { writer.number(sample[index]) }
            writer.endArray()
            writer.key(static: "velocity")
            writer.beginArray()
            for sample in rates { writer.number(sample[index]) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.key(static: "events")
        writer.beginArray()
        writer.beginObject()
        writer.field("time", transition.startTime)
        writer.field("endTime", transition.endTime)
        writer.key(static: "interpolator")
        if let animation = transition.animation {
            writer.string(AndroidAnswer.curve(animation).interpolator)
        } else {
            writer.null()
        }
        writer.field("duration", transition.animation?.duration ?? 0)
        writer.key(static: "ime")
        writer.beginObject()
        writer.field("from", transition.imeFrom)
        writer.field("to", transition.imeTo)
        writer.endObject()
        writer.endObject()
        writer.endArray()
        writer.endObject()
    }

    /// Line colours, one per series.
    private static let palette = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd"]

    /// The timeline drawn as `Timeline.svg` draws an iOS one: a line for each value that moves (else the IME's and
    /// the offset's), the event's marker, the legend.
    func svg() -> String {
        let presentation = values.map(Self.series)
        var lines: [TimelinePlot.Series] = []
        for (index, name) in Self.names.enumerated() {
            let samples = presentation.map { $0[index] }
            guard let low = samples.min(), let high = samples.max(), high - low >= 0.5 else { continue }
            lines.append(TimelinePlot.Series(name: name, colour: Self.palette[index], dashes: "", values: samples))
        }
        if lines.isEmpty {
            for index in [0, 4] {
                lines.append(
                    TimelinePlot.Series(
                        name: Self.names[index], colour: Self.palette[index], dashes: "",
                        values: presentation.map { $0[index] }))
            }
        }
        return TimelinePlot(
            title: "Session \(sessionId) timeline (Android)", heading: "Presentation over time (Android)", unit: "dp",
            from: from, to: to, times: times, series: lines, eventTimes: [transition.startTime]
        ).svg()
    }
}

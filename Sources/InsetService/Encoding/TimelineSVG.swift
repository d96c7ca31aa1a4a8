import InsetCore
import InsetSession

extension Timeline {
    /// The plot's size, in CSS pixels.
    static let svgSize = (width: 800.0, height: 400.0)
    /// Line colours, one per value, distinguishable on white.
    private static let palette = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
        "#111111", "#8c6d31", "#17becf", "#393b79", "#7b4173", "#e6550d", "#31a354",
    ]
    /// Pinned views' lines: dotted, since each runs parallel to the guide's top (they move together).
    private static let pinnedColours = ["#6b6ecf", "#b5cf6b", "#e7969c", "#843c39"]
    /// The scroll-indicator insets usually equal the content inset: dashed, so that both lines show.
    private static func dashes(_ lane: Int) -> String {
        (4..<8).contains(lane) ? " stroke-dasharray=\"7 4\"" : ""
    }
    /// A value whose samples span less than this (points) is drawn only when nothing else moves.
    private static let movingAtLeast = 0.5

    /// The values worth a line: those that move within the span (or, when none does, the content inset's
    /// bottom and the offset's y, so that the plot still shows where they rest).
    var plottedLanes: [Int] {
        let moving = (0..<AnimatedValues.count).filter { lane in
            if !keyboardPlaced && lane >= 10 { return false }
            let values = presentation.map { $0.lanes[lane] }
            guard let low = values.min(), let high = values.max() else { return false }
            return high - low >= Self.movingAtLeast
        }
        return moving.isEmpty ? [2, 9] : moving
    }

    /// The lines to draw: each plotted value, then the pinned views when the guide's top moves.
    private var series: [TimelinePlot.Series] {
        let lanes = plottedLanes
        var series = lanes.map { lane in
            TimelinePlot.Series(
                name: AnimatedValues.names[lane], colour: Self.palette[lane % Self.palette.count],
                dashes: Self.dashes(lane), values: presentation.map { $0.lanes[lane] })
        }
        if lanes.contains(AnimatedValues.guideTopLane) {
            for (index, view) in pinnedViews.enumerated() {
                series.append(
                    TimelinePlot.Series(
                        name: Self.seriesName(view), colour: Self.pinnedColours[index % Self.pinnedColours.count],
                        dashes: " stroke-dasharray=\"2 3\"",
                        values: presentation(of: view)))
            }
        }
        return series
    }

    /// The timeline drawn as SVG: time in ms across, points up, one labelled line per moving value, a dashed
    /// marker at each event, a legend. Each line is its value's change since `from` (the legend gives where it
    /// started): an offset near 2 000 pt and an inset near 300 pt then share one readable scale.
    func svg() -> String {
        TimelinePlot(
            title: "Session \(sessionId) timeline (\(interruption.rawValue))",
            heading: "Presentation over time (\(interruption.rawValue))", unit: "points", from: from, to: to,
            times: times, series: series,
            eventTimes: events.map(\.startTime)
        ).svg()
    }

    /// Round tick values covering `low...high`: steps of 1, 2 or 5 times a power of ten, about six of them.
    static func ticks(_ low: Double, _ high: Double) -> [Double] {
        let span = high - low
        guard span > 0, span.isFinite else { return [low] }
        var step = 1.0
        while span / step > 8 { step *= 10 }
        while span / step < 3 { step /= 10 }
        for factor in [1.0, 2, 5, 10] where span / (step * factor) <= 8 {
            step *= factor
            break
        }
        var tick = (low / step).rounded(.down) * step
        var ticks: [Double] = []
        while tick <= high + step / 2 && ticks.count < 20 {
            ticks.append(tick)
            tick += step
        }
        return ticks
    }

    /// A coordinate or label with at most one decimal, no exponent.
    static func text(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.isFinite, tenths.magnitude < 1e15 else { return "0" }
        let whole = Int(tenths) / 10
        let fraction = abs(Int(tenths) % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// Text safe inside an SVG element or attribute.
    static func escaped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            // XML 1.0 has no way to write these, not even as a reference (its `Char` production): each becomes
            // U+FFFD, so the document stays well-formed whatever a name holds.
            case "\t", "\n", "\r": out.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}

/// A timeline's plot, whatever the platform: time in ms across, its unit up, one labelled line per series, a
/// dashed marker at each event, a legend. Each line is its value's change since `from` (the legend gives where it
/// started): an offset near 2 000 and an inset near 300 then share one readable scale.
struct TimelinePlot {
    /// One line of the plot: its name, its style and its value at each instant.
    struct Series {
        var name: String
        var colour: String
        var dashes: String
        var values: [Double]
    }

    /// The document's title.
    var title: String
    /// The heading above the plot.
    var heading: String
    /// The values' unit: points or dp.
    var unit: String
    var from: Double
    var to: Double
    var times: [Double]
    var series: [Series]
    /// Where the events start, ms.
    var eventTimes: [Double]

    func svg() -> String {
        let (width, height) = Timeline.svgSize
        let plot = (left: 64.0, right: 590.0, top: 52.0, bottom: 350.0)
        let lines = series
        var low = Double.infinity
        var high = -Double.infinity
        for line in lines {
            let start = line.values.first ?? 0
            for value in line.values {
                low = min(low, value - start)
                high = max(high, value - start)
            }
        }
        if !(low < high) {
            low = (low.isFinite ? low : 0) - 1
            high = low + 2
        }
        let yTicks = Timeline.ticks(low, high)
        let yLow = min(low, yTicks.first ?? low)
        let yHigh = max(high, yTicks.last ?? high)
        let xSpan = max(to - from, 1e-9)
        func x(_ time: Double) -> Double { plot.left + (time - from) / xSpan * (plot.right - plot.left) }
        func y(_ value: Double) -> Double {
            plot.bottom - (value - yLow) / (yHigh - yLow) * (plot.bottom - plot.top)
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Timeline.text(width))" height="\(Timeline.text(height))" \
            viewBox="0 0 \(Timeline.text(width)) \(Timeline.text(height))" font-family="system-ui, sans-serif" font-size="11">
            <title>\(Timeline.escaped(title))</title>
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(Timeline.text(plot.left))" y="18" font-size="13" font-weight="600">\
            \(Timeline.escaped(heading))</text>

            """
        // Axes and grid.
        svg += "<g class=\"axes\" stroke=\"#d0d0d0\" stroke-width=\"1\">\n"
        for tick in yTicks {
            svg += "<line x1=\"\(Timeline.text(plot.left))\" x2=\"\(Timeline.text(plot.right))\" "
            svg += "y1=\"\(Timeline.text(y(tick)))\" y2=\"\(Timeline.text(y(tick)))\"/>\n"
        }
        for tick in Timeline.ticks(from, to) where tick >= from && tick <= to {
            svg += "<line x1=\"\(Timeline.text(x(tick)))\" x2=\"\(Timeline.text(x(tick)))\" "
            svg += "y1=\"\(Timeline.text(plot.top))\" y2=\"\(Timeline.text(plot.bottom))\"/>\n"
        }
        svg += "</g>\n<g class=\"tick-labels\" fill=\"#444444\">\n"
        for tick in yTicks {
            svg +=
                "<text x=\"\(Timeline.text(plot.left - 6))\" y=\"\(Timeline.text(y(tick) + 4))\" text-anchor=\"end\">"
            svg += "\(Timeline.text(tick))</text>\n"
        }
        for tick in Timeline.ticks(from, to) where tick >= from && tick <= to {
            svg +=
                "<text x=\"\(Timeline.text(x(tick)))\" y=\"\(Timeline.text(plot.bottom + 16))\" text-anchor=\"middle\">"
            svg += "\(Timeline.text(tick))</text>\n"
        }
        svg += "<text x=\"\(Timeline.text((plot.left + plot.right) / 2))\" y=\"\(Timeline.text(height - 12))\" "
        svg += "text-anchor=\"middle\">time (ms, session clock)</text>\n"
        svg += "<text x=\"16\" y=\"\(Timeline.text((plot.top + plot.bottom) / 2))\" text-anchor=\"middle\" "
        svg +=
            "transform=\"rotate(-90 16 \(Timeline.text((plot.top + plot.bottom) / 2)))\">change since \(Timeline.text(from)) ms (\(unit))</text>\n</g>\n"
        // Events.
        svg += "<g class=\"events\">\n"
        var lastLabel = -Double.infinity
        var row = 0.0
        for eventTime in eventTimes where eventTime >= from && eventTime <= to {
            let ex = Timeline.text(x(eventTime))
            // Labels of events close together go on alternate rows.
            row = x(eventTime) - lastLabel < 56 && row == 0 ? 11 : 0
            lastLabel = x(eventTime)
            svg += "<line class=\"event\" x1=\"\(ex)\" x2=\"\(ex)\" y1=\"\(Timeline.text(plot.top))\" "
            svg += "y2=\"\(Timeline.text(plot.bottom))\" stroke=\"#222222\" stroke-dasharray=\"4 3\"/>\n"
            svg +=
                "<text x=\"\(ex)\" y=\"\(Timeline.text(plot.top - 15 + row))\" text-anchor=\"middle\" fill=\"#222222\">"
            svg += "\(Timeline.text(eventTime)) ms</text>\n"
        }
        svg += "</g>\n"
        // One line per value.
        svg += "<g class=\"series\" fill=\"none\" stroke-width=\"2\">\n"
        for line in lines {
            let start = line.values.first ?? 0
            var points = ""
            points.reserveCapacity(times.count * 14)
            for (time, value) in zip(times, line.values) {
                if !points.isEmpty { points += " " }
                points += "\(Timeline.text(x(time))),\(Timeline.text(y(value - start)))"
            }
            svg += "<polyline class=\"value\" data-value=\"\(Timeline.escaped(line.name))\" stroke=\"\(line.colour)\""
            svg += "\(line.dashes) points=\"\(points)\"/>\n"
        }
        svg += "</g>\n"
        // Legend.
        svg += "<g class=\"legend\">\n"
        // As many entries as fit beside the plot (a name and its start each take 30 px).
        let spacing = min(30, (height - plot.top - 10) / Double(max(lines.count, 1)))
        for (index, line) in lines.enumerated() {
            let top = plot.top + Double(index) * spacing
            svg += "<line x1=\"604\" x2=\"624\" y1=\"\(Timeline.text(top + 6))\" y2=\"\(Timeline.text(top + 6))\" "
            svg += "stroke=\"\(line.colour)\" stroke-width=\"3\"\(line.dashes)/>\n"
            svg += "<text x=\"630\" y=\"\(Timeline.text(top + 10))\">\(Timeline.escaped(line.name))</text>\n"
            svg += "<text x=\"630\" y=\"\(Timeline.text(top + 22))\" fill=\"#666666\" class=\"start\">from "
            svg += "\(Timeline.text(line.values.first ?? 0))</text>\n"
        }
        svg += "</g>\n</svg>\n"
        return svg
    }

}

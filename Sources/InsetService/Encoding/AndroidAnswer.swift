import HTTPServer
import InsetCore
import InsetJSON
import InsetSession

/// The answer to an Android IME show or hide (docs/android.md): the window's insets, what the container and the
/// window did, and how each value moves there. The IME's inset runs on `animation`'s curve; synced, the
/// container's resize or padding follows it frame by frame, else it is at its end from the start; the window's pan
/// and the list's scroll each run on a 250-ms `Scroller`, given under `animation.scroller`.
enum AndroidAnswer {
    /// The answer to `outcome` at `time` (milliseconds on the transition's clock), with a session's reference.
    static func response(_ outcome: AndroidOutcome, at time: Double = 0, session: SessionReference? = nil)
        -> HTTPResponse
    {
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.beginObject()
        writer.field("platform", "android")
        writer.androidResult(outcome.result, layout: outcome.transition.layout)
        writer.key(static: "animation")
        writer.androidAnimation(outcome, at: time)
        if let session {
            writer.key(static: "session")
            session.write(into: &writer)
        }
        writer.endObject()
        return .json(writer)
    }

    /// `layoutChange`'s name for how the container makes room.
    static func layoutChange(_ layout: AndroidLayout) -> StaticString {
        switch AndroidAvoidance.adjustment(layout) {
        case .resize: "resize"
        case .padding: "padding"
        case .none: "none"
        }
    }

    /// A curve as CSS writes it.
    static func cubicBezier(_ curve: CubicBezier) -> String {
        let numbers = [curve.p1x, curve.p1y, curve.p2x, curve.p2y].map { value in
            let text = "\(value)"
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        return "cubic-bezier(" + numbers.joined(separator: ", ") + ")"
    }

    /// A curve as Android constructs it.
    static func interpolator(_ curve: CubicBezier) -> String {
        "PathInterpolator" + cubicBezier(curve).dropFirst("cubic-bezier".count)
    }

    /// What the answer writes of one IME curve, worked out once: its names and, written as members once, what
    /// an animation on it says after its duration and delay (it never changes for the curve).
    struct Curve: Sendable {
        let interpolator: String
        let timingFunction: String
        let linearEasing: String
        /// `"synced":…,"interpolator":…,"timingFunction":…,"cssDuration":…,"linearEasing":…,"layout":…`.
        let members: [UInt8]

        init(_ animation: ImeAnimation) {
            let curve = animation.curve
            interpolator = AndroidAnswer.interpolator(curve)
            timingFunction = AndroidAnswer.cubicBezier(curve)
            linearEasing = LinearEasing.css(progress: curve.value(at:))
            members = AndroidAnswer.members { [interpolator, timingFunction, linearEasing] writer in
                writer.field("synced", animation.synced)
                writer.field("interpolator", interpolator)
                writer.field("timingFunction", timingFunction)
                writer.field("cssDuration", (animation.duration * 1000).rounded())
                writer.field("linearEasing", linearEasing)
                writer.key(static: "layout")
                writer.string(animation.synced ? "followsIme" : "atOnce")
            }
        }
    }

    static let synced = Curve(ImeAnimation(showing: true, synced: true))
    static let unsyncedShow = Curve(ImeAnimation(showing: true, synced: false))
    static let unsyncedHide = Curve(ImeAnimation(showing: false, synced: false))

    /// The curve members of `animation`.
    static func curve(_ animation: ImeAnimation) -> Curve {
        if animation.synced { return synced }
        return animation.showing ? unsyncedShow : unsyncedHide
    }

    /// What an animation says after its zero duration and delay when the inset changes at once, by `synced`.
    static let atOnce: (unsynced: [UInt8], synced: [UInt8]) = (
        atOnceMembers(synced: false), atOnceMembers(synced: true)
    )

    private static func atOnceMembers(synced: Bool) -> [UInt8] {
        members { writer in
            writer.field("synced", synced)
            writer.key(static: "interpolator")
            writer.null()
            writer.field("timingFunction", "linear")
            writer.field("cssDuration", 0.0)
            writer.field("linearEasing", "linear")
            writer.key(static: "layout")
            writer.string("atOnce")
        }
    }

    /// The scroller's members before its motions: its duration, `cssDuration`, interpolator and the viscous fluid's
    /// `linear()` (no cubic Bézier matches it).
    static let scrollerMembers = members { writer in
        writer.field("duration", ViscousFluid.duration)
        writer.field("cssDuration", (ViscousFluid.duration * 1000).rounded())
        writer.field("interpolator", "Scroller.ViscousFluidInterpolator")
        writer.field("linearEasing", LinearEasing.css(progress: ViscousFluid.value(at:)))
    }

    /// The members `write` puts in an object, as bytes for `JSONWriter.rawMembers`.
    static func members(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        write(&writer)
        writer.endObject()
        return Array(writer.bytes.dropFirst().dropLast())
    }
}

extension JSONWriter {
    /// The settled members: `windowInsets`, `layoutChange`, `scrollView.frame`, `contentPadding`, `windowPan` and
    /// `contentOffset`.
    mutating func androidResult(_ result: AndroidInsetResult, layout: AndroidLayout) {
        let insets = result.windowInsets
        key(static: "windowInsets")
        beginObject()
        key(static: "ime")
        self.insets(insets.ime)
        key(static: "navigationBars")
        self.insets(insets.navigationBars)
        key(static: "statusBars")
        self.insets(insets.statusBars)
        key(static: "systemBars")
        self.insets(
            EdgeInsets(
                top: insets.statusBars.top, left: 0, bottom: insets.navigationBars.bottom, right: 0))
        endObject()
        key(static: "layoutChange")
        string(AndroidAnswer.layoutChange(layout).description)
        androidState(
            frame: result.containerFrame, padding: result.contentPaddingBottom, panY: result.windowPanY,
            offset: result.contentOffset)
    }

    /// `scrollView.frame`, `contentPadding`, `windowPan` and `contentOffset`, members of the object being written.
    mutating func androidState(frame: Rect, padding: Double, panY: Double, offset: Point) {
        key(static: "scrollView")
        beginObject()
        key(static: "frame")
        rect(frame)
        endObject()
        key(static: "contentPadding")
        beginObject()
        field("bottom", padding)
        endObject()
        key(static: "windowPan")
        beginObject()
        field("y", panY)
        endObject()
        key(static: "contentOffset")
        point(offset)
    }

    /// One moment's values: the IME's inset and the state members.
    mutating func androidValues(_ values: AndroidValues, _ outcome: AndroidOutcome) {
        beginObject()
        key(static: "ime")
        insets(EdgeInsets(top: 0, left: 0, bottom: values.ime, right: 0))
        androidState(
            frame: outcome.containerFrame(values), padding: values.contentPaddingBottom, panY: values.windowPanY,
            offset: Point(x: outcome.result.contentOffset.x, y: values.contentOffsetY))
        endObject()
    }

    /// The `animation` object of an Android answer at `time` (milliseconds on the transition's clock).
    mutating func androidAnimation(_ outcome: AndroidOutcome, at time: Double) {
        let transition = outcome.transition
        beginObject()
        if let animation = transition.animation {
            field("duration", animation.duration)
            field("delay", (transition.startTime - time) / 1000)
            rawMembers(AndroidAnswer.curve(animation).members)
        } else {
            field("duration", 0.0)
            field("delay", 0.0)
            let atOnce = AndroidAnswer.atOnce
            rawMembers(transition.layout.insetsAnimationCallback ? atOnce.synced : atOnce.unsynced)
        }
        key(static: "from")
        androidValues(outcome.from, outcome)
        key(static: "to")
        androidValues(transition.values(atMilliseconds: transition.endTime), outcome)
        key(static: "scroller")
        beginObject()
        rawMembers(AndroidAnswer.scrollerMembers)
        key(static: "windowPan")
        scrollerMotion(transition.pan, at: time)
        key(static: "contentOffset")
        scrollerMotion(transition.scroll, at: time)
        endObject()
        endObject()
    }

    /// `{from, to, delay}`: a scroll's ends and its start in seconds from `time` (negative: already running); one
    /// that has ended by `time` is still at its end.
    mutating func scrollerMotion(_ motion: ScrollerMotion, at time: Double) {
        let moving = motion.isRunning(atMilliseconds: time)
        beginObject()
        field("from", moving ? motion.from : motion.to)
        field("to", motion.to)
        field("delay", moving ? (motion.startTime - time) / 1000 : 0)
        endObject()
    }
}

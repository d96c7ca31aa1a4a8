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

    /// What the answer writes of one IME curve, worked out once.
    struct Curve: Sendable {
        let interpolator: String
        let timingFunction: String
        let linearEasing: String

        init(_ curve: CubicBezier) {
            interpolator = AndroidAnswer.interpolator(curve)
            timingFunction = AndroidAnswer.cubicBezier(curve)
            linearEasing = LinearEasing.css(progress: curve.value(at:))
        }
    }

    static let synced = Curve(ImeAnimation.syncedCurve)
    static let unsyncedShow = Curve(ImeAnimation.unsyncedShowCurve)
    static let unsyncedHide = Curve(ImeAnimation.unsyncedHideCurve)
    /// `Scroller`'s viscous fluid, which no cubic Bézier matches.
    static let scrollerEasing = LinearEasing.css(progress: ViscousFluid.value(at:))

    /// The curve members of `animation`.
    static func curve(_ animation: ImeAnimation) -> Curve {
        if animation.synced { return synced }
        return animation.showing ? unsyncedShow : unsyncedHide
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
            let curve = AndroidAnswer.curve(animation)
            field("duration", animation.duration)
            field("delay", (transition.startTime - time) / 1000)
            field("synced", animation.synced)
            field("interpolator", curve.interpolator)
            field("timingFunction", curve.timingFunction)
            field("cssDuration", (animation.duration * 1000).rounded())
            field("linearEasing", curve.linearEasing)
            key(static: "layout")
            string(animation.synced ? "followsIme" : "atOnce")
        } else {
            field("duration", 0.0)
            field("delay", 0.0)
            field("synced", transition.layout.insetsAnimationCallback)
            key(static: "interpolator")
            null()
            field("timingFunction", "linear")
            field("cssDuration", 0.0)
            field("linearEasing", "linear")
            key(static: "layout")
            string("atOnce")
        }
        key(static: "from")
        androidValues(outcome.from, outcome)
        key(static: "to")
        androidValues(transition.values(atMilliseconds: transition.endTime), outcome)
        key(static: "scroller")
        beginObject()
        field("duration", ViscousFluid.duration)
        field("cssDuration", (ViscousFluid.duration * 1000).rounded())
        field("interpolator", "Scroller.ViscousFluidInterpolator")
        field("linearEasing", AndroidAnswer.scrollerEasing)
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

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
    static func response(
        _ outcome: AndroidOutcome, at time: Double = 0, session: SessionReference? = nil,
        containers: [ContainerState] = []
    ) -> HTTPResponse {
        .json(write(outcome, at: time, session: session, containers: containers))
    }

    /// The answer's JSON, written for a session's change to return (`KeyboardEventChange`).
    static func text(
        _ outcome: AndroidOutcome, at time: Double, session: SessionReference, containers: [ContainerState]
    ) -> WrittenJSON {
        WrittenJSON(write(outcome, at: time, session: session, containers: containers))
    }

    private static func write(
        _ outcome: AndroidOutcome, at time: Double, session: SessionReference?, containers: [ContainerState]
    ) -> JSONWriter {
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.beginObject()
        writer.key(static: "platform")
        writer.piece("\"android\"")
        writer.endReserved(afterKey: false)
        let written = writer.androidResult(outcome.result, layout: outcome.transition.layout)
        if let container = containers.first {
            writer.androidContainer(
                container, result: outcome.result, layout: outcome.transition.layout, ime: outcome.transition.imeTo)
        }
        writer.key(static: "animation")
        writer.androidAnimation(outcome, at: time, repeating: written)
        if let session {
            writer.key(static: "session")
            session.write(into: &writer)
        }
        writer.endObject()
        return writer
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

    /// The members above in buffers of their own, allocated once and never freed, that `androidAnimation` copies
    /// without retaining an array or a `Curve`'s strings.
    struct Fragments: @unchecked Sendable {
        let synced: UnsafeBufferPointer<UInt8>
        let unsyncedShow: UnsafeBufferPointer<UInt8>
        let unsyncedHide: UnsafeBufferPointer<UInt8>
        let atOnceSynced: UnsafeBufferPointer<UInt8>
        let atOnceUnsynced: UnsafeBufferPointer<UInt8>
        let scroller: UnsafeBufferPointer<UInt8>

        init() {
            synced = Self.kept(AndroidAnswer.synced.members)
            unsyncedShow = Self.kept(AndroidAnswer.unsyncedShow.members)
            unsyncedHide = Self.kept(AndroidAnswer.unsyncedHide.members)
            atOnceSynced = Self.kept(AndroidAnswer.atOnce.synced)
            atOnceUnsynced = Self.kept(AndroidAnswer.atOnce.unsynced)
            scroller = Self.kept(AndroidAnswer.scrollerMembers)
        }

        /// A copy of `bytes` that is never freed.
        private static func kept(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            return UnsafeBufferPointer(buffer)
        }

        /// The curve members of an answer whose IME moves on `animation` (`AndroidAnswer.curve`), or at once (nil)
        /// with the callback or without it.
        @inline(__always)
        func curve(_ animation: ImeAnimation?, callback: Bool) -> UnsafeBufferPointer<UInt8> {
            guard let animation else { return callback ? atOnceSynced : atOnceUnsynced }
            return animation.synced ? synced : animation.showing ? unsyncedShow : unsyncedHide
        }
    }

    static let fragments = Fragments()

    /// The members `write` puts in an object, as bytes for `JSONWriter.rawMembers`.
    static func members(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        write(&writer)
        writer.endObject()
        return Array(writer.bytes.dropFirst().dropLast())
    }
}

// An Android answer is geometry of a fixed shape around the curve's pre-rendered members: each writer below puts
// its whole block in one `ReservedRoom`, sizing its text in `…Text` (counted from the literals), as the iOS answer
// does (`JSONWriter+Geometry.swift`). Debug builds check every append to a room, and `AndroidAnswerWriterTests`
// holds the bytes to a writer that goes member by member, with the longest numbers.
extension JSONWriter {
    /// The settled members: `windowInsets`, `layoutChange`, `scrollView.frame`, `contentPadding`, `windowPan` and
    /// `contentOffset`.
    @discardableResult
    mutating func androidResult(_ result: AndroidInsetResult, layout: AndroidLayout) -> WrittenAndroidState {
        let insets = result.windowInsets
        beginPieces()
        var room = room(text: Self.androidResultText, numbers: 24)
        room.windowInsets(insets)
        switch AndroidAvoidance.adjustment(layout) {
        case .resize: room.text("},\"layoutChange\":\"resize\",")
        case .padding: room.text("},\"layoutChange\":\"padding\",")
        case .none: room.text("},\"layoutChange\":\"none\",")
        }
        let start = room.offset
        room.androidState(
            frame: result.containerFrame, padding: result.contentPaddingBottom, panY: result.windowPanY,
            offset: result.contentOffset)
        let written = WrittenAndroidState(
            frame: result.containerFrame, padding: result.contentPaddingBottom, panY: result.windowPanY,
            offset: result.contentOffset, text: start..<room.offset)
        close(room, afterKey: false)
        return written
    }

    /// `androidResult`'s text: the four insets' names and the longest `layoutChange`.
    static var androidResultText: Int { 22 + 18 + 14 + 14 + 4 * insetsText + 27 + androidStateText }

    static var androidStateText: Int { 22 + rectText + 29 + 19 + 23 + 5 + 1 }

    static var androidValuesText: Int { 34 + 12 + androidStateText + 1 }

    /// One moment's values as a value of its own (a session's `presentation`).
    mutating func androidValues(_ values: AndroidValues, _ outcome: AndroidOutcome) {
        beginPieces()
        var room = room(text: Self.androidValuesText, numbers: 9)
        room.androidValues(values, outcome)
        close(room, afterKey: false)
    }

    /// The `animation` object of an Android answer at `time` (milliseconds on the transition's clock); `to`
    /// repeats what `written` holds where its values are the same.
    mutating func androidAnimation(
        _ outcome: AndroidOutcome, at time: Double, repeating written: WrittenAndroidState = .nothing
    ) {
        // `outcome.transition` is read in place: held in a local, the transition was copied for every answer.
        let fragments = AndroidAnswer.fragments
        let curve = fragments.curve(
            outcome.transition.animation, callback: outcome.transition.layout.insetsAnimationCallback)
        let scroller = fragments.scroller
        beginPieces()
        var room = room(
            text: Self.androidAnimationText + curve.count + scroller.count, numbers: 2 + 2 * 9 + 2 * 3)
        room.text("{\"duration\":")
        if let animation = outcome.transition.animation {
            room.number(animation.duration)
            room.text(",\"delay\":")
            room.number((outcome.transition.startTime - time) / 1000)
        } else {
            room.text("0,\"delay\":0")
        }
        room.text(",")
        room.bytes(curve)
        room.text(",\"from\":")
        room.androidValues(outcome.from, outcome)
        room.text(",\"to\":")
        room.androidValues(outcome.to, outcome, repeating: written)
        room.text(",\"scroller\":{")
        room.bytes(scroller)
        room.text(",\"windowPan\":")
        room.scrollerMotion(outcome.transition.pan, at: time)
        room.text(",\"contentOffset\":")
        room.scrollerMotion(outcome.transition.scroll, at: time)
        room.text("}}")
        close(room, afterKey: false)
    }

    /// `androidAnimation`'s text beside the curve's and the scroller's members.
    static var androidAnimationText: Int {
        12 + 9 + 1 + 8 + 6 + 2 * androidValuesText + 13 + 13 + 17 + 2 * scrollerMotionText + 2
    }

    static var scrollerMotionText: Int { 8 + 6 + 9 + 1 }
}

extension ReservedRoom {
    /// `"scrollView":{"frame":…},"contentPadding":{"bottom":…},"windowPan":{"y":…},"contentOffset":{"x":…,"y":…}`:
    /// `androidStateText` bytes, 8 numbers.
    @inline(__always)
    mutating func androidState(frame: Rect, padding: Double, panY: Double, offset: Point) {
        text("\"scrollView\":{\"frame\":")
        rect(frame)
        text("},\"contentPadding\":{\"bottom\":")
        number(padding)
        text("},\"windowPan\":{\"y\":")
        number(panY)
        text("},\"contentOffset\":{\"x\":")
        number(offset.x)
        text(",\"y\":")
        number(offset.y)
        text("}")
    }

    /// One moment's values, `{ime, scrollView.frame, contentPadding, windowPan, contentOffset}`, into a room:
    /// `androidValuesText` bytes, 9 numbers.
    @inline(__always)
    mutating func androidValues(_ values: AndroidValues, _ outcome: AndroidOutcome) {
        text("{\"ime\":{\"top\":0,\"left\":0,\"bottom\":")
        number(values.ime)
        text(",\"right\":0},")
        androidState(
            frame: outcome.containerFrame(values), padding: values.contentPaddingBottom, panY: values.windowPanY,
            offset: Point(x: outcome.result.contentOffset.x, y: values.contentOffsetY))
        text("}")
    }

    /// `{from, to, delay}`: a scroll's ends and its start in seconds from `time` (negative: already running); one
    /// that has ended by `time` is still at its end. Into a room: `scrollerMotionText` bytes, 3 numbers.
    @inline(__always)
    mutating func scrollerMotion(_ motion: ScrollerMotion, at time: Double) {
        let moving = motion.isRunning(atMilliseconds: time)
        text("{\"from\":")
        number(moving ? motion.from : motion.to)
        text(",\"to\":")
        number(motion.to)
        text(",\"delay\":")
        number(moving ? (motion.startTime - time) / 1000 : 0)
        text("}")
    }
}

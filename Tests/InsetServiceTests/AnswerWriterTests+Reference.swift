import InsetCore
import InsetJSON
import InsetSession
import Synchronization

@testable import InsetService

extension AnswerWriterTests {
    /// An answer's parts written member by member with the writer's general calls (`key`, `number`, `beginObject`),
    /// as the answer was written before its blocks reserved room once.
    enum Reference {
        /// `LinearEasing.css` by curve, computed once (about a millisecond each). Behind a lock: tests run in
        /// parallel, and a dictionary written from two of them at once corrupted the heap (a crash in one run of
        /// about fifteen, wherever the corrupted memory was next used).
        static let easings = Mutex<[String: String]>([:])

        /// The `linear()` easing of `curve`, from `easings`.
        static func linearEasing(_ curve: AnimationCurve) -> String {
            let name = "\(curve)"
            if let known = easings.withLock({ $0[name] }) { return known }
            let css = LinearEasing.css(for: curve)
            easings.withLock { $0[name] = css }
            return css
        }

        static func insets(_ insets: EdgeInsets, _ writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("top", insets.top)
            writer.field("left", insets.left)
            writer.field("bottom", insets.bottom)
            writer.field("right", insets.right)
            writer.endObject()
        }

        static func rect(_ rect: Rect, _ writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("x", rect.x)
            writer.field("y", rect.y)
            writer.field("width", rect.width)
            writer.field("height", rect.height)
            writer.endObject()
        }

        static func point(_ point: Point, _ writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("x", point.x)
            writer.field("y", point.y)
            writer.endObject()
        }

        static func pinned(_ views: [PinnedView], restingOn guideTop: Double?, _ writer: inout JSONWriter) {
            writer.beginArray()
            for view in views {
                writer.beginObject()
                writer.field("id", view.id)
                writer.key(static: "frame")
                rect(guideTop.map { view.resting(on: $0).frame } ?? view.frame, &writer)
                writer.endObject()
            }
            writer.endArray()
        }

        static func stateMembers(_ state: ScrollState, _ writer: inout JSONWriter) {
            writer.key(static: "contentInset")
            insets(state.contentInset, &writer)
            writer.key(static: "scrollIndicatorInsets")
            insets(state.scrollIndicatorInsets, &writer)
            writer.key(static: "contentOffset")
            point(state.contentOffset, &writer)
        }

        static func resultMembers(_ result: InsetResult, _ writer: inout JSONWriter) {
            writer.key(static: "contentInset")
            insets(result.contentInset, &writer)
            writer.key(static: "scrollIndicatorInsets")
            insets(result.scrollIndicatorInsets, &writer)
            writer.key(static: "adjustedContentInset")
            insets(result.adjustedContentInset, &writer)
            writer.key(static: "contentOffset")
            point(result.contentOffset, &writer)
            writer.field("keyboardOverlap", result.keyboardOverlap)
            writer.field("keyboardDocked", result.keyboardDocked)
            writer.key(static: "keyboardLayoutGuide")
            writer.beginObject()
            writer.key(static: "frame")
            rect(result.keyboardLayoutGuide, &writer)
            writer.endObject()
            writer.key(static: "pinnedViews")
            pinned(result.pinnedViews, restingOn: nil, &writer)
        }

        static func values(_ values: AnimatedValues, keyboardPlaced: Bool, guide: Rect, _ writer: inout JSONWriter) {
            writer.beginObject()
            stateMembers(values.scroll, &writer)
            writer.key(static: "keyboardFrame")
            if keyboardPlaced { rect(values.keyboardFrame, &writer) } else { writer.null() }
            writer.key(static: "keyboardLayoutGuide")
            rect(values.guide(model: guide), &writer)
            writer.endObject()
        }

        static func end(_ state: ScrollState, guide: Rect, pinnedViews: [PinnedView], _ writer: inout JSONWriter) {
            writer.beginObject()
            stateMembers(state, &writer)
            writer.key(static: "keyboardLayoutGuide")
            rect(guide, &writer)
            writer.key(static: "pinnedViews")
            pinned(pinnedViews, restingOn: guide.minY, &writer)
            writer.endObject()
        }

        static func easing(_ curve: AnimationCurve, _ writer: inout JSONWriter) {
            writer.field("timingFunction", curve.timingFunction)
            writer.field("linearEasing", linearEasing(curve))
        }

        static func descriptor(
            _ animation: KeyboardAnimation, layout: LayoutMotion, composed: EventAnimation?, _ writer: inout JSONWriter
        ) {
            let curve = animation.curve
            writer.beginObject()
            writer.field("duration", animation.duration)
            writer.field("delay", 0)
            writer.field("curve", curve.rawValue)
            writer.field("curveName", curve.name)
            writer.field("options", curve.rawValue << 16 | KeyboardAnimation.beginFromCurrentStateOption)
            writer.field("beginFromCurrentState", true)
            if case .spring(let velocity) = curve {
                writer.key(static: "spring")
                writer.beginObject()
                writer.field("dampingRatio", 1)
                writer.field("initialVelocity", velocity)
                writer.endObject()
            }
            writer.key(static: "from")
            end(animation.from, guide: layout.from, pinnedViews: layout.pinnedViews, &writer)
            writer.key(static: "to")
            end(animation.to, guide: layout.to, pinnedViews: layout.pinnedViews, &writer)
            writer.field("timingFunction", curve.timingFunction)
            writer.field("cssDuration", (animation.effectiveDuration * 1000).rounded())
            writer.field("linearEasing", linearEasing(curve))
            if let composed {
                writer.field("startTime", animation.startTime)
                writer.field("endTime", animation.endTime)
                writer.field("composition", composed.composition.composition)
                writer.key(static: "delta")
                values(composed.delta, keyboardPlaced: true, guide: .zero, &writer)
                writer.key(static: "velocity")
                values(composed.velocity, keyboardPlaced: true, guide: .zero, &writer)
                writer.key(static: "inFlight")
                writer.beginArray()
                for running in composed.inFlight {
                    writer.beginObject()
                    writer.key(static: "delta")
                    values(running.delta, keyboardPlaced: true, guide: .zero, &writer)
                    writer.field("curve", running.curve.rawValue)
                    writer.field("duration", running.duration)
                    writer.field(
                        "cssDuration", (running.curve.effectiveDuration(reported: running.duration) * 1000).rounded())
                    writer.field("startTime", running.startTime)
                    writer.field("endTime", running.endTime)
                    if running.curve != curve { easing(running.curve, &writer) }
                    writer.endObject()
                }
                writer.endArray()
            }
            writer.endObject()
        }
    }
}

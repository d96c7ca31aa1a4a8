import InsetCore
import InsetJSON
import InsetSession
import Testing

@testable import InsetService

/// An Android answer is written in blocks of room reserved once (`AndroidAnswer.swift`); a reference written member
/// by member with the writer's general calls, as the answer was written before, must give the same bytes: for the
/// outcomes of shows and hides in each soft-input mode, edge to edge or not, synced or not, read at instants
/// during and after them, and for blocks of random numbers, whose longest texts also prove, in debug builds, that
/// no block writes more than it reserved.
@Suite("Android answer writer")
struct AndroidAnswerWriterTests {
    /// Outcomes of a show and a hide for each setting, on the 412 × 915 phone with a focused field low in the list.
    static func outcomes() -> [AndroidOutcome] {
        var outcomes: [AndroidOutcome] = []
        for mode in SoftInputMode.allCases {
            for (edgeToEdge, imeInsets) in [
                (false, ImeInsetsHandling.none), (true, .none), (true, .padding), (true, .resize),
            ] {
                for synced in [false, true] {
                    let layout = AndroidLayout(
                        screen: Size(width: 412, height: 915), statusBar: 24, navigationBar: 48,
                        navigationMode: .threeButton, softInputMode: mode, edgeToEdge: edgeToEdge,
                        imeInsets: imeInsets, insetsAnimationCallback: synced,
                        container: ScrollContainer(
                            frame: Rect(x: 0, y: 80, width: 412, height: 787),
                            contentSize: Size(width: 412, height: 2000), contentOffset: Point(x: 0, y: 12.5)),
                        focusedRect: Rect(x: 16, y: 700, width: 380, height: 56))
                    let ime = Rect(x: 0, y: 515, width: 412, height: 400)
                    let rest = AndroidTransition.rest(layout, at: 0)
                    // A hide with no IME shown: nothing moves, and the animation is written at once.
                    let still = rest.following(imeFrame: nil, layout: layout, at: 0)
                    outcomes.append(AndroidOutcome(still, at: 0))
                    let shown = rest.following(imeFrame: ime, layout: layout, at: 0)
                    outcomes.append(AndroidOutcome(shown, at: 0))
                    // A hide 100 ms into the show, and one from the shown window at rest.
                    let early = shown.following(imeFrame: nil, layout: layout, at: 100)
                    outcomes.append(AndroidOutcome(early, at: 100))
                    let hidden = shown.following(imeFrame: nil, layout: layout, at: 5_000)
                    outcomes.append(AndroidOutcome(hidden, at: 5_000))
                }
            }
        }
        return outcomes
    }

    @Test func answersAreTheReferences() {
        let outcomes = Self.outcomes()
        // Both ways of writing the animation are reached: on a curve, and at once.
        #expect(outcomes.contains { $0.transition.animation == nil })
        #expect(outcomes.contains { $0.transition.animation != nil })
        for outcome in outcomes {
            // The settled values are the transition's once everything has stopped.
            #expect(outcome.to == outcome.transition.values(atMilliseconds: outcome.transition.endTime))
            let start = outcome.transition.startTime
            for time in [start, start + 40, start + 150, start + 260, start + 1_000] {
                let fast = AndroidAnswer.response(outcome, at: time).body
                var reference = JSONWriter()
                Reference.response(outcome, at: time, &reference)
                #expect(fast == reference.bytes, "\(String(decoding: fast, as: UTF8.self))")
                var values = JSONWriter()
                values.androidValues(outcome.transition.values(atMilliseconds: time), outcome)
                var referenceValues = JSONWriter()
                Reference.values(outcome.transition.values(atMilliseconds: time), outcome, &referenceValues)
                #expect(values.bytes == referenceValues.bytes)
            }
        }
    }

    /// Random numbers (the iOS writer's draw, with the longest texts a double has) in every block.
    @Test func blocksOfAnyNumbersAreTheReferences() {
        var draw = AnswerWriterTests.Draw()
        let outcomes = Self.outcomes()
        for round in 0..<600 {
            var outcome = outcomes[round % outcomes.count]
            outcome.transition.target = AndroidInsetResult(
                windowInsets: AndroidWindowInsets(
                    ime: draw.insets(), navigationBars: draw.insets(), statusBars: draw.insets()),
                containerFrame: draw.rect(), contentPaddingBottom: draw.number(), windowPanY: draw.number(),
                contentOffset: Point(x: draw.number(), y: draw.number()))
            outcome.from = AndroidValues(
                ime: draw.number(), containerHeight: draw.number(), contentPaddingBottom: draw.number(),
                windowPanY: draw.number(), contentOffsetY: draw.number())
            outcome.to = AndroidValues(
                ime: draw.number(), containerHeight: draw.number(), contentPaddingBottom: draw.number(),
                windowPanY: draw.number(), contentOffsetY: draw.number())
            outcome.transition.pan = ScrollerMotion(from: draw.number(), to: draw.number(), startTime: draw.number())
            outcome.transition.scroll = ScrollerMotion(
                from: draw.number(), to: draw.number(), startTime: draw.number())
            if round % 7 == 0 {
                let longest = AnswerWriterTests.longest
                outcome.from = AndroidValues(
                    ime: longest, containerHeight: longest, contentPaddingBottom: longest, windowPanY: longest,
                    contentOffsetY: longest)
                outcome.to = outcome.from
                outcome.transition.pan = ScrollerMotion(from: longest, to: longest, startTime: 1e300)
                outcome.transition.scroll = ScrollerMotion(from: longest, to: longest, startTime: 1e300)
            }
            if round % 5 == 1 {
                // The sides the insets leave at zero, as they are made: written as text when all are +0 (the
                // other sides the longest numbers, for the room), as numbers when one is -0.
                let side = round % 2 == 0 ? AnswerWriterTests.longest : draw.number()
                let zero = round % 3 == 0 ? -0.0 : 0.0
                let target = outcome.transition.target
                outcome.transition.target = AndroidInsetResult(
                    windowInsets: AndroidWindowInsets(
                        ime: EdgeInsets(top: 0, left: 0, bottom: side, right: 0),
                        navigationBars: EdgeInsets(top: 0, left: zero, bottom: side, right: 0),
                        statusBars: EdgeInsets(top: side, left: 0, bottom: 0, right: 0)),
                    containerFrame: target.containerFrame, contentPaddingBottom: target.contentPaddingBottom,
                    windowPanY: target.windowPanY, contentOffset: target.contentOffset)
            }
            let time = round % 3 == 0 ? draw.number() : 0
            let fast = AndroidAnswer.response(outcome, at: time).body
            var reference = JSONWriter()
            Reference.response(outcome, at: time, &reference)
            #expect(fast == reference.bytes, "\(String(decoding: fast, as: UTF8.self))")
        }
    }

    /// The answer as it was written before its blocks reserved room: member by member.
    enum Reference {
        static func response(_ outcome: AndroidOutcome, at time: Double, _ writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("platform", "android")
            result(outcome.result, layout: outcome.transition.layout, &writer)
            writer.key(static: "animation")
            animation(outcome, at: time, &writer)
            writer.endObject()
        }

        static func insets(_ insets: EdgeInsets, _ writer: inout JSONWriter) {
            AnswerWriterTests.Reference.insets(insets, &writer)
        }

        static func result(_ result: AndroidInsetResult, layout: AndroidLayout, _ writer: inout JSONWriter) {
            let windowInsets = result.windowInsets
            writer.key(static: "windowInsets")
            writer.beginObject()
            writer.key(static: "ime")
            insets(windowInsets.ime, &writer)
            writer.key(static: "navigationBars")
            insets(windowInsets.navigationBars, &writer)
            writer.key(static: "statusBars")
            insets(windowInsets.statusBars, &writer)
            writer.key(static: "systemBars")
            insets(
                EdgeInsets(
                    top: windowInsets.statusBars.top, left: 0, bottom: windowInsets.navigationBars.bottom, right: 0),
                &writer)
            writer.endObject()
            writer.key(static: "layoutChange")
            switch AndroidAvoidance.adjustment(layout) {
            case .resize: writer.string("resize")
            case .padding: writer.string("padding")
            case .none: writer.string("none")
            }
            state(
                frame: result.containerFrame, padding: result.contentPaddingBottom, panY: result.windowPanY,
                offset: result.contentOffset, &writer)
        }

        static func state(frame: Rect, padding: Double, panY: Double, offset: Point, _ writer: inout JSONWriter) {
            writer.key(static: "scrollView")
            writer.beginObject()
            writer.key(static: "frame")
            AnswerWriterTests.Reference.rect(frame, &writer)
            writer.endObject()
            writer.key(static: "contentPadding")
            writer.beginObject()
            writer.field("bottom", padding)
            writer.endObject()
            writer.key(static: "windowPan")
            writer.beginObject()
            writer.field("y", panY)
            writer.endObject()
            writer.key(static: "contentOffset")
            AnswerWriterTests.Reference.point(offset, &writer)
        }

        static func values(_ values: AndroidValues, _ outcome: AndroidOutcome, _ writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "ime")
            insets(EdgeInsets(top: 0, left: 0, bottom: values.ime, right: 0), &writer)
            state(
                frame: outcome.containerFrame(values), padding: values.contentPaddingBottom, panY: values.windowPanY,
                offset: Point(x: outcome.result.contentOffset.x, y: values.contentOffsetY), &writer)
            writer.endObject()
        }

        static func animation(_ outcome: AndroidOutcome, at time: Double, _ writer: inout JSONWriter) {
            let transition = outcome.transition
            writer.beginObject()
            if let animation = transition.animation {
                writer.field("duration", animation.duration)
                writer.field("delay", (transition.startTime - time) / 1000)
                writer.rawMembers(AndroidAnswer.curve(animation).members)
            } else {
                writer.field("duration", 0.0)
                writer.field("delay", 0.0)
                let atOnce = AndroidAnswer.atOnce
                writer.rawMembers(transition.layout.insetsAnimationCallback ? atOnce.synced : atOnce.unsynced)
            }
            writer.key(static: "from")
            values(outcome.from, outcome, &writer)
            writer.key(static: "to")
            values(outcome.to, outcome, &writer)
            writer.key(static: "scroller")
            writer.beginObject()
            writer.rawMembers(AndroidAnswer.scrollerMembers)
            writer.key(static: "windowPan")
            motion(transition.pan, at: time, &writer)
            writer.key(static: "contentOffset")
            motion(transition.scroll, at: time, &writer)
            writer.endObject()
            writer.endObject()
        }

        static func motion(_ motion: ScrollerMotion, at time: Double, _ writer: inout JSONWriter) {
            let moving = motion.isRunning(atMilliseconds: time)
            writer.beginObject()
            writer.field("from", moving ? motion.from : motion.to)
            writer.field("to", motion.to)
            writer.field("delay", moving ? (motion.startTime - time) / 1000 : 0)
            writer.endObject()
        }
    }
}

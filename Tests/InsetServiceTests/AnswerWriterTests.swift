import InsetCore
import InsetJSON
import InsetServiceTestSupport
import InsetSession
import Testing

@testable import InsetService

/// An event's answer is written in blocks of room reserved once (`JSONWriter+Geometry.swift`,
/// `AnimationDescriptor`); a reference written member by member with the writer's general calls must give the same
/// bytes for every result, descriptor and animated values: whole, negative, fractional, long and non-finite
/// numbers, pinned views, each curve, with and without a session's composition. The longest numbers also prove,
/// in debug builds, that no block writes more than it reserved.
@Suite("Answer writer")
struct AnswerWriterTests {
    /// Numbers of every kind the writer tells apart; the last ones are the longest texts a double has.
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 7, 47, 302, 390, 999, -999, 1000, -1000, 2000, 123_456, -65_536, 0.25, -0.25, 0.5, 2.125,
        844.5, -0.001, 0.1, 1.0 / 3, 2.0 / 3 * 1000, 1e15, 1e21, -1e300, .leastNonzeroMagnitude, 0x1p53, 0x1p53 + 2,
        .nan,
        .infinity, -.infinity, -2.2250738585072014e-308, -1.7976931348623157e308,
    ]
    static let longest = -2.2250738585072014e-308

    struct Draw {
        var random = SplitMix64(state: 0x5EED_1234)

        mutating func number() -> Double {
            switch random.next() % 4 {
            case 0: AnswerWriterTests.numbers[Int(random.next() % UInt64(AnswerWriterTests.numbers.count))]
            case 1: Double(Int(random.next() % 2001) - 1000)
            case 2: Double(Int(random.next() % 200_001) - 100_000) / 1000
            default: Double(bitPattern: random.next() % 0x7FF0_0000_0000_0000) * (random.next() % 2 == 0 ? 1 : -1)
            }
        }

        mutating func rect() -> Rect { Rect(x: number(), y: number(), width: number(), height: number()) }
        mutating func insets() -> EdgeInsets {
            EdgeInsets(top: number(), left: number(), bottom: number(), right: number())
        }
        mutating func state() -> ScrollState {
            ScrollState(
                contentInset: insets(), scrollIndicatorInsets: insets(), contentOffset: Point(x: number(), y: number()))
        }
        mutating func pinned() -> [PinnedView] {
            let ids = ["composer", "tool\"bar\\", "é\n\u{1}", ""]
            return (0..<Int(random.next() % 4)).map { PinnedView(id: ids[$0], frame: rect()) }
        }
        mutating func values() -> AnimatedValues {
            AnimatedValues(state(), keyboardFrame: rect(), guide: rect())
        }
        mutating func curve() -> AnimationCurve {
            switch random.next() % 6 {
            case 0: .spring(initialVelocity: Double(Int(random.next() % 41) - 20) / 4)
            case 1: AnimationCurve(rawValue: Int(random.next() % 20) - 2)
            default: AnimationCurve(rawValue: [0, 1, 2, 3, 7][Int(random.next() % 5)])
            }
        }
        mutating func result() -> InsetResult {
            InsetResult(
                contentInset: insets(), scrollIndicatorInsets: insets(), adjustedContentInset: insets(),
                contentOffset: Point(x: number(), y: number()), keyboardOverlap: number(),
                keyboardDocked: random.next() % 2 == 0, keyboardLayoutGuide: rect(), pinnedViews: pinned())
        }
        mutating func animation() -> KeyboardAnimation {
            KeyboardAnimation(from: state(), to: state(), curve: curve(), duration: number(), startTime: number())
        }
    }

    @Test func resultMembersAreTheReferences() {
        var draw = Draw()
        for _ in 0..<400 {
            let result = draw.result()
            var fast = JSONWriter()
            fast.beginObject()
            fast.resultMembers(result)
            fast.endObject()
            var reference = JSONWriter()
            reference.beginObject()
            Reference.resultMembers(result, &reference)
            reference.endObject()
            #expect(String(decoding: fast.bytes, as: UTF8.self) == String(decoding: reference.bytes, as: UTF8.self))
        }
    }

    @Test func descriptorsAreTheReferences() {
        var draw = Draw()
        for index in 0..<300 {
            let animation = draw.animation()
            let pinned = draw.pinned()
            let layout = LayoutMotion(from: draw.rect(), to: draw.rect(), pinnedViews: pinned)
            var composed: EventAnimation?
            if index % 2 == 0 {
                let inFlight = (0..<Int(index / 2 % 3)).map { _ in
                    AdditiveAnimation(
                        delta: draw.values(), curve: draw.curve(), duration: draw.number(), startTime: draw.number())
                }
                composed = EventAnimation(
                    animation: animation, composition: index % 4 == 0 ? .additive : .beginFromCurrentState,
                    delta: draw.values(), velocity: draw.values(), inFlight: inFlight, layout: layout)
            }
            var fast = JSONWriter()
            fast.beginObject()
            fast.key(static: "animation")
            AnimationDescriptor.write(animation, layout: layout, composed: composed, written: .nothing, into: &fast)
            fast.endObject()
            var reference = JSONWriter()
            reference.beginObject()
            reference.key(static: "animation")
            Reference.descriptor(animation, layout: layout, composed: composed, &reference)
            reference.endObject()
            #expect(String(decoding: fast.bytes, as: UTF8.self) == String(decoding: reference.bytes, as: UTF8.self))
        }
    }

    /// A descriptor after its result, as an answer writes them: where the result's indicator insets are its content
    /// insets, or the descriptor's `to` holds the result's values, the writer copies text written before, which must
    /// be the bytes the reference writes.
    @Test func descriptorsAfterTheirResultAreTheReferences() {
        var draw = Draw()
        for index in 0..<400 {
            var result = draw.result()
            if index % 2 == 0 { result.scrollIndicatorInsets = result.contentInset }
            if index % 5 == 0 { result.contentInset.bottom = -0.0 }
            var animation = draw.animation()
            if index % 3 != 0 {
                animation.to.contentInset = result.contentInset
                animation.to.scrollIndicatorInsets = result.scrollIndicatorInsets
            }
            if index % 4 != 0 { animation.to.contentOffset = result.contentOffset }
            if index % 5 == 0 { animation.to.contentInset.bottom = 0 }
            let layout = LayoutMotion(
                from: draw.rect(), to: index % 7 == 0 ? draw.rect() : result.keyboardLayoutGuide,
                pinnedViews: draw.pinned())
            let (fast, reference) = Self.resultAndDescriptor(result, animation, layout: layout, composed: nil)
            #expect(String(decoding: fast, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
        }
    }

    /// A result and its descriptor written by the service, which copies the text the result wrote, and by the
    /// reference writers, member by member; the service's writer starts with `capacity` bytes.
    static func resultAndDescriptor(
        _ result: InsetResult, _ animation: KeyboardAnimation, layout: LayoutMotion, composed: EventAnimation?,
        capacity: Int = 1024
    ) -> (fast: [UInt8], reference: [UInt8]) {
        var fast = JSONWriter(reservingCapacity: capacity)
        fast.beginObject()
        let written = fast.resultMembers(result)
        fast.key(static: "animation")
        AnimationDescriptor.write(animation, layout: layout, composed: composed, written: written, into: &fast)
        fast.endObject()
        var reference = JSONWriter()
        reference.beginObject()
        Reference.resultMembers(result, &reference)
        reference.key(static: "animation")
        Reference.descriptor(animation, layout: layout, composed: composed, &reference)
        reference.endObject()
        return (fast.bytes, reference.bytes)
    }

    @Test func animatedValuesAreTheReferences() {
        var draw = Draw()
        for index in 0..<200 {
            let values = draw.values()
            let guide = draw.rect()
            var fast = JSONWriter()
            fast.beginArray()
            fast.animatedValues(values, keyboardPlaced: index % 3 != 0, guide: guide)
            fast.animatedValues(values)
            fast.endArray()
            var reference = JSONWriter()
            reference.beginArray()
            Reference.values(values, keyboardPlaced: index % 3 != 0, guide: guide, &reference)
            Reference.values(values, keyboardPlaced: true, guide: .zero, &reference)
            reference.endArray()
            #expect(String(decoding: fast.bytes, as: UTF8.self) == String(decoding: reference.bytes, as: UTF8.self))
        }
    }

    /// Every number at its longest text, so that a block that reserved too little trips the debug check.
    @Test func theLongestNumbersFitTheRoomReserved() {
        let n = Self.longest
        let rect = Rect(x: n, y: n, width: n, height: n)
        let insets = EdgeInsets(top: n, left: n, bottom: n, right: n)
        let state = ScrollState(contentInset: insets, scrollIndicatorInsets: insets, contentOffset: Point(x: n, y: n))
        let result = InsetResult(
            contentInset: insets, scrollIndicatorInsets: insets, adjustedContentInset: insets,
            contentOffset: Point(x: n, y: n), keyboardOverlap: n, keyboardDocked: false, keyboardLayoutGuide: rect)
        let values = AnimatedValues(state, keyboardFrame: rect, guide: rect)
        for curve in [AnimationCurve.keyboard(rawValue: 7), .linear, .spring(initialVelocity: 1.5)] {
            let animation = KeyboardAnimation(from: state, to: state, curve: curve, duration: n, startTime: n)
            let layout = LayoutMotion(from: rect, to: rect, pinnedViews: [])
            let composed = EventAnimation(
                animation: animation, composition: .additive, delta: values, velocity: values, inFlight: [],
                layout: layout)
            let (fast, reference) = Self.resultAndDescriptor(
                result, animation, layout: layout, composed: composed, capacity: 16)
            #expect(fast == reference)
        }
    }

    /// A session's reference whose id the request sent inline copies the id's bytes, and writes what the id's
    /// string writes, in every phase and as the first member or after others.
    @Test func aReferenceWithItsIdSentInlineWritesTheSameBytes() throws {
        let id = "CbuU4KaY_tIrhsQGEICoPi"
        let sent = try #require(InlineSessionID(id))
        for phase in [KeyboardPhase.hidden, .showing, .shown, .hiding] {
            for first in [true, false] {
                func written(_ sent: InlineSessionID?) -> [UInt8] {
                    var writer = JSONWriter()
                    writer.beginObject()
                    if !first { writer.field("before", 1.0) }
                    writer.key(static: "session")
                    SessionReference(id: id, sent: sent, keyboardState: phase, time: 1250.5).write(into: &writer)
                    writer.field("after", 2.0)
                    writer.endObject()
                    return writer.bytes
                }
                #expect(written(sent) == written(nil))
                #expect(String(decoding: written(sent), as: UTF8.self).contains(#"{"id":"\#(id)","keyboardState""#))
            }
        }
    }
}

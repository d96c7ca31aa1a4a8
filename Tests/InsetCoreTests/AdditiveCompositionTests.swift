import Testing

@testable import InsetCore

/// A model in which only `contentInset.bottom` and the keyboard's y change, as a 336-pt keyboard shows: the
/// keyboard's top is `bottom` points above the screen's bottom.
private func model(bottom: Double, keyboardY: Double? = nil) -> AnimatedValues {
    AnimatedValues(
        ScrollState(
            contentInset: EdgeInsets(top: 0, left: 0, bottom: bottom, right: 0), scrollIndicatorInsets: .zero,
            contentOffset: Point(x: 0, y: -47)),
        keyboardFrame: Rect(x: 0, y: keyboardY ?? 844 - bottom, width: 390, height: 336))
}

private let spring = AnimationCurve.keyboard(rawValue: 7)

/// A show from 0 to `shown` at 0 ms, then at 80 ms a hide (to 0) or a taller show (to `next`).
private func interrupted(next: Double, _ interruption: Interruption, shown: Double = 336) -> (
    LiveAnimations, AnimatedValues
) {
    var live = LiveAnimations(since: 0)
    _ = live.add(
        from: model(bottom: 0), to: model(bottom: shown), curve: spring, duration: 0.25, at: 0,
        interruption: interruption)
    _ = live.add(
        from: model(bottom: shown), to: model(bottom: next), curve: spring, duration: 0.25, at: 80,
        interruption: interruption)
    return (live, model(bottom: next))
}

@Suite("Additive composition")
struct AdditiveCompositionTests {
    // The expected values are the formula worked out separately (Python, double precision): spring
    // progress p(t) = 1 - e^(-wt)(1 + wt), w = sqrt(1000 / 3), snapped to 1 at 0.5 s.
    //   additive hide:  -336 (1 - p(t)) + 336 (1 - p(t - 0.08))
    //   replacing hide: 336 p(0.08) (1 - p(t - 0.08))
    //   taller show:    380 - 336 (1 - p(t)) - 44 (1 - p(t - 0.08)), and 380 + (336 p(0.08) - 380)(1 - p(t - 0.08))
    @Test(
        "A show interrupted at 80 ms, by a hide and by a taller show, in both models",
        arguments: [
            (0.0, Interruption.additive, 80.0, 144.1103918972602),
            (0, .additive, 100, 165.4192575327699),
            (0, .additive, 150, 132.0115336133914),
            (0, .additive, 300, 21.264277022230267),
            (0, .additive, 560, 0.5128393822493624),
            (0, .additive, 600, 0),
            (0, .beginFromCurrentState, 100, 136.55048019423847),
            (0, .beginFromCurrentState, 150, 91.45679300282613),
            (0, .beginFromCurrentState, 300, 13.022860820566368),
            (0, .beginFromCurrentState, 560, 0.2199567986794775),
            (380, .additive, 100, 185.3537425433743),
            (380, .additive, 200, 323.73969252054883),
            (380, .beginFromCurrentState, 100, 156.48496520484287),
            (380, .beginFromCurrentState, 200, 295.8354635577683),
        ])
    func sum(next: Double, interruption: Interruption, time: Double, expected: Double) {
        let (live, target) = interrupted(next: next, interruption)
        let value = live.presentation(model: target, at: time)
        #expect(abs(value.scroll.contentInset.bottom - expected) < 1e-9)
        // The keyboard's frame is summed the same way: here its top moved by the same amounts, upwards.
        #expect(abs(844 - value.keyboardFrame.y - expected) < 1e-9)
    }

    @Test(
        "Before an interruption, the kept animations give back the earlier history exactly", arguments: [10.0, 40, 79])
    func history(time: Double) {
        for interruption in Interruption.allCases {
            let (live, target) = interrupted(next: 0, interruption)
            let single = 336 * KeyboardSpring.progress(atSeconds: time / 1000)
            let value = live.presentation(model: target, at: time).scroll.contentInset.bottom
            #expect(abs(value - single) < 1e-9, "\(interruption) at \(time) ms")
        }
    }

    @Test("Velocity stays continuous through an additive interruption and restarts at rest when replaced")
    func velocity() {
        let (additive, target) = interrupted(next: 0, .additive)
        let (replaced, _) = interrupted(next: 0, .beginFromCurrentState)
        // Finite differences on either side of 80 ms, against the analytic velocity (pt/s).
        let h = 1e-4
        func slope(_ live: LiveAnimations, _ a: Double, _ b: Double) -> Double {
            let va = live.presentation(model: target, at: a).scroll.contentInset.bottom
            let vb = live.presentation(model: target, at: b).scroll.contentInset.bottom
            return (vb - va) / (b - a) * 1000
        }
        let before = slope(additive, 80 - 2 * h, 80 - h)
        let after = slope(additive, 80 + h, 80 + 2 * h)
        #expect(abs(before - 2079.6024389125814) < 0.5)
        #expect(abs(after - before) < 1)
        #expect(abs(additive.velocity(at: 80).scroll.contentInset.bottom - 2079.6024389125814) < 1e-6)
        // Keeps rising for a moment after the hide, as iOS does.
        #expect(additive.presentation(model: target, at: 90).scroll.contentInset.bottom > 144.2)
        // The replacing model starts the hide at rest, from the value on screen.
        #expect(abs(replaced.velocity(at: 80).scroll.contentInset.bottom) < 1e-9)
        #expect(abs(slope(replaced, 80 + h, 80 + 2 * h)) < 1)
        #expect(abs(slope(replaced, 80 - 2 * h, 80 - h) - 2079.6024389125814) < 0.5)
    }

    @Test("Velocity of one animation matches the finite difference of its curve", arguments: [0, 1, 2, 3, 7])
    func curveRate(rawValue: Int) {
        let curve = AnimationCurve(rawValue: rawValue)
        for t in stride(from: 0.01, to: 0.24, by: 0.037) {
            let h = 1e-6
            let numeric =
                (curve.progress(atSeconds: t + h, duration: 0.25) - curve.progress(atSeconds: t - h, duration: 0.25))
                / (2 * h)
            #expect(abs(curve.progressRate(atSeconds: t, duration: 0.25) - numeric) < 1e-3, "curve \(rawValue) t \(t)")
        }
    }

    @Test("A flood of events in one instant merges into one animation")
    func floodOneInstant() {
        var live = LiveAnimations(since: 0)
        var previous = model(bottom: 0)
        for index in 1...10_000 {
            let next = model(bottom: Double(index % 2 == 0 ? 336 : 0), keyboardY: index % 2 == 0 ? 508 : 844)
            _ = live.add(
                from: previous, to: next, curve: spring, duration: 0.25, at: 1000, interruption: .additive)
            previous = next
        }
        #expect(live.animations.count <= 1)
        // The merged deltas sum to the first model minus the last: what is on screen has not moved.
        #expect(live.presentation(model: previous, at: 1000) == model(bottom: 0))
    }

    @Test("Events with ever new durations stay within the capacity, and the value stays continuous")
    func capacity() {
        var live = LiveAnimations(since: 0)
        var previous = model(bottom: 0)
        var compositions: [Interruption] = []
        for index in 1...100 {
            let next = model(bottom: Double(index * 3 % 400))
            let time = Double(index)
            let before = live.presentation(model: previous, at: time)
            let (composition, _) = live.add(
                from: previous, to: next, curve: .easeInOut, duration: 5 + Double(index) / 100, at: time,
                interruption: .additive)
            compositions.append(composition)
            #expect(live.animations.count <= LiveAnimations.capacity)
            let after = live.presentation(model: next, at: time)
            #expect(abs((after - before).largestMagnitude) < 1e-9, "event \(index)")
            previous = next
        }
        #expect(compositions.prefix(LiveAnimations.capacity).allSatisfy { $0 == .additive })
        #expect(compositions.contains(.beginFromCurrentState))
    }

    @Test("Animations leave the list once they no longer contribute")
    func settling() {
        var live = LiveAnimations(since: 0)
        _ = live.add(
            from: model(bottom: 0), to: model(bottom: 336), curve: spring, duration: 0.25, at: 0,
            interruption: .additive)
        _ = live.add(
            from: model(bottom: 336), to: model(bottom: 336), curve: spring, duration: 0.25, at: 499,
            interruption: .additive)
        #expect(live.animations.count == 1)  // a zero delta adds nothing; the show still moves at 499 ms
        _ = live.add(
            from: model(bottom: 336), to: model(bottom: 0), curve: .linear, duration: 0.25, at: 500,
            interruption: .additive)
        #expect(live.animations.count == 1)  // the spring ended at 500 ms
        #expect(live.historyStart == 500)
        #expect(!live.isMoving(at: 750) && live.isMoving(at: 749))
    }

    @Test("The user's scroll in an event sets the offset outright, in both models")
    func scrolledOffset() {
        for interruption in Interruption.allCases {
            var live = LiveAnimations(since: 0)
            var first = model(bottom: 0)
            var second = model(bottom: 336)
            first.lanes[9] = 0
            second.lanes[9] = 200
            _ = live.add(from: first, to: second, curve: spring, duration: 0.25, at: 0, interruption: interruption)
            var third = model(bottom: 0)
            third.lanes[9] = 120
            _ = live.add(
                from: second, to: third, curve: spring, duration: 0.25, at: 80, interruption: interruption,
                scrolledOffset: Point(x: 0, y: 90))
            #expect(live.presentation(model: third, at: 80).scroll.contentOffset.y == 90)
            // From then on only the new animation moves the offset: 120 + (90 - 120)(1 - p).
            let p = KeyboardSpring.progress(atSeconds: 0.05)
            let y = live.presentation(model: third, at: 130).scroll.contentOffset.y
            #expect(abs(y - (120 - 30 * (1 - p))) < 1e-9, "\(interruption)")
        }
    }
}

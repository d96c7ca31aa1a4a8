import Testing

@testable import InsetCore

@Suite("Keyboard spring")
struct KeyboardSpringTests {
    @Test("Mass 3, stiffness 1000, w = sqrt(1000 / 3), settles in 0.5 s")
    func constants() {
        #expect(KeyboardSpring.mass == 3)
        #expect(KeyboardSpring.stiffness == 1000)
        #expect(abs(KeyboardSpring.omega - 18.257418583505537) < 1e-12)
        #expect(KeyboardSpring.settlingTime == 0.5)
    }

    /// Expected values: 1 - e^(-w t) (1 + w t), computed separately with Python's math.exp.
    @Test(
        "progress(t) = 1 - e^(-w t)(1 + w t)",
        arguments: [
            (0.05, 0.2322304925343014),  // w t = 0.91287
            (0.1, 0.5447783899280674),  // 1 - e^-1.8257 * 2.8257
            (0.25, 0.9420383465481865),  // the reported iPhone duration: not yet 1
            (0.4, 0.9944076431426729),
            (0.5, 0.9989009788907399),  // settling time
        ])
    func values(seconds: Double, expected: Double) {
        #expect(abs(KeyboardSpring.progress(atSeconds: seconds) - expected) < 1e-12)
    }

    @Test("0 at and before the start", arguments: [0.0, -0.001, -1])
    func beforeStart(seconds: Double) {
        #expect(KeyboardSpring.progress(atSeconds: seconds) == 0)
    }

    @Test("Critically damped: rises monotonically and never overshoots")
    func noOvershoot() {
        // Over the first second: later steps fall below one ulp of 1 and stop being distinguishable.
        var previous = 0.0
        for step in 1...1000 {
            let value = KeyboardSpring.progress(atSeconds: Double(step) / 1000)
            #expect(value > previous && value < 1)
            previous = value
        }
    }
}

import Testing

@testable import InsetCore

/// A bezier with a readable name for argument lists.
struct NamedBezier: Sendable, CustomTestStringConvertible {
    var name: String
    var bezier: CubicBezier
    var testDescription: String { name }
}

let sampleBeziers: [NamedBezier] = [
    NamedBezier(name: "easeInOut", bezier: CubicBezier(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1)),
    NamedBezier(name: "easeIn", bezier: CubicBezier(p1x: 0.42, p1y: 0, p2x: 1, p2y: 1)),
    NamedBezier(name: "easeOut", bezier: CubicBezier(p1x: 0, p1y: 0, p2x: 0.58, p2y: 1)),
    NamedBezier(name: "keyboard fit", bezier: CubicBezier(p1x: 0.38, p1y: 0.7, p2x: 0.125, p2y: 1)),
    NamedBezier(name: "Android IME", bezier: CubicBezier(p1x: 0.2, p1y: 0, p2x: 0, p2y: 1)),
    NamedBezier(name: "CSS ease", bezier: CubicBezier(p1x: 0.25, p1y: 0.1, p2x: 0.25, p2y: 1)),
    NamedBezier(name: "overshooting back-out", bezier: CubicBezier(p1x: 0.34, p1y: 1.56, p2x: 0.64, p2y: 1)),
]

@Suite("Cubic bezier")
struct CubicBezierTests {
    @Test("Endpoints are exact and x is clamped to 0...1", arguments: sampleBeziers)
    func endpoints(_ named: NamedBezier) {
        #expect(named.bezier.value(at: 0) == 0)
        #expect(named.bezier.value(at: 1) == 1)
        #expect(named.bezier.value(at: -0.5) == 0)
        #expect(named.bezier.value(at: 1.5) == 1)
    }

    /// Checked against the curve evaluated forwards in Bernstein form, independent of the solver's polynomial.
    @Test("value(at: x(t)) is y(t) to 1e-6", arguments: sampleBeziers)
    func matchesParametricCurve(_ named: NamedBezier) {
        let b = named.bezier
        func bernstein(_ c1: Double, _ c2: Double, _ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t
        }
        for step in 0...1000 {
            let t = Double(step) / 1000
            let x = bernstein(b.p1x, b.p2x, t)
            let y = bernstein(b.p1y, b.p2y, t)
            #expect(abs(b.value(at: x) - y) < 1e-6, "t = \(t)")
        }
    }

    @Test("Monotonic in x when both y control values lie in 0...1", arguments: sampleBeziers.prefix(6))
    func monotonic(_ named: NamedBezier) {
        var previous = 0.0
        for step in 1...1000 {
            let value = named.bezier.value(at: Double(step) / 1000)
            #expect(value >= previous - 1e-12)
            previous = value
        }
    }

    @Test("easeInOut is point-symmetric about (0.5, 0.5)")
    func easeInOutSymmetry() {
        let easeInOut = CubicBezier(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1)
        #expect(abs(easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        for step in 0...100 {
            let x = Double(step) / 100
            #expect(abs(easeInOut.value(at: x) + easeInOut.value(at: 1 - x) - 1) < 1e-9, "x = \(x)")
        }
    }

    @Test("easeIn stays under the diagonal, easeOut over it")
    func easeInAndOut() {
        let easeIn = CubicBezier(p1x: 0.42, p1y: 0, p2x: 1, p2y: 1)
        let easeOut = CubicBezier(p1x: 0, p1y: 0, p2x: 0.58, p2y: 1)
        for step in 1..<100 {
            let x = Double(step) / 100
            #expect(easeIn.value(at: x) < x)
            #expect(easeOut.value(at: x) > x)
        }
    }

    @Test("x control values outside 0...1 are clamped, as CSS requires")
    func clampsControlX() {
        let b = CubicBezier(p1x: -0.5, p1y: 2, p2x: 1.5, p2y: -1)
        #expect(b == CubicBezier(p1x: 0, p1y: 2, p2x: 1, p2y: -1))
    }
}

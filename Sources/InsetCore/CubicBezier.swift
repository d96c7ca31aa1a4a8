/// A CSS `cubic-bezier()` timing function: the curve through (0, 0), (p1x, p1y), (p2x, p2y), (1, 1).
public struct CubicBezier: Equatable, Sendable {
    /// First control point, x.
    public let p1x: Double
    /// First control point, y.
    public let p1y: Double
    /// Second control point, x.
    public let p2x: Double
    /// Second control point, y.
    public let p2y: Double

    /// Creates the curve; x control values are clamped to 0...1, as CSS requires, so that x(t) stays monotonic
    /// and every x has exactly one y.
    public init(p1x: Double, p1y: Double, p2x: Double, p2y: Double) {
        self.p1x = min(max(p1x, 0), 1)
        self.p1y = p1y
        self.p2x = min(max(p2x, 0), 1)
        self.p2y = p2y
    }

    /// The curve's y for an input x (time fraction); x is clamped to 0...1. Accurate to well under 1e-6.
    public func value(at x: Double) -> Double {
        // The endpoints are exact by definition; returning them directly avoids a solver's last-ulp wobble.
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let t = solveT(forX: x)
        let (ay, by, cy) = Self.coefficients(p1y, p2y)
        return ((ay * t + by) * t + cy) * t
    }

    /// Solver tolerance in x. The y slope of the curves in use is at most a few units, so 1e-10 in x keeps y well
    /// inside 1e-6.
    private static let epsilon = 1e-10

    /// Polynomial coefficients of one coordinate, in the form ((a t + b) t + c) t, as WebKit's UnitBezier uses.
    private static func coefficients(_ c1: Double, _ c2: Double) -> (Double, Double, Double) {
        let c = 3 * c1
        let b = 3 * (c2 - c1) - c
        let a = 1 - c - b
        return (a, b, c)
    }

    /// The parameter t with x(t) = x: Newton's method first, since it converges in a few steps on most of the
    /// curve; bisection when the slope is too flat for Newton to be trusted.
    func solveT(forX x: Double) -> Double {
        let (ax, bx, cx) = Self.coefficients(p1x, p2x)
        func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            // A root outside 0...1 belongs to the cubic's extension, not to the curve: leave it to bisection.
            if abs(error) < Self.epsilon, t >= 0, t <= 1 { return t }
            let slope = slopeX(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }

        var low = 0.0
        var high = 1.0
        t = x
        // 60 halvings shrink 0...1 below 1e-16; the cap also stops a NaN input from looping forever.
        for _ in 0..<60 {
            let sample = sampleX(t)
            if abs(sample - x) < Self.epsilon { return t }
            if x > sample { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension AnimationCurve {
    /// How fast the progress grows `t` seconds after the start, per second: the derivative of
    /// `progress(atSeconds:duration:)`, 0 outside the animation. Velocities are a delta times this.
    public func progressRate(atSeconds t: Double, duration reported: Double) -> Double {
        let duration = effectiveDuration(reported: reported)
        guard t < duration, t >= 0, duration > 0 else { return 0 }
        switch self {
        case .keyboard:
            // d/dt [1 - e^(-w t) (1 + w t)] = w² t e^(-w t).
            let omega = KeyboardSpring.omega
            return omega * omega * t * exp(-omega * t)
        case .spring(let velocity):
            // d/dt [1 - (1 + (w - v) t) e^(-w t)] = (v + w (w - v) t) e^(-w t).
            let omega = KeyboardSpring.omega
            return (velocity + omega * (omega - velocity) * t) * exp(-omega * t)
        case .easeInOut, .easeIn, .easeOut, .linear:
            let slope = bezier?.slope(at: t / duration) ?? 1
            return slope / duration
        }
    }
}

extension CubicBezier {
    /// dy/dx at an input x in 0...1: the rate of the timing function, from the parametric slopes.
    public func slope(at x: Double) -> Double {
        let t = solveT(forX: min(max(x, 0), 1))
        let dx = Self.derivative(t, p1x, p2x)
        let dy = Self.derivative(t, p1y, p2y)
        // The x slope vanishes only where the curve starts or ends flat in x (p1x or p2x at an end), where
        // the rate of y per x grows without bound; no curve in use does that at a point it is sampled.
        return dx > 1e-12 ? dy / dx : 0
    }

    /// d/dt of one coordinate's cubic 3(1-t)² t c1 + 3(1-t) t² c2 + t³.
    private static func derivative(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * c1 + 6 * u * t * (c2 - c1) + 3 * t * t * (1 - c2)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `android.widget.Scroller`'s default interpolator, which `OverScroller` shares: `ViewRootImpl`'s pan and
/// `ScrollView.smoothScrollBy` run on it over `DEFAULT_DURATION`.
public enum ViscousFluid {
    /// `Scroller.DEFAULT_DURATION` and `OverScroller.DEFAULT_DURATION`, seconds.
    public static let duration = 0.25
    /// `VISCOUS_FLUID_SCALE`.
    static let scale = 8.0
    /// `VISCOUS_FLUID_NORMALIZE`: the raw curve's value at 1 made 1.
    static let normalize = 1 / raw(1)

    /// `ViscousFluidInterpolator.getInterpolation` (in `Double`, where Android computes in `float`).
    public static func value(at input: Double) -> Double {
        let x = min(max(input, 0), 1)
        let interpolated = normalize * raw(x)
        // Android adds VISCOUS_FLUID_OFFSET, the float error of normalizing; in Double the end is 1 already.
        return interpolated > 0 ? min(interpolated, 1) : interpolated
    }

    /// `viscousFluid(x)`: an exponential approach, then an exponential decay past x = 1/8.
    static func raw(_ input: Double) -> Double {
        var x = input * scale
        if x < 1 {
            x -= 1 - exp(-x)
        } else {
            let start = 0.36787944117
            x = 1 - exp(1 - x)
            x = start + x * (1 - start)
        }
        return x
    }
}

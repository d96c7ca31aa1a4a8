import InsetCore
import Testing

@Suite("Animated values")
struct AnimatedValuesTests {
    /// The largest magnitude, lane by lane on doubles: what `largestMagnitude` finds among the bit patterns.
    static func reference(_ values: AnimatedValues) -> Double {
        (0..<AnimatedValues.count).map { abs(values.lanes[$0]) }.max() ?? 0
    }

    @Test func theLargestMagnitudeIsFoundInEveryLaneWhateverTheSigns() {
        let magnitudes: [Double] = [0, 0.005, 0.01, 1, 336, 1e15, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for lane in 0..<AnimatedValues.count {
            for magnitude in magnitudes {
                for sign in [1.0, -1.0] {
                    var lanes = SIMD16<Double>(repeating: -0.0)
                    lanes[(lane + 5) % AnimatedValues.count] = -0.001
                    lanes[lane] = sign * magnitude
                    let values = AnimatedValues(lanes: lanes)
                    #expect(values.largestMagnitude == Self.reference(values), "\(sign * magnitude) in \(lane)")
                }
            }
        }
        // Signs cleared: lanes of -0 have a largest magnitude of +0 (`==` alone would take -0 too).
        #expect(AnimatedValues(lanes: SIMD16(repeating: -0.0)).largestMagnitude.bitPattern == 0)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            var lanes = SIMD16<Double>()
            for lane in 0..<AnimatedValues.count { lanes[lane] = Double.random(in: -900...900, using: &generator) }
            let values = AnimatedValues(lanes: lanes)
            #expect(values.largestMagnitude == Self.reference(values))
        }
    }

    /// `isZero` is `largestMagnitude == 0` for finite values: zeros of either sign are zero, and the smallest value
    /// in any one lane is not; a NaN lane is not zero either.
    @Test func zeroIsEveryLaneZeroOfEitherSign() {
        #expect(AnimatedValues(lanes: SIMD16(repeating: 0)).isZero)
        #expect(AnimatedValues(lanes: SIMD16(repeating: -0.0)).isZero)
        for lane in 0..<AnimatedValues.count {
            for value in [Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 0.001, -900, Double.nan] {
                var lanes = SIMD16<Double>(repeating: lane % 2 == 0 ? 0 : -0.0)
                lanes[lane] = value
                let values = AnimatedValues(lanes: lanes)
                #expect(!values.isZero, "\(value) in \(lane)")
                if !value.isNaN { #expect(values.isZero == (values.largestMagnitude == 0)) }
            }
        }
    }
}

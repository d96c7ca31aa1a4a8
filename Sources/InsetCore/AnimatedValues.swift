/// Every value a keyboard event animates: the scroll view's content inset, scroll-indicator insets and content
/// offset, the keyboard's own frame (screen coordinates), and the keyboard layout guide's top and height
/// (window coordinates; pinned views ride on its top). Additive composition sums these as one vector.
///
/// The guide's left edge and width are not lanes: they change only when a keyboard starts or stops being
/// followed undocked, and take the model's value at once.
public struct AnimatedValues: Equatable, Sendable {
    /// The sixteen numbers in `names` order.
    public var lanes: SIMD16<Double>

    /// The values' names in lane order, as the timeline labels them.
    public static let names: [String] = [
        "contentInset.top", "contentInset.left", "contentInset.bottom", "contentInset.right",
        "scrollIndicatorInsets.top", "scrollIndicatorInsets.left", "scrollIndicatorInsets.bottom",
        "scrollIndicatorInsets.right", "contentOffset.x", "contentOffset.y", "keyboardFrame.x",
        "keyboardFrame.y", "keyboardFrame.width", "keyboardFrame.height", "keyboardLayoutGuide.y",
        "keyboardLayoutGuide.height",
    ]

    /// How many lanes carry a value.
    public static let count = 16

    /// The lane of the guide's top, which every pinned view follows.
    public static let guideTopLane = 14

    /// How many lanes records written before the guide was animated carry (its two lanes then read as 0).
    public static let countWithoutGuide = 14

    /// The lanes of `contentOffset`, which an event carrying the user's scroll sets outright.
    public static let contentOffsetLanes: SIMDMask<SIMD16<Int64>> = {
        var mask = SIMDMask<SIMD16<Int64>>()
        mask[8] = true
        mask[9] = true
        return mask
    }()

    /// Every bit of a lane's double but its sign, on every lane but the content offset's (8 and 9), which are 0.
    /// Computed, so that it folds to a constant where it is read.
    public static var magnitudeBitsBesidesOffset: SIMD16<UInt64> {
        let m: UInt64 = ~(1 << 63)
        return SIMD16(m, m, m, m, m, m, m, m, 0, 0, m, m, m, m, m, m)
    }

    /// All zeros.
    public static let zero = AnimatedValues(lanes: .zero)

    /// Values from their lanes.
    public init(lanes: SIMD16<Double>) {
        self.lanes = lanes
    }

    /// The scroll view's three values, the keyboard's frame and the guide's frame (of which the top and height).
    public init(_ state: ScrollState, keyboardFrame: Rect, guide: Rect = .zero) {
        let inset = state.contentInset
        let indicators = state.scrollIndicatorInsets
        lanes = SIMD16(
            inset.top, inset.left, inset.bottom, inset.right, indicators.top, indicators.left, indicators.bottom,
            indicators.right, state.contentOffset.x, state.contentOffset.y, keyboardFrame.x, keyboardFrame.y,
            keyboardFrame.width, keyboardFrame.height, guide.y, guide.height)
    }

    /// `contentInset`, `scrollIndicatorInsets` and `contentOffset`.
    public var scroll: ScrollState {
        ScrollState(
            contentInset: EdgeInsets(top: lanes[0], left: lanes[1], bottom: lanes[2], right: lanes[3]),
            scrollIndicatorInsets: EdgeInsets(top: lanes[4], left: lanes[5], bottom: lanes[6], right: lanes[7]),
            contentOffset: Point(x: lanes[8], y: lanes[9]))
    }

    /// The keyboard's frame.
    public var keyboardFrame: Rect {
        Rect(x: lanes[10], y: lanes[11], width: lanes[12], height: lanes[13])
    }

    /// The guide's frame: its top and height from the lanes, its left edge and width from `model`.
    public func guide(model: Rect) -> Rect {
        Rect(x: model.x, y: lanes[Self.guideTopLane], width: model.width, height: lanes[Self.guideTopLane + 1])
    }

    /// The largest magnitude among the values, which are finite. With their sign bits cleared, finite doubles
    /// order as their bit patterns do, so the largest is found among integers: on doubles, the negation and the
    /// comparisons took a branch on every lane.
    public var largestMagnitude: Double {
        let magnitudes = unsafeBitCast(lanes, to: SIMD16<UInt64>.self) & ~(1 << 63)
        return Double(bitPattern: magnitudes.max())
    }

    /// Whether every value is zero (either sign): whether every lane's bits but its sign are, or-ed down by
    /// halves, so that no lane is compared alone. A NaN lane is not zero; the values are finite (the schema
    /// bounds every input), so this is `largestMagnitude == 0`.
    public var isZero: Bool {
        Self.noBitSet(unsafeBitCast(lanes, to: SIMD16<UInt64>.self) & ~(1 << 63))
    }

    /// Whether no lane of `bits` has a bit set.
    @inline(__always)
    static func noBitSet(_ bits: SIMD16<UInt64>) -> Bool {
        let eight = bits.lowHalf | bits.highHalf
        let four = eight.lowHalf | eight.highHalf
        let two = four.lowHalf | four.highHalf
        return two[0] | two[1] == 0
    }

    /// Lane-wise sum.
    public static func + (lhs: AnimatedValues, rhs: AnimatedValues) -> AnimatedValues {
        AnimatedValues(lanes: lhs.lanes + rhs.lanes)
    }

    /// Lane-wise difference.
    public static func - (lhs: AnimatedValues, rhs: AnimatedValues) -> AnimatedValues {
        AnimatedValues(lanes: lhs.lanes - rhs.lanes)
    }

    /// Every lane scaled.
    public static func * (lhs: AnimatedValues, rhs: Double) -> AnimatedValues {
        AnimatedValues(lanes: lhs.lanes * rhs)
    }
}

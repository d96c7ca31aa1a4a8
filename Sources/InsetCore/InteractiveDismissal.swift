/// `UIScrollView.KeyboardDismissMode`: what a drag in the scroll view does to the keyboard.
public enum KeyboardDismissMode: String, CaseIterable, Sendable {
    /// A drag does nothing to the keyboard.
    case none
    /// The first drag hides the keyboard with the usual hide animation.
    case onDrag
    /// The keyboard follows a touch that goes below its top (less `keyboardDismissPadding`); a release
    /// dismisses or restores it.
    case interactive
}

/// Interactive dismissal (`keyboardDismissMode = .interactive`): where a dragging touch puts the keyboard, and
/// whether a release dismisses it. The release rule is a model, not measured on a device: UIKit does not
/// document it.
public enum InteractiveDismissal {
    /// `UIScrollView.DecelerationRate.normal`: the velocity kept per millisecond of a flick.
    public static let decelerationRate = 0.998

    /// The keyboard's top (screen coordinates) under a touch at `touchY` (screen coordinates): once the touch
    /// is below the top less `padding` (`keyboardDismissPadding`), the top follows it, `padding` below it,
    /// never above the shown top nor below the screen's bottom. A touch above that leaves the keyboard shown.
    public static func draggedTop(touchY: Double, shownTop: Double, screenBottom: Double, padding: Double) -> Double {
        min(max(touchY + padding, shownTop), max(shownTop, screenBottom))
    }

    /// `draggedTop(touchY:shownTop:screenBottom:padding:)` with the padding `options` hold.
    public static func draggedTop(
        touchY: Double, shownTop: Double, screenBottom: Double, options: AvoidanceOptions
    ) -> Double {
        draggedTop(
            touchY: touchY, shownTop: shownTop, screenBottom: screenBottom, padding: options.keyboardDismissPadding)
    }

    /// How far a flick at `velocity` (pt/s) would carry on at UIScrollView's normal deceleration, in points:
    /// the sum of `v r^n` over the milliseconds, `v / 1000 × r / (1 − r)`.
    public static func projectedDistance(velocity: Double) -> Double {
        velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// Whether a release at `top` moving at `velocity` (pt/s, downward positive) dismisses: the top projected
    /// by `projectedDistance` lands past the middle between the shown top and the screen's bottom.
    public static func dismisses(top: Double, velocity: Double, shownTop: Double, screenBottom: Double) -> Bool {
        top + projectedDistance(velocity: velocity) > (shownTop + screenBottom) / 2
    }

    /// UIKit's `initialSpringVelocity` for a spring from `from` to `to` moving at `velocity` (pt/s): the velocity
    /// divided by the distance left, so 1 means "the whole way in one second"; 0 when nothing is left.
    public static func initialSpringVelocity(velocity: Double, from: Double, to: Double) -> Double {
        let distance = to - from
        return abs(distance) < 1e-9 ? 0 : velocity / distance
    }
}

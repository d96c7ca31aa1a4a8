/// How a focus move scrolls while the keyboard stays where it is: as `UIScrollView.scrollRectToVisible(_:animated:)`
/// and `setContentOffset(_:animated:)` do, which is what UIKit's own scroll to a new first responder and
/// IQKeyboardManager's previous/next call. UIKit documents neither number and no device was timed: this is a
/// model (UIKit's default curve, ease in and out, over 0.3 s), not a measurement.
public enum FocusScroll {
    /// The scroll's curve.
    public static let curve = AnimationCurve.easeInOut
    /// The scroll's duration, in seconds.
    public static let duration = 0.3
}

/// How a focus move scrolls while the keyboard stays where it is: as `UIScrollView.scrollRectToVisible(_:animated:)`
/// and `setContentOffset(_:animated:)` do, which is what UIKit's own scroll to a new first responder and
/// IQKeyboardManager's previous/next call. UIKit documents neither number; these are the values commonly
/// observed (a 0.3 s ease in and out), kept here as a model, not as a measurement.
public enum FocusScroll {
    /// The scroll's curve.
    public static let curve = AnimationCurve.easeInOut
    /// The scroll's duration, in seconds.
    public static let duration = 0.3
}

/// The keywords `POST /sessions/{id}/focus` takes besides a field's id.
public enum FocusMove {
    /// The field after the focused one in navigation order.
    public static let next = "next"
    /// The field before it.
    public static let previous = "previous"
}

/// The IME's inset animation as `InsetsController` (Android 15) runs it: a linear `ValueAnimator` from 0 to 1
/// whose fraction goes through the insets interpolator, from the hidden end to the shown one or back. It always
/// starts from an end state: a show that interrupts a running hide cancels the hide, which snaps to hidden, and
/// runs whole from hidden (`InternalAnimationControlListener.onReady`), unlike UIKit's begin-from-current-state.
public struct ImeAnimation: Equatable, Sendable {
    /// `ANIMATION_DURATION_SYNC_IME_MS`, seconds: with a `WindowInsetsAnimation.Callback` in the window.
    public static let syncedDuration = 0.285
    /// `ANIMATION_DURATION_UNSYNC_IME_MS`, seconds: without one, on the insets animation thread.
    public static let unsyncedDuration = 0.2
    /// `SYNC_IME_INTERPOLATOR`, `PathInterpolator(0.2f, 0f, 0f, 1f)`.
    public static let syncedCurve = CubicBezier(p1x: 0.2, p1y: 0, p2x: 0, p2y: 1)
    /// `LINEAR_OUT_SLOW_IN_INTERPOLATOR`, `PathInterpolator(0, 0, 0.2f, 1f)`: an unsynced show.
    public static let unsyncedShowCurve = CubicBezier(p1x: 0, p1y: 0, p2x: 0.2, p2y: 1)
    /// `FAST_OUT_LINEAR_IN_INTERPOLATOR`, `PathInterpolator(0.4f, 0f, 1f, 1f)`: an unsynced hide.
    public static let unsyncedHideCurve = CubicBezier(p1x: 0.4, p1y: 0, p2x: 1, p2y: 1)

    /// Whether the IME is showing (else hiding).
    public var showing: Bool
    /// Whether the window has a `WindowInsetsAnimation.Callback`.
    public var synced: Bool

    /// The animation of a show or a hide.
    public init(showing: Bool, synced: Bool) {
        self.showing = showing
        self.synced = synced
    }

    /// `calculateDurationMs`, in seconds: the same for a show and a hide.
    public var duration: Double { synced ? Self.syncedDuration : Self.unsyncedDuration }

    /// `getInsetsInterpolator`.
    public var curve: CubicBezier {
        if synced { return Self.syncedCurve }
        return showing ? Self.unsyncedShowCurve : Self.unsyncedHideCurve
    }

    /// The inset's progress from its start to its end at `seconds` after the start.
    public func progress(atSeconds seconds: Double) -> Double {
        curve.value(at: seconds / duration)
    }
}

/// `WindowManager.LayoutParams.softInputMode`'s adjustment: what the framework does to the window when the IME
/// shows.
public enum SoftInputMode: String, CaseIterable, Sendable {
    /// `SOFT_INPUT_ADJUST_RESIZE`: the window's content insets include the IME, so a window that fits system
    /// windows lays its content out above it (deprecated at API 30 for edge-to-edge windows).
    case adjustResize
    /// `SOFT_INPUT_ADJUST_PAN`: the window keeps its size and is translated by just enough to bring the focused
    /// rect above the IME (`ViewRootImpl.scrollToRectOrFocus`).
    case adjustPan
    /// `SOFT_INPUT_ADJUST_NOTHING`: neither; the IME covers what it covers.
    case adjustNothing
}

/// The system navigation the device uses: it sets the navigation bar's height.
public enum NavigationMode: String, CaseIterable, Sendable {
    /// Gesture navigation: a thin handle area at the bottom.
    case gesture
    /// Three-button navigation: the 48-dp bar of `navigation_bar_height`.
    case threeButton
}

/// How an edge-to-edge app applies the IME's inset to its scroll container (its `OnApplyWindowInsetsListener`,
/// or Compose's `imePadding()`).
public enum ImeInsetsHandling: String, CaseIterable, Sendable {
    /// Not at all: the IME covers the container.
    case none
    /// As bottom padding on the container, which keeps its size (`imePadding()`, `setPadding` with
    /// `clipToPadding` off).
    case padding
    /// By shrinking the container to end at the IME's top (a listener that changes its layout parameters).
    case resize
}

import InsetCore

/// What an Android scene adds to the scroll view, the screen and the focused rect it shares with iOS: the system
/// bars, the navigation mode, the window's soft-input mode and how an edge-to-edge app applies the IME's inset.
/// Defaults are a window that is not edge to edge, resizes for the IME (`SOFT_INPUT_ADJUST_UNSPECIFIED` picks
/// resize for a window with a scrolling view), on gesture navigation, with no bars until given.
public struct AndroidSetting: Equatable, Sendable {
    /// The status bar's height (`systemBars.top`), dp.
    public var statusBar = 0.0
    /// The navigation bar's height (`systemBars.bottom`), dp.
    public var navigationBar = 0.0
    /// The device's navigation.
    public var navigationMode = NavigationMode.gesture
    /// `windowSoftInputMode`'s adjustment.
    public var softInputMode = SoftInputMode.adjustResize
    /// Whether the window draws under the system bars.
    public var edgeToEdge = false
    /// How an edge-to-edge app applies the IME inset to its container.
    public var imeInsets = ImeInsetsHandling.none
    /// Whether the window has a `WindowInsetsAnimation.Callback`.
    public var insetsAnimationCallback = false
    /// The caret's line in the focused text field, window coordinates.
    public var caretRect: Rect?

    /// The defaults.
    @inlinable public init() {}
}

extension Scene {
    /// The Android window at rest (the IME hidden) this scene describes: its screen (else the window's size, which
    /// settles from the frame), bars, modes, container and focused rect (window coordinates on Android: a
    /// dialog's when the container presents one).
    public var androidLayout: AndroidLayout {
        let screen = space.screen ?? space.window.size
        return AndroidLayout(
            screen: screen, statusBar: android.statusBar, navigationBar: android.navigationBar,
            navigationMode: android.navigationMode, softInputMode: android.softInputMode,
            edgeToEdge: android.edgeToEdge, imeInsets: android.edgeToEdge ? android.imeInsets : .none,
            // `BottomSheetBehavior.onLayoutChild` gives the sheet an `InsetsAnimationCallback`.
            insetsAnimationCallback: android.insetsAnimationCallback || bottomSheet != nil,
            container: ScrollContainer(
                frame: scrollView.frame, contentSize: scrollView.contentSize, contentOffset: scrollView.contentOffset),
            focusedRect: focusedRect, caretRect: android.caretRect, dialog: dialog, bottomSheet: bottomSheet)
    }

    /// Material's bottom sheet whose content holds the scroll view, when the container presents one.
    var bottomSheet: AndroidBottomSheet? {
        guard hasContainer else { return nil }
        return containerStore[0].container.presentation?.bottomSheet
    }

    /// The dialog whose window holds the scroll view, when the container presents one.
    var dialog: AndroidDialog? {
        guard hasContainer, let presentation = containerStore[0].container.presentation, presentation.style == .dialog,
            let size = presentation.size
        else { return nil }
        return AndroidDialog(size: size)
    }
}

/// How UIKit adds the safe area to a scroll view's `adjustedContentInset`
/// (`UIScrollView.ContentInsetAdjustmentBehavior`).
public enum ContentInsetAdjustmentBehavior: String, CaseIterable, Sendable {
    /// UIKit's default: like `scrollableAxes`, but "content is always adjusted vertically when the scroll view is
    /// the content view of a view controller that is currently displayed by a navigation or tab bar controller"
    /// (Apple's documentation of the case), which `ScrollViewGeometry.isBarControllerContent` says.
    case automatic
    /// The safe area is added along the axes that scroll.
    case scrollableAxes
    /// The safe area is never added.
    case never
    /// The safe area is always added on every edge.
    case always
}

/// Everything about a scroll view that keyboard avoidance reads. Defaults follow UIKit's.
public struct ScrollViewGeometry: Equatable, Sendable {
    /// The scroll view's frame in window coordinates.
    public var frame: Rect
    /// The designer's own `contentInset`, restored when the keyboard hides.
    public var contentInset: EdgeInsets
    /// The designer's own scroll-indicator insets (`verticalScrollIndicatorInsets`).
    public var scrollIndicatorInsets: EdgeInsets
    /// The scroll view's `safeAreaInsets`.
    public var safeAreaInsets: EdgeInsets
    /// `contentInsetAdjustmentBehavior`.
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior
    /// `automaticallyAdjustsScrollIndicatorInsets`.
    public var automaticallyAdjustsScrollIndicatorInsets: Bool
    /// `contentSize`.
    public var contentSize: Size
    /// The current `contentOffset`.
    public var contentOffset: Point
    /// `alwaysBounceVertical`: makes the vertical axis scrollable even when the content fits.
    public var alwaysBounceVertical: Bool
    /// A list flipped by `transform = CGAffineTransform(scaleX: 1, y: -1)` (a chat's newest message at the
    /// bottom): every other member is in its own flipped coordinates, so its content's start faces the keyboard.
    public var inverted: Bool
    /// `keyboardDismissMode`.
    public var keyboardDismissMode: KeyboardDismissMode
    /// Whether the scroll view is the view of a view controller a navigation or tab bar controller shows (a
    /// container's, `docs/containers.md`): then `.automatic` adjusts the vertical insets whether it scrolls or not.
    public var isBarControllerContent = false

    /// Creates the geometry; `contentSize` defaults to the frame's size.
    public init(
        frame: Rect,
        contentInset: EdgeInsets = .zero,
        scrollIndicatorInsets: EdgeInsets = .zero,
        safeAreaInsets: EdgeInsets = .zero,
        contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic,
        automaticallyAdjustsScrollIndicatorInsets: Bool = true,
        contentSize: Size? = nil,
        contentOffset: Point = .zero,
        alwaysBounceVertical: Bool = false,
        inverted: Bool = false,
        keyboardDismissMode: KeyboardDismissMode = .none
    ) {
        self.frame = frame
        self.contentInset = contentInset
        self.scrollIndicatorInsets = scrollIndicatorInsets
        self.safeAreaInsets = safeAreaInsets
        self.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior
        self.automaticallyAdjustsScrollIndicatorInsets = automaticallyAdjustsScrollIndicatorInsets
        self.contentSize = contentSize ?? frame.size
        self.contentOffset = contentOffset
        self.alwaysBounceVertical = alwaysBounceVertical
        self.inverted = inverted
        self.keyboardDismissMode = keyboardDismissMode
    }

    /// Whether UIKit treats the vertical axis as scrollable.
    public var scrollsVertically: Bool {
        contentSize.height > frame.height || alwaysBounceVertical
    }

    /// Whether UIKit treats the horizontal axis as scrollable.
    public var scrollsHorizontally: Bool {
        contentSize.width > frame.width
    }

    /// The part of `safeAreaInsets` that UIKit adds to `adjustedContentInset`, per the behaviour.
    public var safeAreaAdjustment: EdgeInsets {
        let vertical: Bool
        let horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never:
            return .zero
        case .always:
            return safeAreaInsets
        case .automatic:
            vertical = scrollsVertically || isBarControllerContent
            horizontal = scrollsHorizontally
        case .scrollableAxes:
            vertical = scrollsVertically
            horizontal = scrollsHorizontally
        }
        return EdgeInsets(
            top: vertical ? safeAreaInsets.top : 0,
            left: horizontal ? safeAreaInsets.left : 0,
            bottom: vertical ? safeAreaInsets.bottom : 0,
            right: horizontal ? safeAreaInsets.right : 0)
    }
}

/// Where the scroll view's window and screen are.
public struct ScreenSpace: Equatable, Sendable {
    /// The window's frame in screen coordinates; only its origin is used.
    public var window: Rect
    /// The screen's size, when known; without it every keyboard counts as docked.
    public var screen: Size?

    /// Creates the screen space; the window sits at the screen's origin by default.
    public init(window: Rect = .zero, screen: Size? = nil) {
        self.window = window
        self.screen = screen
    }
}

/// How the keyboard inset combines with the designer's own bottom inset.
public enum BaseInsetMode: String, CaseIterable, Sendable {
    /// `base + keyboard`: the visible result of pinning to `keyboardLayoutGuide`.
    case additive
    /// `max(base, keyboard)`: what IQKeyboardManager does.
    case max
}

/// How the content offset follows the keyboard when no rect asks to be revealed: a chat's choice.
public enum KeyboardLiftBehavior: String, CaseIterable, Sendable {
    /// The inset changes and the offset only clamps to the new range.
    case never
    /// The offset moves with the change of the visible bottom inset, so what the user sees stays where it is
    /// above the keyboard (clamped to the new range).
    case always
    /// As `always` when the list shows its end (within 1 pt), otherwise as `never`.
    case whenAtEnd
}

/// Choices about the avoidance itself.
public struct AvoidanceOptions: Equatable, Sendable {
    /// Points kept between the focused rect and the keyboard.
    public var keyboardDistance: Double
    /// How the keyboard inset combines with the base bottom inset.
    public var baseInsetMode: BaseInsetMode
    /// Whether an undocked, split or floating keyboard still pushes content (like `keyboardLayoutGuide.followsUndockedKeyboard`).
    public var followsUndockedKeyboard: Bool
    /// `keyboardLayoutGuide.usesBottomSafeArea`: whether the guide rests at the safe area's bottom (iOS 17's
    /// default) rather than at its view's bottom while no keyboard counts.
    public var usesBottomSafeArea: Bool
    /// How the offset follows the keyboard when no rect is focused.
    public var keyboardLiftBehavior: KeyboardLiftBehavior
    /// `keyboardDismissPadding` (iOS 17): how far above the keyboard's top a dragging touch starts moving it.
    public var keyboardDismissPadding: Double
    /// Where a revealed rect lands in the visible area.
    public var scrollPosition: ScrollPosition

    /// Creates options with the defaults of IQKeyboardManager's distance and `keyboardLayoutGuide`.
    public init(
        keyboardDistance: Double = 10, baseInsetMode: BaseInsetMode = .additive,
        followsUndockedKeyboard: Bool = false, usesBottomSafeArea: Bool = true,
        keyboardLiftBehavior: KeyboardLiftBehavior = .never, keyboardDismissPadding: Double = 0,
        scrollPosition: ScrollPosition = .minimal
    ) {
        self.keyboardDistance = keyboardDistance
        self.baseInsetMode = baseInsetMode
        self.followsUndockedKeyboard = followsUndockedKeyboard
        self.usesBottomSafeArea = usesBottomSafeArea
        self.keyboardLiftBehavior = keyboardLiftBehavior
        self.keyboardDismissPadding = keyboardDismissPadding
        self.scrollPosition = scrollPosition
    }
}

/// How the view controller that holds the scroll view is presented (`docs/containers.md`, "Presentations"), as a
/// request sends it. The service places the presented view from these and the device, or takes the `frame` sent
/// where no rule is published.
public struct Presentation: Equatable, Sendable {
    /// The style the app asks for (`UIModalPresentationStyle`); UIKit may show another in a compact size class.
    public var style: PresentationStyle
    /// A sheet's detents, smallest to largest as UIKit wants them; empty: UIKit's default, `large` alone.
    public var detents: [SheetDetent]
    /// The detent the sheet rests at before the keyboard shows; nil: the smallest (UIKit's default).
    public var selectedDetent: SheetDetent?
    /// The presented view's frame in the window while the keyboard shows, as measured: required where no rule
    /// places the view (an iPad's form and page sheets, a popover), and taken over the rule where sent.
    public var frame: Rect?
    /// Android: a dialog window's size as its content measures it with the IME hidden (`WRAP_CONTENT`), dp.
    public var size: Size?
    /// Android: a bottom sheet's content height with the IME hidden, dp (`AndroidBottomSheet.contentHeight`).
    public var contentHeight: Double?
    /// Android: a bottom sheet's state when the IME shows; nil: collapsed.
    public var sheetState: AndroidBottomSheet.State?
    /// Android: a bottom sheet's `behavior_peekHeight`, dp; nil: `auto`.
    public var peekHeight: Double?

    /// A presentation in `style`.
    @inlinable public init(
        style: PresentationStyle, detents: [SheetDetent] = [], selectedDetent: SheetDetent? = nil, frame: Rect? = nil,
        size: Size? = nil
    ) {
        self.style = style
        self.detents = detents
        self.selectedDetent = selectedDetent
        self.frame = frame
        self.size = size
    }

    /// The bottom sheet this presentation describes, when it is one.
    public var bottomSheet: AndroidBottomSheet? {
        guard style == .bottomSheet, let contentHeight else { return nil }
        return AndroidBottomSheet(contentHeight: contentHeight, state: sheetState ?? .collapsed, peekHeight: peekHeight)
    }

    /// The detents in force: those sent, or `large` alone.
    public var detentsInForce: [SheetDetent] { detents.isEmpty ? [.large] : detents }

    /// The detent the sheet rests at: the one selected, else the smallest.
    public var restingDetent: SheetDetent { selectedDetent ?? detentsInForce[0] }
}

/// The presentation styles the service knows: `UIModalPresentationStyle`'s on iOS, a dialog's window or Material's
/// bottom sheet on Android.
public enum PresentationStyle: String, CaseIterable, Sendable {
    case fullScreen, sheet, pageSheet, formSheet, popover
    /// Android: a `Dialog`'s floating window (`Theme.Dialog`, `windowIsFloating`).
    case dialog
    /// Android: Material's `BottomSheetDialog` (`AndroidBottomSheet`).
    case bottomSheet

    /// Whether the style is Android's.
    public var isAndroid: Bool { self == .dialog || self == .bottomSheet }
}

/// A sheet's detent (`UISheetPresentationController.Detent`): `medium`, `large`, or a custom one whose resolver
/// returns `height` (the sheet's height within its safe area).
public enum SheetDetent: Equatable, Sendable {
    case medium, large
    case custom(height: Double)

    /// How a request names it: `medium`, `large`, or the custom height as a number.
    public var name: String {
        switch self {
        case .medium: "medium"
        case .large: "large"
        case .custom(let height): "custom \(height)"
        }
    }
}

/// Where the presented view stands while the keyboard shows: the style UIKit shows it in, its frame in the
/// window and, for a sheet, the detent it is at and the one it rested at when UIKit moved it for the keyboard.
public struct PresentedView: Equatable, Sendable {
    /// The style shown: `fullScreen` where a sheet adapts to a compact height, `sheet` for an iPhone's page and form
    /// sheets and popovers in portrait.
    public var style: PresentationStyle
    /// The presented view's frame in the window.
    public var frame: Rect
    /// A sheet's detent while the keyboard shows.
    public var detent: SheetDetent?
    /// The detent it rested at, when UIKit expanded it to `detent` because a field in it took focus.
    public var expandedFrom: SheetDetent?
    /// The catalogue's source saying UIKit expands it, with `expandedFrom`.
    public var expansionSource: String?

    /// A view shown in `style` at `frame`.
    @inlinable public init(
        style: PresentationStyle, frame: Rect, detent: SheetDetent? = nil, expandedFrom: SheetDetent? = nil,
        expansionSource: String? = nil
    ) {
        self.style = style
        self.frame = frame
        self.detent = detent
        self.expandedFrom = expandedFrom
        self.expansionSource = expansionSource
    }
}

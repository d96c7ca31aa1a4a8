/// The containers a scroll view sits in, as a request describes them (`docs/containers.md`): on iOS the bars
/// around it and the accessory view above the keyboard, on Android the app bars above and below it. Every member is optional; a bar sent replaces the one before it.
/// A height left out is the platform's default for the device, idiom, orientation and system
/// (`BarHeights`), which the service takes from its catalogue or refuses when none is published.
public struct Container: Equatable, Sendable {
    /// iOS: `UINavigationController`'s bar at the top.
    public var navigationBar: NavigationBar?
    /// iOS: `UITabBarController`'s bar at the bottom.
    public var tabBar: TabBar?
    /// iOS: `UINavigationController`'s toolbar, above the tab bar when both show.
    public var toolbar: Toolbar?
    /// iOS: the focused field's `inputAccessoryView`, which rides on top of the keyboard.
    public var inputAccessoryView: InputAccessoryView?
    /// Android: the top app bar (a `Toolbar`, Compose's `TopAppBar`) above the scroll view.
    public var topAppBar: AppBar?
    /// Android: the bottom navigation (`BottomNavigationView`, Compose's `NavigationBar`) below it.
    public var bottomNavigation: AppBar?
    /// How the scroll view's screen is presented: on iOS the view controller's style, on Android a dialog's
    /// window; nil: it fills the window.
    public var presentation: Presentation?

    /// No container: a bare screen.
    @inlinable public init() {}

    /// The members sent that are iOS's, by name.
    public var iosMembers: [String] {
        [
            navigationBar.map { _ in "navigationBar" }, tabBar.map { _ in "tabBar" }, toolbar.map { _ in "toolbar" },
            inputAccessoryView.map { _ in "inputAccessoryView" },
            presentation.flatMap { $0.style.isAndroid ? nil : "presentation" },
        ].compactMap { $0 }
    }

    /// The members sent that are Android's, by name.
    public var androidMembers: [String] {
        [
            topAppBar.map { _ in "topAppBar" }, bottomNavigation.map { _ in "bottomNavigation" },
            presentation.flatMap { $0.style.isAndroid ? "presentation" : nil },
        ].compactMap { $0 }
    }

    /// Whether a bar of UIKit's containers is in it: a navigation bar or a tab bar shown, which makes the
    /// scroll view that is its view controller's view adjust vertically (`ContentInsetAdjustmentBehavior.automatic`).
    public var hasBarController: Bool {
        (navigationBar.map { $0.style != .none } ?? false) || (tabBar.map { !$0.hidden } ?? false)
    }

    /// `other`'s members over this one's: each bar `other` has replaces this one's.
    public func merging(_ other: Container) -> Container {
        var merged = self
        if let bar = other.navigationBar { merged.navigationBar = bar }
        if let bar = other.tabBar { merged.tabBar = bar }
        if let bar = other.toolbar { merged.toolbar = bar }
        if let view = other.inputAccessoryView { merged.inputAccessoryView = view }
        if let bar = other.topAppBar { merged.topAppBar = bar }
        if let bar = other.bottomNavigation { merged.bottomNavigation = bar }
        if let presentation = other.presentation { merged.presentation = presentation }
        return merged
    }
}

/// `UINavigationBar`: its style and, when sent, its height (the bar's own, below the status bar).
public struct NavigationBar: Equatable, Sendable {
    /// How the bar shows its title.
    public var style: NavigationBarStyle
    /// The bar's height; nil: the default for its style.
    public var height: Double?

    /// A bar of `style`, `height` tall (nil: the default).
    @inlinable public init(style: NavigationBarStyle = .standard, height: Double? = nil) {
        self.style = style
        self.height = height
    }
}

/// A navigation bar's title style: `standard` (inline title), `largeTitle` (`prefersLargeTitles`, at rest, not
/// scrolled), or `none` (`isNavigationBarHidden`).
public enum NavigationBarStyle: String, CaseIterable, Sendable {
    case standard, largeTitle, none
}

/// `UITabBar`: its height above the bottom safe area when sent, and whether the child hides it
/// (`hidesBottomBarWhenPushed`).
public struct TabBar: Equatable, Sendable {
    /// The bar's height above the window's bottom safe area; nil: the default.
    public var height: Double?
    /// Whether the bar is hidden for this screen.
    public var hidden: Bool

    /// A bar `height` tall (nil: the default), hidden or not.
    @inlinable public init(height: Double? = nil, hidden: Bool = false) {
        self.height = height
        self.hidden = hidden
    }
}

/// `UINavigationController`'s toolbar (`isToolbarHidden` false): its height above what is below it.
public struct Toolbar: Equatable, Sendable {
    /// The bar's height; nil: the default, which no source publishes, so the request must send it.
    public var height: Double?
    /// Whether the toolbar is hidden.
    public var hidden: Bool

    /// A bar `height` tall (nil: the default), hidden or not.
    @inlinable public init(height: Double? = nil, hidden: Bool = false) {
        self.height = height
        self.hidden = hidden
    }
}

/// The focused field's `inputAccessoryView`: UIKit shows it above the keyboard and reports the two as one frame.
public struct InputAccessoryView: Equatable, Sendable {
    /// Its height (0: none).
    public var height: Double

    /// An accessory view `height` tall.
    @inlinable public init(height: Double) { self.height = height }
}

/// An Android app bar: its height in dp. Material publishes several (`docs/containers.md`), so the request says
/// which its app uses.
public struct AppBar: Equatable, Sendable {
    /// The bar's height in dp.
    public var height: Double

    /// A bar `height` dp tall.
    @inlinable public init(height: Double) { self.height = height }
}

import InsetCore
import InsetSession

/// One Android device of the catalogue: its screen in dp, its density, its system bars and the soft keyboard's
/// (IME's) height, each number with its source. A number nobody published is not here, and `absent` says what is
/// missing and why. Requests with `platform: "android"` name it (`AndroidDeviceRequest`).
public struct AndroidDevice: Sendable {
    /// The catalogue's id: lowercase words joined by hyphens (`pixel-9`).
    public var id: String
    /// The name the device is sold under (`Pixel 9`).
    public var name: String
    /// `Pixel`, `Galaxy` or `Galaxy Tab`.
    public var family: AndroidFamily
    /// The screen in dp, held in portrait, and its density.
    public var screen: Sourced<AndroidScreen>
    /// Every published status bar height, by orientation.
    public var statusBars: [AndroidBar]
    /// Every published navigation bar height, by navigation mode and orientation.
    public var navigationBars: [AndroidBar]
    /// Every published IME height: the bottom inset the shown keyboard gives, the navigation bar's area included.
    public var imes: [AndroidBar]
    /// What the catalogue does not have for this device, and why.
    public var absent: [String]

    /// The screen's size, in dp, held in `orientation`.
    public func screenSize(_ orientation: DeviceOrientation) -> Size {
        orientation.held(Size(width: screen.value.width, height: screen.value.height))
    }

    /// Every source id the device's numbers name, each once, in the order they first appear.
    public var sourceIds: [String] {
        var ids: [String] = []
        func add(_ id: String) { if !ids.contains(id) { ids.append(id) } }
        add(screen.source)
        for bar in statusBars + navigationBars + imes { add(bar.source) }
        return ids
    }
}

/// The Android families the catalogue has, as their makers name them.
public enum AndroidFamily: String, CaseIterable, Sendable {
    case pixel = "Pixel"
    case galaxy = "Galaxy"
    case galaxyTab = "Galaxy Tab"

    /// Whether its devices are tablets.
    public var isTablet: Bool { self == .galaxyTab }
}

/// An Android screen: dp held in portrait, and the density (pixels per dp, the dpi over 160). dp × density is the
/// panel's pixels, to the rounding of the dp (two decimals).
public struct AndroidScreen: Equatable, Sendable {
    /// Width in dp, held in portrait.
    public var width: Double
    /// Height in dp, held in portrait.
    public var height: Double
    /// Pixels per dp.
    public var density: Double

    /// A screen of `width` × `height` dp, held in portrait, at `density` pixels per dp.
    public init(width: Double, height: Double, density: Double) {
        self.width = width
        self.height = height
        self.density = density
    }
}

/// One published height, in dp, of a bar or of the IME on a device held one way.
public struct AndroidBar: Sendable {
    /// How the device was held.
    public var orientation: DeviceOrientation
    /// For a navigation bar, the navigation mode (InsetCore's); nil for the status bar and the IME.
    public var mode: NavigationMode?
    /// The height in dp.
    public var height: Double
    /// The Android release it was measured on (`"16"`); nil when the source does not say.
    public var system: String?
    /// The catalogue's source that published it.
    public var source: String
    /// The device it was measured on when that is another with the same screen (nil: this one).
    public var measuredOn: String?
}

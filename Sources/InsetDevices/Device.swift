import InsetCore
import InsetSession

/// One device of the catalogue: its screen, its safe areas and its keyboards, each number with its source. A
/// number nobody published is not here, and `absent` says what is missing and why.
public struct Device: Sendable {
    /// The catalogue's id: lowercase words joined by hyphens (`iphone-15-pro`).
    public var id: String
    /// The name the device is sold under (`iPhone 15 Pro`).
    public var name: String
    /// `iPhone` or `iPad`.
    public var family: DeviceFamily
    /// The iOS releases of the two the catalogue covers that the device runs (`"18"`, `"26"`).
    public var systems: [String]
    /// The source that says which releases it runs.
    public var systemsSource: String
    /// The screen in points, held in portrait, and its scale.
    public var screen: Sourced<DeviceScreen>
    /// Every published safe area: the window's `safeAreaInsets`, by orientation and release.
    public var safeAreas: [SafeAreaMeasurement]
    /// Every published keyboard frame.
    public var keyboards: [KeyboardMeasurement]
    /// What the catalogue does not have for this device, and why.
    public var absent: [String]

    /// The screen's size, in points, held in `orientation`.
    public func screenSize(_ orientation: DeviceOrientation) -> Size {
        orientation.held(Size(width: screen.value.width, height: screen.value.height))
    }

    /// Every source id the device's numbers name, each once, in the order they first appear.
    public var sourceIds: [String] {
        var ids: [String] = []
        func add(_ id: String) { if !ids.contains(id) { ids.append(id) } }
        add(systemsSource)
        add(screen.source)
        for area in safeAreas { add(area.source) }
        for keyboard in keyboards { add(keyboard.source) }
        return ids
    }
}

/// `iPhone` or `iPad`, as Apple names its families.
public enum DeviceFamily: String, CaseIterable, Sendable {
    case iPhone, iPad
}

/// A screen as Apple specifies it: points held in portrait, and pixels per point.
public struct DeviceScreen: Equatable, Sendable {
    /// Width in points, held in portrait.
    public var width: Double
    /// Height in points, held in portrait.
    public var height: Double
    /// Pixels per point (2 or 3).
    public var scale: Double
}

/// A value and the id of the catalogue's source that published it.
public struct Sourced<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// A `CatalogueSource`'s id.
    public var source: String
}

/// One published safe area: a full-screen window's `safeAreaInsets` on a device held one way, on one release.
public struct SafeAreaMeasurement: Sendable {
    /// How the device was held.
    public var orientation: DeviceOrientation
    /// The iOS release it was measured on (`"26.5"`); nil when the source does not say.
    public var system: String?
    /// The window's `safeAreaInsets`.
    public var insets: EdgeInsets
    /// The catalogue's source that published it.
    public var source: String
    /// The device it was measured on when that is another with the same screen (nil: this one).
    public var measuredOn: String?
}

/// One published keyboard frame: a keyboard in one configuration, on one device held one way, on one release.
public struct KeyboardMeasurement: Sendable {
    /// How the device was held.
    public var orientation: DeviceOrientation
    /// The keys it showed.
    public var type: KeyboardType
    /// With the predictive bar or without; nil when it makes no difference (the emoji keyboard has no bar).
    public var predictive: Bool?
    /// How it sat on the screen.
    public var mode: KeyboardMode
    /// The iOS release it was measured on (`"17"`, `"26"`); nil when the source does not say.
    public var system: String?
    /// The frame in screen coordinates, held in `orientation`: a docked keyboard's spans the screen's width and
    /// rests on its bottom.
    public var frame: Rect
    /// The catalogue's source that published it.
    public var source: String
    /// The device it was measured on when that is another with the same screen (nil: this one).
    public var measuredOn: String?

    /// Whether it is the keyboard `setting` asks for, on `orientation`.
    func matches(_ setting: KeyboardSetting, _ orientation: DeviceOrientation) -> Bool {
        let shown = setting.shown
        return self.orientation == orientation && type == shown.type && mode == shown.mode
            && (predictive == nil || predictive == shown.predictive)
    }
}

/// A publication the catalogue's numbers come from: a document of Apple's, or a measurement a named person or
/// project published.
public struct CatalogueSource: Sendable {
    /// What the catalogue's numbers name it by.
    public var id: String
    /// Who published it: Apple, a person, a project.
    public var publisher: String
    /// Its title as published.
    public var title: String
    /// `document` (Apple's own), `measurement` (what someone measured on a device or a simulator and published)
    /// or `code` (values a project's source holds).
    public var kind: String
    /// The year it was published or last updated, when known.
    public var year: Int?
    /// What the catalogue takes from it.
    public var covers: String
}

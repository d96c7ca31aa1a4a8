import InsetCore

/// Which device of a catalogue a scene is on, held the way it was asked for: the device's id, how it is held,
/// the iOS release its numbers should come from, and the keyboard it shows. The numbers themselves are the
/// catalogue's; a scene keeps the choice so that a later change (a rotation, another keyboard) can take the
/// device's numbers again.
public struct DeviceSetting: Equatable, Sendable {
    /// The catalogue's id of the device; nil when the scene names none.
    public var id: String?
    /// How the device is held, as asked; nil: not asked, portrait (`held`).
    public var orientation: DeviceOrientation?
    /// The iOS release (`"18"`, `"26"`) whose measurements to use; nil for the newest the catalogue has.
    public var system: String?
    /// The keyboard the device shows.
    public var keyboard = KeyboardSetting()

    /// No device.
    @inlinable public init() {}

    /// The device `id`, held in `orientation`.
    @inlinable public init(id: String?, orientation: DeviceOrientation? = nil, system: String? = nil) {
        self.id = id
        self.orientation = orientation
        self.system = system
    }

    /// How the device is held: as asked, else portrait.
    @inlinable public var held: DeviceOrientation { orientation ?? .portrait }
}

/// How a device is held; iOS lays out its interface and its keyboard for the one or the other.
public enum DeviceOrientation: String, CaseIterable, Sendable {
    case portrait, landscape

    /// A screen of `portrait` size (width less than height) as held this way.
    public func held(_ portrait: Size) -> Size {
        self == .portrait ? portrait : Size(width: portrait.height, height: portrait.width)
    }
}

/// A software keyboard by its configuration instead of its frame: the catalogue knows its frame on each device.
/// Each member is as asked, nil when not asked; `shown` fills in iOS's defaults.
public struct KeyboardSetting: Equatable, Sendable {
    /// Whether the predictive bar shows above the keys.
    public var predictive: Bool?
    /// Which keys it shows.
    public var type: KeyboardType?
    /// How it sits on the screen.
    public var mode: KeyboardMode?

    /// Nothing asked: the standard keyboard, docked, with the predictive bar.
    @inlinable public init() {}

    /// A keyboard of `type` in `mode`, with the predictive bar or not.
    @inlinable public init(predictive: Bool?, type: KeyboardType? = nil, mode: KeyboardMode? = nil) {
        self.predictive = predictive
        self.type = type
        self.mode = mode
    }

    /// The keyboard shown: what was asked, and for the rest iOS's defaults (the predictive bar is on unless the
    /// user turns it off; the standard keys; docked).
    @inlinable public var shown: (predictive: Bool, type: KeyboardType, mode: KeyboardMode) {
        (predictive ?? true, type ?? .standard, mode ?? .docked)
    }
}

/// The keys a software keyboard shows, where their frames differ.
public enum KeyboardType: String, CaseIterable, Sendable {
    /// The letters (`UIKeyboardType.default`).
    case standard
    /// The emoji keyboard, which has no predictive bar of its own.
    case emoji
}

/// How the keyboard sits on the screen: iPhones have it docked only; iPads also float it, split it, or show
/// only the shortcut bar while a hardware keyboard is attached.
public enum KeyboardMode: String, CaseIterable, Sendable {
    case docked, floating, split, hardware
}

/// A scene's `DeviceSetting`, by reference: immutable, so scenes that share it never see each other's changes.
@usableFromInline final class DeviceBox: Equatable, Sendable {
    @usableFromInline let setting: DeviceSetting

    @usableFromInline init(_ setting: DeviceSetting) { self.setting = setting }

    @usableFromInline static func == (lhs: DeviceBox, rhs: DeviceBox) -> Bool { lhs.setting == rhs.setting }
}
